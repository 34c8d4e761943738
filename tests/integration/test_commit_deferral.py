"""Records allowed to wait for their commit (the gateway's refusals) share a transaction with the
partition's next records, against the real broker: they stay invisible while they wait, a record
that may not wait takes them along at once, and stopping the stage commits what still waits.
Each output is visible exactly once."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from aiokafka import AIOKafkaProducer

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.runtime.kafka import read_to_end
from reasoning_mesh.runtime.stage import Stage, StageConfig
from reasoning_mesh.settings import KafkaSettings

from .conftest import running


class Item(Message):
    id: str
    may_wait_s: float | None = None


IN, OUT = "deferral.in", "deferral.out"


def deferring_stage(kafka: KafkaSettings, handled: Counter[str]) -> Stage[Item]:
    async def handle(msg: Item, ctx: Context) -> None:
        handled[msg.id] += 1
        ctx.emit(OUT, Item(id=msg.id), key="one")
        ctx.commit_within_s = msg.may_wait_s

    return Stage(
        service="deferral",
        kafka=kafka,
        model=Item,
        handler=handle,
        config=StageConfig(
            name="deferral",
            topics=(IN,),
            group_id=f"{kafka.topic_prefix}deferral",
            output_topics=(OUT,),
        ),
    )


async def send(kafka: KafkaSettings, items: list[Item]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=kafka.bootstrap_servers)
    await producer.start()
    try:
        for item in items:  # one key: one partition, so the records form one prefix
            await producer.send(kafka.physical(IN), item.model_dump_json().encode(), key=b"one")
        await producer.flush()
    finally:
        await producer.stop()


async def visible(kafka: KafkaSettings, after_s: float) -> Counter[str]:
    """Outputs committed (read_committed, to the last stable offset) after `after_s` seconds:
    a committed output never goes away, so what is not there by then was not committed."""
    await asyncio.sleep(after_s)
    out = kafka.physical(OUT)
    return Counter([Item.model_validate_json(r.value).id async for r in read_to_end(kafka, out)])


async def wait_handled(handled: Counter[str], n: int, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while sum(handled.values()) < n:
        assert time.monotonic() < end, f"only {sum(handled.values())} of {n} handled"
        await asyncio.sleep(0.05)


async def test_waiting_records_ride_with_the_next_one_and_a_stop_commits_the_rest(
    kafka: KafkaSettings,
) -> None:
    handled: Counter[str] = Counter()
    stage = deferring_stage(kafka, handled)
    async with running([stage]):
        await send(kafka, [Item(id=f"r{i}", may_wait_s=120) for i in range(3)])
        await wait_handled(handled, 3)
        assert await visible(kafka, 2.0) == Counter()  # done, but waiting for company
        await send(kafka, [Item(id="admitted")])  # may not wait: takes the three along
        await wait_handled(handled, 4)
        seen = await visible(kafka, 3.0)
        assert seen == Counter({"r0": 1, "r1": 1, "r2": 1, "admitted": 1})
        await send(kafka, [Item(id=f"late{i}", may_wait_s=120) for i in range(2)])
        await wait_handled(handled, 6)
        stopping = time.monotonic()
    # The stop drained what was still waiting, long before its 120 s allowance.
    assert time.monotonic() - stopping < 30
    seen = await visible(kafka, 3.0)
    assert seen == Counter({"r0": 1, "r1": 1, "r2": 1, "admitted": 1, "late0": 1, "late1": 1})
    assert all(n == 1 for n in handled.values())  # nothing was handled twice


async def test_a_waiting_record_is_committed_when_its_allowance_ends(kafka: KafkaSettings) -> None:
    handled: Counter[str] = Counter()
    async with running([deferring_stage(kafka, handled)]):
        await send(kafka, [Item(id="refusal", may_wait_s=1.0)])
        await wait_handled(handled, 1)
        # Nothing else arrives: the committer wakes for it by itself.
        assert await visible(kafka, 8.0) == Counter({"refusal": 1})


async def test_a_rebalance_commits_what_waits_before_the_partitions_move(
    kafka: KafkaSettings,
) -> None:
    """A second member joining revokes the first one's partitions: what waited is committed in
    the revocation (not after its 120 s allowance, not lost, not redone by the new owner)."""
    handled: Counter[str] = Counter()
    first = deferring_stage(kafka, handled)
    async with running([first]):
        await send(kafka, [Item(id=f"w{i}", may_wait_s=120) for i in range(3)])
        await wait_handled(handled, 3)
        assert await visible(kafka, 1.0) == Counter()  # waiting
        joined = time.monotonic()
        async with running([deferring_stage(kafka, handled)]):
            seen = await visible(kafka, 15.0)
            assert seen == Counter({"w0": 1, "w1": 1, "w2": 1})
            assert time.monotonic() - joined < 60
    assert await visible(kafka, 2.0) == Counter({"w0": 1, "w1": 1, "w2": 1})
    assert handled == Counter({"w0": 1, "w1": 1, "w2": 1})  # none redone by the new member
