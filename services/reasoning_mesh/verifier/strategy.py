"""How each attempt at a sub-goal samples: greedy first when the step looks easy, then wider
sampling at rising temperature. Difficulty is measured on the step's actual operands (digits),
so a step fed by long intermediate results starts wide instead of wasting a greedy round trip."""

from __future__ import annotations

from dataclasses import dataclass

from reasoning_mesh.contracts.plans import SubGoal

#: Operand digits above which greedy decoding is skipped (the model is unreliable there).
HARD_DIGITS = 5


@dataclass(frozen=True)
class Strategy:
    name: str
    samples: int
    temperature: float
    top_k: int = 0


def next_strategy(goal: SubGoal, attempt: int, digits: int) -> Strategy:
    budget = goal.budget
    if goal.kind == "model":
        return Strategy("sample-vote", budget.samples, 0.7, 5)
    step = attempt if digits <= HARD_DIGITS else attempt + 1
    if step == 0:
        return Strategy("greedy", 1, 0.0)
    if step == 1:
        return Strategy("sample", budget.samples, 0.8, 0)
    return Strategy("resample", 16, min(0.8 + 0.2 * (step - 1), 1.6), 0)
