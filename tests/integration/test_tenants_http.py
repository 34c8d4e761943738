"""Tenants against the real broker and the HTTP gateway: keys from the registry topic (as every
gateway replica reads it), 401 / 403 / 404, a rotated key's grace period, an immediate revoke,
and no key anywhere a key must not be (logs, any topic)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

import httpx
import pytest

from reasoning_mesh.contracts import events, results, retrieval, tenants
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway import keys
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.http import ResultHub, create_app
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.tenant_feed import TenantFeed
from reasoning_mesh.runtime.kafka import ensure_topics, read_to_end
from reasoning_mesh.settings import KafkaSettings


async def until(check: Callable[[], Awaitable[bool]], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.1)


async def test_keys_decide_the_tenant_and_what_it_may_read(
    kafka: KafkaSettings, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await ensure_topics(kafka, (retrieval.TOPIC, results.TOPIC, events.TOPIC, tenants.TOPIC))
    admission, ring = Admission({}), KeyRing()
    acme_key, acme = keys.add("acme", 0, 1, time.time())
    beta_key, beta = keys.add("beta", 0, 1, time.time())
    async with MeshClient(kafka) as mesh:
        for r in (acme, beta):
            await mesh.publish(tenants.TOPIC, r, key=r.name)
        feed, hub = TenantFeed(kafka, ring, admission), ResultHub(mesh)
        feed.start()
        hub.start()
        await asyncio.wait_for(asyncio.gather(feed.ready.wait(), hub.ready.wait()), 30)
        app = create_app(mesh, admission, {"retrieve": retrieval.TOPIC}, hub, keys=ring)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://gw") as http:

            def auth(key: str) -> dict[str, str]:
                return {"Authorization": f"Bearer {key}"}

            body = {"id": "acme-1", "kind": "retrieve", "query": "millilitres in a litre"}
            no_key = await http.post("/v1/requests", json=body)
            assert no_key.status_code == 401 and no_key.headers["WWW-Authenticate"] == "Bearer"
            wrong = await http.post("/v1/requests", json=body, headers=auth(acme_key[:-2] + "xx"))
            assert wrong.status_code == 401
            for path in ("/v1/results/acme-1", "/v1/stream/acme-1"):
                assert (await http.get(path)).status_code == 401
            # The tenant is the key's: a body naming another tenant is forbidden.
            other = await http.post(
                "/v1/requests", json={**body, "tenant": "beta"}, headers=auth(acme_key)
            )
            assert other.status_code == 403
            accepted = await http.post("/v1/requests", json=body, headers=auth(acme_key))
            assert accepted.status_code == 202
            # Its result, as the retriever would write it: acme reads it, beta cannot tell it exists.
            # Inside the mesh an HTTP request's id is its tenant's (`acme:acme-1`).
            await mesh.publish(
                results.TOPIC,
                MeshResult(request_id="acme:acme-1", tenant="acme", status="ok"),
                key="acme:acme-1",
            )

            async def answered() -> bool:
                got = await http.get("/v1/results/acme-1", headers=auth(acme_key))
                return got.status_code == 200

            await until(answered)
            got = await http.get("/v1/results/acme-1", headers=auth(acme_key))
            assert got.json()["request_id"] == "acme-1"  # as the caller named it
            # Beta submitting the same id is its own request, not acme's.
            mine = await http.post("/v1/requests", json=body, headers=auth(beta_key))
            assert mine.status_code == 202 and mine.json()["id"] == "acme-1"
            theirs = await http.get("/v1/results/acme-1", headers=auth(beta_key))
            unknown = await http.get("/v1/results/nobody-1", headers=auth(beta_key))
            assert theirs.status_code == unknown.status_code == 404
            assert theirs.json()["detail"].replace("acme-1", "?") == unknown.json()["detail"].replace(
                "nobody-1", "?"
            )

            # Another tenant's stream is an unknown id's: open and silent (nothing of acme's).
            async def silent(rid: str, key: str) -> bool:
                seen: list[str] = []
                with contextlib.suppress(TimeoutError):
                    async with (
                        asyncio.timeout(1.5),
                        http.stream("GET", f"/v1/stream/{rid}", headers=auth(key)) as stream,
                    ):
                        seen += [line async for line in stream.aiter_lines() if line.strip()]
                return not seen

            assert await silent("acme-1", beta_key) and await silent("nobody-1", beta_key)
            async with http.stream("GET", "/v1/stream/acme-1", headers=auth(acme_key)) as stream:
                assert stream.status_code == 200
                first = [line async for line in stream.aiter_lines() if line.startswith("data:")]
                assert '"acme-1"' in first[0]

            # Rotation: the old key keeps working through its grace period, then is refused.
            new_key, rotated = keys.rotate(acme, grace_s=4, now=time.time())
            await mesh.publish(tenants.TOPIC, rotated, key="acme")

            async def status(key: str) -> int:
                return (await http.get("/v1/results/acme-1", headers=auth(key))).status_code

            async def new_works() -> bool:
                return await status(new_key) == 200

            await until(new_works)
            assert await status(acme_key) == 200  # within the grace period
            await asyncio.sleep(4.5)
            assert await status(acme_key) == 401 and await status(new_key) == 200

            # Revocation: refused as soon as the registry record is read.
            await mesh.publish(tenants.TOPIC, keys.revoke(beta, time.time()), key="beta")
            revoked_at = time.monotonic()

            async def beta_refused() -> bool:
                got = await http.get("/v1/results/nobody-1", headers=auth(beta_key))
                return got.status_code == 401

            await until(beta_refused, timeout=10)
            assert time.monotonic() - revoked_at < 10
        await hub.stop()
        await feed.stop()
    # No key, nor its secret part, anywhere a key must not be: logs and every topic of the run.
    secrets_ = [k[21:] for k in (acme_key, beta_key, new_key)]
    assert not [s for s in secrets_ if s in caplog.text]
    for topic in (retrieval.TOPIC, results.TOPIC, events.TOPIC, tenants.TOPIC):
        async for rec in read_to_end(kafka, kafka.physical(topic)):
            raw = (rec.value or b"") + (rec.key or b"") + b"".join(v for _, v in rec.headers)
            assert not [s for s in secrets_ if s.encode() in raw], topic
