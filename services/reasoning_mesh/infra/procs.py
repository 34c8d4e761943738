"""Detached child processes with pid files: started once, found again by later CLI calls."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from reasoning_mesh.errors import InfraError


def pid_of(pid_file: Path) -> int | None:
    try:
        pid = int(pid_file.read_text().strip())
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return pid
    # A zombie child still answers kill(0); treat it as gone.
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return pid
    return None if state == "Z" else pid


def spawn(
    cmd: Sequence[str],
    *,
    log_file: Path,
    pid_file: Path,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> int:
    """Start `cmd` in its own session (it outlives the CLI) and record its pid."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    pid_file.parent.mkdir(parents=True, exist_ok=True)
    with log_file.open("ab") as log:
        proc = subprocess.Popen(
            list(cmd),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=dict(env) if env else None,
            cwd=cwd,
            start_new_session=True,
        )
    pid_file.write_text(str(proc.pid))
    return proc.pid


def stop(pid_file: Path, timeout_s: float = 30.0) -> bool:
    """SIGTERM, wait, then SIGKILL. Returns whether a process was running."""
    pid = pid_of(pid_file)
    if pid is None:
        pid_file.unlink(missing_ok=True)
        return False
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and pid_of(pid_file) is not None:
        _reap(pid)
        time.sleep(0.1)
    if pid_of(pid_file) is not None:
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        _reap(pid)
    pid_file.unlink(missing_ok=True)
    return True


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def port_open(host: str, port: int, timeout_s: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return True
    except OSError:
        return False


def wait_until(
    check: Callable[[], bool],
    *,
    timeout_s: float,
    what: str,
    alive: Callable[[], bool] | None = None,
    log_file: Path | None = None,
) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return
        if alive is not None and not alive():
            raise InfraError(f"{what} exited during start-up{_tail(log_file)}")
        time.sleep(0.25)
    raise InfraError(f"{what} not ready after {timeout_s:.0f}s{_tail(log_file)}")


def _tail(log_file: Path | None, lines: int = 25) -> str:
    if log_file is None or not log_file.exists():
        return ""
    text = log_file.read_text(errors="replace").splitlines()[-lines:]
    return f"; last log lines ({log_file}):\n" + "\n".join(text)


#: How a shell reaches secured brokers (`eval "$(rmesh secure env ...)"`): never handed on to
#: the stack's processes, nor written into its spec files (a service gets its own principal).
#: pydantic-settings reads names case-insensitively and `RMESH_KAFKA` as a whole JSON object.
_CLIENT_SECURITY = ("rmesh_kafka__security_protocol", "rmesh_kafka__sasl_", "rmesh_kafka__ssl_")


def inherited_env() -> dict[str, str]:
    """This process's environment, less any Kafka credentials it holds."""
    return {
        k: v
        for k, v in os.environ.items()
        if not k.lower().startswith(_CLIENT_SECURITY) and k.lower() != "rmesh_kafka"
    }
