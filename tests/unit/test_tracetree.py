from reasoning_mesh.telemetry.tracetree import build_forest, spans_for_request


def span(
    sid: str, parent: str | None, trace: str = "t1", req: str | None = None, start: int = 0
) -> dict:
    attrs = {"rmesh.request_id": req} if req else {}
    return {
        "trace_id": trace,
        "span_id": sid,
        "parent_id": parent,
        "start_ns": start,
        "attributes": attrs,
    }


def test_spans_of_every_trace_touching_the_request() -> None:
    spans = [span("a", None, req="r1"), span("b", "a", start=1), span("c", None, trace="t2")]
    assert [s["span_id"] for s in spans_for_request(spans, "r1")] == ["a", "b"]


def test_forest_nests_children_and_orphans_become_roots() -> None:
    spans = [span("a", None), span("b", "a"), span("c", "b"), span("d", "missing")]
    forest = build_forest(spans)
    assert [n[0]["span_id"] for n in forest] == ["a", "d"]
    assert forest[0][1][0][0]["span_id"] == "b"
    assert forest[0][1][0][1][0][0]["span_id"] == "c"
