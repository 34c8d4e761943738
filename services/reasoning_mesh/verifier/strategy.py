"""How each attempt at a sub-goal samples: greedy first when the step looks easy, then wider
sampling at rising temperature. Difficulty is measured on the step's actual operands (digits),
so a step fed by long intermediate results starts wide instead of wasting a greedy round trip."""

from __future__ import annotations

from dataclasses import dataclass

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.models.reasoner.numbers import negated

#: Operand digits above which greedy decoding is skipped (the model is unreliable there).
HARD_DIGITS = 5


@dataclass(frozen=True)
class Strategy:
    name: str
    samples: int
    temperature: float
    top_k: int = 0
    reword: bool = False  # ask for the same step in an equivalent wording (`reworded`)


def next_strategy(goal: SubGoal, attempt: int, digits: int) -> Strategy:
    budget = goal.budget
    if goal.kind == "model":
        return Strategy("sample-vote", budget.samples, 0.7, 5)
    if goal.role == "trial":  # one attempt only: sampled, as even halving is no sure greedy step
        return Strategy("trial", budget.samples, 0.8, 0)
    step = attempt if digits <= HARD_DIGITS else attempt + 1
    if step == 0:
        return Strategy("greedy", 1, 0.0)
    if step == 1:
        return Strategy("sample", budget.samples, 0.8, 0)
    temperature = min(0.8 + 0.2 * (step - 1), 1.6)
    if goal.kind == "arith" and step % 2 == 0:
        return Strategy("resample-reworded", 16, temperature, 0, reword=True)
    return Strategy("resample", 16, temperature, 0)


def reworded(a: str, op: str, b: str) -> tuple[str, str, str]:
    """The same step in another, equal wording (`a+b` → `b+a`, `a-b` → `-b+a`, `a/b` →
    `-a/-b`), the signs toggled lexically (`numbers.negated`), the digits as written. The
    model's mistakes depend on the wording far more than on the sampling temperature, so a
    reworded attempt is a fresh chance where resampling saturates; the verifier still checks
    the answer against the goal's own operation."""
    if op in "+*":
        return b, op, a
    if op == "-":
        return negated(b), "+", a
    return negated(a), op, negated(b)
