"""The supervisor starts tier by tier, restarts a process that dies (killed with SIGKILL) with
backoff and counts it, and stops everything on SIGTERM. Real child processes, no Kafka."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from reasoning_mesh.infra import supervisor
from reasoning_mesh.infra.supervisor import ProcSpec, Supervisor

SLEEPER = [sys.executable, "-c", "import time; time.sleep(600)"]


def specs(home: Path) -> list[ProcSpec]:
    log = str(home / "logs" / "x.log")
    return [
        ProcSpec("base", 0, SLEEPER, dict(os.environ), log, tier=0),
        ProcSpec("svc", 0, SLEEPER, dict(os.environ), log, {"metrics": 1}, tier=2),
        ProcSpec("svc", 1, SLEEPER, dict(os.environ), log, {"metrics": 2}, tier=2),
    ]


def wait(cond: object, sup: Supervisor, seconds: float = 10.0) -> None:
    end = time.time() + seconds
    while time.time() < end:
        sup.step(time.time())
        if callable(cond) and cond():
            return
        time.sleep(0.05)
    raise AssertionError("condition not reached")


def test_a_killed_process_is_restarted_with_backoff_and_counted(tmp_path: Path) -> None:
    supervisor.write_specs(tmp_path, specs(tmp_path), {"brokers": 1})
    sup = Supervisor(tmp_path)
    try:
        sup.step(time.time())
        base, first, second = sup.children
        # Tier 2 waits for tier 0 to be ready.
        assert base.proc is not None and first.proc is None and second.proc is None
        sup.active_tier = 2
        sup.step(time.time())
        assert first.proc is not None and second.proc is not None
        victim = second.proc.pid
        os.kill(victim, signal.SIGKILL)
        wait(lambda: second.proc is not None and second.proc.pid != victim, sup)
        assert second.restarts == 1 and second.last_exit == -signal.SIGKILL
        assert first.restarts == 0 and base.restarts == 0
        assert second.backoff_s == 2 * supervisor.BACKOFF_INITIAL_S  # doubles while it keeps dying
        sup.write_state()
        rows = supervisor.read_state(tmp_path)["processes"]
        assert [(r["name"], r["replica"], r["restarts"]) for r in rows] == [
            ("base", 0, 0),
            ("svc", 0, 0),
            ("svc", 1, 1),
        ]
        assert rows[2]["pid"] == second.proc.pid and rows[2]["ports"] == {"metrics": 2}
    finally:
        sup.stop_all()
    assert all(c.proc is None for c in sup.children)


def test_an_http_probe_refuses_other_schemes() -> None:
    with pytest.raises(ValueError, match="http://"):
        supervisor.probe({"http": "file:///etc/passwd"})
    assert supervisor.probe({}) is True
    assert supervisor.probe({"http": "http://127.0.0.1:9/"}) is False  # nothing listens there


def test_what_a_killed_process_started_dies_with_it(tmp_path: Path) -> None:
    marker = tmp_path / "grandchild.pid"
    parent = [
        sys.executable,
        "-c",
        "import subprocess, sys, time; "
        f"p = subprocess.Popen({SLEEPER!r}); open({str(marker)!r}, 'w').write(str(p.pid)); "
        "time.sleep(600)",
    ]
    log = str(tmp_path / "x.log")
    supervisor.write_specs(tmp_path, [ProcSpec("triton", 0, parent, dict(os.environ), log)], {})
    sup = Supervisor(tmp_path)
    try:
        sup.step(time.time())
        (child,) = sup.children
        wait(lambda: marker.exists() and marker.read_text() != "", sup)
        grandchild = int(marker.read_text())
        assert child.proc is not None
        os.kill(child.proc.pid, signal.SIGKILL)
        wait(lambda: child.restarts == 1, sup)
        deadline = time.time() + 5
        state = Path(f"/proc/{grandchild}/stat")
        while time.time() < deadline and state.exists() and state.read_text().split()[2] != "Z":
            time.sleep(0.05)
        assert not state.exists() or state.read_text().split()[2] == "Z"  # killed (or reaped)
    finally:
        sup.stop_all()


def test_a_background_service_runs_niced_with_its_own_pid(tmp_path: Path) -> None:
    log = str(tmp_path / "logs" / "x.log")
    niced = [ProcSpec("bg", 0, SLEEPER, dict(os.environ), log, tier=0, nice=10)]
    supervisor.write_specs(tmp_path, niced, {"brokers": 1})
    sup = Supervisor(tmp_path)
    try:
        sup.step(time.time())
        (child,) = sup.children
        assert child.proc is not None
        # `nice` execs the service: the pid the supervisor holds is the service's own.
        wait(lambda: Path(f"/proc/{child.proc.pid}/cmdline").read_bytes().startswith(
            sys.executable.encode()), sup)  # fmt: skip
        assert os.getpriority(os.PRIO_PROCESS, child.proc.pid) == os.getpriority(os.PRIO_PROCESS, 0) + 10
    finally:
        sup.stop_all()
