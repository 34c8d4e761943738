"""A span exporter that appends finished spans as JSON lines: the default, dependency-free sink
that `rmesh trace` reads. One file per service process, so writers never interleave."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult


def span_to_dict(span: ReadableSpan) -> dict[str, Any]:
    ctx = span.get_span_context()
    parent = span.parent
    assert ctx is not None
    return {
        "trace_id": f"{ctx.trace_id:032x}",
        "span_id": f"{ctx.span_id:016x}",
        "parent_id": f"{parent.span_id:016x}" if parent is not None else None,
        "name": span.name,
        "kind": span.kind.name if span.kind is not None else None,
        "service": (span.resource.attributes.get("service.name") if span.resource else None),
        "start_ns": span.start_time,
        "end_ns": span.end_time,
        "status": span.status.status_code.name,
        "attributes": {
            k: v if isinstance(v, str | int | float | bool) else list(v)  # type: ignore[arg-type]
            for k, v in (span.attributes or {}).items()
        },
        "links": [f"{link.context.trace_id:032x}" for link in span.links],
    }


class JsonlSpanExporter(SpanExporter):
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._path = path
        self._lock = threading.Lock()

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        lines = "".join(json.dumps(span_to_dict(s), separators=(",", ":")) + "\n" for s in spans)
        with self._lock, self._path.open("a", encoding="utf-8") as fh:
            fh.write(lines)
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        return None

    def force_flush(self, timeout_millis: int = 30_000) -> bool:
        return True
