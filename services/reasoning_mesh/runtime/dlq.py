"""Build dead letters: the reason, the service, the raw bytes and the trace id, nothing lost."""

from __future__ import annotations

import base64
import hashlib

from reasoning_mesh.contracts.base import safe_text
from reasoning_mesh.contracts.dlq import MAX_KEY_HEADER_BYTES, MAX_VALUE_BYTES, DeadLetter
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import peek_request_id
from reasoning_mesh.runtime.context import Record
from reasoning_mesh.telemetry.propagation import trace_id_of


def b64(data: bytes | None) -> str:
    return base64.b64encode(data or b"").decode("ascii")


def _bounded(record: Record) -> tuple[bytes | None, list[tuple[str, bytes]], bool]:
    """The key and headers, cut to `MAX_KEY_HEADER_BYTES` together: a letter must fit a record
    (8 MiB), or it could not be sent and the partition would stall behind it."""
    room, cut = MAX_KEY_HEADER_BYTES, False
    key = record.key
    if key is not None:
        cut, key = len(key) > room, key[:room]
        room -= len(key)
    headers = []
    for name, value in record.headers:
        kept = value[: max(0, room)]
        cut = cut or len(kept) < len(value)
        room -= len(kept)
        headers.append((safe_text(name, 256), kept))
    return key, headers, cut


def _trace_id(record: Record) -> str | None:
    try:
        return trace_id_of(record.headers)
    except Exception:  # noqa: BLE001 - a garbled traceparent header must not stop the letter
        return None


def dead_letter(record: Record, error: MeshError, service: str, attempts: int = 1) -> DeadLetter:
    """A letter for any record whatever its bytes: every text field is made encodable and its
    size bounded, so building and sending it cannot fail (a letter that cannot be built or sent
    is a lost record)."""
    return _letter(record, error.code, safe_text(str(error), 4000), service, attempts, full=True)


def bare_letter(record: Record, reason: str, service: str) -> DeadLetter:
    """The last resort: the record kept as in `dead_letter`, without the id peeked from it."""
    message = "(the full letter could not be built; see the service log)"
    return _letter(record, reason, message, service, 1, full=False)


def _letter(
    record: Record, reason: str, message: str, service: str, attempts: int, *, full: bool
) -> DeadLetter:
    value = record.value or b""
    key, headers, cut = _bounded(record)
    return DeadLetter(
        reason=reason,
        message=message,
        service=service,
        source_topic=record.topic,
        partition=record.partition,
        offset=record.offset,
        key_b64=b64(key) if key is not None else None,
        value_b64=b64(value[:MAX_VALUE_BYTES]),
        value_bytes=len(value),
        value_sha256=hashlib.sha256(value).hexdigest(),
        value_truncated=len(value) > MAX_VALUE_BYTES,
        key_headers_truncated=cut,
        headers=[(name, b64(v)) for name, v in headers],
        trace_id=_trace_id(record),
        request_id=peek_request_id(record.value) if full else None,
        attempts=max(1, attempts),
    )
