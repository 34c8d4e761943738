"""Groundwork of the reasoning loop: expression plans and step verdicts."""

from fractions import Fraction

import pytest

from reasoning_mesh.planner.domain import Ref, UnplannableError, plan_expression
from reasoning_mesh.verifier.domain import exact_result, verify_step


def evaluate(question: str) -> Fraction:
    """Run a plan with exact arithmetic (what a perfect model would answer)."""
    goals, result = plan_expression(question)
    values: dict[int, Fraction] = {}

    def val(x: Fraction | Ref) -> Fraction:
        return values[x.goal] if isinstance(x, Ref) else x

    for g in goals:
        assert all(d < g.id for d in g.depends_on)  # innermost first
        r = exact_result(val(g.left), g.op, val(g.right))
        assert r is not None
        values[g.id] = r
    return val(result)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Evaluate 2 + -40 - (-9 - (-16 + -2 + (2 - -6))).", Fraction(-39)),
        ("What is (-1560)/(-30) + -25 + -61?", Fraction(-34)),
        ("Calculate ((-70)/225)/(22/110).", Fraction(-14, 9)),
        ("567/84*3320/747", Fraction(30)),
        ("Calculate 12 + (-1)/(-5) + (-7 - (-334)/(-70)).", Fraction(3, 7)),
        ("What is 2.5 * 4?", Fraction(10)),
    ],
)
def test_plans_evaluate_to_the_benchmark_answer(question: str, answer: Fraction) -> None:
    assert evaluate(question) == answer


def test_plan_is_one_operation_per_step() -> None:
    goals, result = plan_expression("What is 6 + (-5 + -8 + 15)?")
    assert [g.op for g in goals] == ["+", "+", "+"]
    assert goals[0].left == -5 and goals[0].right == -8
    assert result == Ref(2)


@pytest.mark.parametrize("question", ["Solve 3*x = 9 for x.", "What is (1 + 2?", "", "1 +"])
def test_unplannable_questions_are_typed_errors(question: str) -> None:
    with pytest.raises(UnplannableError):
        plan_expression(question)


@pytest.mark.parametrize(
    ("a", "op", "b", "claimed", "accepted"),
    [
        (Fraction(-40), "+", Fraction(9), "-31", True),
        (Fraction(3, 7), "*", Fraction(-14, 5), "-6/5", True),
        (Fraction(3, 7), "*", Fraction(-14, 5), "-1.2", True),
        (Fraction(1), "/", Fraction(2), "0.50", True),
        (Fraction(-40), "+", Fraction(9), "-32", False),
        (Fraction(1), "/", Fraction(0), "0", False),
        (Fraction(1), "+", Fraction(1), "2x", False),
        (Fraction(1), "+", Fraction(1), "", False),
    ],
)
def test_verify_step_table(a: Fraction, op: str, b: Fraction, claimed: str, accepted: bool) -> None:
    verdict = verify_step(a, op, b, claimed)
    assert verdict.accepted is accepted, verdict.reason
    if accepted:
        assert verdict.value == exact_result(a, op, b)
