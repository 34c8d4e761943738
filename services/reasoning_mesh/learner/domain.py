"""Learner domain: what a feedback record teaches, where it lands (train or held out), when a
skill is due for training, and the evaluation gate. Pure: no Kafka, no torch."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.errors import NonRetryableError
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.numbers import as_fraction
from reasoning_mesh.planner.rounding import round_question_prompt

#: One in this many prompts is held out for evaluation (by hash: stable across restarts).
HELD_OUT_EVERY = 5


class UnlearnableFeedbackError(NonRetryableError):
    """A feedback record the learner cannot turn into a training example."""

    code = "unlearnable_feedback"


def to_example(fb: Feedback) -> Example:
    """The model prompt and answer a feedback record teaches. A question is read the way the
    planner reads it, so the adapter learns the prompt the mesh will send."""
    if as_fraction(fb.answer) is None:
        raise UnlearnableFeedbackError(f"answer {fb.answer!r} is not a number")
    prompt = fb.prompt or round_question_prompt(fb.question or "")
    if not prompt:
        raise UnlearnableFeedbackError(
            f"no `prompt`, and the question is not one the planner turns into a single step: "
            f"{(fb.question or '')[:80]!r}"
        )
    return Example(prompt, fb.answer.strip(), fb.skill)


def held_out(prompt: str) -> bool:
    return hashlib.sha256(prompt.encode()).digest()[0] % HELD_OUT_EVERY == 0


def split(examples: list[Example]) -> tuple[list[Example], list[Example]]:
    train = [e for e in examples if not held_out(e.prompt)]
    test = [e for e in examples if held_out(e.prompt)]
    return train, test


def due(total: int, at_last_job: int, min_new: int) -> bool:
    return total - at_last_job >= min_new


@dataclass(frozen=True)
class GateResult:
    passed: bool
    reason: str


def gate(
    skill: str,
    before: dict[str, float],
    after: dict[str, float],
    min_gain: float,
    max_regression: float,
    max_cross_regression: float,
    routed: frozenset[str] = frozenset(),
) -> GateResult:
    """Publish only if `skill` gains at least `min_gain` and no skill is hurt.

    Accuracies are fractions, `after` measured with the adapter applied. A skill the adapter
    will serve (`routed`, e.g. the parts of a merged adapter) may lose at most `max_regression`.
    Every other skill keeps being served without it (the planner routes by skill), so as served
    it cannot regress; forced onto it, the adapter may cost at most `max_cross_regression`: the
    bound on what a misrouted request could lose."""
    gain = after[skill] - before[skill]
    if gain < min_gain:
        return GateResult(False, f"{skill} gained {gain:+.3f}, less than {min_gain:.3f}")
    worst = []
    for s, was in before.items():
        limit = max_regression if s in routed else max_cross_regression
        if s != skill and after[s] - was < -limit:
            worst.append((after[s] - was, s, limit))
    if worst:
        drop, name, limit = min(worst)
        how = "served with it" if name in routed else "with the adapter forced on"
        return GateResult(False, f"{name} regressed {drop:+.3f} {how} (limit -{limit:.3f})")
    return GateResult(True, f"{skill} {before[skill]:.3f} → {after[skill]:.3f}, no skill over its limit")
