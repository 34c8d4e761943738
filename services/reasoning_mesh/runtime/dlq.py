"""Build dead letters: the reason, the service, the raw bytes and the trace id, nothing lost."""

from __future__ import annotations

import base64

from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import peek_request_id
from reasoning_mesh.runtime.context import Record
from reasoning_mesh.telemetry.propagation import trace_id_of


def b64(data: bytes | None) -> str:
    return base64.b64encode(data or b"").decode("ascii")


def dead_letter(record: Record, error: MeshError, service: str, attempts: int = 1) -> DeadLetter:
    return DeadLetter(
        reason=error.code,
        message=str(error)[:4000],
        service=service,
        source_topic=record.topic,
        partition=record.partition,
        offset=record.offset,
        key_b64=b64(record.key) if record.key is not None else None,
        value_b64=b64(record.value),
        headers=[(k, b64(v)) for k, v in record.headers],
        trace_id=trace_id_of(record.headers),
        request_id=peek_request_id(record.value),
        attempts=max(1, attempts),
    )
