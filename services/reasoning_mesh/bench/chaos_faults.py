"""The chaos bench's hands: the stack as `rmesh` runs it (a subprocess per command, its own home
and ports), the faults it injects, and the memory it samples."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reasoning_mesh.errors import InfraError
from reasoning_mesh.infra import supervisor
from reasoning_mesh.infra.stack import Stack
from reasoning_mesh.settings import MeshSettings

#: Ports of the fault benches' stacks: far from the dev stack's and the tests', so all three can
#: coexist; `RMESH_BENCH_PORT_BASE` moves them (two benches at once, or a bench beside a test run).
#: Below Linux's ephemeral range (32768-60999): a port in it can be taken at any moment by a
#: client's outgoing connection (it happened: a gateway could not bind its HTTP port for
#: minutes while a Kafka connection held it).
_BASE = int(os.environ.get("RMESH_BENCH_PORT_BASE", "23000"))
CHAOS_PORTS = {
    "RMESH_KAFKA__BOOTSTRAP_SERVERS": f"127.0.0.1:{_BASE + 92}",
    "RMESH_TRITON__HTTP_URL": f"127.0.0.1:{_BASE}",
    "RMESH_TRITON__GRPC_URL": f"127.0.0.1:{_BASE + 1}",
    "RMESH_TRITON__METRICS_PORT": str(_BASE + 2),
    "RMESH_GATEWAY_METRICS_PORT": str(_BASE + 101),
    "RMESH_RETRIEVER_METRICS_PORT": str(_BASE + 102),
    "RMESH_PLANNER_METRICS_PORT": str(_BASE + 103),
    "RMESH_REASONER_METRICS_PORT": str(_BASE + 104),
    "RMESH_VERIFIER_METRICS_PORT": str(_BASE + 105),
    "RMESH_LEARNER_METRICS_PORT": str(_BASE + 106),
    "RMESH_ANALYTICS_METRICS_PORT": str(_BASE + 107),
    "RMESH_HTTP_PORT": str(_BASE + 80),
}
KINDS = ("kill9", "rolling_restart", "zombie", "broker_kill9", "triton_kill9")
SERVICES = ("gateway", "planner", "retriever", "reasoner", "verifier")
#: A consumer's session timeout (runtime.kafka): a member frozen longer is a zombie.
SESSION_TIMEOUT_S = 10.0


@dataclass
class ChaosStack:
    home: Path
    #: Settings for every process of this stack (e.g. `RMESH_IN_FLIGHT_LIMITS`).
    extra: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        base = {**os.environ, **CHAOS_PORTS, "RMESH_HOME": str(self.home), "COLUMNS": "200"}
        self.env = base | self.extra

    def rmesh(self, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        env = self.env
        if args[0] not in ("up", "down", "status") and self.stack().secure:
            # A user's commands on secured brokers run as the `client` principal.
            from reasoning_mesh.infra.security import principal_env

            env = env | principal_env(self.home, "client", self.bootstrap_servers())
        return subprocess.run(
            [sys.executable, "-m", "reasoning_mesh.cli.main", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def must(self, *args: str, timeout: float = 900) -> None:
        """`rmesh ARGS`, or an `InfraError` with its output (a bench cannot go on without it)."""
        done = self.rmesh(*args, timeout=timeout)
        if done.returncode != 0:
            raise InfraError(f"rmesh {' '.join(args)} failed:\n{done.stdout}{done.stderr}")

    def stack(self) -> Stack:
        """The running stack, as `rmesh status` sees it (secured or not, its brokers)."""
        ports = MeshSettings().kafka.model_copy(
            update={"bootstrap_servers": CHAOS_PORTS["RMESH_KAFKA__BOOTSTRAP_SERVERS"]}
        )
        return Stack(MeshSettings(home=self.home, kafka=ports))

    def processes(self) -> list[dict[str, Any]]:
        """What `rmesh status --json` lists, read in process (the supervisor's files under the
        chaos home, each process probed now): polled often, so no CLI process per look."""
        return self.stack().status()

    def gateway_metric(self, name: str, kind: str) -> float | None:
        """A gateway metric of one kind, summed over the gateway replicas (their /metrics);
        None while a replica does not show it."""
        raw = json.loads(supervisor.spec_file(self.home).read_text())
        urls = [
            p["probe"]["http"]
            for p in raw["processes"]
            if p["name"] == "gateway" and "http" in p.get("probe", {})
        ]
        pattern = re.compile(rf'^{name}{{kind="{kind}"}} (\S+)$', re.MULTILINE)
        total = 0.0
        for url in urls:
            with urllib.request.urlopen(url, timeout=2) as resp:  # noqa: S310 - the stack's own
                found = pattern.search(resp.read().decode())
            if found is None:
                return None
            total += float(found.group(1))
        return total

    def bootstrap_servers(self) -> str:
        return str(supervisor.read_state(self.home)["meta"]["bootstrap_servers"])

    def wait_healthy(self, name: str, replica: int, not_pid: int | None, timeout: float = 180) -> float:
        """Seconds until (name, replica) is healthy again under a new pid (or any, if None)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            for p in self.processes():
                same = (p["name"], p["replica"]) == (name, replica)
                if same and p["healthy"] and (not_pid is None or p["pid"] != not_pid):
                    return time.monotonic() - start
            time.sleep(0.5)
        return float("nan")


@dataclass
class Injector:
    stack: ChaosStack
    rng: random.Random
    log: list[dict[str, Any]] = field(default_factory=list)

    def _pick(self, name: str) -> dict[str, Any]:
        return self.rng.choice([p for p in self.stack.processes() if p["name"] == name and p["pid"]])

    def inject(self, kind: str, service: str) -> dict[str, Any]:
        started = time.monotonic()
        if kind == "rolling_restart":
            victims = [p for p in self.stack.processes() if p["name"] == service and p["pid"]]
            recovery = 0.0
            for p in victims:  # one replica at a time, each back before the next goes
                os.kill(p["pid"], signal.SIGTERM)
                recovery += self.stack.wait_healthy(service, p["replica"], p["pid"])
            entry = {"kind": kind, "service": service, "replicas": len(victims)}
        elif kind == "zombie":
            p = self._pick("verifier")
            os.kill(p["pid"], signal.SIGSTOP)
            time.sleep(SESSION_TIMEOUT_S + 5)  # past its session: the group moves its partitions
            os.kill(p["pid"], signal.SIGCONT)
            recovery = self.stack.wait_healthy("verifier", p["replica"], None)
            entry = {"kind": kind, "service": "verifier", "replica": p["replica"]}
        else:
            name = {"broker_kill9": "kafka", "triton_kill9": "triton"}.get(kind, service)
            p = self._pick(name)
            os.kill(p["pid"], signal.SIGKILL)
            recovery = self.stack.wait_healthy(name, p["replica"], p["pid"])
            entry = {"kind": kind, "service": name, "replica": p["replica"]}
        entry |= {"recovery_s": round(recovery, 2), "took_s": round(time.monotonic() - started, 2)}
        self.log.append(entry)
        return entry


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


@dataclass
class RssSampler:
    peak: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def sample(self, processes: list[dict[str, Any]]) -> None:
        for p in processes:
            if p["pid"]:
                mb = rss_mb(p["pid"])
                if mb is not None:
                    self.peak[p["name"]] = max(self.peak[p["name"]], mb)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children, now."""
    import psutil  # type: ignore[import-untyped]

    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0.0
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            continue
    return total
