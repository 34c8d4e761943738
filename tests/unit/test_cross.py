"""Cross routes: the verifier's help with products and quotients of fractions and decimals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.verifier import cross
from reasoning_mesh.verifier.machine import Machine

from .test_cancel import run

F = Fraction
G = SubGoal(id="g0", kind="arith", op="*", left="-28/3", right="-24", note="-28/3 * -24")


@pytest.mark.parametrize(
    ("text", "written"),
    [("-28/3", (-28, 3)), ("23.75", (2375, 100)), ("-4", (-4, 1)), ("-0.05", (-5, 100))],
)
def test_operands_are_read_as_written(text: str, written: tuple[int, int]) -> None:
    assert cross.as_written(text) == written
    assert Fraction(*written) == Fraction(text)


@pytest.mark.parametrize(
    ("op", "a", "b", "ok"),
    [
        ("*", F(-28, 3), F(-24), True),
        ("/", F(12, 7), F(27, 49), True),
        ("/", F(-24), F(7, 2), True),
        ("*", F(-28), F(-24), False),  # integers: a distribution route's
        ("/", F(1, 3), F(0), False),
        ("+", F(1, 3), F(1, 4), True),
        ("-", F(5), F(1, 4), True),
        ("-", F(5), F(4), False),
    ],
)
def test_steps_with_a_non_integer_qualify(op: str, a: Fraction, b: Fraction, ok: bool) -> None:
    assert cross.qualifies(G.model_copy(update={"op": op}), a, b, 0) is ok
    assert not cross.qualifies(G, F(1, 3), F(2), cross.MAX_DEPTH)


def test_numerators_and_denominators_are_multiplied_then_divided() -> None:
    route = cross.route(G, "-28/3", "-24", 7)
    assert [(g.id, g.op, g.left, g.right, g.role) for g in route] == [
        ("g7", "*", "-28", "-24", "part"),
        ("g8", "/", "@g7", "3", "answer"),  # 3 × 1 needs no step
    ]
    quotient = cross.route(G.model_copy(update={"op": "/"}), "12/7", "27/49", 7)
    assert [(g.op, g.left, g.right) for g in quotient] == [
        ("*", "12", "49"),
        ("*", "7", "27"),
        ("/", "@g7", "@g8"),
    ]
    assert quotient[-1].depends_on == ["g7", "g8"]


@pytest.mark.parametrize(
    ("op", "a", "b", "steps"),
    [
        ("*", "2.5", "1440", [("*", "25", "1440"), ("/", "@g7", "10")]),  # 2.5 days in minutes
        ("*", "1405.743", "1/24", [("/", "1405743", "24"), ("/", "@g7", "1000")]),
        # a divisor's places go onto the dividend first: 0.5 / 0.25 is 50 / 25
        ("/", "0.5", "0.25", [("*", "5", "10"), ("/", "@g7", "25")]),
        ("/", "21", "1.75", [("*", "21", "100"), ("/", "@g7", "175")]),  # a cab's fare
        ("/", "1.75", "21", [("/", "175", "21"), ("/", "@g7", "100")]),  # the dividend's: last
        # (-3/7) / 0.03: (-3 * 100) / (7*3)
        ("/", "-3/7", "0.03", [("*", "7", "3"), ("*", "-3", "100"), ("/", "@g8", "@g7")]),
    ],
)
def test_decimal_places_are_shifted_back_last(
    op: str, a: str, b: str, steps: list[tuple[str, str, str]]
) -> None:
    route = cross.route(G.model_copy(update={"op": op, "notation": "decimal"}), a, b, 7)
    assert [(g.op, g.left, g.right) for g in route] == steps
    assert [g.role for g in route][-1] == "answer" and all(g.role == "part" for g in route[:-1])
    assert all(g.notation == "decimal" for g in route)  # a route answers in its goal's notation
    assert "read as written" in route[-1].note or "crossed" in route[-1].note
    assert all(g.role != "answer" for g in route[:-1])
    assert cross.split_places("-0.25") == (-25, 1, 2)


def test_sums_go_over_a_common_denominator() -> None:
    add = G.model_copy(update={"op": "+"})
    route = cross.route(add, "1/3", "-5/6", 7)
    assert [(g.id, g.op, g.left, g.right, g.role) for g in route] == [
        ("g7", "*", "-5", "3", "part"),  # 1 × 6 needs no step
        ("g8", "+", "6", "@g7", "part"),
        ("g9", "*", "3", "6", "part"),
        ("g10", "/", "@g8", "@g9", "answer"),
    ]
    same = cross.route(add.model_copy(update={"op": "-"}), "1/7", "3/7", 7)
    assert [(g.op, g.left, g.right) for g in same] == [("-", "1", "3"), ("/", "@g7", "7")]
    mixed = cross.route(add, "5", "0.25", 7)
    assert [(g.op, g.left, g.right) for g in mixed] == [
        ("*", "5", "100"),
        ("+", "@g7", "25"),
        ("/", "@g8", "100"),
    ]


def test_a_missed_fraction_step_is_answered_through_a_cross_route() -> None:
    # 28/3 is no benchmark-style literal for the planner, so the step comes from `-28/3*-24`
    # regrouped: the first step -28/3 is answered, then (-28/3) * -24 is missed.
    right = {"C:-28/3=": "-28/3", "C:-28*-24=": "672", "C:672/3=": "224"}
    state, actions = Machine.start("r1", "t", plan_question("What is -28/3*-24?"), 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: right.get(p, "1"))
    assert state.status == "verified" and state.answer == "224"
    crossed = [g for g in state.plan.goals if g.role == "answer" and g.op == "/"]
    assert crossed and state.goals[crossed[0].id].value == "224"


def test_a_quotient_by_a_decimal_stays_whole_on_the_way() -> None:
    # `Solve 3.50 + 1.75*n = 24.50`: the model misses 21 / 1.75 (and 21 / 175 as the decimal
    # 0.12); shifted onto the dividend it answers 21 * 100 and the whole 2100 / 175.
    right = {"D:24.50-3.50=": "21", "D:21*100=": "2100", "D:2100/175=": "12"}
    plan = plan_question("Solve 3.50 + 1.75*n = 24.50 for n.")
    state, actions = Machine.start("r1", "t", plan, 1000.0, "inbox")
    state = run(state, actions.steps, lambda p: right.get(p, "1"))
    assert state.status == "verified" and state.answer == "12"


def test_a_step_with_nothing_smaller_to_ask_opens_no_route() -> None:
    # 1 / (1/7): the route would read 7 off the denominator and ask the model nothing.
    assert cross.route(G.model_copy(update={"op": "/"}), "1", "1/7", 7) == []
