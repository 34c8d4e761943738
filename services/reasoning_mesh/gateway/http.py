"""HTTP front door: POST requests, GET results, SSE streams of results and events.

Every `/v1/*` route takes `Authorization: Bearer <key>`: the tenant is the key's, never the
body's. No or unknown key: 401; a body naming another tenant: 403; another tenant's result: 404,
the same as an id nobody has used; its stream is the same as an unknown id's (open, silent).
`/healthz` and `/metrics` stay open (probes and Prometheus; neither shows a tenant's data).
Admission is the same `Admission` object the Kafka ingress uses, so a tenant's budget is shared.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import ValidationError
from sse_starlette.sse import EventSourceResponse

from reasoning_mesh.contracts import events, results
from reasoning_mesh.contracts.base import Message
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.errors import MeshError, OverloadedError, ThrottledError, UnknownTenantError
from reasoning_mesh.gateway.capacity import CapacityLimit
from reasoning_mesh.gateway.domain import Admission, route
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.refusals import RefusalReport
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.stats import StatsTable, stats_router
from reasoning_mesh.runtime.codec import describe_validation
from reasoning_mesh.runtime.feed import Resilient
from reasoning_mesh.telemetry.metrics import ADMITTED, THROTTLED

log = logging.getLogger(__name__)

#: The longest request id (contracts.base.RequestId).
MAX_ID = 128


class ResultHub(Resilient):
    """One subscription shared by every HTTP listener, fanned out by request id. The in-flight
    limit depends on it: it is subscribed again after any failure."""

    what = "the results subscription"

    def __init__(self, client: MeshClient, on_result: Callable[[str, str], None] | None = None) -> None:
        super().__init__()
        self._client = client
        #: Told of every result's request id and status (the capacity limit frees its slot).
        self._on_result = on_result
        self._listeners: dict[str, set[asyncio.Queue[tuple[str, Message]]]] = defaultdict(set)
        self._latest: dict[str, Message] = {}
        #: Where the subscription was: after a failure it resumes there, so the results of the
        #: gap still free their in-flight slots (from the end, they were held until max age).
        self._positions: dict[tuple[str, int], int] = {}
        self.ready = asyncio.Event()

    async def _follow(self) -> None:
        topics = (results.TOPIC, events.TOPIC)
        async with self._client.subscribe(topics, positions=self._positions) as sub:
            self.ready.set()
            async for topic, msg in sub:
                rid = str(getattr(msg, "request_id", ""))
                if topic == results.TOPIC:
                    self._latest[rid] = msg
                    if self._on_result is not None:
                        self._on_result(rid, str(getattr(msg, "status", "")))
                    if len(self._latest) > 50_000:  # bounded memory: forget the oldest
                        self._latest.pop(next(iter(self._latest)))
                for queue in list(self._listeners.get(rid, ())):
                    queue.put_nowait((topic, msg))

    def latest(self, request_id: str) -> Message | None:
        return self._latest.get(request_id)

    async def stream(
        self, request_id: str, with_events: bool, tenant: str
    ) -> AsyncIterator[dict[str, Any]]:
        """Events then the result of `request_id`, only those of `tenant` (another tenant's
        messages for the same id are never shown)."""
        queue: asyncio.Queue[tuple[str, Message]] = asyncio.Queue()
        self._listeners[request_id].add(queue)
        try:
            done = self._latest.get(request_id)
            if done is not None and getattr(done, "tenant", None) == tenant:
                yield {"event": "result", "data": done.model_dump_json()}
                return
            while True:
                topic, msg = await queue.get()
                if getattr(msg, "tenant", None) != tenant:
                    continue
                if topic == results.TOPIC:
                    yield {"event": "result", "data": msg.model_dump_json()}
                    return
                if with_events:
                    yield {"event": "event", "data": msg.model_dump_json()}
        finally:
            self._listeners[request_id].discard(queue)
            if not self._listeners[request_id]:
                del self._listeners[request_id]


async def _read_request(request: Request, max_bytes: int) -> MeshRequest:
    """The body as a request, held to what the Kafka path accepts: the same size limit and
    schema versions, so a request the HTTP gateway takes is never dead-lettered later."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:  # refused before it is read
        raise HTTPException(413, f"body is {declared} bytes; the limit is {max_bytes}")
    raw = await request.body()
    if len(raw) > max_bytes:
        raise HTTPException(413, f"body is {len(raw)} bytes; the limit is {max_bytes}")
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise HTTPException(400, f"body is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise HTTPException(400, "body is JSON nested too deeply to be a request") from exc
    except ValueError as exc:  # an integer literal past int's 4,300-digit conversion limit
        raise HTTPException(400, f"body has a number that cannot be read: {exc}") from exc
    version = body.get("schema_version", 1) if isinstance(body, dict) else 1
    if type(version) is not int or version not in MeshRequest.SUPPORTED_VERSIONS:
        raise HTTPException(422, f"schema_version {version!r} is not supported")
    try:
        return MeshRequest.model_validate(body)
    except ValidationError as exc:
        raise HTTPException(422, describe_validation(exc)) from exc


def scoped(tenant: str, request_id: str) -> str:
    """The id a request of the HTTP door has inside the mesh: its tenant's, so one tenant can
    neither take another's id (theirs would never be answered) nor replace its result."""
    inner = f"{tenant}:{request_id}"
    if len(inner) > MAX_ID:
        raise HTTPException(422, f"id: at most {MAX_ID - len(tenant) - 1} characters for {tenant!r}")
    return inner


def unscoped(raw: str, request_id: str) -> dict[str, Any]:
    """A message as the caller knows it: under the id it gave."""
    body: dict[str, Any] = json.loads(raw)
    if "request_id" in body:
        body["request_id"] = request_id
    return body


def _too_many(exc: ThrottledError, tenant: str, refusals: RefusalReport | None) -> JSONResponse:
    """A 429 with its retry-after, counted (metrics; the analytics service through `refusals`)."""
    scope = "capacity" if isinstance(exc, OverloadedError) else "tenant"
    THROTTLED.labels(f"{scope}:{tenant}").inc()
    if refusals is not None:
        refusals.add(tenant, exc.code)
    return JSONResponse(
        {"error": {"code": exc.code, "message": str(exc), "retry_after_s": round(exc.retry_after_s, 3)}},
        status_code=429,
        headers={"Retry-After": str(max(1, round(exc.retry_after_s)))},
    )


def _bearer(request: Request) -> str | None:
    scheme, _, key = request.headers.get("authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" and key.strip() else None


def create_app(
    client: MeshClient,
    admission: Admission,
    routes: dict[str, str],
    hub: ResultHub,
    capacity: CapacityLimit | None = None,
    *,
    keys: KeyRing,
    keys_ready: asyncio.Event | None = None,
    stats: StatsTable | None = None,
    refusals: RefusalReport | None = None,
) -> FastAPI:
    capacity = capacity or CapacityLimit({})
    app = FastAPI(title="reasoning-mesh gateway", version="1")

    def caller(request: Request) -> str:
        """The tenant whose key authorises this call (never logged: the key, nor its hash)."""
        key = _bearer(request)
        if keys_ready is not None and not keys_ready.is_set():  # never a 401 for a valid key
            raise HTTPException(503, "the tenant registry is loading", headers={"Retry-After": "1"})
        tenant = keys.tenant_for(key, time.time()) if key else None
        if tenant is None:
            raise HTTPException(
                401,
                "an API key is required: Authorization: Bearer <key>"
                if not key
                else "the API key is not valid (unknown, expired or revoked)",
                headers={"WWW-Authenticate": "Bearer"},
            )
        return tenant

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        keys_loaded = keys_ready is None or keys_ready.is_set()
        return {"ok": True, "subscribed": hub.ready.is_set(), "keys_ready": keys_loaded}

    @app.get("/metrics")
    async def metrics() -> PlainTextResponse:
        return PlainTextResponse(generate_latest().decode(), media_type=CONTENT_TYPE_LATEST)

    @app.post("/v1/requests", status_code=202)
    async def submit(request: Request, tenant: str = Depends(caller)) -> Any:
        req = await _read_request(request, client.kafka.max_message_bytes)
        if "tenant" in req.model_fields_set and req.tenant != tenant:
            raise HTTPException(403, f"this key is {tenant!r}'s; it cannot submit as {req.tenant!r}")
        asked = req.id
        # Submitted now, whatever the body says: latency figures start at the door.
        req = req.model_copy(
            update={"tenant": tenant, "id": scoped(tenant, asked), "submitted_at": time.time()}
        )
        try:
            admission.require_known(req.tenant)
            capacity.check(req.kind)  # before the tenant spends a token on it
            admission.admit(req.tenant)
        except ThrottledError as exc:
            return _too_many(exc, req.tenant, refusals)
        except UnknownTenantError as exc:
            raise HTTPException(403, str(exc)) from exc
        try:
            topic, message = route(req, routes)
        except MeshError as exc:
            raise HTTPException(400, str(exc)) from exc
        capacity.take(req.kind, req.id)
        ADMITTED.labels(req.tenant).inc()
        try:
            await client.publish(topic, message, key=req.id, request_id=req.id)
        except Exception:
            capacity.release(req.id)  # never sent: nothing will come back to free it
            raise
        return {"id": asked, "status": "accepted", "routed_to": topic}

    if stats is not None:
        app.include_router(stats_router(stats, caller))

    @app.get("/v1/results/{request_id}")
    async def result(request_id: str, tenant: str = Depends(caller)) -> Any:
        msg = hub.latest(scoped(tenant, request_id))
        if msg is None or getattr(msg, "tenant", None) != tenant:  # another's: as if unknown
            raise HTTPException(404, f"no result for {request_id!r} yet")
        return JSONResponse(unscoped(msg.model_dump_json(), request_id))

    @app.get("/v1/stream/{request_id}")
    async def stream(
        request_id: str,
        events: bool = True,
        tenant: str = Depends(caller),
    ) -> EventSourceResponse:
        # Another tenant's id streams exactly as an unknown one: nothing, until a message of
        # this tenant's own arrives (a request may be streamed before its first message).
        async def own() -> AsyncIterator[dict[str, Any]]:
            async for item in hub.stream(scoped(tenant, request_id), events, tenant):
                yield {**item, "data": json.dumps(unscoped(item["data"], request_id))}

        return EventSourceResponse(own())

    return app
