"""The retriever's use cases, independent of Kafka: index a document, answer a query.

Used by the Kafka stages in `app.py` and, unchanged, in-process by `rmesh bench mesh`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from cachetools import TTLCache
from opentelemetry.trace import SpanKind

from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.results import Evidence
from reasoning_mesh.models.embedding import EMBEDDING_DIM
from reasoning_mesh.retriever import domain
from reasoning_mesh.retriever.store import Point, VectorStore
from reasoning_mesh.telemetry import get_tracer
from reasoning_mesh.telemetry.metrics import CACHE


class Embedder(Protocol):
    async def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


class Retriever:
    """Query embeddings and results are cached (LRU eviction + TTL); results are keyed by the KB
    generation, which every ingest bumps, so a cache never serves evidence from before an ingest."""

    def __init__(
        self,
        store: VectorStore,
        embedder: Embedder,
        *,
        chunk_words: int = 120,
        chunk_overlap: int = 20,
        embedding_cache_size: int = 4096,
        result_cache_size: int = 4096,
        cache_ttl_s: float = 600.0,
    ) -> None:
        self.store, self.embedder = store, embedder
        self.chunk_words, self.chunk_overlap = chunk_words, chunk_overlap
        self._emb_cache: TTLCache[str, npt.NDArray[np.float32]] = TTLCache(
            embedding_cache_size, cache_ttl_s
        )
        self._res_cache: TTLCache[str, list[Evidence]] = TTLCache(result_cache_size, cache_ttl_s)
        self._generation = 0
        self._open: set[str] = set()
        self._open_lock = asyncio.Lock()

    async def _collection(self, name: str) -> None:
        if name not in self._open:
            async with self._open_lock:
                if name not in self._open:
                    await self.store.ensure_collection(name, EMBEDDING_DIM)
                    self._open.add(name)

    async def _embed_query(self, query: str) -> npt.NDArray[np.float32]:
        key = " ".join(query.split())
        vec = self._emb_cache.get(key)
        if vec is not None:
            CACHE.labels("embedding", "hit").inc()
            return vec
        CACHE.labels("embedding", "miss").inc()
        vec = np.asarray((await self.embedder.embed([key]))[0], dtype=np.float32)
        self._emb_cache[key] = vec
        return vec

    async def retrieve(
        self,
        query: str,
        top_k: int = 5,
        filters: Mapping[str, Any] | None = None,
        collection: str = "kb",
    ) -> tuple[list[Evidence], bool, dict[str, float]]:
        """Evidence for `query`, whether it came from the result cache, and timings in ms."""
        await self._collection(collection)
        key = domain.cache_key(collection, query, top_k, filters, self._generation)
        cached = self._res_cache.get(key)
        if cached is not None:
            CACHE.labels("results", "hit").inc()
            return cached, True, {}
        CACHE.labels("results", "miss").inc()
        t0 = time.perf_counter()
        vector = await self._embed_query(query)
        t1 = time.perf_counter()
        with get_tracer().start_as_current_span(
            "qdrant search",
            kind=SpanKind.CLIENT,
            attributes={"db.system": "qdrant", "db.collection.name": collection, "rmesh.top_k": top_k},
        ):
            hits = await self.store.search(collection, vector.tolist(), top_k, filters)
        t2 = time.perf_counter()
        evidence = domain.evidence_from(hits)
        self._res_cache[key] = evidence
        return evidence, False, {"embed_ms": (t1 - t0) * 1e3, "search_ms": (t2 - t1) * 1e3}

    async def index(self, doc: KbDocument) -> int:
        """Chunk, embed and upsert one document, replacing any earlier version; returns chunks."""
        await self._collection(doc.collection)
        chunks = domain.chunk_text(doc.id, doc.text, self.chunk_words, self.chunk_overlap)
        vectors = await self.embedder.embed([c.text for c in chunks])
        points = [
            Point(
                domain.point_id(doc.collection, c.doc_id, c.index),
                v.tolist(),
                domain.payload_for(c, doc.metadata),
            )
            for c, v in zip(chunks, vectors, strict=True)
        ]
        with get_tracer().start_as_current_span(
            "qdrant upsert",
            kind=SpanKind.CLIENT,
            attributes={
                "db.system": "qdrant",
                "db.collection.name": doc.collection,
                "rmesh.points": len(points),
            },
        ):
            # Delete first: a shorter new version must not leave stale trailing chunks behind.
            await self.store.delete_document(doc.collection, doc.id)
            await self.store.upsert(doc.collection, points)
        self._generation += 1
        return len(points)
