"""The state machine's side of the routes the verifier opens for a step the model could not
answer (`cancel.py` for divisions of integers, `distribute.py` for their products, `cross.py`
for fractions build their goals): open one, and move it on as its goals close."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from reasoning_mesh.contracts.plans import Plan, SubGoal
from reasoning_mesh.contracts.verifier_state import GoalState
from reasoning_mesh.verifier import cancel, cross, distribute, domain, routes

if TYPE_CHECKING:
    from reasoning_mesh.verifier.machine import Actions


class Routes:
    """Mixed into `Machine`, whose working copy of the state these methods read and change."""

    plan: Plan
    goals: dict[str, GoalState]
    by_id: dict[str, SubGoal]
    actions: Actions
    phase: str

    def operand(self, text: str) -> Fraction | None:
        raise NotImplementedError

    def text(self, operand: str) -> str | None:
        raise NotImplementedError

    def judge(self, g: SubGoal, text: str) -> domain.Verdict:
        raise NotImplementedError

    def add_goals(self, goals: list[SubGoal]) -> None:
        raise NotImplementedError

    def give_up(self, g: SubGoal, reason: str) -> None:
        raise NotImplementedError

    def start_refine(self, g: SubGoal, reason: str) -> bool:
        """Open a route for `g`, which exhausted its attempts, if one fits its step."""
        a, b = self.operand(g.left or ""), self.operand(g.right or "")
        written = (self.text(g.left or ""), self.text(g.right or ""))
        depth = routes.depth(g, self.by_id)
        opened = _route(g, (a, b), written, depth, routes.next_goal_number(self.plan))
        if opened is None:
            return False
        goals, event, extra = opened
        if not routes.room(self.plan, len(goals) + extra):
            return False
        self.add_goals(goals)
        self.goals[g.id] = self.goals[g.id].model_copy(update={"status": "refining", "reason": reason})
        self.actions.events.append(event)
        return True

    def settle_refinements(self) -> bool:
        """Move every refining goal on as far as its added goals allow; True if any moved."""
        refining = [self.by_id[gid] for gid, st in self.goals.items() if st.status == "refining"]
        refining.sort(key=lambda g: -routes.depth(g, self.by_id))  # inner routes settle first
        moved = False
        for g in refining:
            if self.goals[g.id].status == "refining" and self.phase not in ("done", "failed"):
                moved |= self.settle(g)
        return moved

    def settle_trials(self, g: SubGoal, kids: list[SubGoal]) -> bool:
        if any(self.goals[k.id].status in ("pending", "waiting") for k in kids):
            return False
        a, b = self.operand(g.left or ""), self.operand(g.right or "")
        if a is None or b is None:
            self.give_up(g, "operands unresolved")
            return True
        verified = {k.id: v for k in kids if (v := self.goals[k.id].value) is not None}
        shorter, other = cancel.sides(g, a, b)
        if not cancel.tried(kids, other):  # the shorter side's trials are in: try the other
            primes = sorted(cancel.dividing(kids, verified, shorter))
            if primes:
                first = routes.next_goal_number(self.plan)
                self.add_goals(cancel.trials(g, other, primes, first))
                return True
            found = []
        else:
            found = cancel.common_primes(kids, verified, g)
        if not found:
            why = f"no common factor among {cancel.TRIAL_PRIMES}: {self.goals[g.id].reason}"
            self.give_up(g, why)
            return True
        route = cancel.route(g, found, routes.next_goal_number(self.plan))
        self.add_goals(route)
        primes = [p for p, _, _ in found]
        self.actions.events.append(
            ("cancelled", {"goal": g.id, "primes": primes, "reduced": route[-1].id})
        )
        return True

    def settle(self, g: SubGoal) -> bool:
        kids = [k for k in self.plan.goals if k.refines == g.id]
        reduced = next((k for k in kids if k.role == "answer"), None)
        if reduced is None:  # a cancellation's trials: which primes are common?
            return self.settle_trials(g, kids)
        done = self.goals[reduced.id]
        if done.status == "verified":
            # The route's answer answers `g` only if it is `g`'s own canonical result too: a
            # route built wrong must fail, never verify `g` with another value.
            own = self.judge(g, done.value or "")
            if not own.accepted:
                self.give_up(g, f"route answer {done.value} rejected for {g.id}: {own.reason}")
                return True
            why = f"{reduced.id} ({reduced.note}) verified: {done.reason}"
            self.goals[g.id] = self.goals[g.id].model_copy(
                update={"status": "verified", "value": done.value, "reason": why}
            )
            self.actions.events.append(
                ("step_verified", {"goal": g.id, "value": done.value, "note": g.note, "via": reduced.id})
            )
            return True
        failed = [k for k in kids if k.role != "trial" and self.goals[k.id].status == "failed"]
        if failed:
            self.give_up(g, f"route failed at {failed[0].id}: {self.goals[failed[0].id].reason}")
            return True
        return False


Event = tuple[str, dict[str, Any]]


def _route(
    g: SubGoal,
    values: tuple[Fraction | None, Fraction | None],
    written: tuple[str | None, str | None],
    depth: int,
    first: int,
) -> tuple[list[SubGoal], Event, int] | None:
    """The route that fits the step: its first goals, its event, and how many goals it may add
    later (a cancellation's goals after its trials). `values` decide which route fits; the
    routes' operands are `g`'s own, or read from how they are `written`."""
    (a, b), (ta, tb) = values, written
    if a is None or b is None or ta is None or tb is None or g.kind != "arith":
        return None
    if cancel.qualifies(g, a, b, depth):
        trials = cancel.trials(g, cancel.sides(g, a, b)[0], cancel.TRIAL_PRIMES, first)
        event = ("cancelling", {"goal": g.id, "trials": [t.id for t in trials], "depth": depth})
        return trials, event, 3 * len(cancel.TRIAL_PRIMES) + 1
    found = distribute.split(g, ta, tb) if g.op == "*" and depth < distribute.MAX_DEPTH else None
    if found is not None:
        event = ("distributing", {"goal": g.id, "parts": found[1], "depth": depth})
        return distribute.route(g, *found, first), event, 0
    if cross.qualifies(g, a, b, depth):
        goals = cross.route(g, ta, tb, first)
        if not goals:
            return None
        return goals, ("crossing", {"goal": g.id, "answer": goals[-1].id, "depth": depth}), 0
    return None
