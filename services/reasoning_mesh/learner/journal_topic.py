"""The learner journal's durable copy: read `rmesh.learner.journal.v1` from the beginning to its
end (read_committed) and rebuild the local cache from it."""

from __future__ import annotations

import logging

from aiokafka import AIOKafkaConsumer, TopicPartition

from reasoning_mesh.contracts import learner_journal
from reasoning_mesh.contracts.learner_journal import JournalEntry
from reasoning_mesh.errors import MeshError
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import ensure_topics, partitions_of
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


async def read_entries(kafka: KafkaSettings) -> list[JournalEntry]:
    """Every live entry of the journal topic, in log order per partition."""
    await ensure_topics(kafka, (learner_journal.TOPIC,))
    topic = kafka.physical(learner_journal.TOPIC)
    consumer = AIOKafkaConsumer(
        bootstrap_servers=kafka.bootstrap_servers,
        isolation_level="read_committed",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        parts = [TopicPartition(topic, p) for p in await partitions_of(kafka, topic)]
        consumer.assign(parts)
        await consumer.seek_to_beginning(*parts)
        ends = await consumer.end_offsets(parts)
        latest: dict[bytes, JournalEntry | None] = {}
        remaining = {tp for tp in parts if ends[tp] > 0}
        while remaining:
            batch = await consumer.getmany(*remaining, timeout_ms=500)
            for records in batch.values():
                for r in records:
                    if r.key is None:
                        continue
                    if r.value is None:
                        latest[r.key] = None
                        continue
                    try:
                        latest[r.key] = decode(r.value, JournalEntry, kafka.max_message_bytes)
                    except MeshError:
                        log.exception("skipping an unreadable journal entry")
            for tp in list(remaining):
                if await consumer.position(tp) >= ends[tp]:
                    remaining.discard(tp)
        return [e for e in latest.values() if e is not None]
    finally:
        await consumer.stop()


async def sync(kafka: KafkaSettings, journal: Journal) -> int:
    """Rebuild `journal`'s local cache from the topic; returns its base's entries."""
    n = journal.rebuild(await read_entries(kafka))
    log.info("journal of base %s rebuilt from Kafka: %d entries", journal.base, n)
    return n
