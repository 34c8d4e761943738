"""The state machine's durable store: a compacted Kafka topic, partition-scoped.

Inbox and state topics have the same partition count and are keyed by request id, so a request's
inputs and its state share a partition number. A verifier holds state only for the inbox
partitions assigned to it: on assignment it reads those state partitions from the beginning
(read_committed) to their end, before handling any of their inputs; on revocation it forgets them.
Writes go through the stage's transaction (the handler emits the new state with its outputs), so
the stored state always matches the committed input offsets.

Bounded: a finished request's state is tombstoned after a grace period (`grace_s`); the tombstone
itself is the finished-marker (a compacted topic keeps tombstones for `delete.retention.ms`), and
the ids of tombstoned requests are kept in memory (bounded) so a late or redelivered input is
recognised instead of starting the request again. Restore time follows open requests, not history.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field

from reasoning_mesh.contracts import verifier_state
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import ensure_topics, partitions_of, read_to_end
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


@dataclass
class PartitionState:
    open: dict[str, RequestState] = field(default_factory=dict)
    #: Finished and not yet tombstoned: state, and when it finished (wall clock, seconds).
    finished: OrderedDict[str, tuple[RequestState, float]] = field(default_factory=OrderedDict)
    #: Tombstoned: the state is gone, the id is remembered (bounded, oldest forgotten first).
    gone: OrderedDict[str, None] = field(default_factory=OrderedDict)


class StateStore:
    def __init__(self, finished_cache: int = 100_000, grace_s: float = 60.0) -> None:
        self.parts: dict[int, PartitionState] = {}
        self.finished_cache, self.grace_s = finished_cache, grace_s
        #: Records read by the last restore, and how long it took (for `rmesh bench restore`).
        self.last_restore: tuple[int, float] = (0, 0.0)

    def _part(self, partition: int) -> PartitionState:
        return self.parts.setdefault(partition, PartitionState())

    def get(self, partition: int, request_id: str) -> RequestState | None:
        p = self.parts.get(partition)
        if p is None:
            return None
        if request_id in p.open:
            return p.open[request_id]
        held = p.finished.get(request_id)
        return held[0] if held else None

    def is_finished(self, partition: int, request_id: str) -> bool:
        """Finished, whether its state is still held or already tombstoned."""
        p = self.parts.get(partition)
        return p is not None and (request_id in p.finished or request_id in p.gone)

    def put(self, partition: int, state: RequestState, now: float | None = None) -> None:
        p = self._part(partition)
        if state.phase in ("done", "failed"):
            p.open.pop(state.request_id, None)
            p.finished[state.request_id] = (state, time.time() if now is None else now)
            p.finished.move_to_end(state.request_id)
        else:
            p.open[state.request_id] = state

    def due(self, partition: int, now: float, limit: int = 64) -> list[str]:
        """Finished requests past their grace period, oldest first (at most `limit`), now
        remembered as tombstoned: the caller writes their tombstones."""
        p = self.parts.get(partition)
        out: list[str] = []
        if p is None:
            return out
        while p.finished and len(out) < limit:
            rid, (_, finished_at) = next(iter(p.finished.items()))
            if now - finished_at < self.grace_s:
                break
            p.finished.popitem(last=False)
            self._forget(p, rid)
            out.append(rid)
        return out

    def _forget(self, p: PartitionState, rid: str) -> None:
        p.open.pop(rid, None)
        p.finished.pop(rid, None)
        p.gone[rid] = None
        p.gone.move_to_end(rid)
        while len(p.gone) > self.finished_cache:
            p.gone.popitem(last=False)

    def drop(self, partitions: Iterable[int]) -> None:
        for partition in partitions:
            self.parts.pop(partition, None)

    def counts(self) -> dict[str, int]:
        parts = self.parts.values()
        return {
            "partitions": len(self.parts),
            "open": sum(len(p.open) for p in parts),
            "finished": sum(len(p.finished) for p in parts),
            "tombstoned": sum(len(p.gone) for p in parts),
        }

    async def restore(self, kafka: KafkaSettings, partitions: Iterable[int] | None = None) -> int:
        """Load the stored states of `partitions` (all: None); returns how many records were read."""
        started = time.perf_counter()
        await ensure_topics(kafka, (verifier_state.TOPIC,))
        topic = kafka.physical(verifier_state.TOPIC)
        if partitions is None:
            partitions = await partitions_of(kafka, topic)
        chosen = sorted(set(partitions))
        for p in chosen:
            self.parts[p] = PartitionState()  # restore replaces, never merges
        read = 0
        async for r in read_to_end(kafka, topic, chosen):
            read += 1
            self._load(r.partition, r.key, r.value, r.timestamp / 1000, kafka)
        self.last_restore = (read, time.perf_counter() - started)
        log.info(
            "restored partitions %s: %d records in %.2fs, %s",
            chosen,
            read,
            self.last_restore[1],
            self.counts(),
        )
        return read

    def _load(
        self, partition: int, key: bytes | None, raw: bytes | None, at: float, kafka: KafkaSettings
    ) -> None:
        p = self._part(partition)
        if raw is None:  # a tombstone: the request finished and its state was let go
            if key is not None:
                self._forget(p, key.decode("utf-8", "replace"))
            return
        try:
            state = decode(raw, RequestState, kafka.max_message_bytes)
        except MeshError:
            log.exception("skipping an unreadable stored state")
            return
        known = self.get(partition, state.request_id)
        if known is None or known.version <= state.version:
            p.gone.pop(state.request_id, None)
            self.put(partition, state, now=at)
