"""Distribution routes: the verifier's help with a product the model could not answer."""

from __future__ import annotations

import pytest

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.verifier import distribute
from reasoning_mesh.verifier.machine import Machine
from reasoning_mesh.verifier.trace import result_of

from .test_cancel import run

MUL = SubGoal(id="g0", kind="arith", op="*", left="-26", right="-26", note="-26 * -26")


@pytest.mark.parametrize(
    ("n", "parts"),
    [
        ("326", ["300", "20", "6"]),
        ("-26", ["-20", "-6"]),
        ("4007", ["4000", "7"]),
        ("90", ["90"]),
        ("-5", ["-5"]),
        ("0", []),
    ],
)
def test_place_values_are_the_numbers_own_digits(n: str, parts: list[str]) -> None:
    assert distribute.place_values(n) == parts
    assert sum(int(p) for p in parts) == int(n)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("-26", "-26", ("-26", ["-20", "-6"])),
        ("17", "933", ("@g2", ["10", "7"])),  # the factor with fewer non-zero digits is split
        ("-5", "3064", ("@g1", ["3000", "60", "4"])),  # a single digit cannot be split
        ("-5", "3000", None),
        ("1/2", "26", None),  # integers only
        ("2.5", "26", None),
    ],
)
def test_the_split(a: str, b: str, expected: object) -> None:
    goal = MUL.model_copy(update={"left": "@g1", "right": "@g2"}) if a != "-26" else MUL
    assert distribute.split(goal, a, b) == expected  # the kept factor is the goal's own operand


def test_partial_products_then_their_running_sum() -> None:
    route = distribute.route(
        MUL.model_copy(update={"left": "17", "right": "326"}), "17", ["300", "20", "6"], 9
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
