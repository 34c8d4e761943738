"""Retriever handlers answer failures with typed results and receipts, never silence."""

from __future__ import annotations

from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.kb_ingested import IngestReceipt
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.errors import VectorStoreError
from reasoning_mesh.retriever.handlers import RetrieverHandlers
from reasoning_mesh.runtime.context import Context, Record


def ctx() -> Context:
    return Context("st", "retriever", Record("t", 0, 0, None, b"{}"))


async def test_failed_retrieval_answers_on_the_reply_topic() -> None:
    c = ctx()
    req = RetrievalRequest(request_id="r1", subgoal_id="g2", query="q", reply_to="custom.v1")
    await RetrieverHandlers(None).on_retrieval_failure(  # type: ignore[arg-type]
        req, VectorStoreError("qdrant down"), c
    )
    [emission] = c.outputs
    assert emission.topic == "custom.v1" and emission.key == "r1"
    assert isinstance(emission.value, MeshResult)
    assert emission.value.status == "failed" and emission.value.subgoal_id == "g2"
    assert emission.value.error.code == "vector_store" and emission.value.error.retryable


async def test_failed_document_gets_a_failed_receipt() -> None:
    c = ctx()
    doc = KbDocument(id="d1", text="x", batch_id="b")
    await RetrieverHandlers(None).on_document_failure(  # type: ignore[arg-type]
        doc, VectorStoreError("disk full"), c
    )
    [emission] = c.outputs
    assert isinstance(emission.value, IngestReceipt)
    assert (emission.value.doc_id, emission.value.batch_id, emission.value.status) == (
        "d1",
        "b",
        "failed",
    )


async def test_undecodable_input_emits_nothing_extra() -> None:
    c = ctx()
    await RetrieverHandlers(None).on_retrieval_failure(None, VectorStoreError("x"), c)  # type: ignore[arg-type]
    await RetrieverHandlers(None).on_document_failure(None, VectorStoreError("x"), c)  # type: ignore[arg-type]
    assert c.outputs == []
