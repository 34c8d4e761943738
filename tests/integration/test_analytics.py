"""The analytics service against the real broker, as a process: results, a throttle and a
poison record in; the windowed rows on `rmesh.stats.v1`, served by the gateway's
`GET /v1/stats` to each tenant for itself only; then `kill -9` and a restart that resumes its
tables from their changelogs (a fresh table would count from zero, and the copy with more facts
would keep the view where it was)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.admin import AIOKafkaAdminClient

from reasoning_mesh.contracts import analytics_facts, analytics_tallies, dlq, events, results, tenants
from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.topics import TOPICS
from reasoning_mesh.gateway import keys
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.http import ResultHub, create_app
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.refusals import RefusalReport
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.stats import StatsFeed
from reasoning_mesh.gateway.tenant_feed import TenantFeed
from reasoning_mesh.runtime.kafka import ensure_topics, read_to_end
from reasoning_mesh.settings import KafkaSettings

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_analytics(kafka: KafkaSettings, home: Path, group: str) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "RMESH_HOME": str(home),
        "RMESH_KAFKA__BOOTSTRAP_SERVERS": kafka.bootstrap_servers,
        "RMESH_KAFKA__TOPIC_PREFIX": kafka.topic_prefix,
        "RMESH_KAFKA__TOPIC_PARTITIONS": str(kafka.topic_partitions),
        "RMESH_ANALYTICS_GROUP_PREFIX": group,
        "RMESH_ANALYTICS_METRICS_PORT": str(_free_port()),
        "RMESH_ANALYTICS_PUBLISH_INTERVAL_S": "0.5",
        "RMESH_ANALYTICS_SESSION_TIMEOUT_S": "6",
    }
    log = (home / "analytics.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "reasoning_mesh.analytics"], env=env, stdout=log, stderr=log
    )


async def until(check: Callable[[], Awaitable[bool]], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, f"not within {timeout}s: {what}"
        await asyncio.sleep(0.25)


async def committed(kafka: KafkaSettings, group: str) -> bool:
    """Whether `group` has committed every record of the results and facts topics."""
    admin = AIOKafkaAdminClient(**kafka.client_options())
    consumer = AIOKafkaConsumer(**kafka.client_options())
    await admin.start()
    await consumer.start()
    try:
        offsets = await admin.list_consumer_group_offsets(group)
        topics = {kafka.physical(t) for t in (results.TOPIC, analytics_facts.TOPIC)}
        parts = [tp for tp in offsets if tp.topic in topics]
        ends = await consumer.end_offsets(parts) if parts else {}
        return bool(parts) and all(offsets[tp].offset >= ends[tp] for tp in parts)
    finally:
        await admin.close()
        await consumer.stop()


def reasoned(tenant: str, i: int, at: float) -> MeshResult:
    return MeshResult(
        request_id=f"{tenant}-{i}-{uuid.uuid4().hex[:6]}",
        tenant=tenant,
        kind="reason",
        status="failed" if i % 5 == 0 else "verified",
        answer=None if i % 5 == 0 else "7",
        reasoning_trace={"shape": "linear", "budget": {"model_calls": 3, "samples": 12}},
        submitted_at=at - 0.25,
        completed_at=at,
    )


async def test_windowed_stats_per_tenant_and_recovery_after_kill_9(
    kafka: KafkaSettings, tmp_path: Path
) -> None:
    await ensure_topics(kafka, [t.name for t in TOPICS])  # provisioned, as `rmesh up` does
    group = f"g{uuid.uuid4().hex[:8]}"
    # One event time for every record: all of them in one minute and one hour, whenever the
    # test runs.
    at = time.time()
    proc = start_analytics(kafka, tmp_path, group)
    admission, ring = Admission({}), KeyRing()
    acme_key, acme = keys.add("acme", 0, 1, time.time())
    beta_key, beta = keys.add("beta", 0.001, 1, time.time())  # one request, then 429s
    try:
        async with MeshClient(kafka) as mesh:
            for r in (acme, beta):
                await mesh.publish(tenants.TOPIC, r, key=r.name)
            feed, hub, stats = TenantFeed(kafka, ring, admission), ResultHub(mesh), StatsFeed(kafka)
            refusals = RefusalReport(mesh, interval_s=0.5)
            for part in (feed, hub, stats, refusals):
                part.start()
            await asyncio.wait_for(feed.ready.wait(), 30)
            app = create_app(mesh, admission, {}, hub, keys=ring, stats=stats.table, refusals=refusals)
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://gw") as http:

                def auth(key: str) -> dict[str, str]:
                    return {"Authorization": f"Bearer {key}"}

                async def view(key: str, window: str = "1m") -> dict[str, Any]:
                    got = await http.get(f"/v1/stats?window={window}", headers=auth(key))
                    assert got.status_code == 200, got.text
                    body: dict[str, Any] = got.json()
                    return body

                async def requests_of(key: str, at_least: int) -> bool:
                    windows = (await view(key))["windows"]
                    return sum(w["total"]["requests"] for w in windows if w["total"]) >= at_least

                for i in range(30):
                    await mesh.publish(results.TOPIC, reasoned("acme", i, at), key=f"a{i}")
                for i in range(5):
                    await mesh.publish(results.TOPIC, reasoned("beta", i, at), key=f"b{i}")
                throttled = RequestEvent(
                    request_id="acme-t", tenant="acme", stage="gateway", event="throttled", ts=at
                )
                await mesh.publish(events.TOPIC, throttled, key="acme-t")
                await mesh.publish(results.TOPIC, b'{"request_id": 1', key="poison")

                # Two HTTP refusals of beta's (its bucket holds one request; the first, with no
                # route here, is admitted and answered 400): counted as throttles.
                body = {"id": "b-http", "kind": "reason", "query": "What is 2 plus 2?"}
                codes = [
                    (await http.post("/v1/requests", json=body, headers=auth(beta_key))).status_code
                    for _ in range(3)
                ]
                assert codes[1:] == [429, 429], codes

                await until(lambda: requests_of(acme_key, 30), 90, "acme's 30 results counted")
                await until(lambda: requests_of(beta_key, 5), 30, "beta's 5 results counted")
                mine = await view(acme_key)
                (window,) = mine["windows"]
                total = window["total"]
                # No fault yet: counted exactly once.
                assert total["requests"] == 30 and total["statuses"] == {"failed": 6, "verified": 24}
                assert total["throttles"] == {"throttled": 1}
                assert total["model_calls_per_request"] == 3.0
                assert 250 <= total["latency_ms"]["p50"] <= 275  # 250 ms, one bucket up at most
                assert set(window["by_skill"]) == {"linear"}
                assert "beta" not in json.dumps(mine)

                async def beta_throttled() -> bool:
                    total = (await view(beta_key))["windows"][0]["total"]
                    return bool(total["throttles"])

                await until(beta_throttled, 30, "beta's HTTP refusals counted")
                beta_windows = (await view(beta_key))["windows"]
                theirs = beta_windows[0]["total"] if len(beta_windows) == 1 else None
                if theirs is not None:  # the refusals' minute is the results' (most runs)
                    assert theirs["requests"] == 5
                assert sum(w["total"]["throttles"].get("throttled", 0) for w in beta_windows) == 2
                hourly = (await view(acme_key, "1h"))["windows"][0]["total"]
                assert hourly["requests"] == 30
                assert (await http.get("/v1/stats")).status_code == 401
                bad = await http.get(
                    "/v1/stats?window=5m", headers={"Authorization": f"Bearer {acme_key}"}
                )
                assert bad.status_code == 422

                # The poison record is in the DLQ, written by the analytics service.
                letters = [
                    json.loads(r.value)
                    async for r in read_to_end(kafka, kafka.physical(dlq.TOPIC))
                    if r.value
                ]
                assert any(
                    x["service"] == "analytics" and x["reason"] == "invalid_message" for x in letters
                )

                # Once it has committed what it read (so a restart re-reads nothing): kill -9,
                # ten more results while it is down, a new process. It must read its windows
                # back from the changelog to count on from 30; a fresh table would count 10.
                await until(lambda: committed(kafka, f"{group}.analytics"), 30, "offsets committed")
                changelog = kafka.physical(analytics_tallies.TOPIC_1M)
                before = {(r.partition, r.offset) async for r in read_to_end(kafka, changelog)}
                proc.send_signal(signal.SIGKILL)
                proc.wait(10)
                for i in range(30, 40):
                    await mesh.publish(results.TOPIC, reasoned("acme", i, at), key=f"a{i}")
                proc = start_analytics(kafka, tmp_path, group)
                restarts = 0

                async def counted_on() -> bool:
                    # As `rmesh up`'s supervisor does: a replica its watchdog ended (exit 70:
                    # faust left a partition unread) is started again.
                    nonlocal proc, restarts
                    if proc.poll() is not None:
                        assert proc.returncode == 70 and restarts < 3, proc.returncode
                        restarts += 1
                        proc = start_analytics(kafka, tmp_path, group)
                    return await requests_of(acme_key, 40)

                await until(counted_on, 180, "acme's 40 results after a kill")
                after = (await view(acme_key))["windows"][0]["total"]
                # At least once: nothing lost. The new replica's start-up rebalances (faust
                # adds its changelogs to the subscription) may read the ten again before it
                # commits them: a little high, bounded.
                assert 40 <= after["requests"] <= 80
                # Its first write of acme's window built on the 30 it read back from the
                # changelog: a fresh table's would say at most 10 (the ten new results, counted
                # one by one or combined in one batch).
                written = [
                    json.loads(r.value)["requests"]
                    async for r in read_to_end(kafka, changelog)
                    if (r.partition, r.offset) not in before
                    and r.value
                    and b'"tenant:acme"' in (r.key or b"")
                ]
                assert written and written[0] > 30, written[:5]
                assert after["statuses"]["failed"] >= 8
            for part in (feed, hub, stats, refusals):
                await part.stop()
    finally:
        proc.kill()
        proc.wait(10)
    log = (tmp_path / "analytics.log").read_text()
    assert "Traceback" not in log.replace("ending the process", "")
