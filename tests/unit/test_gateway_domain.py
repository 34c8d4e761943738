import pytest

from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.errors import BatchInputError, ThrottledError, UnknownTenantError
from reasoning_mesh.gateway.domain import (
    Admission,
    NoRouteError,
    derive_id,
    parse_batch_line,
    route,
)
from reasoning_mesh.gateway.settings import TenantLimit


def test_admission_per_tenant_buckets_are_independent() -> None:
    now = [0.0]
    adm = Admission(
        {"a": TenantLimit(rate=1, burst=1), "b": TenantLimit(rate=1, burst=1)}, clock=lambda: now[0]
    )
    adm.admit("a")
    with pytest.raises(ThrottledError) as exc:
        adm.admit("a")
    assert exc.value.retry_after_s == pytest.approx(1.0)
    adm.admit("b")  # b has its own bucket
    now[0] = 1.0
    adm.admit("a")


def test_unknown_tenant_is_refused() -> None:
    with pytest.raises(UnknownTenantError, match="nobody"):
        Admission({"a": TenantLimit()}).admit("nobody")


def test_route_retrieve_builds_retrieval_request() -> None:
    req = MeshRequest(id="q", kind="retrieve", query="km to m", top_k=2, filters={"dimension": "length"})
    topic, msg = route(req, {"retrieve": "rmesh.retrieval.requests.v1"})
    assert topic == "rmesh.retrieval.requests.v1"
    assert isinstance(msg, RetrievalRequest)
    assert (msg.request_id, msg.top_k, msg.filters) == ("q", 2, {"dimension": "length"})


def test_route_without_a_service_is_a_clear_error() -> None:
    with pytest.raises(NoRouteError, match="reason"):
        route(MeshRequest(id="q", kind="reason", query="1+1"), {"retrieve": "x"})


def test_batch_line_keeps_unknown_fields_out_and_derives_stable_ids() -> None:
    line = '{"kind": "retrieve", "query": "litres in a kl", "secret": "x", "answer": "1000"}'
    a = parse_batch_line(1, line)
    b = parse_batch_line(9, line)
    assert a.id == b.id and a.id.startswith("h-")
    assert "secret" not in a.model_dump() and "answer" not in a.model_dump()
    other = parse_batch_line(2, '{"kind": "retrieve", "query": "litres in a ml"}')
    assert other.id != a.id


def test_batch_line_accepts_benchmark_question_field() -> None:
    req = parse_batch_line(3, '{"module": "m", "question": "What is 2 + 2?", "answer": "4"}')
    assert req.query == "What is 2 + 2?" and req.kind == "reason"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("not json", "not valid JSON"),
        ("[1]", "JSON object"),
        ('{"query": ""}', "query"),
        ('{"query": "x", "top_k": 0}', "top_k"),
        ('{"id": "has space", "query": "x"}', "id"),
        ('{"query": "x", "kind": "nope"}', "kind"),
    ],
)
def test_bad_batch_lines_name_their_line(text: str, needle: str) -> None:
    with pytest.raises(BatchInputError, match=needle) as exc:
        parse_batch_line(42, text)
    assert exc.value.line == 42 and "line 42" in str(exc.value)


def test_derive_id_ignores_given_id() -> None:
    assert derive_id({"query": "a", "id": "x"}) == derive_id({"query": "a"})


def test_a_batch_may_forbid_teaching_whatever_its_lines_say() -> None:
    line = '{"question": "What is 2 + 3?", "answer": "5", "feedback": true}'
    assert parse_batch_line(1, line).feedback is True
    taught, evaluated = parse_batch_line(1, line), parse_batch_line(1, line, feedback=False)
    assert evaluated.feedback is False and evaluated.id == taught.id  # reruns still resume
