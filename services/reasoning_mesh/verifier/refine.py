"""The state machine's side of the routes the verifier opens for a step the model could not
answer (`cancel.py` for divisions, `distribute.py` for products build their goals): open one,
and move it on as its goals close."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reasoning_mesh.contracts.plans import Plan, SubGoal
from reasoning_mesh.contracts.verifier_state import GoalState
from reasoning_mesh.verifier import cancel, distribute

if TYPE_CHECKING:
    from fractions import Fraction

    from reasoning_mesh.verifier.machine import Actions


class CancelRoutes:
    """Mixed into `Machine`, whose working copy of the state these methods read and change."""

    plan: Plan
    goals: dict[str, GoalState]
    by_id: dict[str, SubGoal]
    actions: Actions
    phase: str

    def operand(self, text: str) -> Fraction | None:
        raise NotImplementedError

    def add_goals(self, goals: list[SubGoal]) -> None:
        raise NotImplementedError

    def give_up(self, g: SubGoal, reason: str) -> None:
        raise NotImplementedError

    def start_refine(self, g: SubGoal, reason: str) -> bool:
        """Open a route for `g`, which exhausted its attempts, if one fits its step."""
        a, b = self.operand(g.left or ""), self.operand(g.right or "")
        depth = cancel.depth(g, self.by_id)
        first = cancel.next_goal_number(self.plan)
        if cancel.qualifies(g, a, b, depth) and a is not None and b is not None:
            goals = cancel.trials(g, a, b, first)
            event = ("cancelling", {"goal": g.id, "trials": [t.id for t in goals], "depth": depth})
            extra = 2 * len(cancel.TRIAL_PRIMES) + 1  # the route the trials may lead to
        elif g.kind == "arith" and g.op == "*" and depth < distribute.MAX_DEPTH:
            found = distribute.split(a, b)
            if found is None:
                return False
            goals = distribute.route(g, *found, first)
            event = ("distributing", {"goal": g.id, "parts": found[1], "depth": depth})
            extra = 0
        else:
            return False
        if not cancel.room(self.plan, len(goals) + extra):
            return False
        self.add_goals(goals)
        self.goals[g.id] = self.goals[g.id].model_copy(update={"status": "refining", "reason": reason})
        self.actions.events.append(event)
        return True

    def settle_refinements(self) -> bool:
        """Move every refining goal on as far as its added goals allow; True if any moved."""
        refining = [self.by_id[gid] for gid, st in self.goals.items() if st.status == "refining"]
        refining.sort(key=lambda g: -cancel.depth(g, self.by_id))  # inner routes settle first
        moved = False
        for g in refining:
            if self.goals[g.id].status == "refining" and self.phase not in ("done", "failed"):
                moved |= self.settle(g)
        return moved

    def settle(self, g: SubGoal) -> bool:
        kids = [k for k in self.plan.goals if k.refines == g.id]
        reduced = next((k for k in kids if k.role == "answer"), None)
        if reduced is None:  # a cancellation's trials: which primes are common?
            if any(self.goals[k.id].status in ("pending", "waiting") for k in kids):
                return False
            verified = {k.id: v for k in kids if (v := self.goals[k.id].value) is not None}
            found = cancel.common_primes(kids, verified)
            if not found:
                self.give_up(
                    g, f"no common factor among {cancel.TRIAL_PRIMES}: {self.goals[g.id].reason}"
                )
                return True
            route = cancel.route(g, found, cancel.next_goal_number(self.plan))
            self.add_goals(route)
            self.actions.events.append(
                (
                    "cancelled",
                    {"goal": g.id, "primes": [p for p, _, _ in found], "reduced": route[-1].id},
                )
            )
            return True
        done = self.goals[reduced.id]
        if done.status == "verified":
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
