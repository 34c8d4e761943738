"""Qdrant through `qdrant-client` (async): a Qdrant server by URL, or the client's local mode."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from qdrant_client import AsyncQdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from reasoning_mesh.errors import VectorStoreError
from reasoning_mesh.retriever.domain import Hit, filter_key
from reasoning_mesh.retriever.store import INDEXED_FIELDS, Point


def _filter(filters: Mapping[str, Any] | None) -> models.Filter | None:
    if not filters:
        return None
    return models.Filter(
        must=[
            models.FieldCondition(key=filter_key(k), match=models.MatchValue(value=v))
            for k, v in filters.items()
        ]
    )


class QdrantClientStore:
    def __init__(self, url: str = "", path: Path | None = None) -> None:
        # Payload indexes only exist on a server; local mode scans payloads instead.
        self._server = bool(url)
        if url:
            self._client = AsyncQdrantClient(url=url, timeout=30)
        elif path is not None:
            self._client = AsyncQdrantClient(path=str(path))
        else:
            self._client = AsyncQdrantClient(location=":memory:")

    async def ensure_collection(self, name: str, dim: int) -> None:
        try:
            if await self._client.collection_exists(name):
                return
            await self._client.create_collection(
                name,
                vectors_config=models.VectorParams(size=dim, distance=models.Distance.COSINE),
                hnsw_config=models.HnswConfigDiff(m=16, ef_construct=128),
            )
            for field_name in INDEXED_FIELDS if self._server else ():
                await self._client.create_payload_index(
                    name, field_name, field_schema=models.PayloadSchemaType.KEYWORD
                )
        except (UnexpectedResponse, ResponseHandlingException) as exc:
            raise VectorStoreError(f"qdrant: {exc}") from exc

    async def upsert(self, name: str, points: Sequence[Point]) -> None:
        try:
            await self._client.upsert(
                name,
                wait=True,
                points=[
                    models.PointStruct(id=p.id, vector=list(p.vector), payload=dict(p.payload))
                    for p in points
                ],
            )
        except (UnexpectedResponse, ResponseHandlingException) as exc:
            raise VectorStoreError(f"qdrant: {exc}") from exc

    async def delete_document(self, name: str, doc_id: str) -> None:
        selector = models.FilterSelector(
            filter=models.Filter(
                must=[models.FieldCondition(key="doc_id", match=models.MatchValue(value=doc_id))]
            )
        )
        try:
            await self._client.delete(name, points_selector=selector, wait=True)
        except (UnexpectedResponse, ResponseHandlingException) as exc:
            raise VectorStoreError(f"qdrant: {exc}") from exc

    async def search(
        self, name: str, vector: Sequence[float], top_k: int, filters: Mapping[str, Any] | None = None
    ) -> list[Hit]:
        try:
            res = await self._client.query_points(
                name, query=list(vector), limit=top_k, query_filter=_filter(filters), with_payload=True
            )
        except (UnexpectedResponse, ResponseHandlingException) as exc:
            raise VectorStoreError(f"qdrant: {exc}") from exc
        return [Hit(str(p.id), float(p.score), dict(p.payload or {})) for p in res.points]

    async def count(self, name: str) -> int:
        res = await self._client.count(name, exact=True)
        return int(res.count)

    async def close(self) -> None:
        await self._client.close()
