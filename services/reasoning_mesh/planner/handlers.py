"""Planner handlers: a `reason` request → its plan on the verifier's inbox, or a failed result."""

from __future__ import annotations

from reasoning_mesh.contracts import results, verifier_inbox
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import MeshError
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.runtime.context import Context


async def on_request(request: MeshRequest, ctx: Context) -> None:
    plan = plan_question(request.query, request.budget)
    ctx.event("planned", shape=plan.shape, goals=len(plan.goals))
    ctx.emit(
        verifier_inbox.TOPIC,
        VerifierInput(
            request_id=request.id,
            tenant=request.tenant,
            kind="plan",
            plan=plan,
            question=request.query,
            submitted_at=request.submitted_at,
        ),
        key=request.id,
    )


async def on_failure(request: MeshRequest | None, error: MeshError, ctx: Context) -> None:
    # A caller is waiting on this id: a question that cannot be planned still gets its answer.
    if request is not None:
        ctx.emit(
            results.TOPIC,
            MeshResult(
                request_id=request.id,
                tenant=request.tenant,
                kind="reason",
                status="failed",
                error=ErrorInfo.of(error),
            ),
            key=request.id,
        )
