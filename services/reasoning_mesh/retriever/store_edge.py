"""Embedded Qdrant (qdrant-edge-py): one on-disk shard per collection, HNSW index, WAL on.

The engine is synchronous; calls run in a worker thread so the event loop keeps consuming.
A shard is owned by one process (the retriever), which is why ingestion goes through Kafka.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import qdrant_edge as qe

from reasoning_mesh.errors import VectorStoreError
from reasoning_mesh.retriever.domain import Hit, filter_key
from reasoning_mesh.retriever.store import INDEXED_FIELDS, Point


def _filter(filters: Mapping[str, Any] | None) -> qe.Filter | None:
    if not filters:
        return None
    return qe.Filter(
        must=[qe.FieldCondition(key=filter_key(k), match=qe.MatchValue(v)) for k, v in filters.items()]
    )


class EdgeVectorStore:
    def __init__(self, base: Path) -> None:
        self._base = base
        self._shards: dict[str, Any] = {}
        self._lock = asyncio.Lock()

    async def ensure_collection(self, name: str, dim: int) -> None:
        async with self._lock:
            if name not in self._shards:
                self._shards[name] = await asyncio.to_thread(self._open, name, dim)

    def _open(self, name: str, dim: int) -> Any:
        path = self._base / name
        if path.exists() and any(path.iterdir()):
            return qe.EdgeShard.load(str(path))
        path.mkdir(parents=True, exist_ok=True)
        config = qe.EdgeConfig(
            vectors=qe.EdgeVectorParams(size=dim, distance=qe.Distance.Cosine),
            hnsw_config=qe.HnswIndexConfig(m=16, ef_construct=128, full_scan_threshold=1000),
        )
        shard = qe.EdgeShard.create(str(path), config)
        for field_name in INDEXED_FIELDS:
            shard.update(qe.UpdateOperation.create_field_index(field_name, qe.PayloadSchemaType.Keyword))
        return shard

    def _shard(self, name: str) -> Any:
        try:
            return self._shards[name]
        except KeyError:
            raise VectorStoreError(f"collection {name!r} is not open") from None

    async def _run(self, fn: Any, *args: Any) -> Any:
        try:
            return await asyncio.to_thread(fn, *args)
        except Exception as exc:  # the engine raises plain exceptions; type them for the runtime
            raise VectorStoreError(f"qdrant-edge: {exc}") from exc

    async def upsert(self, name: str, points: Sequence[Point]) -> None:
        op = qe.UpdateOperation.upsert_points(
            [qe.Point(id=p.id, vector=list(p.vector), payload=dict(p.payload)) for p in points]
        )
        await self._run(self._shard(name).update, op)

    async def delete_document(self, name: str, doc_id: str) -> None:
        op = qe.UpdateOperation.delete_points_by_filter(
            qe.Filter(must=[qe.FieldCondition(key="doc_id", match=qe.MatchValue(doc_id))])
        )
        await self._run(self._shard(name).update, op)

    async def search(
        self, name: str, vector: Sequence[float], top_k: int, filters: Mapping[str, Any] | None = None
    ) -> list[Hit]:
        req = qe.SearchRequest(
            query=qe.Query.Nearest(list(vector)), limit=top_k, filter=_filter(filters), with_payload=True
        )
        points = await self._run(self._shard(name).search, req)
        return [Hit(str(p.id), float(p.score), dict(p.payload or {})) for p in points]

    async def count(self, name: str) -> int:
        info = await self._run(self._shard(name).info)
        return int(info.points_count)

    async def close(self) -> None:
        async with self._lock:
            for shard in self._shards.values():
                await asyncio.to_thread(shard.flush)
                await asyncio.to_thread(shard.close)
            self._shards.clear()
