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
import logging

from reasoning_mesh.contracts import tenants
from reasoning_mesh.contracts.tenants import TenantRecord
from reasoning_mesh.errors import InvalidMessageError
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.keys import KeyRing
from reasoning_mesh.gateway.settings import TenantLimit
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.feed import Resilient, follow_table
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


class TenantFeed(Resilient):
    what = "the tenant registry feed"

    def __init__(self, kafka: KafkaSettings, ring: KeyRing, admission: Admission) -> None:
        super().__init__()
        self.kafka, self.ring, self.admission = kafka, ring, admission
        self.ready = asyncio.Event()

    async def _follow(self) -> None:
        await follow_table(self.kafka, tenants.TOPIC, "gateway-tenants", self._apply, self.ready)

    def _apply(self, key: bytes | None, value: bytes | None) -> None:
        try:
            name, record = read_record(key, value)
        except InvalidMessageError as exc:  # never a crash, never a key: the reason only
            log.warning("skipped a tenant registry record: %s", exc)
            return
        apply(record, name, self.ring, self.admission)
