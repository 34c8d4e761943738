"""Real infrastructure for integration tests: one Kafka broker (KRaft) and one tritonserver per
test session, on their own ports and state directory. Each test gets a unique topic prefix, so
tests never see each other's records."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from reasoning_mesh.infra.kafka import KafkaBroker
from reasoning_mesh.infra.triton import TritonServer
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.settings import KafkaSettings, TritonSettings

BROKER_PORT = 29092
TRITON_PORTS = (28000, 28001, 28002)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/integration" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session")
def infra_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("infra")


@pytest.fixture(scope="session")
def broker(infra_home: Path) -> Iterator[KafkaBroker]:
    b = KafkaBroker(infra_home, port=BROKER_PORT, controller_port=BROKER_PORT + 1)
    b.start()
    yield b
    b.stop()


@pytest.fixture(scope="session")
def triton(infra_home: Path) -> Iterator[TritonServer]:
    t = TritonServer(infra_home, *TRITON_PORTS)
    t.start()
    yield t
    t.stop()


@pytest.fixture(scope="session")
def triton_settings(triton: TritonServer) -> TritonSettings:
    return TritonSettings(
        http_url=f"127.0.0.1:{triton.http_port}",
        grpc_url=f"127.0.0.1:{triton.grpc_port}",
        metrics_port=triton.metrics_port,
    )


@pytest.fixture
def kafka(broker: KafkaBroker) -> KafkaSettings:
    return KafkaSettings(
        bootstrap_servers=broker.bootstrap, topic_prefix=f"t{uuid.uuid4().hex[:10]}.", topic_partitions=2
    )


@contextlib.asynccontextmanager
async def running(stages: Sequence[Stage[Any]]) -> AsyncIterator[None]:
    """Run stages as tasks; stop them gracefully (drain + commit) on exit."""
    for s in stages:
        await s.start()
    tasks = [asyncio.create_task(s.run()) for s in stages]
    try:
        yield
    finally:
        for s in stages:
            s.request_stop()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)


async def collect(sub: Any, n: int, timeout: float = 60.0) -> list[tuple[str, Any]]:
    """The next `n` messages of a subscription (fails the test on timeout)."""
    got: list[tuple[str, Any]] = []

    async def go() -> None:
        async for item in sub:
            got.append(item)
            if len(got) >= n:
                return

    try:
        await asyncio.wait_for(go(), timeout)
    except TimeoutError:
        pytest.fail(f"expected {n} messages within {timeout}s, got {len(got)}: {got}")
    return got
