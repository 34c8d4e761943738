"""The user's path, as a user runs it: `rmesh up` (real broker, Triton, services under a
supervisor, two verifier replicas), `kb ingest`, `batch` (bad lines, resume), `subscribe`,
`trace`, `status` (a replica killed with SIGKILL is restarted), `tenants` and the HTTP gateway
with a key, a question as people write it, one refused as `unsupported`, `down`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

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
        up = rmesh(env, "up", "--replicas", "verifier=2", timeout=400)
        assert up.returncode == 0, up.stdout + up.stderr
        yield env
    finally:
        down = rmesh(env, "down")
        assert down.returncode == 0 and "kafka" in down.stdout, down.stdout + down.stderr


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


def test_ingest_batch_resume_subscribe_trace(stack: dict[str, str], tmp_path: Path) -> None:
    ingest = rmesh(stack, "kb", "ingest")
    assert ingest.returncode == 0, ingest.stdout + ingest.stderr
    assert "indexed 156 documents" in ingest.stdout

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
    added = rmesh(stack, "tenants", "add", "acme", "--rate", "0")
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
    # A question it cannot answer: `unsupported`, no number, exit status 3.
    refused = rmesh(
        {**stack, "RMESH_API_KEY": key},
        "ask", "--http", url, "--json", "What is the capital of France?",
    )  # fmt: skip
    assert refused.returncode == 3, refused.stdout + refused.stderr
    answer = json.loads(refused.stdout)
    assert answer["status"] == "unsupported" and answer["answer"] is None
    listed = rmesh(stack, "tenants", "list")
    assert "acme" in listed.stdout and key[21:] not in listed.stdout
    # The key is in no log and no trace the stack wrote.
    home = Path(stack["RMESH_HOME"])
    for path in [*home.glob("logs/*"), *home.glob("traces/*")]:
        if path.is_file():
            assert key[21:] not in path.read_text(errors="replace"), path
