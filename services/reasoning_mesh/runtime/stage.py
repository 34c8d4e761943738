"""A stage: consume (consumer group) → validate → handle → produce → commit.

Pipelined: records are handled concurrently as they arrive, up to `max_in_flight` uncommitted
records; past that the fetch loop waits (backpressure pauses consumption instead of buffering), and
a stage token bucket can space handling further.

Delivery: a committer publishes, per partition, the completed *prefix* of records: their outputs,
their dead letters and the next offset, in one Kafka transaction (`exactly_once`, the default;
subscribers read `read_committed`). A record finished out of order waits for its predecessors, so
a crash at any point re-does only records whose outputs were never committed: nothing is lost, no
result is visible twice. Without transactions, outputs are acknowledged (acks=all) before offsets
are committed: at-least-once.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from aiokafka import ConsumerRebalanceListener, TopicPartition
from aiokafka.errors import KafkaError, ProducerFenced

from reasoning_mesh.contracts import dlq as dlq_topic
from reasoning_mesh.contracts import events as events_topic
from reasoning_mesh.contracts.base import Message
from reasoning_mesh.runtime.buckets import TokenBucket
from reasoning_mesh.runtime.codec import encode
from reasoning_mesh.runtime.context import Context, Record
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, make_producer
from reasoning_mesh.runtime.middleware import DEFAULT_MIDDLEWARES, Middleware
from reasoning_mesh.runtime.processor import FailureHook, Handler, RecordProcessor
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.telemetry.propagation import inject

log = logging.getLogger(__name__)
M = TypeVar("M", bound=Message)

__all__ = ["FailureHook", "Handler", "Stage", "StageConfig"]


@dataclass(frozen=True)
class StageConfig:
    name: str
    topics: tuple[str, ...]
    group_id: str
    output_topics: tuple[str, ...] = ()
    max_in_flight: int = 64
    rate_per_s: float = 0.0  # 0: unbounded
    burst: float = 64.0
    retry_attempts: int = 4
    retry_initial_s: float = 0.2
    retry_max_s: float = 2.0
    instance_id: str = "0"
    #: How long one record may take before the group thinks this member is dead (long jobs,
    #: e.g. training an adapter, need more than the 5-minute default).
    max_poll_interval_ms: int = 300_000


@dataclass
class _Slot:
    ctx: Context
    done: bool = False


class _Drain(ConsumerRebalanceListener):  # type: ignore[misc]
    """Before partitions move to another member, finish and commit what we hold of them."""

    def __init__(self, stage: Stage[Any]) -> None:
        self.stage = stage

    async def on_partitions_revoked(self, revoked: list[TopicPartition]) -> None:
        await self.stage.drain(set(revoked))

    async def on_partitions_assigned(self, assigned: list[TopicPartition]) -> None:
        return None


class Stage(Generic[M]):
    def __init__(
        self,
        *,
        service: str,
        config: StageConfig,
        kafka: KafkaSettings,
        model: type[M],
        handler: Handler[M],
        on_failure: FailureHook[M] | None = None,
        middlewares: Sequence[Middleware] = DEFAULT_MIDDLEWARES,
    ) -> None:
        self.service, self.config, self.kafka = service, config, kafka
        self.processor = RecordProcessor(
            service=service,
            stage=config.name,
            model=model,
            handler=handler,
            on_failure=on_failure,
            middlewares=tuple(middlewares),
            max_message_bytes=kafka.max_message_bytes,
            retry_attempts=config.retry_attempts,
            retry_initial_s=config.retry_initial_s,
            retry_max_s=config.retry_max_s,
        )
        self._bucket = TokenBucket(config.rate_per_s, max(config.burst, 1.0))
        self._slots = asyncio.Semaphore(config.max_in_flight)
        self._pending: dict[TopicPartition, deque[_Slot]] = {}
        self._completed = asyncio.Event()
        self._committed = asyncio.Condition()
        self._stopping = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._producer = make_producer(
            kafka,
            f"{service}.{config.name}",
            transactional_id=(
                f"{config.group_id}.{config.name}.{config.instance_id}" if kafka.exactly_once else None
            ),
        )
        self._consumer = make_consumer(
            kafka,
            group_id=config.group_id,
            client_id=f"{service}.{config.name}",
            max_poll_records=config.max_in_flight,
            max_poll_interval_ms=config.max_poll_interval_ms,
        )
        self.started = asyncio.Event()
        self.committed_records = 0

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        await ensure_topics(
            self.kafka,
            (*self.config.topics, *self.config.output_topics, dlq_topic.TOPIC, events_topic.TOPIC),
        )
        await self._producer.start()
        await self._consumer.start()
        self._consumer.subscribe(
            [self.kafka.physical(t) for t in self.config.topics], listener=_Drain(self)
        )  # type: ignore[arg-type]
        self.started.set()

    def request_stop(self) -> None:
        self._stopping.set()

    async def run(self) -> None:
        """Consume until `request_stop`; in-flight records are finished and committed first."""
        if not self.started.is_set():
            await self.start()
        committer = asyncio.create_task(self._commit_loop())
        fetcher = asyncio.create_task(self._fetch_loop())
        tasks = [fetcher, committer]
        try:
            # A committer that dies (fenced by a newer instance) must stop the stage too,
            # instead of leaving a drain waiting for commits that will never come.
            await asyncio.wait([fetcher, committer], return_when=asyncio.FIRST_COMPLETED)
            if committer.done():
                self._stopping.set()
                committer.result()  # re-raises ProducerFenced
            await fetcher
            drain = asyncio.create_task(self.drain(None))
            tasks.append(drain)
            await asyncio.wait([drain, committer], return_when=asyncio.FIRST_COMPLETED)
            if committer.done():
                committer.result()
        finally:
            for task in tasks:
                task.cancel()
            await self._consumer.stop()
            await self._producer.stop()

    async def drain(self, partitions: set[TopicPartition] | None) -> None:
        """Wait until every held record (of `partitions`, or all) is committed."""

        def empty() -> bool:
            return all(
                not q for tp, q in self._pending.items() if partitions is None or tp in partitions
            )

        async with self._committed:
            await self._committed.wait_for(empty)

    # -- consuming -----------------------------------------------------------------------------
    async def _fetch_loop(self) -> None:
        while not self._stopping.is_set():
            batch = await self._consumer.getmany(timeout_ms=100, max_records=self.config.max_in_flight)
            for tp, messages in batch.items():
                for m in messages:
                    await self._slots.acquire()  # backpressure: wait for a commit to free a slot
                    await self._bucket.acquire()
                    ctx = Context(
                        self.config.name,
                        self.service,
                        Record(
                            m.topic,
                            m.partition,
                            m.offset,
                            m.key,
                            m.value,
                            tuple(m.headers or ()),
                            m.timestamp,
                        ),
                    )
                    slot = _Slot(ctx)
                    self._pending.setdefault(tp, deque()).append(slot)
                    task = asyncio.create_task(self._process(slot))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

    async def _process(self, slot: _Slot) -> None:
        try:
            await self.processor.process(slot.ctx)
        finally:
            slot.done = True
            self._completed.set()

    # -- committing ----------------------------------------------------------------------------
    async def _commit_loop(self) -> None:
        while True:
            await self._completed.wait()
            self._completed.clear()
            ready: list[Context] = []
            offsets: dict[TopicPartition, int] = {}
            for tp, queue in self._pending.items():
                while queue and queue[0].done:
                    ctx = queue.popleft().ctx
                    ready.append(ctx)
                    offsets[tp] = ctx.record.offset + 1
            if not ready:
                continue
            await self._commit_with_retry(ready, offsets)
            self.committed_records += len(ready)
            for _ in ready:
                self._slots.release()
            async with self._committed:
                self._committed.notify_all()

    async def _commit_with_retry(self, ready: list[Context], offsets: dict[TopicPartition, int]) -> None:
        while True:
            try:
                await self._commit(ready, offsets)
                return
            except ProducerFenced:
                log.exception("stage %s fenced by a newer instance; stopping", self.config.name)
                self._stopping.set()
                raise
            except KafkaError:
                # Nothing of this transaction is visible; send the same outputs again.
                log.exception("commit of %d records failed; retrying", len(ready))
                await asyncio.sleep(0.5)

    async def _commit(self, ready: list[Context], offsets: dict[TopicPartition, int]) -> None:
        sends = [
            (
                e.topic,
                encode(e.value),
                e.key.encode() if e.key else None,
                inject(
                    [
                        ("content-type", b"application/json"),
                        ("rmesh-schema", f"{type(e.value).__name__}/v{e.value.schema_version}".encode()),
                        ("rmesh-service", self.service.encode()),
                    ],
                    e.trace_context,
                ),
            )
            for c in ready
            for e in c.outputs
        ]
        if self.kafka.exactly_once:
            async with self._producer.transaction():
                for topic, value, key, headers in sends:
                    await self._producer.send(
                        self.kafka.physical(topic), value=value, key=key, headers=headers
                    )
                await self._producer.send_offsets_to_transaction(offsets, self.config.group_id)
        else:
            futures = [
                await self._producer.send(self.kafka.physical(t), value=v, key=k, headers=h)
                for t, v, k, h in sends
            ]
            await asyncio.gather(*futures)  # acks=all: durable before offsets move
            await self._consumer.commit(offsets)
