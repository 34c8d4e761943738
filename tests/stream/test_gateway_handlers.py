"""The gateway's ingress handler without a broker: a record delivered again after its
transaction aborted is the same request, not a new one competing for its own slot."""

from __future__ import annotations

from reasoning_mesh.contracts import reasoning, results
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway.capacity import CapacityLimit
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.handlers import GatewayHandlers
from reasoning_mesh.gateway.refusals import RefusalReport
from reasoning_mesh.gateway.settings import TenantLimit
from reasoning_mesh.runtime.context import Context, Record


def ctx() -> Context:
    return Context("ingress", "gateway", Record("rmesh.requests.v1", 0, 0, b"x", b"{}"))


async def test_a_redelivered_request_keeps_its_slot_and_is_routed_again() -> None:
    capacity = CapacityLimit({"reason": 1})
    handlers = GatewayHandlers(
        Admission({"default": TenantLimit(rate=0)}), {"reason": reasoning.TOPIC}, capacity
    )
    request = MeshRequest(id="x", kind="reason", query="What is 1 + 1?")
    first, again, other = ctx(), ctx(), ctx()
    await handlers.on_request(request, first)
    await handlers.on_request(request, again)  # the same record after an aborted transaction
    assert [o.topic for o in again.outputs if o.topic != "rmesh.events.v1"] == [reasoning.TOPIC]
    assert capacity.in_flight("reason") == 1
    await handlers.on_request(request.model_copy(update={"id": "y"}), other)  # a new one: full
    (refusal,) = [o.value for o in other.outputs if o.topic == results.TOPIC]
    assert isinstance(refusal, MeshResult) and refusal.status == "refused"


async def test_refusals_are_counted_for_the_report_not_given_an_event_each() -> None:
    refusals = RefusalReport()
    handlers = GatewayHandlers(
        Admission({"default": TenantLimit(rate=0)}),
        {"reason": reasoning.TOPIC},
        CapacityLimit({"reason": 1}),
        refusals,
    )
    await handlers.on_request(MeshRequest(id="a", kind="reason", query="What is 1 + 1?"), ctx())
    refused = [ctx() for _ in range(5)]
    for i, c in enumerate(refused):
        await handlers.on_request(MeshRequest(id=f"r{i}", kind="reason", query="1 + 1?"), c)
    for c in refused:  # each caller still gets its typed refusal, and nothing else
        (out,) = c.outputs
        assert out.topic == results.TOPIC and out.value.status == "refused"  # type: ignore[attr-defined]
    (report,) = refusals.take(0.0)
    assert report.event == "throttled" and report.tenant == "default"
    assert report.detail == {"reason": "overloaded", "count": 5, "door": "kafka"}


async def test_only_refusals_may_wait_for_their_commit() -> None:
    """A refusal may share a later transaction; an admitted request is committed at once."""
    handlers = GatewayHandlers(
        Admission({"default": TenantLimit(rate=0)}),
        {"reason": reasoning.TOPIC},
        CapacityLimit({"reason": 1}),
        refusal_commit_within_s=0.5,
    )
    admitted, refused = ctx(), ctx()
    await handlers.on_request(MeshRequest(id="a", kind="reason", query="1 + 1?"), admitted)
    await handlers.on_request(MeshRequest(id="b", kind="reason", query="1 + 1?"), refused)
    assert admitted.commit_within_s is None and refused.commit_within_s == 0.5
    plain = GatewayHandlers(Admission({"default": TenantLimit(rate=0)}), {}, CapacityLimit({"x": 1}))
    assert plain.refusal_commit_within_s is None  # 0 (the handlers' default): each at once
