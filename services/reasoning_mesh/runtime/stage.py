"""A stage: consume (consumer group) → validate → handle → produce → commit.

Delivery: with `exactly_once` (the default) the outputs of a poll batch, its dead letters and its
consumed offsets are committed in one Kafka transaction; subscribers read `read_committed`. A stage
killed mid-batch therefore loses nothing and, after restart, re-does the batch without a duplicate
visible result. Without it, outputs are acknowledged (acks=all) before offsets are committed:
at-least-once.

Backpressure: a poll returns at most `max_in_flight` records and the next poll waits until they
are all handled and committed; a stage token bucket spaces handling further. Consumption pauses
rather than buffering without bound.

Poison messages: every failure of a record ends in a dead letter (and, through `on_failure`, a
`failed` result where the handler can name one); the consumer keeps going.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from aiokafka import TopicPartition
from aiokafka.errors import KafkaError, ProducerFenced
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential_jitter

from reasoning_mesh.contracts import dlq as dlq_topic
from reasoning_mesh.contracts import events as events_topic
from reasoning_mesh.contracts.base import Message
from reasoning_mesh.errors import MeshError, NonRetryableError, RetryableError
from reasoning_mesh.runtime.buckets import TokenBucket
from reasoning_mesh.runtime.codec import decode, encode
from reasoning_mesh.runtime.context import Context, Record
from reasoning_mesh.runtime.dlq import dead_letter
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, make_producer
from reasoning_mesh.runtime.middleware import DEFAULT_MIDDLEWARES, Middleware, chain
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.telemetry.metrics import DLQ
from reasoning_mesh.telemetry.propagation import inject

log = logging.getLogger(__name__)
M = TypeVar("M", bound=Message)

Handler = Callable[[M, Context], Awaitable[None]]
#: Called after a record is dead-lettered, with the decoded message when decoding succeeded, so the
#: service can emit a typed failure result instead of leaving a caller waiting.
FailureHook = Callable[[M | None, MeshError, Context], Awaitable[None]]


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
        self.model, self.handler, self.on_failure = model, handler, on_failure
        self._run = chain(tuple(middlewares), self._core)
        self._bucket = TokenBucket(config.rate_per_s, max(config.burst, 1.0))
        self._stopping = asyncio.Event()
        self._producer = make_producer(
            kafka, f"{service}.{config.name}",
            transactional_id=(f"{config.group_id}.{config.name}.{config.instance_id}"
                              if kafka.exactly_once else None),
        )
        self._consumer = make_consumer(kafka, *config.topics, group_id=config.group_id,
                                       client_id=f"{service}.{config.name}",
                                       max_poll_records=config.max_in_flight)
        self.started = asyncio.Event()
        self.handled = 0

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        await ensure_topics(self.kafka, (*self.config.topics, *self.config.output_topics,
                                         dlq_topic.TOPIC, events_topic.TOPIC))
        await self._producer.start()
        await self._consumer.start()
        self.started.set()

    def request_stop(self) -> None:
        self._stopping.set()

    async def close(self) -> None:
        self._stopping.set()
        await self._consumer.stop()
        await self._producer.stop()

    async def run(self) -> None:
        """Poll and process until `request_stop`; the batch in hand is always finished first."""
        if not self.started.is_set():
            await self.start()
        try:
            while not self._stopping.is_set():
                batch = await self._consumer.getmany(timeout_ms=100,
                                                     max_records=self.config.max_in_flight)
                records = [Record(m.topic, m.partition, m.offset, m.key, m.value,
                                  tuple(m.headers or ()), m.timestamp)
                           for msgs in batch.values() for m in msgs]
                if records:
                    await self._handle_batch(records)
        finally:
            await self.close()

    # -- batch ----------------------------------------------------------------------------------
    async def _handle_batch(self, records: list[Record]) -> None:
        contexts = [Context(self.config.name, self.service, r) for r in records]
        await asyncio.gather(*(self._guarded(c) for c in contexts))
        offsets = {}
        for r in records:
            tp = TopicPartition(r.topic, r.partition)
            offsets[tp] = max(offsets.get(tp, 0), r.offset + 1)
        while True:
            try:
                await self._commit(contexts, offsets)
                self.handled += len(records)
                return
            except ProducerFenced:
                log.error("stage %s fenced by a newer instance; stopping", self.config.name)
                self._stopping.set()
                raise
            except KafkaError:
                # Outputs were not committed, so nothing is visible; retry the same outputs.
                log.exception("commit of %d records failed; retrying", len(records))
                await asyncio.sleep(0.5)

    async def _commit(self, contexts: list[Context], offsets: dict[TopicPartition, int]) -> None:
        sends = [(e.topic, encode(e.value), e.key.encode() if e.key else None,
                  inject([("content-type", b"application/json"),
                          ("rmesh-schema", f"{type(e.value).__name__}/v{e.value.schema_version}"
                           .encode()),
                          ("rmesh-service", self.service.encode())], e.trace_context))
                 for c in contexts for e in c.outputs]
        if self.kafka.exactly_once:
            async with self._producer.transaction():
                for topic, value, key, headers in sends:
                    await self._producer.send(topic, value=value, key=key, headers=headers)
                await self._producer.send_offsets_to_transaction(offsets, self.config.group_id)
        else:
            futures = [await self._producer.send(t, value=v, key=k, headers=h)
                       for t, v, k, h in sends]
            await asyncio.gather(*futures)  # acks=all: durable before we commit offsets
            await self._consumer.commit(offsets)

    async def _guarded(self, ctx: Context) -> None:
        await self._bucket.acquire()
        try:
            await self._run(ctx)
        except Exception as exc:  # noqa: BLE001 - a poison record must never stop the consumer
            log.exception("middleware failure on %s@%d", ctx.record.topic, ctx.record.offset)
            self._dead_letter(ctx, NonRetryableError(f"internal error: {exc!r}"))

    # -- one record -----------------------------------------------------------------------------
    async def _core(self, ctx: Context) -> None:
        try:
            message = decode(ctx.record.value, self.model, self.kafka.max_message_bytes)
        except MeshError as exc:
            self._dead_letter(ctx, exc)
            await self._failure_hook(None, exc, ctx)
            return
        ctx.request_id = str(getattr(message, "request_id", None) or getattr(message, "id", ""))
        ctx.tenant = getattr(message, "tenant", None)
        try:
            await self._handle_with_retries(message, ctx)
        except MeshError as exc:
            self._dead_letter(ctx, exc)
            await self._failure_hook(message, exc, ctx)
        except Exception as exc:  # noqa: BLE001 - unexpected handler bugs are dead-lettered too
            log.exception("handler %s failed on %s", self.config.name, ctx.request_id)
            err = NonRetryableError(f"unexpected {type(exc).__name__}: {exc}")
            self._dead_letter(ctx, err)
            await self._failure_hook(message, err, ctx)

    async def _handle_with_retries(self, message: M, ctx: Context) -> None:
        retrying = AsyncRetrying(
            retry=retry_if_exception(lambda e: isinstance(e, RetryableError)),
            stop=stop_after_attempt(self.config.retry_attempts),
            wait=wait_exponential_jitter(initial=self.config.retry_initial_s,
                                         max=self.config.retry_max_s),
            reraise=True,
        )
        async for attempt in retrying:
            with attempt:
                ctx.attempts += 1
                ctx.outputs.clear()  # a failed attempt's partial outputs must not be sent
                await self.handler(message, ctx)

    def _dead_letter(self, ctx: Context, error: MeshError) -> None:
        ctx.outputs.clear()
        ctx.outcome = "dead_lettered"
        DLQ.labels(self.config.name, error.code).inc()
        log.warning("dead-lettering %s@%d/%d: %s", ctx.record.topic, ctx.record.partition,
                    ctx.record.offset, error)
        letter = dead_letter(ctx.record, error, self.service, ctx.attempts)
        ctx.emit(dlq_topic.TOPIC, letter,
                 key=ctx.record.key.decode("utf-8", "replace") if ctx.record.key else None)
        ctx.event("dead_lettered", reason=error.code, message=str(error)[:500])

    async def _failure_hook(self, message: M | None, error: MeshError, ctx: Context) -> None:
        if self.on_failure is None:
            return
        try:
            await self.on_failure(message, error, ctx)
        except Exception:  # noqa: BLE001 - the dead letter is already queued; don't lose it
            log.exception("on_failure hook of %s failed", self.config.name)
