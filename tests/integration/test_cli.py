"""The user's path, as a user runs it: `rmesh up --secure` (real SASL/SCRAM broker with the
generated ACLs, Triton, every service as its own principal under a supervisor, two verifier
replicas), `kb ingest`, `batch` (bad lines, resume), `subscribe` and `ask` as the `client`
principal, `trace`, `status` (a replica killed with SIGKILL is restarted), `tenants` as `admin` and
the HTTP gateway with a key, a question as people write it, one refused as `unsupported`, no key
or password in any log, trace or dead letter, `down`."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from reasoning_mesh.contracts import dlq, requests
from reasoning_mesh.runtime.kafka import read_to_end
from reasoning_mesh.settings import KafkaSettings

pytestmark = pytest.mark.slow

PORTS = {
    "RMESH_KAFKA__BOOTSTRAP_SERVERS": "127.0.0.1:39092",
    "RMESH_TRITON__HTTP_URL": "127.0.0.1:38000",
    "RMESH_TRITON__GRPC_URL": "127.0.0.1:38001",
    "RMESH_TRITON__METRICS_PORT": "38002",
    "RMESH_GATEWAY_METRICS_PORT": "39101",
    "RMESH_RETRIEVER_METRICS_PORT": "39102",
    "RMESH_HTTP_PORT": "39080",
}


def rmesh(env: dict[str, str], *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "reasoning_mesh.cli.main", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    home = tmp_path_factory.mktemp("stack")
    env = {**os.environ, **PORTS, "RMESH_HOME": str(home), "COLUMNS": "200"}
    try:
        up = rmesh(env, "up", "--replicas", "verifier=2", "--secure", timeout=400)
        assert up.returncode == 0, up.stdout + up.stderr
        yield as_principal(env, "client")
    finally:
        down = rmesh(env, "down")
        assert down.returncode == 0 and "kafka" in down.stdout, down.stdout + down.stderr


def as_principal(env: dict[str, str], principal: str) -> dict[str, str]:
    """`env` with `eval "$(rmesh secure env PRINCIPAL)"` applied, as a user's shell would."""
    out = rmesh(env, "secure", "env", principal)
    assert out.returncode == 0, out.stdout + out.stderr
    pairs = [shlex.split(line.removeprefix("export "))[0] for line in out.stdout.splitlines()]
    return {**env, **dict(p.split("=", 1) for p in pairs)}


def processes(env: dict[str, str]) -> list[dict[str, object]]:
    out = rmesh(env, "status", "--json", "--no-lag")
    return list(json.loads(out.stdout)["processes"])


def test_a_killed_replica_is_restarted_by_the_supervisor(stack: dict[str, str]) -> None:
    rows = processes(stack)
    assert [r["replica"] for r in rows if r["name"] == "kafka"] == [0]
    verifiers = [r for r in rows if r["name"] == "verifier"]
    assert [v["replica"] for v in verifiers] == [0, 1] and all(v["healthy"] for v in verifiers)
    assert verifiers[0]["ports"] != verifiers[1]["ports"]
    victim = verifiers[1]["pid"]
    assert isinstance(victim, int)
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        (again,) = [r for r in processes(stack) if r["name"] == "verifier" and r["replica"] == 1]
        if again["healthy"] and again["pid"] != victim:
            break
        time.sleep(1)
    assert again["restarts"] == 1 and again["healthy"] and again["pid"] != victim


def test_up_is_idempotent_and_status_is_healthy(stack: dict[str, str]) -> None:
    refused = rmesh(stack, "up", "--replicas", "verifier=3")
    assert refused.returncode == 1 and "rmesh down" in refused.stdout + refused.stderr
    again = rmesh(stack, "up", "--replicas", "verifier=2")
    assert again.returncode == 0, again.stderr
    status = rmesh(stack, "status")
    assert status.returncode == 0, status.stdout + status.stderr
    for name in ("kafka", "triton", "retriever", "gateway", "rmesh.gateway"):
        assert name in status.stdout
    top = rmesh(stack, "top", "--once", "--json", "--interval", "0.5")
    assert top.returncode == 0, top.stdout + top.stderr
    snap = json.loads(top.stdout)
    assert snap["services"]["verifier"]["replicas"] == 2
    assert snap["services"]["gateway"]["healthy"] == 1
    assert "rmesh.verifier" in snap["lag"]
    assert {"skills", "adapters_serving", "tenants"} <= set(snap)


def test_ingest_batch_resume_subscribe_trace(stack: dict[str, str], tmp_path: Path) -> None:
    ingest = rmesh(stack, "kb", "ingest")
    assert ingest.returncode == 0, ingest.stdout + ingest.stderr
    assert "indexed 244 documents" in ingest.stdout

    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(
        "\n".join(
            [
                json.dumps({"id": "cli-1", "kind": "retrieve", "query": "How many years in a decade?"}),
                json.dumps({"kind": "retrieve", "query": "tonnes to kilograms", "private": "secret"}),
                "{broken",
                json.dumps({"id": "cli-3", "kind": "retrieve", "query": ""}),
                json.dumps({"id": "cli-4", "kind": "retrieve", "query": "ml in a litre", "top_k": 1}),
            ]
        )
        + "\n"
    )
    first = rmesh(stack, "batch", str(src), "--out", str(out), "--timeout", "120")
    assert first.returncode == 1  # bad lines make the run fail, after answering the rest
    assert f"{src}:3" in first.stderr and f"{src}:4" in first.stderr
    rows = {r["line"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert sorted(rows) == [1, 2, 5]
    assert rows[1]["id"] == "cli-1" and rows[1]["status"] == "ok"
    assert rows[1]["evidence"][0]["doc_id"] == "unit-time-decade-to-year"
    assert rows[2]["id"].startswith("h-") and "secret" not in json.dumps(rows[2])
    assert len(rows[5]["evidence"]) == 1

    rerun = rmesh(stack, "batch", str(src), "--out", str(out), "--timeout", "120")
    assert "skipped 3 already answered" in rerun.stdout
    assert len(out.read_text().splitlines()) == 3

    sub = rmesh(
        stack, "subscribe", "--from-beginning", "--no-events", "-r", "cli-4", "--limit", "1", timeout=60
    )
    assert sub.returncode == 0, sub.stderr
    assert json.loads(sub.stdout.splitlines()[0])["request_id"] == "cli-4"

    trace = rmesh(stack, "trace", "cli-1")
    assert trace.returncode == 0, trace.stderr
    for name in (
        "cli",
        "gateway",
        "retriever",
        "ingress process",
        "retrieve process",
        "triton infer embedder",
        "qdrant search",
    ):
        assert name in trace.stdout, trace.stdout
    assert rmesh(stack, "trace", "never-sent").returncode == 1


def test_tenant_keys_people_s_phrasings_and_a_refusal_through_the_real_gateway(
    stack: dict[str, str],
) -> None:
    refused_to_client = rmesh(stack, "tenants", "add", "acme", "--rate", "0")
    # The registry is the operator's, not a client's: a clear refusal, not a traceback.
    assert refused_to_client.returncode == 1, refused_to_client.stdout + refused_to_client.stderr
    assert "the brokers refused client" in refused_to_client.stderr
    assert "Traceback" not in refused_to_client.stderr
    admin = as_principal(stack, "admin")
    added = rmesh(admin, "tenants", "add", "acme", "--rate", "0")
    assert added.returncode == 0, added.stdout + added.stderr
    key = added.stdout.strip().splitlines()[-1]
    assert key.startswith("rmk_") and len(key) == 64
    url = f"http://127.0.0.1:{PORTS['RMESH_HTTP_PORT']}"
    body = {"id": "cli-http-1", "kind": "reason", "query": "What is 56 plus 29?"}
    assert httpx.post(f"{url}/v1/requests", json=body, timeout=10).status_code == 401
    auth = {"Authorization": f"Bearer {key}"}
    deadline = time.monotonic() + 60
    while (
        sent := httpx.post(f"{url}/v1/requests", json=body, headers=auth, timeout=10)
    ).status_code in (
        401,
        503,
    ):  # until the gateway has read the new tenant's record
        assert time.monotonic() < deadline, sent.text
        time.sleep(0.5)
    assert sent.status_code == 202, sent.text
    deadline = time.monotonic() + 120
    while (
        got := httpx.get(f"{url}/v1/results/cli-http-1", headers=auth, timeout=10)
    ).status_code == 404:
        assert time.monotonic() < deadline
        time.sleep(0.5)
    result = got.json()
    assert result["status"] == "verified" and result["answer"] == "85", result
    assert result["reasoning_trace"]["reading"] == "What is 56 + 29?"
    # `rmesh top` after it: the tenant's admission and the skills' verified share are there.
    top = json.loads(rmesh(stack, "top", "--once", "--json", "--interval", "0.5").stdout)
    assert top["tenants"]["acme"]["admitted"] >= 1
    assert any(k["verified"] >= 1 for k in top["skills"].values()), top["skills"]
    # A question it cannot answer: `unsupported`, no number, exit status 3.
    refused = rmesh(
        {**stack, "RMESH_API_KEY": key},
        "ask", "--http", url, "--json", "What is the capital of France?",
    )  # fmt: skip
    assert refused.returncode == 3, refused.stdout + refused.stderr
    answer = json.loads(refused.stdout)
    assert answer["status"] == "unsupported" and answer["answer"] is None
    listed = rmesh(admin, "tenants", "list")
    assert "acme" in listed.stdout and key[21:] not in listed.stdout
    # The key and the principals' passwords are in no log, trace or dead letter.
    home = Path(stack["RMESH_HOME"])
    secrets = [key[21:], *json.loads((home / "secrets" / "kafka.json").read_text()).values()]
    # Every log (the brokers' own under kafka-secure/ too), trace and run file.
    for path in {
        *home.rglob("*.log"),
        *home.glob("logs/*"),
        *home.glob("traces/*"),
        *home.glob("run/*"),
    }:
        if path.is_file():
            text = path.read_text(errors="replace")
            assert not [s for s in secrets if s in text], path
    letters = asyncio.run(poison_then_dead_letters(stack, admin))
    assert "{not json" in letters  # the gateway dead-lettered it (it may write the DLQ)
    assert not [s for s in secrets if s in letters]


def kafka_of(env: dict[str, str]) -> KafkaSettings:
    """The Kafka settings a process with `env` reads (RMESH_KAFKA__*)."""
    return KafkaSettings(
        bootstrap_servers=env["RMESH_KAFKA__BOOTSTRAP_SERVERS"],
        security_protocol=env["RMESH_KAFKA__SECURITY_PROTOCOL"],  # type: ignore[arg-type]
        sasl_username=env["RMESH_KAFKA__SASL_USERNAME"],
        sasl_password=SecretStr(env["RMESH_KAFKA__SASL_PASSWORD"]),
    )


async def poison_then_dead_letters(client: dict[str, str], admin: dict[str, str]) -> str:
    """Publish a poison request as the client; return every dead letter's text (decoded values
    too) once the gateway has dead-lettered it, read as the operator."""
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(**kafka_of(client).client_options())
    await producer.start()
    try:
        await producer.send_and_wait(requests.TOPIC, b"{not json", key=b"cli-poison")
    finally:
        await producer.stop()
    deadline = time.monotonic() + 60
    while True:
        texts = []
        async for record in read_to_end(kafka_of(admin), dlq.TOPIC):
            raw = (record.value or b"").decode(errors="replace")
            texts.append(raw)
            with contextlib.suppress(ValueError, KeyError):
                texts.append(base64.b64decode(json.loads(raw)["value_b64"]).decode(errors="replace"))
        if any("cli-poison" in t or "{not json" in t for t in texts) or time.monotonic() > deadline:
            return "\n".join(texts)
        await asyncio.sleep(1)
