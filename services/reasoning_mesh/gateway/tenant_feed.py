"""The gateway's copy of the tenant registry: the compacted topic read from the beginning, then
followed, into the key ring (HTTP authentication) and the admission buckets (limits).

`ready` is set once the copy has caught up with the topic as it was at start, so a gateway never
refuses a valid key because it has not read it yet; after that a change (a new tenant, a rotated
or revoked key) takes effect as soon as its record is read, on every replica.

A record that does not decode is skipped with its reason logged (never the record: it may hold
key hashes), not dead-lettered: every replica reads the whole table at every start, so a letter
would be written again each time; `rmesh tenants`, the topic's writer, validates what it
writes."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from aiokafka import TopicPartition

from reasoning_mesh.contracts import tenants
from reasoning_mesh.contracts.tenants import TenantRecord
from reasoning_mesh.errors import InvalidMessageError
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.settings import TenantLimit
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, partitions_of
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


def read_record(key: bytes | None, value: bytes | None) -> tuple[str, TenantRecord | None]:
    """One registry record as (tenant name, record; None for a tombstone), as every reader of
    the registry takes it; `InvalidMessageError` (its reason, never its content) for one that
    does not decode or names another tenant than its key."""
    name = (key or b"").decode(errors="replace")
    if value is None:
        return name, None
    try:
        record = decode(value, TenantRecord, 1_048_576)
    except InvalidMessageError as exc:
        raise InvalidMessageError(f"record for {name!r}: {exc.code}") from exc
    if record.name != name:
        raise InvalidMessageError(f"record keyed {name!r} but named {record.name!r}")
    return name, record


def apply(record: TenantRecord | None, name: str, ring: KeyRing, admission: Admission) -> None:
    """One registry record (None: a tombstone) into the ring and the buckets."""
    if record is None:
        ring.remove(name)
        admission.set_limit(name, None)
        return
    ring.apply(record)
    if record.revoked:
        admission.set_limit(name, None)
        return
    admission.set_limit(name, TenantLimit(rate=record.rate, burst=record.burst))


class TenantFeed:
    def __init__(self, kafka: KafkaSettings, ring: KeyRing, admission: Admission) -> None:
        self.kafka, self.ring, self.admission = kafka, ring, admission
        self.ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:  # the registry feed must outlive any one bad moment of the broker
            try:
                await self._follow()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the tenant registry feed failed; reading it again")
                await asyncio.sleep(1.0)

    async def _follow(self) -> None:
        await ensure_topics(self.kafka, [tenants.TOPIC])
        topic = self.kafka.physical(tenants.TOPIC)
        parts = [TopicPartition(topic, p) for p in await partitions_of(self.kafka, topic)]
        consumer = make_consumer(self.kafka, group_id=None, client_id="gateway-tenants")
        await consumer.start()
        try:
            consumer.assign(parts)
            await consumer.seek_to_beginning(*parts)
            ends = await consumer.end_offsets(parts)
            behind = {tp for tp in parts if ends[tp] > 0}
            if not behind:
                self.ready.set()
            while True:
                batch = await consumer.getmany(timeout_ms=500)
                for records in batch.values():
                    for rec in records:
                        self._apply(rec.key, rec.value)
                for tp in list(behind):
                    if await consumer.position(tp) >= ends[tp]:
                        behind.discard(tp)
                if not behind:
                    self.ready.set()
        finally:
            await consumer.stop()

    def _apply(self, key: bytes | None, value: bytes | None) -> None:
        try:
            name, record = read_record(key, value)
        except InvalidMessageError as exc:  # never a crash, never a key: the reason only
            log.warning("skipped a tenant registry record: %s", exc)
            return
        apply(record, name, self.ring, self.admission)
