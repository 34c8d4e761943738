"""Background tasks a process keeps for its whole life (a registry copy, a results fan-out, a
periodic report): restarted after any failure, which is logged, and stopped by cancellation;
and the way such a task reads a compacted topic as a table."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from aiokafka import TopicPartition

from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, partitions_of
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


class Resilient:
    """Subclasses give `_follow` (it runs until cancelled) and name what they do in `what`."""

    what = "a background task"

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:  # it must outlive any one bad moment of the broker
            try:
                await self._follow()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed; starting it again", self.what)
                await asyncio.sleep(1.0)

    async def _follow(self) -> None:
        raise NotImplementedError


async def follow_table(
    kafka: KafkaSettings,
    logical: str,
    client_id: str,
    apply: Callable[[bytes | None, bytes | None], None],
    ready: asyncio.Event,
) -> None:
    """Read a compacted topic from its beginning into `apply` (key, value; None: a tombstone),
    then follow it; `ready` is set once the copy has caught up with the topic as it was at
    start."""
    await ensure_topics(kafka, [logical])
    topic = kafka.physical(logical)
    parts = [TopicPartition(topic, p) for p in await partitions_of(kafka, topic)]
    consumer = make_consumer(kafka, group_id=None, client_id=client_id)
    await consumer.start()
    try:
        consumer.assign(parts)
        await consumer.seek_to_beginning(*parts)
        ends = await consumer.end_offsets(parts)
        behind = {tp for tp in parts if ends[tp] > 0}
        while True:
            if not behind:
                ready.set()
            batch = await consumer.getmany(timeout_ms=500)
            for records in batch.values():
                for rec in records:
                    apply(rec.key, rec.value)
            for tp in list(behind):
                if await consumer.position(tp) >= ends[tp]:
                    behind.discard(tp)
    finally:
        await consumer.stop()
