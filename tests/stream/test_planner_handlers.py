"""The planner's handler without a broker: a request's `feedback: false` reaches the plan the
verifier works from, so a benchmark's verified steps never become training data."""

from __future__ import annotations

import pytest

from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.planner.handlers import PlannerHandlers
from reasoning_mesh.runtime.context import Context, Record


@pytest.mark.parametrize("feedback", [True, False])
async def test_the_plan_carries_whether_the_request_may_teach(feedback: bool) -> None:
    request = MeshRequest(id="b-1", query="What is 12 + 30?", feedback=feedback)
    ctx = Context("plan", "planner", Record("rmesh.reason.requests.v1", 0, 0, b"b-1", b"{}"))
    await PlannerHandlers().on_request(request, ctx)
    (inbox,) = [o.value for o in ctx.outputs if isinstance(o.value, VerifierInput)]
    assert inbox.plan is not None and inbox.plan.feedback is feedback
