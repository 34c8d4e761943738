"""Build dead letters: the reason, the service, the raw bytes and the trace id, nothing lost."""

from __future__ import annotations

import base64
import hashlib

from reasoning_mesh.contracts.base import safe_text
from reasoning_mesh.contracts.dlq import MAX_VALUE_BYTES, DeadLetter
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import peek_request_id
from reasoning_mesh.runtime.context import Record
from reasoning_mesh.telemetry.propagation import trace_id_of


def b64(data: bytes | None) -> str:
    return base64.b64encode(data or b"").decode("ascii")


def dead_letter(record: Record, error: MeshError, service: str, attempts: int = 1) -> DeadLetter:
    """A letter for any record whatever its bytes: every text field is made encodable and the
    value bounded, so building it cannot fail (a letter that cannot be built is a lost record)."""
    value = record.value or b""
    try:
        trace_id = trace_id_of(record.headers)
    except Exception:  # noqa: BLE001 - a garbled traceparent header must not stop the letter
        trace_id = None
    return DeadLetter(
        reason=error.code,
        message=safe_text(str(error), 4000),
        service=service,
        source_topic=record.topic,
        partition=record.partition,
        offset=record.offset,
        key_b64=b64(record.key) if record.key is not None else None,
        value_b64=b64(value[:MAX_VALUE_BYTES]),
        value_bytes=len(value),
        value_sha256=hashlib.sha256(value).hexdigest(),
        value_truncated=len(value) > MAX_VALUE_BYTES,
        headers=[(safe_text(k, 256), b64(v)) for k, v in record.headers],
        trace_id=trace_id,
        request_id=peek_request_id(record.value),
        attempts=max(1, attempts),
    )


def bare_letter(record: Record, reason: str, service: str) -> DeadLetter:
    """The last resort: only what cannot fail to encode (ASCII names, numbers, base64)."""
    value = record.value or b""
    return DeadLetter(
        reason=reason,
        message="(the full letter could not be built; see the service log)",
        service=service,
        source_topic=record.topic,
        partition=record.partition,
        offset=record.offset,
        value_b64=b64(value[:MAX_VALUE_BYTES]),
        value_bytes=len(value),
        value_truncated=len(value) > MAX_VALUE_BYTES,
    )
