"""The state machine's durable store: a compacted Kafka topic, read back on start.

Writes go through the stage's transaction (the handler emits the new state with its outputs), so
the stored state always matches the committed input offsets. `restore` reads the topic from the
beginning (read_committed) up to its end offsets as of start-up."""

from __future__ import annotations

import logging
from collections import OrderedDict

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient

from reasoning_mesh.contracts import verifier_state
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


async def partitions_of(kafka: KafkaSettings, topic: str) -> list[int]:
    admin = AIOKafkaAdminClient(bootstrap_servers=kafka.bootstrap_servers)
    await admin.start()
    try:
        (described,) = await admin.describe_topics([topic])
        return sorted(p["partition"] for p in described["partitions"])
    finally:
        await admin.close()


class StateStore:
    def __init__(self, finished_cache: int = 100_000) -> None:
        self.open: dict[str, RequestState] = {}
        #: Finished requests, so a late input is recognised (bounded: their state stays on Kafka).
        self.finished: OrderedDict[str, RequestState] = OrderedDict()
        self.finished_cache = finished_cache

    def get(self, request_id: str) -> RequestState | None:
        return self.open.get(request_id) or self.finished.get(request_id)

    def put(self, state: RequestState) -> None:
        if state.phase in ("done", "failed"):
            self.open.pop(state.request_id, None)
            self.finished[state.request_id] = state
            self.finished.move_to_end(state.request_id)
            while len(self.finished) > self.finished_cache:
                self.finished.popitem(last=False)
        else:
            self.open[state.request_id] = state

    async def restore(self, kafka: KafkaSettings) -> int:
        """Load every stored state; returns how many records were read."""
        await ensure_topics(kafka, (verifier_state.TOPIC,))
        topic = kafka.physical(verifier_state.TOPIC)
        consumer = AIOKafkaConsumer(
            bootstrap_servers=kafka.bootstrap_servers,
            isolation_level="read_committed",
            enable_auto_commit=False,
            max_partition_fetch_bytes=max(kafka.max_message_bytes * 4, 1_048_576),
        )
        await consumer.start()
        try:
            parts = [TopicPartition(topic, p) for p in await partitions_of(kafka, topic)]
            consumer.assign(parts)
            await consumer.seek_to_beginning(*parts)
            # With read_committed, the end is the last stable offset: no open transaction to wait on.
            ends = await consumer.end_offsets(parts)
            remaining = {tp for tp in parts if ends[tp] > 0}
            read = 0
            while remaining:
                batch = await consumer.getmany(timeout_ms=500)
                for records in batch.values():
                    for r in records:
                        read += 1
                        self._load(r.value, kafka.max_message_bytes)
                for tp in list(remaining):
                    if await consumer.position(tp) >= ends[tp]:
                        remaining.discard(tp)
            log.info("restored %d open and %d finished requests", len(self.open), len(self.finished))
            return read
        finally:
            await consumer.stop()

    def _load(self, raw: bytes | None, max_bytes: int) -> None:
        if raw is None:
            return
        try:
            state = decode(raw, RequestState, max_bytes)
        except MeshError:
            log.exception("skipping an unreadable stored state")
            return
        known = self.get(state.request_id)
        if known is None or known.version <= state.version:
            self.put(state)
