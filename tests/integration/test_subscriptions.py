"""A subscription resumes where an earlier one stopped when given its positions: the gateway's
results feed, subscribed again after a failure, still sees the results of the gap (each frees an
in-flight slot; from the end they were missed and held their slot until its maximum age)."""

from __future__ import annotations

from reasoning_mesh.contracts import results
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.runtime.kafka import partitions_of
from reasoning_mesh.settings import KafkaSettings

from .conftest import collect


async def test_a_subscription_resumes_from_an_earlier_ones_positions(kafka: KafkaSettings) -> None:
    positions: dict[tuple[str, int], int] = {}
    async with MeshClient(kafka) as mesh:
        async with mesh.subscribe((results.TOPIC,), positions=positions) as sub:
            await mesh.publish(results.TOPIC, MeshResult(request_id="before", status="ok"), key="before")
            assert [m.request_id for _, m in await collect(sub, 1)] == ["before"]
        partitions = await partitions_of(kafka, kafka.physical(results.TOPIC))
        assert len(partitions) > 1 and len(positions) == len(partitions)  # every one placed
        assert sum(positions.values()) == 1  # and one record read
        gap = [f"gap-{i}" for i in range(6)]  # keyed over several partitions
        for rid in gap:
            await mesh.publish(results.TOPIC, MeshResult(request_id=rid, status="ok"), key=rid)
        async with (
            mesh.subscribe((results.TOPIC,), positions=positions) as resumed,
            mesh.subscribe((results.TOPIC,)) as fresh,
        ):
            assert sorted(m.request_id for _, m in await collect(resumed, len(gap))) == gap
            await mesh.publish(results.TOPIC, MeshResult(request_id="after", status="ok"), key="after")
            # A subscription without positions starts at the end: it sees only what came after.
            assert [m.request_id for _, m in await collect(fresh, 1)] == ["after"]
            assert [m.request_id for _, m in await collect(resumed, 1)] == ["after"]
