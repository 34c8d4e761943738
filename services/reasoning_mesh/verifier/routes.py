"""What every route of easier steps shares (`cancel.py`, `distribute.py`, `cross.py` build them,
`refine.py` runs them): where its goals are numbered, how deep it sits, whether it still fits,
and how its goals are written."""

from __future__ import annotations

from typing import Literal

from reasoning_mesh.contracts.plans import (
    MAX_GOALS,
    GoalBudget,
    GoalRole,
    Plan,
    SubGoal,
    is_ref,
    ref_goal,
)

#: Goals a request may hold once routes open: its durable state (about 1.5 KB per goal with its
#: attempts, measured on the benchmark) stays well inside Kafka's 1 MB record limit.
MAX_ROUTED_GOALS = 400

Op = Literal["+", "-", "*", "/"]


def depth(g: SubGoal, by_id: dict[str, SubGoal]) -> int:
    """How many routes deep `g` sits (0: a goal of the plan)."""
    n = 0
    while g.refines and g.refines in by_id:
        g, n = by_id[g.refines], n + 1
    return n


def next_goal_number(plan: Plan) -> int:
    """Ids the plan and every fallback route have not used (routes are appended later)."""
    goals = [*plan.goals, *(g for f in plan.fallbacks for g in f.goals)]
    return 1 + max(int(g.id[1:]) for g in goals)


def room(plan: Plan, extra: int) -> bool:
    """Whether a route of up to `extra` goals still fits the request."""
    fallback_goals = sum(len(f.goals) for f in plan.fallbacks)
    return len(plan.goals) + fallback_goals + extra <= min(MAX_GOALS, MAX_ROUTED_GOALS)


class RouteGoals:
    """The goals of one route for `g`, numbered on from `first`: each an exact step that inherits
    `g`'s budget, skill, adapter and notation (a conversion's route answers in decimals
    throughout, an exact goal's in fractions; whole numbers read the same in both) and depends
    on the goals its operands name."""

    def __init__(self, g: SubGoal, first: int) -> None:
        self.g, self.first = g, first
        self.goals: list[SubGoal] = []

    def add(
        self,
        op: Op,
        left: str,
        right: str,
        note: str,
        role: GoalRole = "part",
        budget: GoalBudget | None = None,
    ) -> str:
        """Append one step; its reference (`@gN`) for the steps after it."""
        gid = f"g{self.first + len(self.goals)}"
        self.goals.append(
            SubGoal(
                id=gid,
                kind="arith",
                op=op,
                left=left,
                right=right,
                depends_on=[ref_goal(x) for x in (left, right) if is_ref(x)],
                note=note,
                budget=budget or self.g.budget,
                skill=self.g.skill,
                adapter_id=self.g.adapter_id,
                role=role,
                refines=self.g.id,
                notation=self.g.notation,
            )
        )
        return f"@{gid}"

    def answered_by_last(self, note: str) -> list[SubGoal]:
        """The route, its last step made the one whose verified answer answers `g`."""
        if not self.goals:
            raise ValueError(f"{self.g.id}: a route needs at least one step")
        self.goals[-1] = self.goals[-1].model_copy(update={"role": "answer", "note": note})
        return self.goals
