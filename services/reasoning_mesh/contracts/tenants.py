"""Topic `rmesh.tenants.v1` (compacted): the tenant registry. Key: the tenant's name.

One record per tenant, the latest wins: its admission limits and the hashes of its API keys
(never a key). Written by `rmesh tenants add|rotate|revoke`; every gateway replica reads the
whole topic at start and follows it, so a change reaches every replica without a restart."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.tenants.v1"

TENANT_NAME = r"^[a-z0-9][a-z0-9._-]{0,62}$"


class KeyHash(BaseModel):
    """One API key as the registry keeps it: an id to find it by and the SHA-256 of its secret
    (a key is 256 random bits, so a fast hash is enough: there is nothing to guess)."""

    model_config = ConfigDict(extra="ignore", frozen=True, allow_inf_nan=False)

    key_id: str = Field(pattern=r"^[0-9a-f]{16}$")
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    created_at: float = Field(default_factory=now)
    not_after: float | None = Field(
        default=None, description="Refused from this time on (a rotated key's grace period end)."
    )


class TenantRecord(Message):
    name: str = Field(pattern=TENANT_NAME)
    rate: float = Field(default=200.0, ge=0, description="Requests per second; 0 = unlimited.")
    burst: float = Field(default=400.0, ge=1)
    keys: list[KeyHash] = Field(default_factory=list, max_length=16)
    revoked: bool = Field(default=False, description="Every key refused; nothing admitted.")
    updated_at: float = Field(default_factory=now)
