"""`rmesh up` / `down` / `status`: brokers, Triton and N replicas of every service, supervised."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from dataclasses import dataclass
from typing import Any

from reasoning_mesh.contracts.topics import TOPICS
from reasoning_mesh.errors import InfraError
from reasoning_mesh.infra import procs, supervisor
from reasoning_mesh.infra.kafka import KafkaBroker
from reasoning_mesh.infra.kafka import cluster as kafka_cluster
from reasoning_mesh.infra.supervisor import ProcSpec
from reasoning_mesh.infra.triton import TritonServer
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.settings import KafkaSettings, MeshSettings


@dataclass(frozen=True)
class ServiceSpec:
    name: str
    module: str
    default_metrics_port: int
    #: Background work (usage analytics, adapter training) yields the cores to the serving path
    #: when they are contended, as a lower QoS class would: nice 10 weighs about a tenth of 0.
    default_nice: int = 0

    @property
    def nice(self) -> int:
        return int(os.environ.get(f"RMESH_{self.name.upper()}_NICE", self.default_nice))

    @property
    def metrics_port(self) -> int:
        # The same variable the service's own settings read (e.g. RMESH_GATEWAY_METRICS_PORT).
        return int(os.environ.get(f"RMESH_{self.name.upper()}_METRICS_PORT", self.default_metrics_port))


SERVICES = (
    ServiceSpec("retriever", "reasoning_mesh.retriever", 9102),
    ServiceSpec("reasoner", "reasoning_mesh.reasoner", 9104),
    ServiceSpec("verifier", "reasoning_mesh.verifier", 9105),
    ServiceSpec("planner", "reasoning_mesh.planner", 9103),
    ServiceSpec("gateway", "reasoning_mesh.gateway", 9101),
    ServiceSpec("learner", "reasoning_mesh.learner", 9106, default_nice=10),
    ServiceSpec("analytics", "reasoning_mesh.analytics", 9107, default_nice=10),
)


def _broker_ports(b: KafkaBroker) -> dict[str, int]:
    return {"broker": b.port, "controller": b.controller_port}


def _port(hostport: str) -> int:
    return int(hostport.split(",", maxsplit=1)[0].rsplit(":", 1)[1])


def parse_replicas(text: str) -> dict[str, int]:
    """`verifier=3,reasoner=2` → {"verifier": 3, "reasoner": 2} (every other service: 1)."""
    names = {s.name for s in SERVICES}
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, n = part.partition("=")
        if name not in names or not n.isdigit() or not 1 <= int(n) <= 16:
            raise InfraError(f"--replicas wants service=N (N 1..16) for {sorted(names)}; got {part!r}")
        out[name] = int(n)
    return out


#: Replica r of a service listens for metrics on its port + 100 r (the gateway's HTTP on + r).
REPLICA_PORT_STRIDE = 100


class Stack:
    """The local stack. `rmesh up` writes what to run and starts a supervisor that runs it; later
    calls (`status`, `down`) find it through the supervisor's files under `RMESH_HOME/run`."""

    def __init__(
        self,
        settings: MeshSettings | None = None,
        brokers: int | None = None,
        replicas: dict[str, int] | None = None,
        secure: bool | None = None,
    ) -> None:
        self.settings = settings or MeshSettings()
        self.home = self.settings.home.resolve()
        meta = supervisor.read_state(self.home).get("meta", {}) if self.supervised() else {}
        self.n_brokers = brokers or int(meta.get("brokers", 1))
        self.replicas = {**meta.get("replicas", {}), **(replicas or {})}
        #: SASL/SCRAM brokers with ACLs, every service its own principal: by default the
        #: multi-broker (production-like) mode is secured, the single dev broker is not.
        default = bool(meta["secure"]) if "secure" in meta else self.n_brokers >= 3
        self.secure = default if secure is None else secure
        self.brokers = kafka_cluster(
            self.home, self.n_brokers, _port(self.settings.kafka.bootstrap_servers), self.secure
        )
        self.triton = TritonServer(
            self.home,
            http_port=_port(self.settings.triton.http_url),
            grpc_port=_port(self.settings.triton.grpc_url),
            metrics_port=self.settings.triton.metrics_port,
        )

    @property
    def replication_factor(self) -> int:
        """Copies of each of the mesh's topics: 3 on three or more brokers."""
        return min(3, self.n_brokers)

    @property
    def bootstrap_servers(self) -> str:
        return ",".join(b.bootstrap for b in self.brokers)

    def admin_kafka(self) -> KafkaSettings:
        """The stack's brokers as its operator reaches them (`admin` when secured)."""
        kafka = self.settings.kafka.model_copy(
            update={
                "bootstrap_servers": self.bootstrap_servers,
                "replication_factor": self.replication_factor,
            }
        )
        if not self.secure:
            return kafka
        from reasoning_mesh.infra.security import ADMIN, principal_settings

        return principal_settings(kafka, self.home, ADMIN)

    def kafka_as(self, principal: str) -> KafkaSettings:
        """The stack's brokers as `principal` reaches them (plain brokers: anyone)."""
        if not self.secure:
            return self.admin_kafka()
        from reasoning_mesh.infra.security import principal_settings

        return principal_settings(self.admin_kafka(), self.home, principal)

    def supervised(self) -> bool:
        return procs.pid_of(supervisor.pid_file(self.home)) is not None

    def _service_env(self, svc: ServiceSpec, replica: int) -> dict[str, str]:
        env = {
            **procs.inherited_env(),
            "RMESH_HOME": str(self.home),
            "RMESH_KAFKA__BOOTSTRAP_SERVERS": self.bootstrap_servers,
            "RMESH_KAFKA__REPLICATION_FACTOR": str(self.replication_factor),
            "RMESH_INSTANCE_ID": str(replica),
            f"RMESH_{svc.name.upper()}_METRICS_PORT": str(self.metrics_port(svc, replica)),
            "PYTHONUNBUFFERED": "1",
        }
        if svc.name == "gateway":
            env["RMESH_HTTP_PORT"] = str(self._http_port() + replica)
        return env

    def _http_port(self) -> int:
        return int(os.environ.get("RMESH_HTTP_PORT", "8080"))

    def metrics_port(self, svc: ServiceSpec, replica: int) -> int:
        return svc.metrics_port + REPLICA_PORT_STRIDE * replica

    def _triton_ports(self) -> dict[str, int]:
        t = self.triton
        return {"http": t.http_port, "grpc": t.grpc_port, "metrics": t.metrics_port}

    def specs(self) -> list[ProcSpec]:
        out = [
            ProcSpec(
                "kafka",
                i,
                b.command(),
                procs.inherited_env(),
                str(b.log_file),
                _broker_ports(b),
                tier=0,
                stop_timeout_s=60,
                probe={"kafka": b.bootstrap} | ({"secure_home": str(self.home)} if self.secure else {}),
            )
            for i, b in enumerate(self.brokers)
        ]
        cmd, env = self.triton.command()
        t = self.triton
        out.append(
            ProcSpec(
                "triton",
                0,
                cmd,
                env,
                str(t.log_file),
                self._triton_ports(),
                tier=1,
                probe={"http": f"http://127.0.0.1:{t.http_port}/v2/health/ready"},
            )
        )
        return out + self.service_specs()

    def service_specs(self) -> list[ProcSpec]:
        """Every replica of every service: its command, environment, ports and probe."""
        out: list[ProcSpec] = []
        for svc in SERVICES:
            for r in range(self.replicas.get(svc.name, 1)):
                port = self.metrics_port(svc, r)
                ports = {"metrics": port} | (
                    {"http": self._http_port() + r} if svc.name == "gateway" else {}
                )
                out.append(
                    ProcSpec(
                        svc.name,
                        r,
                        [sys.executable, "-m", svc.module],
                        self._service_env(svc, r),
                        str(self.home / "logs" / f"{svc.name}-{r}.log"),
                        ports,
                        tier=2,
                        nice=svc.nice,
                        # Its own principal on secured brokers; the supervisor adds the
                        # password when it starts the process (it is in no spec file).
                        principal=svc.name if self.secure else "",
                        probe={
                            "http": f"http://127.0.0.1:{port}/metrics",
                            "contains": f'rmesh_ready{{service="{svc.name}"}} 1.0',
                        },
                    )
                )
        return out

    def up(self, timeout_s: float = 400.0) -> None:
        if self.supervised():
            running = supervisor.read_state(self.home).get("meta", {})
            wanted = {"brokers": self.n_brokers, "replicas": self.replicas, "secure": self.secure}
            if {k: running.get(k) for k in wanted} != wanted:
                raise InfraError(f"the stack runs with {running}; `rmesh down` before {wanted}")
        else:
            # A port another stack holds would make this one crash-loop while its probes, which
            # ask the port, found the other stack healthy: refused before anything starts.
            if taken := self.taken_ports():
                raise InfraError(
                    f"port(s) {', '.join(taken)} taken by another process (another stack: "
                    "`rmesh down` with its RMESH_HOME, or set this one's ports)"
                )
            meta = {
                "brokers": self.n_brokers,
                "replicas": self.replicas,
                "bootstrap_servers": self.bootstrap_servers,
                "secure": self.secure,
            }
            if self.secure:
                from reasoning_mesh.infra.security import passwords

                # Made once, before any broker formats its storage (its SCRAM credentials).
                formatted = any((b.data_dir / "log" / "meta.properties").exists() for b in self.brokers)
                passwords(self.home, create=not formatted)
            supervisor.write_specs(self.home, self.specs(), meta)
            procs.spawn(
                [sys.executable, "-m", "reasoning_mesh.infra.supervisor", str(self.home)],
                log_file=self.home / "logs" / "supervisor.log",
                pid_file=supervisor.pid_file(self.home),
                env={**procs.inherited_env(), "PYTHONUNBUFFERED": "1"},
            )

        def healthy() -> bool:
            rows = self.status()
            return len(rows) == len(self._probes()) and all(r["healthy"] for r in rows)

        procs.wait_until(
            healthy,
            timeout_s=timeout_s,
            what="the stack",
            alive=self.supervised,
            log_file=self.home / "logs" / "supervisor.log",
        )
        asyncio.run(ensure_topics(self.admin_kafka(), [t.name for t in TOPICS]))

    def taken_ports(self) -> list[str]:
        """`name[replica] kind port` for every port this stack would listen on that is in use."""
        # From the plan alone: `specs()` would format brokers' storage and copy Triton's
        # backends, and a refused `up` must leave nothing behind.
        planned = [
            *((f"kafka-{i}", _broker_ports(b)) for i, b in enumerate(self.brokers)),
            ("triton-0", self._triton_ports()),
            *((spec.key, spec.ports) for spec in self.service_specs()),
        ]
        return [
            f"{key} {kind} {port}"
            for key, ports in planned
            for kind, port in ports.items()
            if procs.port_open("127.0.0.1", port)
        ]

    def down(self) -> list[str]:
        stopped: list[str] = []
        if self.supervised():
            names = [p["name"] for p in supervisor.read_state(self.home).get("processes", [])]
            procs.stop(supervisor.pid_file(self.home), timeout_s=180)
            stopped = list(dict.fromkeys(reversed(names)))
        # Processes a pre-supervisor `rmesh up` left behind (pid files).
        for svc in reversed(SERVICES):
            if procs.stop(self.home / "run" / f"{svc.name}.pid"):
                stopped.append(svc.name)
        if self.triton.stop():
            stopped.append("triton")
        if self.brokers[0].stop():
            stopped.append("kafka")
        return stopped

    def status(self) -> list[dict[str, Any]]:
        """Every process the supervisor runs, with its health (probed now)."""
        state = supervisor.read_state(self.home) if self.supervised() else {}
        probes = self._probes() if state else {}
        rows = []
        for p in state.get("processes", []):
            spec = probes.get((p["name"], p["replica"]))
            healthy = p["pid"] is not None and spec is not None and supervisor.probe(spec)
            rows.append({**p, "healthy": healthy})
        return rows

    def _probes(self) -> dict[tuple[str, int], dict[str, str]]:
        """(name, replica) → readiness probe, as `rmesh up` wrote them."""
        raw = json.loads(supervisor.spec_file(self.home).read_text())
        return {(p["name"], p["replica"]): p.get("probe", {}) for p in raw["processes"]}


async def consumer_lag(kafka: KafkaSettings) -> dict[str, int | None]:
    """Unconsumed records per consumer group (end offset minus committed offset); None for a
    group that has not committed yet. On topics written in transactions the end offset counts
    the commit markers too: an idle group shows those after its last record read (one per
    transaction that ended there, two where two overlapped)."""
    from aiokafka import AIOKafkaConsumer
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(**kafka.client_options())
    consumer = AIOKafkaConsumer(**kafka.client_options(), isolation_level="read_committed")
    await admin.start()
    await consumer.start()
    try:
        lag: dict[str, int | None] = {}
        for group, _ in await admin.list_consumer_groups():
            offsets = await admin.list_consumer_group_offsets(group)
            if not offsets:
                lag[group] = None
                continue
            ends = await consumer.end_offsets(list(offsets))
            lag[group] = sum(max(0, ends[tp] - meta.offset) for tp, meta in offsets.items())
        return lag
    finally:
        await consumer.stop()
        await admin.close()
