"""Python SDK: publish requests to Kafka and subscribe to results and events.

    async with MeshClient(KafkaSettings()) as client:
        async with client.subscribe() as results:
            await client.submit(MeshRequest(id="q1", kind="retrieve", query="km in m"))
            async for topic, result in results:
                ...

Subscriptions read `read_committed` without a consumer group: every subscriber sees every record
from where it starts (the end, by default), and filters by request id.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from types import TracebackType
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from opentelemetry.trace import SpanKind

from reasoning_mesh.contracts import events, requests, results
from reasoning_mesh.contracts.base import Message
from reasoning_mesh.contracts.topics import BY_NAME
from reasoning_mesh.errors import DependencyUnavailableError, InvalidMessageError
from reasoning_mesh.runtime.codec import decode, encode
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, make_producer
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.telemetry import get_tracer
from reasoning_mesh.telemetry.propagation import inject
from reasoning_mesh.telemetry.tracetree import REQUEST_ATTR


class Subscription:
    def __init__(
        self,
        kafka: KafkaSettings,
        topics: Iterable[str],
        request_ids: set[str] | None,
        from_beginning: bool,
        model: type[Message] | None = None,
        positions: dict[tuple[str, int], int] | None = None,
    ) -> None:
        self.topics = tuple(topics)
        #: (physical topic, partition) → the next offset to read, kept up to date as records are
        #: read. A subscription given the map of an earlier one resumes where that one stopped.
        self.positions = {} if positions is None else positions
        unknown = [t for t in self.topics if model is None and t not in BY_NAME]
        if unknown:
            raise ValueError(f"topics {unknown} are not in the registry; pass model=")
        self._models = {t: model or BY_NAME[t].model for t in self.topics}
        self.request_ids = request_ids
        self._from_beginning = from_beginning
        self._consumer: AIOKafkaConsumer = make_consumer(
            kafka, group_id=None, client_id="rmesh-subscriber", max_poll_records=500
        )
        self._kafka = kafka

    async def __aenter__(self) -> Subscription:
        await ensure_topics(self._kafka, self.topics)
        await self._consumer.start()
        parts: list[TopicPartition] = []
        for logical in self.topics:
            topic = self._kafka.physical(logical)
            for _ in range(50):
                found = self._consumer.partitions_for_topic(topic)
                if found:
                    parts += [TopicPartition(topic, p) for p in sorted(found)]
                    break
                await self._consumer._client.force_metadata_update()
                await asyncio.sleep(0.1)
            else:
                raise DependencyUnavailableError(f"no partitions found for topic {topic}")
        self._consumer.assign(parts)
        fresh = [tp for tp in parts if (tp.topic, tp.partition) not in self.positions]
        if fresh and self._from_beginning:
            await self._consumer.seek_to_beginning(*fresh)
        elif fresh:
            await self._consumer.seek_to_end(*fresh)
        for tp in parts:  # past retention the consumer's reset policy applies
            if (tp.topic, tp.partition) in self.positions:
                self._consumer.seek(tp, self.positions[(tp.topic, tp.partition)])
        # Resolve positions now, so records produced after this point are never missed (by this
        # subscription, nor by one that resumes from its map).
        for tp in parts:
            self.positions[(tp.topic, tp.partition)] = await self._consumer.position(tp)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._consumer.stop()

    def __aiter__(self) -> AsyncIterator[tuple[str, Message]]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[tuple[str, Message]]:
        while True:
            batch = await self._consumer.getmany(timeout_ms=200)
            for records in batch.values():
                for rec in records:
                    self.positions[(rec.topic, rec.partition)] = rec.offset + 1
                    topic = self._kafka.logical(rec.topic)
                    parsed = self._parse(topic, rec.value)
                    if parsed is not None:
                        yield topic, parsed

    def _parse(self, topic: str, value: bytes | None) -> Message | None:
        try:
            msg = decode(value, self._models[topic], 16 * 1024 * 1024)
        except InvalidMessageError:
            return None  # the producing stage dead-letters its own bad output; skip it here
        if self.request_ids is not None and getattr(msg, "request_id", None) not in self.request_ids:
            return None
        return msg


class MeshClient:
    def __init__(self, kafka: KafkaSettings | None = None, client_id: str = "rmesh-sdk") -> None:
        self.kafka = kafka or KafkaSettings()
        self._producer = make_producer(self.kafka, client_id)
        self._started = False

    async def start(self) -> None:
        if not self._started:
            await ensure_topics(self.kafka, [requests.TOPIC, results.TOPIC, events.TOPIC])
            await self._producer.start()
            self._started = True

    async def close(self) -> None:
        if self._started:
            await self._producer.stop()
            self._started = False

    async def __aenter__(self) -> MeshClient:
        await self.start()
        return self

    async def __aexit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def submit(self, request: requests.MeshRequest, topic: str = requests.TOPIC) -> None:
        """Publish and wait for the broker's acknowledgement (acks=all)."""
        await self.publish(topic, request, key=request.id, request_id=request.id)

    async def publish(
        self, topic: str, message: Message | bytes, *, key: str | None, request_id: str | None = None
    ) -> None:
        attrs: dict[str, Any] = {"messaging.system": "kafka", "messaging.destination.name": topic}
        if request_id:
            attrs[REQUEST_ATTR] = request_id
        with get_tracer().start_as_current_span(
            f"{topic} publish", kind=SpanKind.PRODUCER, attributes=attrs
        ):
            headers = inject([("content-type", b"application/json")])
            value = message if isinstance(message, bytes) else encode(message)
            fut = await self._producer.send(
                self.kafka.physical(topic),
                value=value,
                key=key.encode() if key else None,
                headers=headers,
            )
            await fut

    def subscribe(
        self,
        topics: Iterable[str] = (results.TOPIC,),
        *,
        request_ids: set[str] | None = None,
        from_beginning: bool = False,
        model: type[Message] | None = None,
        positions: dict[tuple[str, int], int] | None = None,
    ) -> Subscription:
        """`model` decodes topics outside the registry (run-unique test or bench topics).
        `positions`: the map of an earlier subscription, to resume where it stopped (the
        subscription keeps it up to date); partitions it lacks start at the end or beginning."""
        return Subscription(self.kafka, topics, request_ids, from_beginning, model, positions)
