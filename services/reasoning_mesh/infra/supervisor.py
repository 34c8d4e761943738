"""`rmesh up`'s supervisor: starts every process of the stack and restarts any that dies.

A restart policy as compose's `restart: on-failure` and Kubernetes' pods give: a process that
exits is started again after a backoff (1 s, doubling to 30 s while it keeps dying within a
minute of its start; back to 1 s once it has run a minute), and the restart is logged and
counted. The supervisor is itself a detached process (`python -m reasoning_mesh.infra.supervisor
HOME`); it reads what to run from `HOME/run/stack.json` (written by `rmesh up`) and writes what
runs to `HOME/run/processes.json` (read by `rmesh status`). SIGTERM stops the services first,
then Triton, then the brokers, each with SIGTERM and, after a grace period, SIGKILL.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("rmesh.supervisor")

BACKOFF_INITIAL_S, BACKOFF_MAX_S, HEALTHY_AFTER_S = 1.0, 30.0, 60.0


@dataclass(frozen=True)
class ProcSpec:
    """One process to keep running: `name` (kafka, triton, a service) and its replica number."""

    name: str
    replica: int
    argv: list[str]
    env: dict[str, str]
    log_file: str
    ports: dict[str, int] = field(default_factory=dict)
    #: Stop order: higher first (services 2, Triton 1, brokers 0).
    tier: int = 2
    stop_timeout_s: float = 30.0
    #: How to tell it is ready: {"kafka": bootstrap} (plus "secure_home" for SASL brokers) or
    #: {"http": url, "contains": text}.
    probe: dict[str, str] = field(default_factory=dict)
    #: The Kafka principal it runs as on secured brokers: its credentials are added to its
    #: environment at start, from the home's secrets file (never written into a spec).
    principal: str = ""
    #: Its CPU priority (`nice`): background services run above 0 and yield under contention.
    nice: int = 0

    @property
    def key(self) -> str:
        return f"{self.name}-{self.replica}"


def probe(spec: dict[str, str]) -> bool:
    """Whether a process answers as ready (no probe: running is enough)."""
    if "kafka" in spec:
        from reasoning_mesh.infra.kafka import metadata_ok

        return metadata_ok(_admin(spec["kafka"], spec.get("secure_home", "")))
    if "http" in spec:
        if not spec["http"].startswith("http://"):
            raise ValueError(f"an http probe needs an http:// URL, not {spec['http']!r}")
        try:
            with urllib.request.urlopen(spec["http"], timeout=2) as resp:  # noqa: S310 - checked
                body = resp.read().decode(errors="replace")
        except OSError:
            return False
        return spec.get("contains", "") in body
    return True


def _admin(bootstrap: str, secure_home: str) -> Any:
    from reasoning_mesh.settings import KafkaSettings

    kafka = KafkaSettings(bootstrap_servers=bootstrap)
    if not secure_home:
        return kafka
    from reasoning_mesh.infra.security import ADMIN, principal_settings

    return principal_settings(kafka, Path(secure_home), ADMIN)


def spec_file(home: Path) -> Path:
    return home / "run" / "stack.json"


def state_file(home: Path) -> Path:
    return home / "run" / "processes.json"


def pid_file(home: Path) -> Path:
    return home / "run" / "supervisor.pid"


def write_specs(home: Path, specs: list[ProcSpec], meta: dict[str, Any]) -> None:
    path = spec_file(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    _atomic_write(path, {"meta": meta, "processes": [asdict(s) for s in specs]})


def read_state(home: Path) -> dict[str, Any]:
    try:
        return dict(json.loads(state_file(home).read_text()))
    except (OSError, ValueError):
        return {}


def _atomic_write(path: Path, data: dict[str, Any]) -> None:
    # Readable by the owner only: a spec holds the environment `rmesh up` ran with.
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(json.dumps(data, indent=1))
    tmp.replace(path)


def _kill_group(pgid: int) -> None:
    """SIGKILL whatever is left of a process group whose leader has exited."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _niced(argv: list[str], nice: int) -> list[str]:
    """`argv` run at priority `nice` (coreutils `nice` execs it: the pid is the service's)."""
    binary = shutil.which("nice") if nice else None
    return [binary, "-n", str(nice), *argv] if binary else argv


@dataclass
class _Child:
    spec: ProcSpec
    proc: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    restarts: int = 0
    backoff_s: float = BACKOFF_INITIAL_S
    next_start: float = 0.0
    last_exit: int | None = None


class Supervisor:
    def __init__(self, home: Path) -> None:
        self.home = home
        raw = json.loads(spec_file(home).read_text())
        self.meta: dict[str, Any] = raw.get("meta", {})
        self.children = [_Child(ProcSpec(**p)) for p in raw["processes"]]
        self.stopping = False
        #: Start-up goes tier by tier (brokers, Triton, services), each once the one below is
        #: ready, so services do not crash-loop against a broker that is still electing.
        self.tiers = sorted({c.spec.tier for c in self.children})
        self.active_tier = self.tiers[0] if self.tiers else 0

    def _start(self, child: _Child) -> None:
        spec = child.spec
        Path(spec.log_file).parent.mkdir(parents=True, exist_ok=True)
        env = spec.env
        if spec.principal:
            from reasoning_mesh.infra.security import principal_env

            env = {**env, **principal_env(self.home, spec.principal, self.meta["bootstrap_servers"])}
        with open(spec.log_file, "ab") as out:
            # Its own process group: what it started (Triton's Python backend stubs) goes with it.
            child.proc = subprocess.Popen(
                _niced(spec.argv, spec.nice),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                start_new_session=True,
            )
        child.started_at = time.time()
        log.info("started %s (pid %d)", spec.key, child.proc.pid)

    def step(self, now: float) -> bool:
        """Reap and restart; returns whether anything changed."""
        changed = False
        for child in self.children:
            if child.spec.tier > self.active_tier:
                continue
            if child.proc is not None:
                code = child.proc.poll()
                if code is None:
                    if now - child.started_at > HEALTHY_AFTER_S:
                        child.backoff_s = BACKOFF_INITIAL_S
                    continue
                _kill_group(child.proc.pid)  # orphans of a killed process (e.g. Triton's stubs)
                child.last_exit, child.proc = code, None
                child.next_start = now + child.backoff_s
                log.warning(
                    "%s exited with %d; restart %d in %.0fs",
                    child.spec.key,
                    code,
                    child.restarts + 1,
                    child.backoff_s,
                )
                child.backoff_s = min(child.backoff_s * 2, BACKOFF_MAX_S)
                changed = True
            elif now >= child.next_start:
                if child.started_at:
                    child.restarts += 1
                self._start(child)
                changed = True
        return changed

    def _provisioned(self) -> bool:
        """Secured brokers: the topics and every principal's ACLs exist before any service
        starts (a service has no right to create a topic). Idempotent; retried until it works."""
        if self.active_tier != self.tiers[0] or not self.meta.get("secure"):
            return True
        import asyncio

        from reasoning_mesh.infra.security import ADMIN, principal_settings, provision
        from reasoning_mesh.settings import MeshSettings

        try:
            kafka = MeshSettings().kafka.model_copy(
                update={
                    "bootstrap_servers": self.meta["bootstrap_servers"],
                    "replication_factor": min(3, int(self.meta.get("brokers", 1))),
                }
            )
            asyncio.run(provision(principal_settings(kafka, self.home, ADMIN)))
        except Exception:  # a broker still electing; the next probe retries
            log.exception("provisioning topics and ACLs failed; retrying")
            return False
        return True

    def write_state(self) -> None:
        _atomic_write(
            state_file(self.home),
            {
                "supervisor_pid": os.getpid(),
                "meta": self.meta,
                "processes": [
                    {
                        "name": c.spec.name,
                        "replica": c.spec.replica,
                        "pid": c.proc.pid if c.proc is not None else None,
                        "restarts": c.restarts,
                        "last_exit": c.last_exit,
                        "started_at": c.started_at,
                        "ports": c.spec.ports,
                        "log": c.spec.log_file,
                    }
                    for c in self.children
                ],
            },
        )

    def stop_all(self) -> None:
        for tier in sorted({c.spec.tier for c in self.children}, reverse=True):
            group = [c for c in self.children if c.spec.tier == tier and c.proc is not None]
            for c in group:
                assert c.proc is not None
                c.proc.terminate()
            deadline = time.time() + max((c.spec.stop_timeout_s for c in group), default=0)
            for c in group:
                assert c.proc is not None
                try:
                    c.proc.wait(timeout=max(0.1, deadline - time.time()))
                except subprocess.TimeoutExpired:
                    log.warning("%s did not stop in time; killing it", c.spec.key)
                    c.proc.kill()
                    c.proc.wait()
                _kill_group(c.proc.pid)
                c.proc = None
        self.write_state()

    def run(self) -> None:
        def on_term(*_: Any) -> None:
            self.stopping = True

        signal.signal(signal.SIGTERM, on_term)
        signal.signal(signal.SIGINT, on_term)
        next_probe = 0.0
        while not self.stopping:
            now = time.time()
            if self.step(now):
                self.write_state()
            if self.active_tier != self.tiers[-1] and now >= next_probe:
                next_probe = now + 1.0
                tier = [c for c in self.children if c.spec.tier == self.active_tier]
                if all(c.proc is not None and probe(c.spec.probe) for c in tier) and self._provisioned():
                    self.active_tier = self.tiers[self.tiers.index(self.active_tier) + 1]
                    log.info("tier %d ready; starting tier %d", tier[0].spec.tier, self.active_tier)
            time.sleep(0.2)
        log.info("stopping every process")
        self.stop_all()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s supervisor %(levelname)s: %(message)s")
    Supervisor(Path(sys.argv[1])).run()


if __name__ == "__main__":
    main()
