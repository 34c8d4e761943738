"""Topic `rmesh.dlq.v1`: records a service could not process, with everything needed to replay them.
Key: the original key. Nothing is lost: the raw bytes and headers are kept verbatim (base64)."""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.dlq.v1"


class DeadLetter(Message):
    reason: str = Field(description="Machine-readable code, e.g. `invalid_message`, `oversized`.")
    message: str = Field(description="Human-readable explanation.")
    service: str = Field(description="Service that gave up on the record.")
    source_topic: str
    partition: int
    offset: int
    key_b64: str | None = Field(default=None, description="Original key, base64.")
    value_b64: str = Field(description="Original value bytes, base64.")
    headers: list[tuple[str, str]] = Field(
        default_factory=list, description="Original headers as (name, base64 value)."
    )
    trace_id: str | None = Field(default=None, description="W3C trace id of the failed record.")
    request_id: str | None = Field(default=None, description="Request id, when it could be read.")
    attempts: int = Field(default=1, ge=1)
    ts: float = Field(default_factory=now)
