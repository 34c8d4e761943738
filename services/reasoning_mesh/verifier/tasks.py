"""What the verifier sends and records for one attempt at a sub-goal: the reasoner's step task,
the retriever's request, a reused answer, a majority vote. Pure builders; the state machine
(`machine.py`) decides when each is due."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import Hypothesis
from reasoning_mesh.contracts.verifier_state import Attempt, GoalState, RequestState, Tried
from reasoning_mesh.models.reasoner.data import MAX_PROMPT_CHARS, step_prompt_text
from reasoning_mesh.models.reasoner.numbers import as_fraction
from reasoning_mesh.models.reasoner.skills import round_prompt
from reasoning_mesh.verifier import domain
from reasoning_mesh.verifier.strategy import Strategy, reworded


def digits(*texts: str | None) -> int:
    """Digits in a step's actual operands as written (known once earlier steps have answered)."""
    return sum(sum(c.isdigit() for c in t) for t in texts if t is not None)


def prompt_for(
    g: SubGoal, text: Callable[[str], str | None], *, reword: bool = False
) -> tuple[str | None, str]:
    """The prompt of the goal's next attempt, or None and why the goal cannot be asked. Its
    operands are the texts `text` gives (literals as planned, accepted answers as written)."""
    if g.kind == "model":
        return g.prompt, ""
    if g.kind == "round":
        places = domain.places_of(g.right)
        if g.left is None or as_fraction(g.left) is None or places is None:
            return None, "not a rounding of a number to whole places"
        return round_prompt(g.left, places), ""
    a, b = text(g.left or ""), text(g.right or "")
    if a is None or b is None or g.op is None or as_fraction(a) is None or as_fraction(b) is None:
        return None, "an operand is not a number"
    step = reworded(a, g.op, b) if reword else (a, g.op, b)
    prompt = step_prompt_text(*step, g.notation)
    if len(prompt) > MAX_PROMPT_CHARS:
        return (
            None,
            f"the step {prompt!r} is longer than the model's {MAX_PROMPT_CHARS}-character prompt",
        )
    return prompt, ""


def step_task(state: RequestState, g: SubGoal, n: int, prompt: str, s: Strategy, inbox: str) -> StepTask:
    return StepTask(
        request_id=state.request_id,
        tenant=state.tenant,
        subgoal_id=g.id,
        attempt=n,
        prompt=prompt,
        samples=s.samples,
        temperature=s.temperature,
        top_k=s.top_k,
        max_new_tokens=g.budget.max_new_tokens,
        seed=1000 * n + int(g.id[1:]),
        adapter_id=g.adapter_id,
        reply_to=inbox,
    )


def retrieval(state: RequestState, g: SubGoal, *, wide: bool, inbox: str) -> RetrievalRequest:
    """The fact's query: filtered to the asked conversion first, then (`wide`) unfiltered and
    deeper, in case the filter metadata was what went wrong."""
    return RetrievalRequest(
        request_id=state.request_id,
        subgoal_id=g.id,
        tenant=state.tenant,
        query=g.query or g.note,
        top_k=10 if wide else 3,
        filters=None if wide else g.filters,  # type: ignore[arg-type]
        reply_to=inbox,
    )


def reused(other: str, value: str, now: float) -> GoalState:
    """A goal answered by the verified answer of the same step at goal `other`."""
    why = f"the same step as {other}, verified"
    tried = Tried(text=value, accepted=True, reason=why)
    attempt = Attempt(n=0, strategy="reuse", samples=0, tried=[tried], started_at=now, ended_at=now)
    return GoalState(status="verified", value=value, attempts=[attempt], reason=why)


def majority(ordered: list[Hypothesis]) -> tuple[Hypothesis, domain.Verdict] | None:
    """An unverifiable step: the most frequent well-formed number among the samples."""
    counts: dict[Fraction, list[Hypothesis]] = {}
    for h in ordered:
        v = as_fraction(h.text)
        if v is not None:
            counts.setdefault(v, []).append(h)
    if not counts:
        return None
    best = max(counts.values(), key=len)
    return best[0], domain.Verdict(True, f"majority of {len(ordered)} samples ({len(best)})")
