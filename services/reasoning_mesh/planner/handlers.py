"""Planner handlers: a `reason` request → its plan on the verifier's inbox, or a failed result;
adapter events → which LoRA adapter serves each skill."""

from __future__ import annotations

from reasoning_mesh.contracts import results, verifier_inbox
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.contracts.requests import Budget, MeshRequest
from reasoning_mesh.contracts.results import MeshResult, Status
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import MeshError, NonRetryableError
from reasoning_mesh.planner import story_reading, wrappers
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question, route
from reasoning_mesh.planner.translation import (
    ModelReader,
    ReadingPolicy,
    choose,
    seed_of,
    worth_asking,
)
from reasoning_mesh.runtime.context import Context


class PlannerHandlers:
    def __init__(
        self,
        *,
        fallbacks: bool = True,
        reader: ModelReader | None = None,
        policy: ReadingPolicy | None = None,
        stories: ModelReader | None = None,
        story_agree: int = 4,
    ) -> None:
        #: skill -> (published_at, adapter id) of the newest adapter the reasoner has loaded.
        self.adapters: dict[str, tuple[float, str]] = {}
        self.fallbacks = fallbacks
        self.reader, self.policy = reader, policy or ReadingPolicy()
        self.stories, self.story_agree = stories, story_agree

    def routes(self) -> dict[str, str]:
        return {skill: aid for skill, (_, aid) in self.adapters.items()}

    async def on_request(self, request: MeshRequest, ctx: Context) -> None:
        try:
            planned: Plan | None = plan_question(request.query, request.budget, fallbacks=self.fallbacks)
        except UnsupportedQuestionError as exc:
            planned = await self._model_plan(request, exc, ctx)
        if planned is None:
            return
        plan = route(planned, self.routes())
        if not request.feedback:  # an evaluation: its steps must never reach the learner
            plan = plan.model_copy(update={"feedback": False})
        adapters = sorted({g.adapter_id for g in plan.goals if g.adapter_id})
        ctx.event("planned", shape=plan.shape, goals=len(plan.goals), adapters=adapters)
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

    async def _model_plan(
        self, request: MeshRequest, exc: UnsupportedQuestionError, ctx: Context
    ) -> Plan | None:
        """The translation model's plan for a question the grammar cannot read, or None once the
        request is answered `unsupported` (said plainly, no number, no dead letter)."""
        reason = str(exc)
        # The model reads the question without what people write around it (`can u`, `my son's
        # homework says`): phrases that carry nothing, some it never trained on.
        core = wrappers.unwrap(request.query)
        if self.reader is not None and worth_asking(core) and not wrappers.one_then_dash(core):
            p = self.policy
            try:
                candidates = await self.reader.read(
                    core,
                    samples=p.samples,
                    temperature=p.temperature,
                    seed=seed_of(request.id),
                )
            except NonRetryableError as err:  # e.g. a question too long for the model
                reason = f"{reason}; the translation model refused it: {err}"
            else:
                choice = choose(
                    core,
                    candidates,
                    request.budget or Budget(),
                    min_agree=p.min_agree,
                    fallbacks=self.fallbacks,
                )
                if choice.plan is not None:
                    ctx.event(
                        "translated",
                        reading=choice.plan.reading,
                        votes=choice.votes,
                        samples=choice.samples,
                    )
                    return choice.plan.model_copy(update={"question": request.query})
                reason = f"{reason}; {choice.reason}"
        if (
            self.stories is not None
            and story_reading.worth_reading(str(exc))
            and worth_asking(request.query)  # a number, and not `3 plus 4!` or `1,5`
            and not wrappers.one_then_dash(request.query)  # `quick one -5 + 3`
        ):
            plan, reason = await self._story_plan(request, reason, ctx)
            if plan is not None:
                return plan
        ctx.event("unsupported", reason=reason[:500])
        _answer(ctx, request, "unsupported", UnsupportedQuestionError(reason))
        return None

    async def _story_plan(
        self, request: MeshRequest, reason: str, ctx: Context
    ) -> tuple[Plan | None, str]:
        """The story model's plan for the whole question, or None and the reason grown by why."""
        assert self.stories is not None
        try:
            candidates = await self.stories.read(request.query, samples=0, temperature=0.0, seed=0)
        except NonRetryableError as err:
            return None, f"{reason}; the story model refused it: {err}"
        choice = choose(
            request.query,
            candidates,
            request.budget or Budget(),
            # never fewer than a majority: two readings of one question cannot both win
            min_agree=max(self.story_agree, len(candidates) // 2 + 1),
            fallbacks=self.fallbacks,
            checker=story_reading.check,
            model="story model",
            model_name="stories",
        )
        if choice.plan is None:
            return None, f"{reason}; {choice.reason}"
        ctx.event("story_read", reading=choice.plan.reading, votes=choice.votes, heads=choice.samples)
        return choice.plan, reason

    async def on_adapter(self, event: AdapterEvent, ctx: Context) -> None:
        # Only a loaded adapter is routed to: a refused one never replaces the one serving now.
        if event.event != "loaded":
            return
        stamp = event.published_at or event.at
        for skill in event.skills:
            if skill not in self.adapters or self.adapters[skill][0] <= stamp:
                self.adapters[skill] = (stamp, event.adapter_id)

    async def on_failure(self, request: MeshRequest | None, error: MeshError, ctx: Context) -> None:
        # A caller is waiting on this id: a question that cannot be planned still gets its answer.
        if request is not None:
            _answer(ctx, request, "failed", error)


def _answer(ctx: Context, request: MeshRequest, status: Status, error: MeshError) -> None:
    """The request's one result, with no answer: why, for the caller waiting on its id."""
    result = MeshResult(
        request_id=request.id,
        tenant=request.tenant,
        kind="reason",
        status=status,
        error=ErrorInfo.of(error),
        submitted_at=request.submitted_at,
    )
    ctx.emit(results.TOPIC, result, key=request.id)
