"""Distribution routes: the verifier's help with a product the model could not answer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.verifier import distribute
from reasoning_mesh.verifier.machine import Machine
from reasoning_mesh.verifier.trace import result_of

from .test_cancel import run

F = Fraction
MUL = SubGoal(id="g0", kind="arith", op="*", left="-26", right="-26", note="-26 * -26")


@pytest.mark.parametrize(
    ("n", "parts"),
    [(326, [300, 20, 6]), (-26, [-20, -6]), (4007, [4000, 7]), (90, [90]), (-5, [-5]), (0, [])],
)
def test_place_values_are_the_numbers_own_digits(n: int, parts: list[int]) -> None:
    assert distribute.place_values(n) == parts
    assert sum(parts) == n


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (F(-26), F(-26), (F(-26), [-20, -6])),
        (F(17), F(933), (F(933), [10, 7])),  # the factor with fewer non-zero digits is split
        (F(-5), F(3064), (F(-5), [3000, 60, 4])),  # a single digit cannot be split
        (F(-5), F(3000), None),
        (F(1, 2), F(26), None),  # integers only
        (None, F(26), None),
    ],
)
def test_the_split(a: Fraction | None, b: Fraction, expected: object) -> None:
    assert distribute.split(a, b) == expected


def test_partial_products_then_their_running_sum() -> None:
    route = distribute.route(
        MUL.model_copy(update={"left": "17", "right": "326"}), F(17), [300, 20, 6], 9
    )
    assert [(g.id, g.op, g.left, g.right, g.role) for g in route] == [
        ("g9", "*", "17", "300", "part"),
        ("g10", "*", "17", "20", "part"),
        ("g11", "*", "17", "6", "part"),
        ("g12", "+", "@g9", "@g10", "part"),
        ("g13", "+", "@g12", "@g11", "answer"),
    ]
    assert route[-1].depends_on == ["g12", "g11"] and all(g.refines == "g0" for g in route)


def test_a_missed_product_is_answered_through_distribution() -> None:
    right = {"C:-26*-20=": "520", "C:-26*-6=": "156", "C:520+156=": "676"}
    state, actions = Machine.start("r1", "t", plan_question("What is -26*-26?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: right.get(p, "686"))
    assert state.phase == "done" and state.status == "verified" and state.answer == "676"
    goals = {g["id"]: g for g in result_of(state).reasoning_trace["goals"]}
    assert goals["g0"]["status"] == "verified" and "summed" in goals["g0"]["reason"]
    assert [g["role"] for g in goals.values()] == ["", "part", "part", "answer"]


def test_a_missed_partial_product_is_distributed_again() -> None:
    # 4837 × 20 is missed too: the route splits 4837 for it, one level deeper.
    right = {
        "C:4837*3=": "14511", "C:20*4000=": "80000", "C:20*800=": "16000", "C:20*30=": "600",
        "C:20*7=": "140", "C:80000+16000=": "96000", "C:96000+600=": "96600",
        "C:96600+140=": "96740", "C:96740+14511=": "111251",
    }  # fmt: skip
    state, actions = Machine.start("r1", "t", plan_question("What is 4837*23?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: right.get(p, "1"))
    assert state.status == "verified" and state.answer == "111251"


def test_a_failed_partial_fails_the_route_with_the_reason() -> None:
    state, actions = Machine.start("r1", "t", plan_question("What is -26*-26?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: "1")
    assert state.phase == "failed" and "route failed" in state.reason
