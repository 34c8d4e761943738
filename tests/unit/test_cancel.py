"""Cancellation routes: the verifier's help with a reduction the model could not answer."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import Hypothesis, VerifierInput
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.verifier import cancel, routes
from reasoning_mesh.verifier.machine import Machine
from reasoning_mesh.verifier.trace import result_of

F = Fraction
DIV = SubGoal(id="g0", kind="arith", op="/", left="390", right="-546")


@pytest.mark.parametrize(
    ("a", "b", "depth", "ok"),
    [
        (F(390), F(-546), 0, True),
        (F(7), F(3), 0, True),  # coprime: trials simply find nothing
        (F(390), F(-546), cancel.MAX_DEPTH, False),
        (F(-546), F(78), 0, True),  # an exact quotient: a shorter divisor helps too
        (F(-546), F(-1), 0, False),  # nothing to cancel
        (F(1, 2), F(3), 0, False),  # a fraction operand
        (F(0), F(3), 0, False),
        (F(3), F(0), 0, False),
        (None, F(3), 0, False),
    ],
)
def test_only_divisions_of_integers_qualify(
    a: Fraction | None, b: Fraction, depth: int, ok: bool
) -> None:
    assert cancel.qualifies(DIV, a, b, depth) is ok
    assert not cancel.qualifies(DIV.model_copy(update={"op": "*"}), F(390), F(-546), 0)


def test_a_prime_is_common_only_when_both_quotients_are_verified_integers() -> None:
    # The shorter operand is tried first: the goal's own operand, so its prompt is the same text.
    assert cancel.sides(DIV, F(390), F(-546)) == ("390", "-546")
    by_ref = DIV.model_copy(update={"left": "@g1", "right": "390"})
    assert cancel.sides(by_ref, F(-5460), F(390)) == ("390", "@g1")
    first = cancel.trials(DIV, "390", cancel.TRIAL_PRIMES, first=5)
    assert [(t.id, t.left, t.right) for t in first[:2]] == [("g5", "390", "2"), ("g6", "390", "3")]
    assert all(t.role == "trial" and t.refines == "g0" and t.budget.attempts == 1 for t in first)
    # A quotient counts as whole only when the model wrote a whole number (`78.0` is not one).
    verified = {"g5": "195", "g6": "130", "g7": "78", "g8": "390/7", "g9": "78.0", "g10": "30"}
    assert cancel.dividing(first, verified, "390") == {2: "g5", 3: "g6", 5: "g7", 13: "g10"}
    assert not cancel.tried(first, "-546")
    # The other side, by the primes that divided the first only.
    second = cancel.trials(DIV, "-546", [2, 3, 5, 13], first=11)
    kids = first + second
    assert cancel.tried(kids, "-546")
    verified |= {"g11": "-273", "g13": "-546/5", "g14": "-42"}
    # 2 and 13: both integers; 3: the other trial not verified; 5: a verified non-integer.
    assert cancel.common_primes(kids, verified, DIV) == [
        (2, "g5", "g11"),
        (13, "g10", "g14"),
    ]


def test_the_route_divides_out_each_further_prime_then_asks_the_reduced_step() -> None:
    route = cancel.route(DIV, [(2, "g5", "g6"), (3, "g7", "g8"), (13, "g15", "g16")], first=20)
    assert [(g.id, g.left, g.right, g.role) for g in route] == [
        ("g20", "@g5", "3", "part"),
        ("g21", "@g6", "3", "part"),
        ("g22", "@g20", "13", "part"),
        ("g23", "@g21", "13", "part"),
        ("g24", "@g22", "@g23", "answer"),
    ]
    assert route[-1].depends_on == ["g22", "g23"] and all(g.refines == "g0" for g in route)
    single = cancel.route(DIV, [(2, "g5", "g6")], first=20)
    assert [(g.left, g.right, g.role) for g in single] == [("@g5", "@g6", "answer")]


def test_new_ids_never_collide_with_a_fallback_route_still_to_come() -> None:
    plan = plan_question("What is 12/3*8/2?")
    assert plan.fallbacks
    used = {g.id for g in plan.goals} | {g.id for f in plan.fallbacks for g in f.goals}
    assert f"g{routes.next_goal_number(plan)}" not in used


def run(state: RequestState, tasks: list[StepTask], model: Callable[[str], str]) -> RequestState:
    """Answer every step task (and those it leads to) with `model(prompt)`."""
    pending = list(tasks)
    while pending and state.phase not in ("done", "failed"):
        task = pending.pop(0)
        msg = VerifierInput(
            request_id="r1",
            kind="hypotheses",
            subgoal_id=task.subgoal_id,
            attempt=task.attempt,
            hypotheses=[Hypothesis(text=model(task.prompt))],
        )
        state, actions = Machine(state, 1001.0, "inbox").on_input(msg)
        pending += actions.steps
    return state


#: What the model answers right: every exact quotient of the route, and the reduced step. It
#: never reduces 390/-546 itself, and misses the non-integer trials.
RIGHT = {
    "C:390/2=": "195", "C:-546/2=": "-273", "C:390/3=": "130", "C:-546/3=": "-182",
    "C:390/5=": "78", "C:-546/5=": "-109.2", "C:-546/7=": "-78",
    "C:390/13=": "30", "C:-546/13=": "-42",
    "C:195/3=": "65", "C:-273/3=": "-91", "C:65/13=": "5", "C:-91/13=": "-7",
    "C:5/-7=": "-5/7",
}  # fmt: skip


def test_a_missed_reduction_is_answered_through_cancellation() -> None:
    state, actions = Machine.start("r1", "t", plan_question("What is 390/-546?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: RIGHT.get(p, "2"))
    assert state.phase == "done" and state.status == "verified" and state.answer == "-5/7"
    trace = result_of(state).reasoning_trace
    goals = {g["id"]: g for g in trace["goals"]}
    assert goals["g0"]["status"] == "verified" and "cancelled" in goals["g0"]["reason"]
    reduced = next(g for g in goals.values() if g["role"] == "answer")
    assert reduced["refines"] == "g0" and reduced["value"] == "-5/7"
    assert "2·3·13" in reduced["step"]
    trials = [g for g in goals.values() if g["role"] == "trial"]
    assert len(trials) == len(cancel.TRIAL_PRIMES) + 4  # -546 tried by 2, 3, 5, 13 only
    assert {g["status"] for g in trials} == {"verified", "failed"}  # a missed trial is no failure


def test_a_reduced_step_missed_again_is_cancelled_again() -> None:
    # The model cannot reduce 65/-91 either (13 is common): a second route, one level deeper.
    right = {k: v for k, v in RIGHT.items() if k not in ("C:390/13=", "C:-546/13=")}
    right |= {"C:65/2=": "32.5", "C:65/5=": "13", "C:-91/7=": "-13", "C:65/13=": "5", "C:-91/13=": "-7"}
    state, actions = Machine.start("r1", "t", plan_question("What is 390/-546?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: right.get(p, "2"))
    assert state.status == "verified" and state.answer == "-5/7"
    depths = {routes.depth(g, {x.id: x for x in state.plan.goals}) for g in state.plan.goals}
    assert depths == {0, 1, 2}


def test_no_common_prime_found_fails_with_the_reason() -> None:
    state, actions = Machine.start("r1", "t", plan_question("What is 390/-546?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: "2")
    assert state.phase == "failed" and "no common factor" in state.reason
    assert result_of(state).status == "failed"


def test_no_route_opens_beyond_the_goal_limit() -> None:
    plan = plan_question("What is 390/-546?")
    assert routes.room(plan, 10)
    assert not routes.room(plan, routes.MAX_ROUTED_GOALS)
