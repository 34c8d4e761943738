"""The HTTP front door against the real broker: accept, refuse (401/403/404/429/422/400), read,
stream; tenants and their keys from the registry topic, as every gateway replica reads it."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx

from reasoning_mesh.contracts import events, results, retrieval, tenants
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.gateway import keys
from reasoning_mesh.gateway.capacity import CapacityLimit
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.http import ResultHub, create_app
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.tenant_feed import TenantFeed, apply
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.settings import KafkaSettings, TritonSettings

from .conftest import running
from .helpers import retriever_stages


async def test_http_submit_refuse_and_stream(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, retriever, triton = retriever_stages(kafka, triton_settings, tmp_path)
    await retriever.index(KbDocument(id="l-ml", text="1 litre is 1000 millilitres."))
    admission, ring = Admission({}), KeyRing()
    async with running(stages), MeshClient(kafka) as mesh:
        key, record = keys.add("default", 0, 1, time.time())
        tiny_key, tiny = keys.add("tiny", 0.01, 1, time.time())
        await ensure_topics(kafka, (tenants.TOPIC,))  # the registry topic, as `rmesh tenants` makes it
        for r in (record, tiny):
            await mesh.publish(tenants.TOPIC, r, key=r.name)
        feed = TenantFeed(kafka, ring, admission)
        feed.start()
        hub = ResultHub(mesh)
        hub.start()
        await asyncio.wait_for(hub.ready.wait(), 30)
        await asyncio.wait_for(feed.ready.wait(), 30)
        app = create_app(mesh, admission, {"retrieve": retrieval.TOPIC}, hub, keys=ring)
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app),
            base_url="http://gw",
            headers={"Authorization": f"Bearer {key}"},
        ) as http:
            body = {"id": "http-1", "kind": "retrieve", "query": "millilitres in a litre"}
            accepted = await http.post("/v1/requests", json=body)
            assert accepted.status_code == 202 and accepted.json()["id"] == "http-1"

            for _ in range(100):
                got = await http.get("/v1/results/http-1")
                if got.status_code == 200:
                    break
                await asyncio.sleep(0.1)
            assert got.status_code == 200 and got.json()["status"] == "ok"
            assert got.json()["evidence"][0]["doc_id"] == "l-ml"

            assert (await http.post("/v1/requests", json={**body, "tenant": "nope"})).status_code == 403
            assert (await http.post("/v1/requests", json={**body, "query": ""})).status_code == 422
            assert (await http.post("/v1/requests", content=b"{oops")).status_code == 400
            assert (await http.post("/v1/requests", json={**body, "kind": "reason"})).status_code == 400
            as_tiny = {"Authorization": f"Bearer {tiny_key}"}
            ok = await http.post("/v1/requests", json={**body, "id": "t-1"}, headers=as_tiny)
            assert ok.status_code == 202
            throttled = await http.post("/v1/requests", json={**body, "id": "t-2"}, headers=as_tiny)
            assert throttled.status_code == 429
            assert int(throttled.headers["Retry-After"]) >= 1
            assert throttled.json()["error"]["code"] == "throttled"

            # A finished request streams its result at once over SSE.
            async with http.stream("GET", "/v1/stream/http-1") as stream:
                lines = [line async for line in stream.aiter_lines() if line.startswith("data:")]
            assert json.loads(lines[0][5:])["request_id"] == "http-1"
        await hub.stop()
        await feed.stop()
    await triton.close()


async def test_http_holds_the_in_flight_limit_and_a_result_frees_the_slot(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, retriever, triton = retriever_stages(kafka, triton_settings, tmp_path)
    await retriever.index(KbDocument(id="l-ml", text="1 litre is 1000 millilitres."))
    capacity = CapacityLimit({"retrieve": 1})
    admission, ring = Admission({}), KeyRing()
    key, record = keys.add("default", 0, 1, time.time())
    apply(record, "default", ring, admission)
    await ensure_topics(kafka, (retrieval.TOPIC, results.TOPIC, events.TOPIC))
    async with MeshClient(kafka) as mesh:
        hub = ResultHub(mesh, on_result=capacity.on_result)
        hub.start()
        await asyncio.wait_for(hub.ready.wait(), 30)
        app = create_app(mesh, admission, {"retrieve": retrieval.TOPIC}, hub, capacity, keys=ring)
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app),
            base_url="http://gw",
            headers={"Authorization": f"Bearer {key}"},
        ) as http:
            body = {"kind": "retrieve", "query": "millilitres in a litre"}
            # No retriever yet: the first request stays in flight, so the second is refused.
            assert (await http.post("/v1/requests", json={**body, "id": "cap-1"})).status_code == 202
            refused = await http.post("/v1/requests", json={**body, "id": "cap-2"})
            assert refused.status_code == 429
            assert refused.json()["error"]["code"] == "overloaded"
            assert refused.json()["error"]["retry_after_s"] > 0
            # Oversized and too deeply nested bodies are refused before they reach Kafka.
            big = b'{"id": "cap-3", "query": "' + b"x" * 1_100_000 + b'"}'
            assert (await http.post("/v1/requests", content=big)).status_code == 413
            deep = b'{"id": "cap-4", "query": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
            assert (await http.post("/v1/requests", content=deep)).status_code == 400
            async with running(stages):  # the retriever answers cap-1: its slot frees
                for _ in range(200):
                    if capacity.in_flight("retrieve") == 0:
                        break
                    await asyncio.sleep(0.1)
                again = await http.post("/v1/requests", json={**body, "id": "cap-2"})
                assert again.status_code == 202
        await hub.stop()
    await triton.close()
