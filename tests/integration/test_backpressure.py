"""Per-tenant admission under a burst: typed refusals with retry-after, never a silent drop; the
batch runner resubmits refused requests until every one is answered."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from reasoning_mesh.contracts import results
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.gateway.app import build_stage
from reasoning_mesh.gateway.batch import run_batch
from reasoning_mesh.gateway.capacity import CapacityLimit
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.http import ResultHub
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.settings import GatewaySettings, TenantLimit
from reasoning_mesh.settings import KafkaSettings, TritonSettings

from .conftest import collect, running
from .helpers import gateway_stage, retriever_stages


async def test_burst_is_throttled_with_retry_after(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, _, client = retriever_stages(kafka, triton_settings, tmp_path)
    gateway = gateway_stage(kafka, tmp_path, {"slow": TenantLimit(rate=2, burst=3)})
    n = 12
    async with running([*stages, gateway]), MeshClient(kafka) as mesh:
        async with mesh.subscribe((results.TOPIC,)) as sub:
            for i in range(n):
                await mesh.submit(
                    MeshRequest(
                        id=f"burst-{i}",
                        tenant="slow",
                        kind="retrieve",
                        query=f"metres in {i} kilometres",
                    )
                )
            outcomes = [m for _, m in await collect(sub, n)]
        refused = [r for r in outcomes if r.status == "refused"]
        assert len({r.request_id for r in outcomes}) == n  # every request got an answer
        assert len(refused) >= n - 3 - 3  # burst of 3 plus refill during the burst at most
        assert all(r.error.code == "throttled" and r.error.retry_after_s > 0 for r in refused)

        lines = [
            json.dumps({"id": f"b-{i}", "kind": "retrieve", "query": f"grams in {i} kg"})
            for i in range(10)
        ]
        src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
        src.write_text("\n".join(lines) + "\n")
        summary = await run_batch(mesh, src, out, tenant="slow", timeout_s=60)
    await client.close()
    assert summary.ok and summary.answered == 10 and summary.refusals > 0
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["line"] for r in rows) == list(range(1, 11))
    assert all(r["status"] == "ok" for r in rows), [r for r in rows if r["status"] != "ok"]


async def test_the_kafka_door_holds_the_in_flight_limit_and_results_free_slots(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, _, client = retriever_stages(kafka, triton_settings, tmp_path)
    settings = GatewaySettings(home=tmp_path, kafka=kafka, tenants={"default": TenantLimit(rate=0)})
    capacity = CapacityLimit({"retrieve": 2})
    gateway = build_stage(
        settings, Admission(settings.tenants), group_prefix=kafka.topic_prefix, capacity=capacity
    )
    async with (
        running([gateway]),
        MeshClient(kafka) as mesh,
        mesh.subscribe((results.TOPIC,)) as sub,
    ):
        hub = ResultHub(mesh, on_result=capacity.on_result)  # the gateway's results feed
        hub.start()
        await asyncio.wait_for(hub.ready.wait(), 30)
        for i in range(6):  # no retriever yet: the first two stay in flight
            await mesh.submit(MeshRequest(id=f"cap-{i}", kind="retrieve", query=f"m in {i} km"))
        refused = [m for _, m in await collect(sub, 4)]
        assert {r.status for r in refused} == {"refused"}
        assert all(r.error.code == "overloaded" and r.error.retry_after_s > 0 for r in refused)
        assert capacity.in_flight("retrieve") == 2
        async with running(stages):  # the two admitted are answered; their slots free
            answered = [m for _, m in await collect(sub, 2)]
            assert {r.status for r in answered} == {"ok"}
            for _ in range(100):  # the feed saw them too; refusals freed nothing on the way
                if capacity.in_flight("retrieve") == 0:
                    break
                await asyncio.sleep(0.1)
            assert capacity.in_flight("retrieve") == 0
        await hub.stop()
    await client.close()
