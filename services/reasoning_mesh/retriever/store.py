"""The vector-store port. Adapters: `store_edge.EdgeVectorStore` (embedded, default) and
`store_client.QdrantClientStore` (Qdrant server or qdrant-client local mode)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from reasoning_mesh.retriever.domain import Hit


@dataclass(frozen=True)
class Point:
    id: str
    vector: Sequence[float]
    payload: Mapping[str, Any]


class VectorStore(Protocol):
    async def ensure_collection(self, name: str, dim: int) -> None:
        """Create the collection (cosine, HNSW) and its payload indexes if missing."""

    async def upsert(self, name: str, points: Sequence[Point]) -> None: ...

    async def delete_document(self, name: str, doc_id: str) -> None:
        """Remove every chunk of a document."""

    async def search(
        self, name: str, vector: Sequence[float], top_k: int, filters: Mapping[str, Any] | None = None
    ) -> list[Hit]: ...

    async def count(self, name: str) -> int: ...

    async def close(self) -> None: ...


#: Payload fields indexed in every collection (keyword): document id and the KB's metadata keys.
INDEXED_FIELDS = ("doc_id", "metadata.dimension", "metadata.kind")
