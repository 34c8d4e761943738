"""Retriever process: wiring only. `python -m reasoning_mesh.retriever`."""

from __future__ import annotations

import asyncio
from typing import Any

from reasoning_mesh.clients.triton import TritonClient, TritonEmbedder
from reasoning_mesh.contracts import kb_documents, kb_ingested, results, retrieval, verifier_inbox
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.retriever.handlers import RetrieverHandlers
from reasoning_mesh.retriever.service import Retriever
from reasoning_mesh.retriever.settings import RetrieverSettings
from reasoning_mesh.retriever.store import VectorStore
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.runtime.subscribers import Subscriber, stages

SERVICE = "retriever"


def make_store(settings: RetrieverSettings) -> VectorStore:
    if settings.store == "qdrant":
        from reasoning_mesh.retriever.store_client import QdrantClientStore

        return QdrantClientStore(url=settings.qdrant_url, path=settings.local_qdrant_dir())
    from reasoning_mesh.retriever.store_edge import EdgeVectorStore

    return EdgeVectorStore(settings.edge_dir())


def make_retriever(settings: RetrieverSettings, triton: TritonClient) -> Retriever:
    return Retriever(
        make_store(settings),
        TritonEmbedder(triton, settings.embed_model),
        chunk_words=settings.chunk_words,
        chunk_overlap=settings.chunk_overlap,
        embedding_cache_size=settings.embedding_cache_size,
        result_cache_size=settings.result_cache_size,
        cache_ttl_s=settings.cache_ttl_s,
    )


def ingest_group_suffix(settings: RetrieverSettings) -> str:
    """Every replica indexes every document into its own local store (a copy of the index per
    process); replicas sharing a Qdrant server share one ingest group."""
    shared = settings.store == "qdrant" and bool(settings.qdrant_url)
    return "" if shared or settings.instance_id == "0" else f".{settings.instance_id}"


def build_stages(
    settings: RetrieverSettings, retriever: Retriever, group_prefix: str = "rmesh"
) -> list[Stage[Any]]:
    handlers = RetrieverHandlers(retriever, settings.instance_id)
    return stages(
        SERVICE,
        settings,
        group_prefix,
        Subscriber(
            "retrieve",
            retrieval.TOPIC,
            RetrievalRequest,
            handlers.on_retrieval,
            group="retriever",
            # Evidence goes where the request's `reply_to` says: the user's results, or the
            # verifier's inbox; any other topic is refused (dead-lettered), not written.
            outputs=(results.TOPIC, verifier_inbox.TOPIC),
            on_failure=handlers.on_retrieval_failure,
            max_in_flight=settings.max_in_flight,
            rate_per_s=settings.rate_per_s,
        ),
        Subscriber(
            "ingest",
            kb_documents.TOPIC,
            KbDocument,
            handlers.on_document,
            group=f"retriever.ingest{ingest_group_suffix(settings)}",
            outputs=(kb_ingested.TOPIC,),
            on_failure=handlers.on_document_failure,
            max_in_flight=16,
        ),
    )


async def main() -> None:
    settings = RetrieverSettings()
    triton = TritonClient(settings.triton.grpc_url, settings.triton.timeout_s)
    retriever = make_retriever(settings, triton)
    try:
        await run_service(
            SERVICE, settings, settings.retriever_metrics_port, build_stages(settings, retriever)
        )
    finally:
        await retriever.store.close()
        await triton.close()


if __name__ == "__main__":
    asyncio.run(main())
