"""Reasoner handlers: one step task → one Triton request with n samples → one hypotheses reply."""

from __future__ import annotations

from typing import Protocol

from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import MeshError
from reasoning_mesh.reasoner.domain import SampleLike, hypotheses
from reasoning_mesh.runtime.context import Context


class Generate(Protocol):
    async def __call__(self, task: StepTask) -> list[SampleLike]: ...


class ReasonerHandlers:
    def __init__(self, generate: Generate) -> None:
        self.generate = generate

    async def on_step(self, task: StepTask, ctx: Context) -> None:
        samples = await self.generate(task)
        hyps = hypotheses(samples)
        depth = [h.mean_exit_layer for h in hyps]
        ctx.event(
            "hypotheses",
            goal=task.subgoal_id,
            attempt=task.attempt,
            samples=len(hyps),
            mean_exit_layer=round(sum(depth) / len(depth), 2) if depth else None,
        )
        ctx.emit(task.reply_to, self._reply(task, status="ok", hypotheses=hyps), key=task.request_id)

    async def on_step_failure(self, task: StepTask | None, error: MeshError, ctx: Context) -> None:
        # The verifier waits on this attempt: answer with the failure so it can backtrack.
        if task is not None:
            reply = self._reply(task, status="failed", error=ErrorInfo.of(error))
            ctx.emit(task.reply_to, reply, key=task.request_id)

    @staticmethod
    def _reply(task: StepTask, **fields: object) -> VerifierInput:
        return VerifierInput(
            request_id=task.request_id,
            tenant=task.tenant,
            kind="hypotheses",
            subgoal_id=task.subgoal_id,
            attempt=task.attempt,
            **fields,  # type: ignore[arg-type]
        )
