"""Rebuild span trees from the JSONL span files, for `rmesh trace <request-id>`."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

REQUEST_ATTR = "rmesh.request_id"


def read_spans(traces_dir: Path) -> Iterator[dict[str, Any]]:
    for path in sorted(traces_dir.glob("*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by a killed process


def spans_for_request(spans: Iterable[dict[str, Any]], request_id: str) -> list[dict[str, Any]]:
    """All spans of every trace that touched the request."""
    spans = list(spans)
    trace_ids = {s["trace_id"] for s in spans if s.get("attributes", {}).get(REQUEST_ATTR) == request_id}
    return sorted((s for s in spans if s["trace_id"] in trace_ids), key=lambda s: s["start_ns"])


def build_forest(spans: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[Any]]]:
    """Nested (span, children) tuples; spans whose parent is missing become roots."""
    ids = {s["span_id"] for s in spans}
    children: dict[str | None, list[dict[str, Any]]] = defaultdict(list)
    for s in spans:
        parent = s["parent_id"] if s["parent_id"] in ids else None
        children[parent].append(s)

    def node(span: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
        return span, [node(c) for c in children.get(span["span_id"], [])]

    return [node(root) for root in children.get(None, [])]
