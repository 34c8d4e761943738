"""The metrics port answers Kubernetes' probes: live at once, ready only while stages run."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

from reasoning_mesh.telemetry import health


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_probes_and_metrics_on_one_port() -> None:
    port = free_port()
    health.start_server(port)
    health.ready.clear()
    assert get(port, "/livez")[0] == 200
    assert get(port, "/readyz") == (503, "not ready\n")
    health.ready.set()
    try:
        assert get(port, "/readyz") == (200, "ok\n")
    finally:
        health.ready.clear()
    status, body = get(port, "/metrics")
    assert status == 200 and ("python_info" in body or "process_" in body)
