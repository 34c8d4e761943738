"""Reasoner handlers: one step task → one Triton request with n samples → one hypotheses reply;
a published adapter → hot-loaded into the served model by a warm-up request → loaded/refused."""

from __future__ import annotations

import time
from typing import Protocol

from reasoning_mesh.contracts import adapters
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import MeshError, NonRetryableError
from reasoning_mesh.reasoner.domain import SampleLike, hypotheses
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.telemetry.metrics import ADAPTER_SERVING


class Generate(Protocol):
    async def __call__(self, task: StepTask) -> list[SampleLike]: ...


#: The warm-up request that makes the served model load an adapter before real traffic needs it.
WARMUP_PROMPT = "C:1+1="


class ReasonerHandlers:
    def __init__(self, generate: Generate) -> None:
        self.generate = generate

    async def on_adapter(self, event: AdapterEvent, ctx: Context) -> None:
        if event.event != "published":
            return
        published = event.published_at or event.at
        base = {"adapter_id": event.adapter_id, "skills": event.skills, "published_at": published}
        warmup = StepTask(
            request_id=f"warmup.{event.adapter_id}",
            subgoal_id="g0",
            attempt=0,
            prompt=WARMUP_PROMPT,
            max_new_tokens=1,
            adapter_id=event.adapter_id,
        )
        try:
            await self.generate(warmup)
        except NonRetryableError as exc:  # refused (signature, digest, base) or not in the store
            refused = AdapterEvent(event="refused", reason=str(exc), **base)  # type: ignore[arg-type]
            ctx.emit(adapters.TOPIC, refused, key=event.adapter_id)
            return
        loaded = AdapterEvent(
            event="loaded",
            seconds=round(time.time() - published, 3),
            metrics=event.metrics,
            base_sha384=event.base_sha384,
            **base,  # type: ignore[arg-type]
        )
        ctx.emit(adapters.TOPIC, loaded, key=event.adapter_id)
        ADAPTER_SERVING.labels(event.adapter_id, ",".join(event.skills)).set(1)

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
