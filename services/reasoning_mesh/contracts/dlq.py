"""Topic `rmesh.dlq.v1`: records a service could not process, with everything needed to replay them.
Key: the original key. Nothing is lost: the raw bytes and headers are kept verbatim (base64)."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.dlq.v1"
#: The most of a record's value a letter keeps (base64 makes it 5.3 MiB, under the 8 MiB a
#: record may have); a bigger one keeps its size, hash and first bytes.
MAX_VALUE_BYTES = 4 * 1024 * 1024
#: The most of its key and headers together (their own bytes): a whole letter stays under 8 MiB.
MAX_KEY_HEADER_BYTES = 512 * 1024


class DeadLetter(Message):
    # A letter carries a whole record (up to `MAX_VALUE_BYTES`, base64): far past the 200 kB
    # bound other messages' strings have.
    model_config = ConfigDict(extra="ignore", frozen=True, str_max_length=16 * 1024 * 1024)

    reason: str = Field(description="Machine-readable code, e.g. `invalid_message`, `oversized`.")
    message: str = Field(description="Human-readable explanation.")
    service: str = Field(description="Service that gave up on the record.")
    source_topic: str
    partition: int
    offset: int
    key_b64: str | None = Field(default=None, description="Original key, base64.")
    value_b64: str = Field(
        description="Original value bytes, base64: all of them, or the first `MAX_VALUE_BYTES` "
        "when `value_truncated`."
    )
    value_bytes: int | None = Field(default=None, description="Size of the original value.")
    value_sha256: str | None = Field(default=None, description="SHA-256 of the whole original value.")
    value_truncated: bool = Field(
        default=False, description="Whether the value was too big to keep whole (over 4 MiB)."
    )
    key_headers_truncated: bool = Field(
        default=False,
        description="Whether the key and headers were cut to fit (over 512 KiB together).",
    )
    headers: list[tuple[str, str]] = Field(
        default_factory=list, description="Original headers as (name, base64 value)."
    )
    trace_id: str | None = Field(default=None, description="W3C trace id of the failed record.")
    request_id: str | None = Field(default=None, description="Request id, when it could be read.")
    attempts: int = Field(default=1, ge=1)
    ts: float = Field(default_factory=now)
