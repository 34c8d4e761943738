"""`rmesh up` / `down` / `status`: the broker, Triton and every service as background processes."""

from __future__ import annotations

import asyncio
import os
import sys
import urllib.request
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reasoning_mesh.contracts.topics import TOPICS
from reasoning_mesh.infra import procs
from reasoning_mesh.infra.kafka import KafkaBroker
from reasoning_mesh.infra.triton import TritonServer
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.settings import MeshSettings


@dataclass(frozen=True)
class ServiceSpec:
    name: str
    module: str
    default_metrics_port: int

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
    ServiceSpec("learner", "reasoning_mesh.learner", 9106),
)


def _alive(pid_file: Path) -> bool:
    return procs.pid_of(pid_file) is not None


def _port(hostport: str) -> int:
    return int(hostport.rsplit(":", 1)[1])


class Stack:
    def __init__(self, settings: MeshSettings | None = None) -> None:
        self.settings = settings or MeshSettings()
        home = self.settings.home.resolve()
        self.home = home
        port = _port(self.settings.kafka.bootstrap_servers)
        self.broker = KafkaBroker(home, port=port, controller_port=port + 1)
        self.triton = TritonServer(
            home,
            http_port=_port(self.settings.triton.http_url),
            grpc_port=_port(self.settings.triton.grpc_url),
            metrics_port=self.settings.triton.metrics_port,
        )

    def _pid_file(self, svc: ServiceSpec) -> Path:
        return self.home / "run" / f"{svc.name}.pid"

    def _log_file(self, svc: ServiceSpec) -> Path:
        return self.home / "logs" / f"{svc.name}.log"

    def service_ready(self, svc: ServiceSpec) -> bool:
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{svc.metrics_port}/metrics", timeout=2
            ) as resp:
                body = resp.read().decode()
        except OSError:
            return False
        return f'rmesh_ready{{service="{svc.name}"}} 1.0' in body

    def up(self, services: tuple[ServiceSpec, ...] = SERVICES) -> None:
        self.broker.start()
        asyncio.run(ensure_topics(self.settings.kafka, [t.name for t in TOPICS]))
        self.triton.start()
        env = {
            **os.environ,
            "RMESH_HOME": str(self.home),
            "RMESH_KAFKA__BOOTSTRAP_SERVERS": self.settings.kafka.bootstrap_servers,
            "PYTHONUNBUFFERED": "1",
        }
        for svc in services:
            pid_file = self._pid_file(svc)
            if procs.pid_of(pid_file) is None:
                procs.spawn(
                    [sys.executable, "-m", svc.module],
                    log_file=self._log_file(svc),
                    pid_file=pid_file,
                    env=env,
                )
        for svc in services:
            procs.wait_until(
                partial(self.service_ready, svc),
                timeout_s=120,
                what=svc.name,
                alive=partial(_alive, self._pid_file(svc)),
                log_file=self._log_file(svc),
            )

    def down(self) -> list[str]:
        stopped = [svc.name for svc in reversed(SERVICES) if procs.stop(self._pid_file(svc))]
        if self.triton.stop():
            stopped.append("triton")
        if self.broker.stop():
            stopped.append("kafka")
        return stopped

    def status(self) -> dict[str, dict[str, object]]:
        rows: dict[str, dict[str, object]] = {
            "kafka": {
                "pid": procs.pid_of(self.broker.pid_file),
                "healthy": self.broker.running(),
                "where": self.broker.bootstrap,
            },
            "triton": {
                "pid": procs.pid_of(self.triton.pid_file),
                "healthy": self.triton.ready(),
                "where": self.settings.triton.grpc_url,
            },
        }
        for svc in SERVICES:
            rows[svc.name] = {
                "pid": procs.pid_of(self._pid_file(svc)),
                "healthy": self.service_ready(svc),
                "where": f"metrics :{svc.metrics_port}",
            }
        return rows


async def consumer_lag(settings: MeshSettings) -> dict[str, int | None]:
    """Unconsumed records per consumer group (end offset minus committed offset); None for a
    group that has not committed yet. On topics written in transactions the end offset counts
    the commit marker too, so an idle group can show up to one per partition."""
    from aiokafka import AIOKafkaConsumer
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka.bootstrap_servers)
    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka.bootstrap_servers, isolation_level="read_committed"
    )
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
