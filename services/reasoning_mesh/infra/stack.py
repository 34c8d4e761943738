"""`rmesh up` / `down` / `status`: the broker, Triton and every service as background processes."""

from __future__ import annotations

import asyncio
import os
import sys
import urllib.request
from dataclasses import dataclass
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
    metrics_port: int


SERVICES = (
    ServiceSpec("retriever", "reasoning_mesh.retriever", 9102),
    ServiceSpec("gateway", "reasoning_mesh.gateway", 9101),
)


def _port(hostport: str) -> int:
    return int(hostport.rsplit(":", 1)[1])


class Stack:
    def __init__(self, settings: MeshSettings | None = None) -> None:
        self.settings = settings or MeshSettings()
        home = self.settings.home.resolve()
        self.home = home
        self.broker = KafkaBroker(home, port=_port(self.settings.kafka.bootstrap_servers))
        self.triton = TritonServer(home, http_port=_port(self.settings.triton.http_url),
                                   grpc_port=_port(self.settings.triton.grpc_url),
                                   metrics_port=self.settings.triton.metrics_port)

    def _pid_file(self, svc: ServiceSpec) -> Path:
        return self.home / "run" / f"{svc.name}.pid"

    def _log_file(self, svc: ServiceSpec) -> Path:
        return self.home / "logs" / f"{svc.name}.log"

    def service_ready(self, svc: ServiceSpec) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{svc.metrics_port}/metrics",
                                        timeout=2) as resp:
                body = resp.read().decode()
        except OSError:
            return False
        return f'rmesh_ready{{service="{svc.name}"}} 1.0' in body

    def up(self, services: tuple[ServiceSpec, ...] = SERVICES) -> None:
        self.broker.start()
        asyncio.run(ensure_topics(self.settings.kafka, [t.name for t in TOPICS]))
        self.triton.start()
        env = {**os.environ, "RMESH_HOME": str(self.home),
               "RMESH_KAFKA__BOOTSTRAP_SERVERS": self.settings.kafka.bootstrap_servers,
               "PYTHONUNBUFFERED": "1"}
        for svc in services:
            pid_file = self._pid_file(svc)
            if procs.pid_of(pid_file) is None:
                procs.spawn([sys.executable, "-m", svc.module], log_file=self._log_file(svc),
                            pid_file=pid_file, env=env)
        for svc in services:
            pid_file = self._pid_file(svc)
            procs.wait_until(lambda s=svc: self.service_ready(s), timeout_s=120, what=svc.name,
                             alive=lambda p=pid_file: procs.pid_of(p) is not None,
                             log_file=self._log_file(svc))

    def down(self) -> list[str]:
        stopped = [svc.name for svc in reversed(SERVICES) if procs.stop(self._pid_file(svc))]
        if self.triton.stop():
            stopped.append("triton")
        if self.broker.stop():
            stopped.append("kafka")
        return stopped

    def status(self) -> dict[str, dict[str, object]]:
        rows: dict[str, dict[str, object]] = {
            "kafka": {"pid": procs.pid_of(self.broker.pid_file), "healthy": self.broker.running(),
                      "where": self.broker.bootstrap},
            "triton": {"pid": procs.pid_of(self.triton.pid_file), "healthy": self.triton.ready(),
                       "where": self.settings.triton.grpc_url},
        }
        for svc in SERVICES:
            rows[svc.name] = {"pid": procs.pid_of(self._pid_file(svc)),
                              "healthy": self.service_ready(svc),
                              "where": f"metrics :{svc.metrics_port}"}
        return rows


async def consumer_lag(settings: MeshSettings) -> dict[str, int]:
    """Unconsumed records per consumer group (end offset minus committed offset)."""
    from aiokafka import AIOKafkaConsumer
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka.bootstrap_servers)
    consumer = AIOKafkaConsumer(bootstrap_servers=settings.kafka.bootstrap_servers,
                                isolation_level="read_committed")
    await admin.start()
    await consumer.start()
    try:
        lag: dict[str, int] = {}
        for group, _ in await admin.list_consumer_groups():
            offsets = await admin.list_consumer_group_offsets(group)
            if not offsets:
                continue
            ends = await consumer.end_offsets(list(offsets))
            lag[group] = sum(max(0, ends[tp] - meta.offset) for tp, meta in offsets.items())
        return lag
    finally:
        await consumer.stop()
        await admin.close()
