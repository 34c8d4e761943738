"""What a handler sees besides its message: the source record and a place to put outputs.

Handlers never touch Kafka: they `emit` messages; the runtime produces them (in one transaction
with the consumed offsets) after the handler returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from opentelemetry import context as otel_context

from reasoning_mesh.contracts import events as events_topic
from reasoning_mesh.contracts.base import Message
from reasoning_mesh.contracts.events import RequestEvent


@dataclass(frozen=True)
class Record:
    """A consumed Kafka record, as the runtime hands it on."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    headers: tuple[tuple[str, bytes], ...] = ()
    timestamp_ms: int = 0


@dataclass(frozen=True)
class Emission:
    topic: str
    #: None: a tombstone (compacted topics forget the key).
    value: Message | None
    key: str | None
    #: The trace context current when the handler emitted, injected into the record's headers.
    trace_context: otel_context.Context


@dataclass
class Context:
    stage: str
    service: str
    record: Record
    outputs: list[Emission] = field(default_factory=list)
    request_id: str | None = None
    tenant: str | None = None
    #: "ok", "dead_lettered" or "failed"; set by the runtime, read by the metrics middleware.
    outcome: str = "ok"
    attempts: int = 0
    #: None: commit as soon as the record is done. A number: its outputs may wait up to that
    #: many seconds to share a transaction with the partition's next records (a refusal under
    #: overload: a transaction per refusal would cost the cores the admitted requests need).
    commit_within_s: float | None = None

    def emit(self, topic: str, value: Message, key: str | None = None) -> None:
        self.outputs.append(Emission(topic, value, key, otel_context.get_current()))

    def tombstone(self, topic: str, key: str) -> None:
        """Delete `key` from a compacted topic."""
        self.outputs.append(Emission(topic, None, key, otel_context.get_current()))

    def event(self, event: str, **detail: Any) -> None:
        """Emit a per-request progress event for subscribers."""
        if not self.request_id:
            return
        self.emit(
            events_topic.TOPIC,
            RequestEvent(
                request_id=self.request_id,
                tenant=self.tenant or "default",
                stage=self.service,
                event=event,
                detail=detail,
            ),
            key=self.request_id,
        )
