"""Planner DAGs for each benchmark module's question shapes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.models.reasoner.numbers import exact_op
from reasoning_mesh.planner.domain import UnplannableError, UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.expr import evaluate, parse_expr
from reasoning_mesh.planner.units import words_to_number


def value_of(plan: Plan, operand: str, values: dict[str, Fraction] | None = None) -> Fraction:
    """Evaluate the plan exactly (what a perfect model would answer) — test oracle only."""
    values = {} if values is None else values
    for g in plan.goals:
        if g.kind == "fact":
            values[g.id] = Fraction(1000)  # the tests' conversions are all ×1000
        elif g.kind == "arith":
            a, b = resolve(g.left, values), resolve(g.right, values)
            result = exact_op(a, g.op or "+", b)
            assert result is not None, f"{g.id} divides by zero"
            values[g.id] = result
    return resolve(operand, values)


def resolve(x: str | None, values: dict[str, Fraction]) -> Fraction:
    assert x is not None
    if x.lstrip("-").startswith("@"):
        v = values[x.lstrip("-")[1:].split(".")[0]]
        return -v if x.startswith("-") else v
    return Fraction(x)


def ids_before(plan: Plan) -> None:
    seen: set[str] = set()
    for g in plan.goals:
        assert set(g.depends_on) <= seen, f"{g.id} depends on a later goal"
        seen.add(g.id)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Evaluate 2 + -40 - (-9 - (-16 + -2 + (2 - -6))).", "-39"),
        ("What is ((125/50 + -1)*4/12)/(2/(-152))?", "-38"),
        ("Calculate 12 + (-1)/(-5) + (-7 - (-334)/(-70)).", "3/7"),
        ("(((-5)/30)/(2/6))/(8/(-13328)*-17)", "-49"),
    ],
)
def test_arithmetic_is_one_operation_per_step_innermost_first(question: str, answer: str) -> None:
    plan = plan_question(question)
    assert plan.shape == "arithmetic"
    ids_before(plan)
    assert all(g.kind == "arith" and g.op in "+-*/" for g in plan.goals)
    assert value_of(plan, plan.answer) == Fraction(answer)
    first = plan.goals[0]
    assert not first.depends_on  # the innermost operation has only literals


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Solve 97 + 461 - 1934 = 107*d + 2369 for d.", "-35"),
        ("Solve 0 = 8*z - 110*z - 19*z - 377 - 2769 for z.", "-26"),
        ("Solve -2204*d - 2236*d = -4416*d + 840 for d.", "-35"),
        ("Solve -1396804 = 35*p - 1396034 for p.", "-22"),
    ],
)
def test_linear_equations_rewrite_to_var_equals_value(question: str, answer: str) -> None:
    plan = plan_question(question)
    assert plan.shape == "linear"
    assert plan.final_check.kind == "substitute" and plan.final_check.variable in question
    assert value_of(plan, plan.answer) == Fraction(answer)
    assert plan.goals[-1].op == "/"  # x = const / coef is the last step
    # Moving terms across `=` flips operand signs; it never costs a negation step.
    assert not any(g.op == "*" and "-1" in (g.left, g.right) for g in plan.goals)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Let h = 125 - 39. Suppose -10 = 19*b - h. Solve -2 + 18 = b*a for a.", "4"),
        (
            "Let f = -9 - -3. Let r be (1 + 0)/(f*1/(-12)). Let g be r + 2 + -3 + -1. "
            "Solve g = 5*m - 3 - 2 for m.",
            "1",
        ),
        ("Let q = 4 + 1. Let x(k) = 95*k - 665. Let n be x(7). Solve q*i - 10 = -n for i.", "2"),
        (
            "Let b be 4/6 - (-80)/24. Suppose b*q - 137 = -0*j + 3*j, 40 = q + 5*j. "
            "Suppose 0 = 10*o - 3*o - q. Solve -22 + 2 = o*a for a.",
            "-4",
        ),
        ("Let u(r) = -r**2 - 15*r - 5. Let z be u(-14). Solve z*x = 27 for x.", "3"),
    ],
)
def test_composed_questions_define_first_then_ask(question: str, answer: str) -> None:
    plan = plan_question(question)
    assert plan.shape == "linear_composed"
    ids_before(plan)
    assert value_of(plan, plan.answer) == Fraction(answer)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many millilitres are there in 14/5 of a litre?", "2800"),
        ("What is 657.6624 grams in milligrams?", "657662.4"),
        ("How many millilitres are there in sixty-three halves of a litre?", "31500"),
    ],
)
def test_conversions_retrieve_the_fact_then_multiply(question: str, answer: str) -> None:
    plan = plan_question(question)
    fact, step = plan.goals
    assert plan.shape == "conversion"
    assert fact.kind == "fact" and fact.filters and fact.filters["kind"] == "unit_conversion"
    assert step.right == "@g0.factor" and step.depends_on == ["g0"]
    assert value_of(plan, plan.answer) == Fraction(answer)


def test_worded_fractions_read_as_numerals() -> None:
    assert words_to_number("in three twentieths of a day") == "in 3/20 of a day"
    assert words_to_number("fourty-nine halves") == "49/2"


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("What is the capital of France?", "^no arithmetic, equation, conversion or rounding"),
        ("What is the derivative of 4*x**2 wrt x?", "^no plan for this question: unexpected"),
        ("Solve x**2 = 4 for x.", "not linear"),
        ("x" * 200, "^no arithmetic"),
    ],
)
def test_questions_of_no_plannable_shape_are_unsupported(question: str, reason: str) -> None:
    with pytest.raises(UnsupportedQuestionError, match=reason):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "match"),
    [("   ", "empty")],
)
def test_empty_and_oversized_questions_are_refused(question: str, match: str) -> None:
    with pytest.raises(UnplannableError, match=match):
        plan_question(question)


def test_questions_beyond_the_budget_are_refused() -> None:
    with pytest.raises(UnplannableError, match="budget"):
        plan_question("1 + 2 + 3 + 4 + 5 + 6", Budget(max_model_calls=3))


def test_budget_gives_longer_operands_more_hypotheses() -> None:
    plan = plan_question("What is 1 + 2 + 123456*789?")
    by_note = {g.note: g.budget for g in plan.goals}
    assert by_note["123456 * 789"].samples > by_note["1 + 2"].samples


def test_constant_answer_is_still_the_models() -> None:
    plan = plan_question("What is 7?")
    assert plan.answer.startswith("@") and plan.goals[-1].kind == "arith"


def test_expression_evaluator_is_exact() -> None:
    assert evaluate(parse_expr("(1/3 + x) * 3"), {"x": Fraction(1, 3)}) == 2
    assert evaluate(parse_expr("1/(x - 1)"), {"x": Fraction(1)}) is None


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the value of 4300/225*(-18)/(-12)*24/(-16)?", "-43"),
        ("(2/(-34))/(16/(-320)*5)*7/28", "1/17"),
        ("Evaluate (-356)/259 - (-582)/485*15/(-333).", "-10/7"),
    ],
)
def test_arithmetic_falls_back_to_the_expression_regrouped(question: str, answer: str) -> None:
    plan = plan_question(question)
    assert len(plan.fallbacks) == 2  # both rotations differ from the written order and each other
    goals = list(plan.goals)
    for route in plan.fallbacks:
        # Its goals continue the numbering and depend only on goals of their own route.
        ids = [g.id for g in route.goals]
        assert ids == [f"g{len(goals) + i}" for i in range(len(ids))]
        assert all(set(g.depends_on) <= set(ids) for g in route.goals)
        assert all(g.budget.samples >= 8 for g in route.goals)  # allotted like the plan's own
        goals += route.goals
        whole = plan.model_copy(update={"goals": goals})
        assert value_of(whole, route.answer) == value_of(plan, plan.answer) == Fraction(answer)


def test_no_fallback_where_regrouping_changes_nothing() -> None:
    # One divisor: the written order is rotation 0; only the rotated pairing is another route.
    (route,) = plan_question("What is (-34)/3570*20*-6?").fallbacks
    assert (route.goals[0].left, route.goals[0].right) == ("20", "3570")
    assert plan_question("What is 7*-6?").fallbacks == []
    assert plan_question("Evaluate 2 + -40 - (-9 - 6).").fallbacks == []
    assert plan_question("Let h = 2/4*6/3. What is h*5?").fallbacks == []  # composed: not regrouped


@pytest.mark.parametrize(
    ("written", "regrouped"),
    [
        ("a/b*c/d", "(a/b)*(c/d)"),
        ("a*b/c/d", "(a/c)*(b/d)"),
        ("a/b/c*d", "(a/b)*(d/c)"),
        ("a/b*c", "a/b*c"),
        ("x + a/b*c/d", "x + (a/b)*(c/d)"),
    ],
)
def test_regrouping_pairs_each_factor_with_a_divisor(written: str, regrouped: str) -> None:
    from reasoning_mesh.planner.regroup import regroup

    assert regroup(parse_expr(written)) == parse_expr(regrouped)


def test_fallback_routes_can_be_switched_off() -> None:
    question = "What is the value of 4300/225*(-18)/(-12)*24/(-16)?"
    assert plan_question(question, fallbacks=False).fallbacks == []
    assert plan_question(question, fallbacks=False).goals == plan_question(question).goals
