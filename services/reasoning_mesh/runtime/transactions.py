"""One transactional producer per assigned input partition: how a stage fences zombies.

aiokafka sends `TxnOffsetCommit` without the consumer group's generation and member id (no
KIP-447; aiokafka issue #844), so a member that lost a partition in a rebalance could still
commit a transaction for it. The pre-KIP-447 remedy (Kafka Streams before 2.6, faust): the
transactional id names the *input partition* (`group.stage.topic.partition`), not the process.
Whoever is assigned a partition starts its producer; `init_transactions` bumps the id's epoch,
which (1) completes or aborts whatever transaction the previous owner left open and (2) fences
that owner: its next send or commit fails with `ProducerFenced`. Its outputs and offsets for the
partition can never become visible after the new owner took over.

The cost: one producer (a connection and a transaction-coordinator epoch) per partition held, and
one transaction per partition per commit instead of one per commit; the commits of different
partitions run concurrently.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence

from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.errors import InvalidProducerEpoch, KafkaError, ProducerFenced

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.errors import PartitionFencedError
from reasoning_mesh.runtime.codec import encode
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.runtime.kafka import make_producer
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.telemetry.propagation import inject

log = logging.getLogger(__name__)

#: What a fenced producer raises: the partition belongs to another member now.
FENCED = (ProducerFenced, InvalidProducerEpoch)

Send = tuple[str, bytes | None, bytes | None, list[tuple[str, bytes]]]


def transactional_id(group_id: str, stage: str, tp: TopicPartition) -> str:
    return f"{group_id}.{stage}.{tp.topic}.{tp.partition}"


class PartitionProducers:
    """The transactional producers of the partitions a stage holds, keyed by input partition."""

    def __init__(self, kafka: KafkaSettings, client_id: str, group_id: str, stage: str) -> None:
        self.kafka, self.client_id, self.group_id, self.stage = kafka, client_id, group_id, stage
        self._producers: dict[TopicPartition, AIOKafkaProducer] = {}
        #: Bumped each time a partition's producer is started.
        self._generations: dict[TopicPartition, int] = {}
        self._opened = 0

    async def open(self, tps: Iterable[TopicPartition]) -> None:
        """Start the producers of newly assigned partitions; each start fences the previous owner."""
        new = [tp for tp in tps if tp not in self._producers]

        async def start(tp: TopicPartition) -> None:
            producer = make_producer(
                self.kafka,
                f"{self.client_id}.p{tp.partition}",
                transactional_id=transactional_id(self.group_id, self.stage, tp),
            )
            await producer.start()  # init_transactions: waits out or aborts the old owner's txn
            self._producers[tp] = producer
            self._opened += 1
            self._generations[tp] = self._opened

        await asyncio.gather(*(start(tp) for tp in new))

    def generation(self, tp: TopicPartition) -> int | None:
        """Which start of `tp`'s producer is current (None: no producer)."""
        return self._generations.get(tp) if tp in self._producers else None

    async def close(self, tps: Iterable[TopicPartition] | None = None) -> None:
        chosen = list(self._producers) if tps is None else [t for t in tps if t in self._producers]
        producers = [self._producers.pop(tp) for tp in chosen]
        results = await asyncio.gather(*(p.stop() for p in producers), return_exceptions=True)
        for tp, result in zip(chosen, results, strict=True):
            if isinstance(result, Exception):
                log.warning("closing the producer of %s: %r", tp, result)

    async def commit(
        self,
        tp: TopicPartition,
        sends: Sequence[Send],
        offset: int,
        generation: int | None = None,
    ) -> None:
        """Outputs of `tp`'s records and its next offset in one transaction.
        `PartitionFencedError` if `tp` moved to another member (nothing of it becomes visible)."""
        producer = self._producers.get(tp)
        if producer is None:
            raise PartitionFencedError(f"no producer for {tp}: not assigned here")
        if generation is not None and self._generations.get(tp) != generation:
            raise PartitionFencedError(f"{tp} was re-assigned since these records were fetched")
        try:
            async with producer.transaction():
                futures = [
                    await producer.send(
                        self.kafka.physical(topic), value=value, key=key, headers=headers
                    )
                    for topic, value, key, headers in sends
                ]
                # A batch that failed must abort the transaction, not commit without it.
                await asyncio.gather(*futures)
                await producer.send_offsets_to_transaction({tp: offset}, self.group_id)
        except FENCED as exc:
            raise PartitionFencedError(str(exc)) from exc
        except KafkaError as exc:
            # An abortable error leaves the producer usable; a fatal one (e.g. fenced while
            # aborting) surfaces as fenced on the retry.
            if "fenced" in repr(exc).lower():
                raise PartitionFencedError(str(exc)) from exc
            raise


def sends_of(service: str, ready: Sequence[Context]) -> list[Send]:
    """The records `ready`'s outputs become: value (None: a tombstone), key and headers carrying
    the schema, the producing service and the trace context."""
    return [
        (
            e.topic,
            None if e.value is None else encode(e.value),
            e.key.encode() if e.key else None,
            inject(
                [
                    ("content-type", b"application/json"),
                    ("rmesh-schema", _schema_header(e.value)),
                    ("rmesh-service", service.encode()),
                ],
                e.trace_context,
            ),
        )
        for c in ready
        for e in c.outputs
    ]


def _schema_header(value: Message | None) -> bytes:
    if value is None:
        return b"tombstone"
    return f"{type(value).__name__}/v{value.schema_version}".encode()
