"""A stage: consume (consumer group) → validate → handle → produce → commit.

Pipelined: records are handled concurrently as they arrive, up to `max_in_flight` uncommitted
records; past that the fetch loop waits (backpressure pauses consumption instead of buffering), and
a stage token bucket can space handling further.

Delivery: a committer publishes, per partition, the completed *prefix* of records: their outputs,
their dead letters and the next offset, in one Kafka transaction of that partition's own
transactional producer (`exactly_once`, the default; subscribers read `read_committed`; see
`transactions` for why a producer per partition). A record finished out of order waits for its
predecessors, so a crash at any point re-does only records whose outputs were never committed:
nothing is lost, no result is visible twice. Without transactions, outputs are acknowledged
(acks=all) before offsets are committed: at-least-once.

Rebalances: on assignment a partition's producer starts (fencing its previous owner), the
service's `on_assign` hook runs (e.g. the verifier restores that partition's state), and the
partition is read from its committed offset, looked up *after* the fence, so a transaction the old
owner had in flight is settled first. On revocation the held records of the partition are
committed, then its producer closes and `on_revoke` drops partition-scoped state. A partition whose
producer is fenced (this member was a zombie) has its uncommitted records dropped, not committed:
its new owner redoes them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from aiokafka import ConsumerRebalanceListener, TopicPartition
from aiokafka.errors import CommitFailedError, KafkaError

from reasoning_mesh.contracts import dlq as dlq_topic
from reasoning_mesh.contracts import events as events_topic
from reasoning_mesh.contracts.base import Message
from reasoning_mesh.errors import PartitionFencedError
from reasoning_mesh.runtime.buckets import TokenBucket
from reasoning_mesh.runtime.commits import Slot, take_ready
from reasoning_mesh.runtime.context import Context, Record
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, make_producer
from reasoning_mesh.runtime.middleware import DEFAULT_MIDDLEWARES, Middleware
from reasoning_mesh.runtime.processor import FailureHook, Handler, RecordProcessor
from reasoning_mesh.runtime.transactions import PartitionProducers, sends_of
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.telemetry.metrics import CONSUMER_LAG

log = logging.getLogger(__name__)
M = TypeVar("M", bound=Message)

__all__ = ["FailureHook", "Handler", "PartitionHook", "Stage", "StageConfig"]

#: Called with the input partitions a stage was just assigned, or is about to give up.
PartitionHook = Callable[[set[TopicPartition]], Awaitable[None]]


@dataclass(frozen=True)
class StageConfig:
    name: str
    topics: tuple[str, ...]
    group_id: str
    output_topics: tuple[str, ...] = ()
    #: Dead-letter a record whose handler wrote to a topic not in `output_topics` (the services'
    #: stages do: their broker ACLs are generated from these declarations).
    enforce_outputs: bool = False
    max_in_flight: int = 64
    rate_per_s: float = 0.0  # 0: unbounded
    burst: float = 64.0
    retry_attempts: int = 4
    retry_initial_s: float = 0.2
    retry_max_s: float = 2.0
    #: How long a record waits out a dependency that is down (`DependencyUnavailableError`:
    #: Triton restarting) before it is dead-lettered.
    outage_wait_s: float = 180.0
    instance_id: str = "0"
    #: How long one record may take before the group thinks this member is dead (long jobs,
    #: e.g. training an adapter, need more than the 5-minute default).
    max_poll_interval_ms: int = 300_000
    #: A rebalance step (restore, drain) running longer than this, or held records with no
    #: progress for `stall_timeout_s`, is a stuck member: the service's watchdog ends the process
    #: (the supervisor restarts it; uncommitted work is redone by the partitions' next owner).
    rebalance_timeout_s: float = 300.0
    stall_timeout_s: float = 900.0


class _Rebalance(ConsumerRebalanceListener):  # type: ignore[misc]
    def __init__(self, stage: Stage[Any]) -> None:
        self.stage = stage

    async def on_partitions_revoked(self, revoked: list[TopicPartition]) -> None:
        with self.stage.rebalancing():
            await self.stage.revoke(set(revoked))

    async def on_partitions_assigned(self, assigned: list[TopicPartition]) -> None:
        with self.stage.rebalancing():
            await self.stage.assign(set(assigned))


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
        on_assign: PartitionHook | None = None,
        on_revoke: PartitionHook | None = None,
    ) -> None:
        self.service, self.config, self.kafka = service, config, kafka
        self.on_assign, self.on_revoke = on_assign, on_revoke
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
            outage_wait_s=config.outage_wait_s,
            outputs=frozenset(config.output_topics) if config.enforce_outputs else None,
        )
        self._bucket = TokenBucket(config.rate_per_s, max(config.burst, 1.0))
        self._slots = asyncio.Semaphore(config.max_in_flight)
        self._pending: dict[TopicPartition, deque[Slot]] = {}
        self._completed = asyncio.Event()
        self._committed = asyncio.Condition()
        self._stopping = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        #: Partitions whose records may be handled: assigned, fenced-in and positioned.
        self._ready: set[TopicPartition] = set()
        #: Partitions whose producer was fenced: their held records are dropped, not committed.
        self._fenced: set[TopicPartition] = set()
        #: The next offset expected per partition; a record below it is a stale prefetch.
        self._next: dict[TopicPartition, int] = {}
        #: Bumped on every assignment and revocation of a partition: a record fetched under an
        #: older generation is never handled (it is fetched again from the committed offset).
        self._gen: dict[TopicPartition, int] = {}
        #: Commits under way per partition: a revocation waits for them too.
        self._committing: dict[TopicPartition, int] = {}
        #: Drains waiting: nothing may wait to be committed meanwhile.
        self._draining = 0
        #: Set when a rebalance step failed: the stage stops (and the supervisor restarts it)
        #: rather than leave partitions paused that nobody will resume.
        self._fatal: BaseException | None = None
        client_id = f"{service}.{config.name}.{config.instance_id}"
        self._txn = PartitionProducers(kafka, client_id, config.group_id, config.name)
        # At-least-once mode shares one idempotent producer; exactly-once uses `_txn`.
        self._producer = None if kafka.exactly_once else make_producer(kafka, client_id)
        self._consumer = make_consumer(
            kafka,
            group_id=config.group_id,
            client_id=client_id,
            max_poll_records=config.max_in_flight,
            max_poll_interval_ms=config.max_poll_interval_ms,
        )
        self.started = asyncio.Event()
        #: When the rebalance step under way began (None: none), and the last sign of progress
        #: (a record finished, a commit went through): what the watchdog reads.
        self.rebalancing_since: float | None = None
        self.progress_at = time.monotonic()
        self.committed_records = 0
        #: Commits refused because this member's producer for the partition was fenced.
        self.fenced_commits = 0

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        await ensure_topics(
            self.kafka,
            (*self.config.topics, *self.config.output_topics, dlq_topic.TOPIC, events_topic.TOPIC),
        )
        if self._producer is not None:
            await self._producer.start()
        await self._consumer.start()
        self._consumer.subscribe(
            [self.kafka.physical(t) for t in self.config.topics], listener=_Rebalance(self)
        )  # type: ignore[arg-type]
        self.started.set()

    async def assign(self, tps: set[TopicPartition]) -> None:
        """Fence the partitions' previous owners, run `on_assign`, then read from the committed
        offsets as they stand after the fence. Paused meanwhile: a record fetched from a position
        looked up before the fence must not be handled, and one skipped after the seek would be
        lost."""
        self._consumer.pause(*tps)
        self._fenced -= tps
        for tp in tps:
            self._gen[tp] = self._gen.get(tp, 0) + 1
        try:
            if self.kafka.exactly_once:
                await self._txn.open(tps)
            if self.on_assign is not None:
                await self.on_assign(tps)
            for tp in tps:
                committed = await self._consumer.committed(tp)
                if committed is None:
                    await self._consumer.seek_to_beginning(tp)
                    self._next[tp] = 0
                else:
                    self._consumer.seek(tp, committed)
                    self._next[tp] = committed
        except Exception as exc:
            # aiokafka swallows a listener's exception and would leave these partitions paused.
            log.exception("%s: taking over %s failed; stopping", self.config.name, sorted(tps))
            self._fatal = exc
            self._stopping.set()
            return
        self._ready |= tps
        self._consumer.resume(*tps)
        log.info("%s: assigned %s", self.config.name, sorted(tp.partition for tp in tps))

    async def revoke(self, tps: set[TopicPartition]) -> None:
        """Commit what is held of the partitions, then let them go."""
        self._ready -= tps
        for tp in tps:
            self._gen[tp] = self._gen.get(tp, 0) + 1
        await self.drain(tps)
        await self._txn.close(tps)
        if self.on_revoke is not None:
            await self.on_revoke(tps)
        for tp in tps:
            self._next.pop(tp, None)

    @property
    def assigned(self) -> frozenset[TopicPartition]:
        """The input partitions this member handles now."""
        return frozenset(self._ready)

    def request_stop(self) -> None:
        self._stopping.set()

    @contextlib.contextmanager
    def rebalancing(self) -> Iterator[None]:
        """A rebalance step (assign or revoke) under way: timed for the watchdog."""
        self.rebalancing_since = time.monotonic()
        try:
            yield
        finally:
            self.rebalancing_since = None

    def stalled(self, now: float) -> str | None:
        """Why this member looks stuck (None: it does not)."""
        # Never shorter than one record may legitimately take (a training job), which a revoke
        # waits for too.
        record_s = self.config.max_poll_interval_ms / 1000 + 60
        if self.rebalancing_since is not None:
            took = now - self.rebalancing_since
            if took > max(self.config.rebalance_timeout_s, record_s):
                return f"{self.config.name}: a rebalance step has run for {took:.0f}s"
        held = sum(len(q) for q in self._pending.values()) + sum(self._committing.values())
        idle = now - self.progress_at
        if held and idle > max(self.config.stall_timeout_s, record_s):
            return f"{self.config.name}: {held} records held, no progress for {idle:.0f}s"
        return None

    async def run(self) -> None:
        """Consume until `request_stop`; in-flight records are finished and committed first."""
        if not self.started.is_set():
            await self.start()
        committer = asyncio.create_task(self._commit_loop())
        fetcher = asyncio.create_task(self._fetch_loop())
        tasks = [fetcher, committer]
        try:
            # A committer that dies (an unexpected error) must stop the stage too, instead of
            # leaving a drain waiting for commits that will never come.
            await asyncio.wait([fetcher, committer], return_when=asyncio.FIRST_COMPLETED)
            if committer.done():
                self._stopping.set()
                committer.result()  # re-raises the committer's error
            await fetcher
            drain = asyncio.create_task(self.drain(None))
            tasks.append(drain)
            await asyncio.wait([drain, committer], return_when=asyncio.FIRST_COMPLETED)
            if committer.done():
                committer.result()
            if self._fatal is not None:
                raise self._fatal
        finally:
            for task in tasks:
                task.cancel()
            await self._consumer.stop()
            await self._txn.close()
            if self._producer is not None:
                await self._producer.stop()

    async def drain(self, partitions: set[TopicPartition] | None) -> None:
        """Wait until every held record (of `partitions`, or all) is committed."""

        def empty() -> bool:
            chosen = [
                tp
                for tp in {*self._pending, *self._committing}
                if partitions is None or tp in partitions
            ]
            return all(not self._pending.get(tp) and not self._committing.get(tp) for tp in chosen)

        self._draining += 1  # records allowed to wait are committed now
        self._completed.set()
        try:
            async with self._committed:
                await self._committed.wait_for(empty)
        finally:
            self._draining -= 1

    # -- consuming -----------------------------------------------------------------------------
    def _observe_lag(self) -> None:
        total = 0
        for tp in self._consumer.assignment():
            high = self._consumer.highwater(tp)  # None until a fetch of tp has returned
            if high is not None:
                total += max(0, high - self._next.get(tp, high))
        CONSUMER_LAG.labels(self.config.name).set(total)

    async def _fetch_loop(self) -> None:
        while not self._stopping.is_set():
            batch = await self._consumer.getmany(timeout_ms=100, max_records=self.config.max_in_flight)
            self._observe_lag()
            for tp, messages in batch.items():
                gen = self._gen.get(tp)
                for m in messages:
                    if tp not in self._ready or self._gen.get(tp) != gen:
                        break  # moved, or re-seeked since this batch was fetched: fetched again
                    await self._slots.acquire()  # backpressure: wait for a commit to free a slot
                    await self._bucket.acquire()
                    stale = self._gen.get(tp) != gen or m.offset < self._next.get(tp, 0)
                    if tp not in self._ready or stale:
                        self._slots.release()  # moved away, or fetched before a seek: not ours
                        continue
                    self._next[tp] = m.offset + 1
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
                    slot = Slot(ctx)
                    self._pending.setdefault(tp, deque()).append(slot)
                    task = asyncio.create_task(self._process(slot))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

    async def _process(self, slot: Slot) -> None:
        try:
            await self.processor.process(slot.ctx)
        finally:
            slot.done, slot.done_at = True, time.monotonic()
            self.progress_at = slot.done_at
            self._completed.set()

    # -- committing ----------------------------------------------------------------------------
    async def _commit_loop(self) -> None:
        wake_at: float | None = None
        while True:
            # Woken by a finished record, or when records allowed to wait must be committed.
            timeout = None if wake_at is None else max(0.0, wake_at - time.monotonic())
            # `asyncio.timeout`, not `wait_for`: on 3.11 `wait_for` can swallow a cancellation
            # that arrives as the event is set, and the stage's stop cancels this loop.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._completed.wait()
            self._completed.clear()
            chosen = take_ready(
                self._pending,
                self._fenced,
                time.monotonic(),
                flush=self._draining > 0 or self._stopping.is_set(),
                defer_cap=self.config.max_in_flight // 2,
            )
            wake_at, ready, dropped = chosen.wake_at, chosen.ready, chosen.dropped
            if not ready and not dropped:
                continue
            for tp in ready:  # counted before any await: a drain sees pending or committing
                self._committing[tp] = self._committing.get(tp, 0) + 1
            try:
                done = await asyncio.gather(
                    *(self._commit_with_retry(tp, ctxs) for tp, ctxs in ready.items())
                )
            finally:
                for tp in ready:
                    self._committing[tp] -= 1
            self.progress_at = time.monotonic()
            self.committed_records += sum(
                len(c) for c, ok in zip(ready.values(), done, strict=True) if ok
            )
            for _ in range(dropped + sum(map(len, ready.values()))):
                self._slots.release()
            async with self._committed:
                self._committed.notify_all()

    async def _commit_with_retry(self, tp: TopicPartition, ready: list[Context]) -> bool:
        """Commit `ready` (all records of `tp`); False if `tp`'s producer was fenced."""
        # Every attempt goes through the producer the first one used: if `tp` was revoked and
        # assigned again meanwhile, its new producer belongs to records fetched anew.
        generation = self._txn.generation(tp)
        while True:
            try:
                await self._commit(tp, ready, generation)
                return True
            except PartitionFencedError as exc:
                # A zombie: another member owns `tp` now and has redone or will redo these records.
                log.warning(
                    "%s: producer of %s fenced (%s); dropping %d records",
                    self.config.name,
                    tp,
                    exc,
                    len(ready),
                )
                self.fenced_commits += 1
                self._fenced.add(tp)
                self._ready.discard(tp)
                if tp in self._consumer.assignment():
                    self._consumer.pause(tp)
                    # Still ours by the group's last word (e.g. a transaction timed out): rejoin,
                    # so a rebalance revokes and re-assigns it with a fresh producer.
                    coordinator = getattr(self._consumer, "_coordinator", None)
                    if coordinator is not None:
                        coordinator.request_rejoin()
                if self._txn.generation(tp) == generation:
                    await self._txn.close([tp])
                return False
            except KafkaError:
                # Nothing of this transaction is visible; send the same outputs again.
                log.exception("commit of %d records of %s failed; retrying", len(ready), tp)
                await asyncio.sleep(0.5)

    async def _commit(self, tp: TopicPartition, ready: list[Context], generation: int | None) -> None:
        sends = sends_of(self.service, ready)
        offset = ready[-1].record.offset + 1
        if self.kafka.exactly_once:
            await self._txn.commit(tp, sends, offset, generation)
            return
        assert self._producer is not None
        futures = [
            await self._producer.send(self.kafka.physical(t), value=v, key=k, headers=h)
            for t, v, k, h in sends
        ]
        await asyncio.gather(*futures)  # acks=all: durable before offsets move
        try:
            await self._consumer.commit({tp: offset})
        except CommitFailedError as exc:
            # The group moved `tp` on (this member was too slow or frozen): its new owner
            # redoes these records; at-least-once allows the duplicates already sent.
            raise PartitionFencedError(str(exc)) from exc
