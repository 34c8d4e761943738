"""Pure retrieval logic: chunking, point ids, filters, cache keys, evidence. No I/O here."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reasoning_mesh.contracts.results import Evidence

_NAMESPACE = uuid.UUID("6f1c2a0e-2c55-4b7e-9a57-1c8f0d3e4b21")


@dataclass(frozen=True)
class Chunk:
    doc_id: str
    index: int
    text: str


@dataclass(frozen=True)
class Hit:
    id: str
    score: float
    payload: dict[str, Any] = field(default_factory=dict)


def chunk_text(doc_id: str, text: str, max_words: int = 120, overlap: int = 20) -> list[Chunk]:
    """Split into windows of `max_words` words overlapping by `overlap`; short texts stay whole."""
    if max_words < 1 or not 0 <= overlap < max_words:
        raise ValueError("need max_words >= 1 and 0 <= overlap < max_words")
    words = text.split()
    if len(words) <= max_words:
        return [Chunk(doc_id, 0, " ".join(words))]
    step = max_words - overlap
    chunks = []
    for i, start in enumerate(range(0, len(words), step)):
        chunks.append(Chunk(doc_id, i, " ".join(words[start : start + max_words])))
        if start + max_words >= len(words):
            break
    return chunks


def point_id(collection: str, doc_id: str, chunk: int) -> str:
    """Deterministic: re-ingesting a document overwrites its points instead of adding copies."""
    return str(uuid.uuid5(_NAMESPACE, f"{collection}\x00{doc_id}\x00{chunk}"))


def payload_for(chunk: Chunk, metadata: Mapping[str, Any]) -> dict[str, Any]:
    return {"doc_id": chunk.doc_id, "chunk": chunk.index, "text": chunk.text, "metadata": dict(metadata)}


def filter_key(field_name: str) -> str:
    """User filters address document metadata."""
    return f"metadata.{field_name}"


def cache_key(
    collection: str, query: str, top_k: int, filters: Mapping[str, Any] | None, generation: int
) -> str:
    """Results are keyed by the KB generation, so any ingest invalidates them at once."""
    return json.dumps(
        [
            collection,
            " ".join(query.split()).lower(),
            top_k,
            sorted((filters or {}).items()),
            generation,
        ],
        separators=(",", ":"),
    )


def evidence_from(hits: list[Hit]) -> list[Evidence]:
    return [
        Evidence(
            doc_id=str(h.payload.get("doc_id", h.id)),
            chunk=int(h.payload.get("chunk", 0)),
            text=str(h.payload.get("text", "")),
            score=round(float(h.score), 6),
            metadata=dict(h.payload.get("metadata") or {}),
        )
        for h in hits
    ]
