"""Tenant API keys: made, rotated, revoked, and checked. Pure logic, no I/O.

A key reads `rmk_<key id>_<secret>`: the id (64 random bits, hex) finds the stored hash without
a scan, the secret (256 random bits) is what proves the caller. Only SHA-256 of the secret is
kept; the comparison is constant-time (`hmac.compare_digest`), so a wrong key costs the same
whatever it shares with a right one. Keys never appear in logs, reprs or errors."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field

from reasoning_mesh.contracts.tenants import KeyHash, TenantRecord
from reasoning_mesh.errors import NonRetryableError

_KEY = re.compile(r"^rmk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")


class TenantRegistryError(NonRetryableError):
    code = "tenant_registry"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_key(now: float, not_after: float | None = None) -> tuple[str, KeyHash]:
    """A fresh key (shown once, to whoever asked for it) and the hash the registry keeps."""
    key_id, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
    stored = KeyHash(key_id=key_id, sha256=_digest(secret), created_at=now, not_after=not_after)
    return f"rmk_{key_id}_{secret}", stored


def add(name: str, rate: float, burst: float, now: float) -> tuple[str, TenantRecord]:
    key, stored = new_key(now)
    return key, TenantRecord(name=name, rate=rate, burst=burst, keys=[stored], updated_at=now)


def rotate(record: TenantRecord, grace_s: float, now: float) -> tuple[str, TenantRecord]:
    """A new key; the keys in use keep working for `grace_s` more (expired ones are dropped)."""
    if record.revoked:
        raise TenantRegistryError(f"tenant {record.name!r} is revoked; add it again")
    key, stored = new_key(now)
    kept = [
        k.model_copy(update={"not_after": min(k.not_after or now + grace_s, now + grace_s)})
        for k in record.keys
        if k.not_after is None or k.not_after > now
    ]
    keys = [*kept, stored][-16:]
    return key, record.model_copy(update={"keys": keys, "updated_at": now})


def revoke(record: TenantRecord, now: float) -> TenantRecord:
    return record.model_copy(update={"keys": [], "revoked": True, "updated_at": now})


@dataclass
class KeyRing:
    """What every gateway replica holds: key id → (tenant, hash, expiry), from the registry."""

    _by_id: dict[str, tuple[str, KeyHash]] = field(default_factory=dict, repr=False)
    tenants: dict[str, TenantRecord] = field(default_factory=dict, repr=False)

    def apply(self, record: TenantRecord) -> None:
        """The latest record of a tenant replaces its keys (a revoked tenant keeps none)."""
        self.remove(record.name)
        self.tenants[record.name] = record
        if not record.revoked:
            for k in record.keys:
                self._by_id[k.key_id] = (record.name, k)

    def remove(self, name: str) -> None:
        old = self.tenants.pop(name, None)
        for k in old.keys if old else []:
            self._by_id.pop(k.key_id, None)

    def tenant_for(self, key: str, now: float) -> str | None:
        """The tenant `key` belongs to, or None (malformed, unknown, expired or revoked)."""
        m = _KEY.match(key)
        found = self._by_id.get(m.group(1)) if m else None
        # Hash and compare even when nothing matched, so a miss takes as long as a hit.
        expected = found[1].sha256 if found else "0" * 64
        given = _digest(m.group(2) if m else key)
        if not hmac.compare_digest(given, expected) or found is None:
            return None
        tenant, stored = found
        if stored.not_after is not None and now >= stored.not_after:
            return None
        return tenant
