"""Gateway process: wiring only. Kafka ingress stage + HTTP server in one event loop.
`python -m reasoning_mesh.gateway`."""

from __future__ import annotations

import asyncio
import functools

import uvicorn

from reasoning_mesh.contracts import dlq, requests, results
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.gateway.capacity import CapacityLimit
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.handlers import GatewayHandlers
from reasoning_mesh.gateway.http import ResultHub, create_app
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.refusals import RefusalReport
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.settings import GatewaySettings
from reasoning_mesh.gateway.stats import StatsFeed
from reasoning_mesh.gateway.tenant_feed import TenantFeed
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.runtime.subscribers import Subscriber, stage
from reasoning_mesh.telemetry.metrics import IN_FLIGHT_LIMIT, SLOTS_EXPIRED, SLOTS_HELD

SERVICE = "gateway"


def build_stage(
    settings: GatewaySettings,
    admission: Admission,
    group_prefix: str = "rmesh",
    capacity: CapacityLimit | None = None,
    refusals: RefusalReport | None = None,
) -> Stage[MeshRequest]:
    handlers = GatewayHandlers(
        admission, dict(settings.routes), capacity, refusals, settings.refusal_commit_within_s
    )
    ingress = Subscriber(
        "ingress",
        requests.TOPIC,
        MeshRequest,
        handlers.on_request,
        group="gateway",
        outputs=(results.TOPIC, dlq.TOPIC, *settings.routes.values()),
        on_failure=handlers.on_failure,
        max_in_flight=settings.max_in_flight,
    )
    return stage(SERVICE, settings, group_prefix, ingress)


async def main() -> None:
    settings = GatewaySettings()
    admission = Admission(settings.tenants)
    # One limit for both doors (Kafka ingress and HTTP); the results subscription frees slots.
    capacity = CapacityLimit(
        settings.in_flight_limits,
        max_age_s=settings.in_flight_max_age_s,
        adaptive=settings.in_flight_adaptive,
        on_expire=lambda kind: SLOTS_EXPIRED.labels(kind).inc(),
    )
    for kind in settings.in_flight_limits:
        IN_FLIGHT_LIMIT.labels(kind).set_function(functools.partial(capacity.limit, kind))
        SLOTS_HELD.labels(kind).set_function(functools.partial(capacity.in_flight, kind))
        SLOTS_EXPIRED.labels(kind)  # shown as 0 from the start, not only after a first expiry
    client = MeshClient(settings.kafka, client_id="gateway-http")
    await client.start()
    hub = ResultHub(client, on_result=capacity.on_result)
    hub.start()
    # The tenant registry (API keys, limits) from its topic, followed for changes.
    keys = KeyRing()
    feed = TenantFeed(settings.kafka, keys, admission)
    feed.start()
    # The analytics service's windowed tables, for GET /v1/stats.
    stats = StatsFeed(settings.kafka)
    stats.start()
    refusals = RefusalReport(client)
    refusals.start()
    api = create_app(
        client,
        admission,
        dict(settings.routes),
        hub,
        capacity,
        keys=keys,
        keys_ready=feed.ready,
        stats=stats.table,
        refusals=refusals,
    )
    server = uvicorn.Server(
        uvicorn.Config(
            api, host=settings.http_host, port=settings.http_port, log_level="warning", lifespan="off"
        )
    )
    # uvicorn captures SIGTERM while serving and re-raises it on exit, so the loop's handler
    # (run_service) still drains the stage after the HTTP server has stopped.
    http_task = asyncio.create_task(server.serve())
    try:
        await run_service(
            SERVICE,
            settings,
            settings.gateway_metrics_port,
            [build_stage(settings, admission, capacity=capacity, refusals=refusals)],
        )
    finally:
        server.should_exit = True
        await http_task
        await hub.stop()
        await feed.stop()
        await stats.stop()
        await refusals.stop()
        await client.close()


if __name__ == "__main__":
    asyncio.run(main())
