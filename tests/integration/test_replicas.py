"""Replicas of a stage share its partitions, and a zombie cannot commit.

Two members of one group each hold some partitions; a member that joins later takes partitions
from the first by a rebalance (neither dies, nothing is lost or doubled). A member whose
partition is taken over while it is busy (its producer fenced by another producer for the same
partition) drops what it held of that partition instead of committing it, rejoins the group and
redoes it: every output becomes visible once."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.runtime.stage import Stage, StageConfig
from reasoning_mesh.runtime.transactions import PartitionProducers
from reasoning_mesh.settings import KafkaSettings


class Item(Message):
    id: str


IN, OUT = "replicas.in", "replicas.out"


def echo_stage(kafka: KafkaSettings, instance: str, gate: asyncio.Event | None = None) -> Stage[Item]:
    async def handle(msg: Item, ctx: Context) -> None:
        if gate is not None:
            await gate.wait()
        ctx.emit(OUT, Item(id=msg.id), key=msg.id)

    return Stage(
        service="echo",
        kafka=kafka,
        model=Item,
        handler=handle,
        config=StageConfig(
            name="echo",
            topics=(IN,),
            group_id=f"{kafka.topic_prefix}echo",
            output_topics=(OUT,),
            instance_id=instance,
        ),
    )


async def produce(kafka: KafkaSettings, ids: list[str]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=kafka.bootstrap_servers)
    await producer.start()
    try:
        for i in ids:
            await producer.send(
                kafka.physical(IN), Item(id=i).model_dump_json().encode(), key=i.encode()
            )
        await producer.flush()
    finally:
        await producer.stop()


async def read_out(kafka: KafkaSettings, want: int, timeout: float) -> Counter[str]:
    """Every committed output, waiting up to `timeout` for `want` of them (then a little more,
    for a duplicate to show)."""
    consumer = AIOKafkaConsumer(
        kafka.physical(OUT),
        bootstrap_servers=kafka.bootstrap_servers,
        isolation_level="read_committed",
        auto_offset_reset="earliest",
        group_id=None,
    )
    await consumer.start()
    seen: Counter[str] = Counter()
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    try:
        while loop.time() < end:
            batch = await consumer.getmany(timeout_ms=500)
            for records in batch.values():
                for r in records:
                    seen[Item.model_validate_json(r.value).id] += 1
            if sum(seen.values()) >= want:
                end = min(end, loop.time() + 2)
        return seen
    finally:
        await consumer.stop()


async def test_a_second_replica_takes_partitions_without_fencing_the_first(
    kafka: KafkaSettings,
) -> None:
    kafka = kafka.model_copy(update={"topic_partitions": 4})
    await ensure_topics(kafka, (IN, OUT))
    first, second = echo_stage(kafka, "0"), echo_stage(kafka, "1")
    await first.start()
    t1 = asyncio.create_task(first.run())
    ids = [f"r{i}" for i in range(400)]
    await produce(kafka, ids[:200])
    await asyncio.sleep(2)
    await second.start()  # a rebalance: the first gives up some partitions
    t2 = asyncio.create_task(second.run())
    for _ in range(300):
        if second.assigned and first.assigned:
            break
        await asyncio.sleep(0.1)
    assert len(first.assigned) + len(second.assigned) == 4
    await produce(kafka, ids[200:])
    seen = await read_out(kafka, len(ids), timeout=60)
    for s in (first, second):
        s.request_stop()
    outcomes = await asyncio.wait_for(asyncio.gather(t1, t2, return_exceptions=True), 30)
    assert outcomes == [None, None]  # neither replica died (no ProducerFenced)
    assert set(seen) == set(ids) and max(seen.values()) == 1
    assert first.committed_records > 0 and second.committed_records > 0


async def test_a_zombie_replica_cannot_commit_what_it_held(kafka: KafkaSettings) -> None:
    kafka = kafka.model_copy(update={"topic_partitions": 1})
    await ensure_topics(kafka, (IN, OUT))
    gate = asyncio.Event()
    zombie = echo_stage(kafka, "0", gate)
    await zombie.start()
    task = asyncio.create_task(zombie.run())
    await produce(kafka, ["z1", "z2"])
    tp = TopicPartition(kafka.physical(IN), 0)
    for _ in range(100):  # until the zombie holds both records, blocked in its handler
        if sum(len(q) for q in zombie._pending.values()) == 2:
            break
        await asyncio.sleep(0.1)
    # The partition's new owner starts its producer for the same input partition: this bumps the
    # transactional id's epoch, as a member assigned the partition in a rebalance does.
    owner = PartitionProducers(
        kafka, f"owner-{uuid.uuid4().hex[:6]}", f"{kafka.topic_prefix}echo", "echo"
    )
    await owner.open([tp])
    gate.set()
    for _ in range(100):
        if zombie.fenced_commits:
            break
        await asyncio.sleep(0.1)
    # Fenced, the zombie dropped what it held and asked the group to rejoin; still the
    # partition's member, it takes it over again with a new producer (fencing the other one)
    # and redoes both records: each becomes visible once, never twice.
    seen = await read_out(kafka, 2, timeout=60)
    zombie.request_stop()
    outcome: list[Any] = await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 30)
    await owner.close()
    assert zombie.fenced_commits >= 1
    assert seen == {"z1": 1, "z2": 1}
    assert outcome == [None]  # and it did not die of it
