"""Retriever message handlers: translate topic messages to use-case calls and results back."""

from __future__ import annotations

from typing import Any

from reasoning_mesh.contracts import kb_ingested
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.kb_ingested import IngestReceipt
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.errors import MeshError
from reasoning_mesh.retriever.service import Retriever
from reasoning_mesh.runtime.context import Context


def _reply(ctx: Context, req: RetrievalRequest, **fields: Any) -> None:
    """The one result of a retrieval request, on the topic the requester named."""
    ctx.emit(
        req.reply_to,
        MeshResult(
            request_id=req.request_id,
            subgoal_id=req.subgoal_id,
            tenant=req.tenant,
            kind="retrieve",
            submitted_at=req.submitted_at,
            **fields,
        ),
        key=req.request_id,
    )


def _receipt(ctx: Context, doc: KbDocument, replica: str, **fields: Any) -> None:
    ctx.emit(
        kb_ingested.TOPIC,
        IngestReceipt(
            doc_id=doc.id,
            batch_id=doc.batch_id,
            collection=doc.collection,
            replica=replica,
            **fields,
        ),
        key=doc.id,
    )


class RetrieverHandlers:
    def __init__(self, retriever: Retriever, replica: str = "0") -> None:
        self.retriever, self.replica = retriever, replica

    async def on_retrieval(self, req: RetrievalRequest, ctx: Context) -> None:
        evidence, cached, timings = await self.retriever.retrieve(
            req.query, req.top_k, req.filters, req.collection
        )
        ctx.event("evidence", passages=len(evidence), cached=cached)
        _reply(ctx, req, status="ok", evidence=evidence, cached=cached, timings_ms=timings)

    async def on_retrieval_failure(
        self, req: RetrievalRequest | None, error: MeshError, ctx: Context
    ) -> None:
        # A caller waits on this request id: answer with a typed failure, never silence.
        if req is not None:
            _reply(ctx, req, status="failed", error=ErrorInfo.of(error))

    async def on_document(self, doc: KbDocument, ctx: Context) -> None:
        chunks = await self.retriever.index(doc)
        _receipt(ctx, doc, self.replica, status="indexed", chunks=chunks)

    async def on_document_failure(self, doc: KbDocument | None, error: MeshError, ctx: Context) -> None:
        if doc is not None:
            _receipt(ctx, doc, self.replica, status="failed", error=ErrorInfo.of(error))
