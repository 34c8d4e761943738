"""Retrieval end to end through the real broker, Triton and Qdrant (edge): ingest → ask → evidence,
with events on the way and one trace across every hop."""

from __future__ import annotations

from pathlib import Path

from reasoning_mesh.contracts import events, kb_documents, kb_ingested, results
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.kb.units import facts
from reasoning_mesh.settings import KafkaSettings, TritonSettings
from reasoning_mesh.telemetry.tracetree import read_spans, spans_for_request

from .conftest import collect, running
from .helpers import gateway_stage, retriever_stages

KB = [
    KbDocument.model_validate(f)
    for f in facts()
    if f["id"]
    in {
        "unit-length-km-to-m",
        "unit-mass-kg-to-g",
        "unit-volume-l-to-ml",
        "unit-time-decade-to-year",
        "unit-time-h-to-min",
    }
]


async def test_ingest_then_retrieve_with_events_and_trace(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path, traces_dir: Path
) -> None:
    stages, _retriever, client = retriever_stages(kafka, triton_settings, tmp_path)
    async with running([*stages, gateway_stage(kafka, tmp_path)]), MeshClient(kafka) as mesh:
        async with mesh.subscribe((kb_ingested.TOPIC,)) as receipts:
            for doc in KB:
                await mesh.publish(kb_documents.TOPIC, doc, key=doc.id)
            got = await collect(receipts, len(KB))
        assert {r.doc_id for _, r in got} == {d.id for d in KB}
        assert all(r.status == "indexed" and r.chunks == 1 for _, r in got)

        async with mesh.subscribe((results.TOPIC, events.TOPIC), request_ids={"e2e-1"}) as sub:
            await mesh.submit(
                MeshRequest(
                    id="e2e-1", kind="retrieve", top_k=2, query="How many grams are in a kilogram?"
                )
            )
            # The result and the events commit together but travel on different topics, so
            # read until both have arrived, in whichever order.
            seen = await collect(sub, 3)
    await client.close()
    [result] = [m for t, m in seen if t == results.TOPIC]
    assert isinstance(result, MeshResult) and result.status == "ok"
    assert result.evidence[0].doc_id == "unit-mass-kg-to-g"
    assert len(result.evidence) == 2 and result.evidence[0].score > result.evidence[1].score
    assert {m.event for t, m in seen if t == events.TOPIC} >= {"admitted", "evidence"}

    spans = spans_for_request(read_spans(traces_dir), "e2e-1")
    by_name = {s["name"]: s for s in spans}
    publish = by_name["rmesh.requests.v1 publish"]
    ingress = by_name["ingress process"]
    retrieve = by_name["retrieve process"]
    assert len({s["trace_id"] for s in (publish, ingress, retrieve)}) == 1
    assert ingress["parent_id"] == publish["span_id"]
    assert retrieve["parent_id"] == ingress["span_id"]
    children = {s["name"] for s in spans if s["parent_id"] == retrieve["span_id"]}
    assert {"triton infer embedder", "qdrant search"} <= children
