"""The retriever's use cases against both real Qdrant engines (embedded edge shard and
qdrant-client's local mode), with a deterministic fake embedder so no Triton is needed."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.models.embedding import EMBEDDING_DIM
from reasoning_mesh.retriever.service import Retriever
from reasoning_mesh.retriever.store import VectorStore
from reasoning_mesh.retriever.store_client import QdrantClientStore
from reasoning_mesh.retriever.store_edge import EdgeVectorStore


class BagOfWordsEmbedder:
    """Hashes words into dimensions: texts sharing words are close. Counts calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), EMBEDDING_DIM), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.lower().replace(".", " ").split():
                out[i, int(hashlib.md5(word.encode()).hexdigest(), 16) % EMBEDDING_DIM] += 1
            out[i] /= max(np.linalg.norm(out[i]), 1e-9)
        return out


@pytest.fixture(params=["edge", "qdrant-client"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[VectorStore]:
    s: VectorStore = (
        EdgeVectorStore(tmp_path / "edge")
        if request.param == "edge"
        else QdrantClientStore(path=tmp_path / "local")
    )
    yield s
    await s.close()


DOCS = [
    KbDocument(id="km", text="1 kilometre is 1000 metres", metadata={"dimension": "length"}),
    KbDocument(id="kg", text="1 kilogram is 1000 grams", metadata={"dimension": "mass"}),
    KbDocument(id="l", text="1 litre is 1000 millilitres", metadata={"dimension": "volume"}),
]


async def test_index_and_retrieve_with_filters(store: VectorStore) -> None:
    r = Retriever(store, BagOfWordsEmbedder())
    for d in DOCS:
        assert await r.index(d) == 1
    evidence, cached, _ = await r.retrieve("kilometre metres", top_k=2)
    assert evidence[0].doc_id == "km" and not cached
    filtered, _, _ = await r.retrieve("kilometre metres", top_k=3, filters={"dimension": "mass"})
    assert [e.doc_id for e in filtered] == ["kg"]
    assert await store.count("kb") == 3


async def test_reingest_replaces_chunks(store: VectorStore) -> None:
    r = Retriever(store, BagOfWordsEmbedder(), chunk_words=3, chunk_overlap=0)
    await r.index(KbDocument(id="long", text="a b c d e f g h i"))
    assert await store.count("kb") == 3
    await r.index(KbDocument(id="long", text="x y"))
    assert await store.count("kb") == 1
    evidence, _, _ = await r.retrieve("x y", top_k=5)
    assert [e.text for e in evidence] == ["x y"]


async def test_caches_hit_and_ingest_invalidates_results(store: VectorStore) -> None:
    emb = BagOfWordsEmbedder()
    r = Retriever(store, emb)
    await r.index(DOCS[0])
    calls = emb.calls
    first, cached1, _ = await r.retrieve("litre millilitres", 1)
    second, cached2, _ = await r.retrieve("litre  millilitres", 1)
    assert (cached1, cached2) == (False, True) and first == second
    assert emb.calls == calls + 1
    await r.index(DOCS[2])  # the KB changed: cached evidence is stale
    third, cached3, _ = await r.retrieve("litre millilitres", 1)
    assert not cached3 and third[0].doc_id == "l"
    assert emb.calls == calls + 2  # the query embedding itself stayed cached


async def test_edge_store_survives_reopen(tmp_path: Path) -> None:
    store = EdgeVectorStore(tmp_path / "edge")
    await Retriever(store, BagOfWordsEmbedder()).index(DOCS[0])
    await store.close()
    reopened = EdgeVectorStore(tmp_path / "edge")
    evidence, _, _ = await Retriever(reopened, BagOfWordsEmbedder()).retrieve("kilometre", 1)
    assert evidence[0].doc_id == "km"
    await reopened.close()
