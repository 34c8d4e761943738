"""The learner journal's durable copy: read `rmesh.learner.journal.v1` from the beginning to its
end (read_committed) and rebuild the local cache from it."""

from __future__ import annotations

import logging

from reasoning_mesh.contracts import learner_journal
from reasoning_mesh.contracts.learner_journal import JournalEntry
from reasoning_mesh.errors import MeshError
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import ensure_topics, read_to_end
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


async def read_entries(kafka: KafkaSettings) -> list[JournalEntry]:
    """Every live entry of the journal topic (the latest per key)."""
    await ensure_topics(kafka, (learner_journal.TOPIC,))
    latest: dict[bytes, JournalEntry | None] = {}
    async for r in read_to_end(kafka, kafka.physical(learner_journal.TOPIC)):
        if r.key is None:
            continue
        if r.value is None:
            latest[r.key] = None
            continue
        try:
            latest[r.key] = decode(r.value, JournalEntry, kafka.max_message_bytes)
        except MeshError:
            log.exception("skipping an unreadable journal entry")
    return [e for e in latest.values() if e is not None]


async def sync(kafka: KafkaSettings, journal: Journal) -> int:
    """Rebuild `journal`'s local cache from the topic; returns its base's entries."""
    n = journal.rebuild(await read_entries(kafka))
    log.info("journal of base %s rebuilt from Kafka: %d entries", journal.base, n)
    return n
