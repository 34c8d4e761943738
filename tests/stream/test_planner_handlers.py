"""The planner's handler without a broker: a request's `feedback: false` reaches the plan the
verifier works from, so a benchmark's verified steps never become training data; a question of
no plannable shape is answered `unsupported`, never guessed."""

from __future__ import annotations

import pytest

from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
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


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("What is the capital of France?", "no arithmetic, equation, conversion or rounding found"),
        ("What is the derivative of 4*x**2 wrt x?", "no plan for this question: "),
    ],
)
async def test_a_question_it_cannot_plan_is_answered_unsupported_with_no_number(
    question: str, reason: str
) -> None:
    request = MeshRequest(id="u-1", kind="reason", query=question)
    ctx = Context("plan", "planner", Record("rmesh.reason.requests.v1", 0, 0, b"u-1", b"{}"))
    ctx.request_id, ctx.tenant = request.id, request.tenant
    await PlannerHandlers().on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and result.answer is None
    assert result.error is not None and result.error.code == "unsupported"
    assert result.error.message.startswith(reason)
    assert not [o for o in ctx.outputs if isinstance(o.value, VerifierInput)]  # no plan, no guess
    (event,) = [o.value for o in ctx.outputs if isinstance(o.value, RequestEvent)]
    assert event.event == "unsupported"
