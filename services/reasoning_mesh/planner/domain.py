"""Question → plan: a DAG of sub-goals with a compute budget each. Rule-based parsing of the
question's structure; the planner never computes a value (the model does, the verifier checks).

Shapes: arithmetic expressions (one operation per step, innermost first); linear equations
(both sides linearised, then `x = const / coef`); composed questions (definitions first, then the
final ask); unit conversions (the fact from the knowledge base, then the arithmetic); rounding.
Anything else is `UnsupportedQuestionError`: the mesh says it cannot answer, never guesses.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import (
    MAX_GOALS,
    Fallback,
    FinalCheck,
    GoalBudget,
    Plan,
    SubGoal,
    is_ref,
)
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.planner import forms, money, natural, people
from reasoning_mesh.planner.ambiguity import ambiguous_case, form_conflict, misread
from reasoning_mesh.planner.builder import Builder, Function, Operand
from reasoning_mesh.planner.conversions import plan_conversion
from reasoning_mesh.planner.expr import (
    Node,
    UnplannableError,
    UnsupportedQuestionError,
    cancels,
    parse_equation,
    parse_expr,
    variables,
)
from reasoning_mesh.planner.regroup import regroup
from reasoning_mesh.planner.rounding import ROUND_SKILL, parse_round
from reasoning_mesh.planner.units import UNHELD

__all__ = ["UnplannableError", "UnsupportedQuestionError", "allot", "plan_question", "route"]

#: Why a question with no number or equation in it gets no plan (`unsupported`).
UNSUPPORTED = "no arithmetic, equation, conversion or rounding found"

_LEAD = re.compile(
    r"^(what is the value of|what is|calculate|evaluate|compute|work out|give)\s+", re.IGNORECASE
)
_SOLVE = re.compile(r"^solve\s+(.+?)\s+for\s+([a-z])\.?$", re.IGNORECASE)
_LET = re.compile(r"^let\s+([a-z])\s*(?:=|be)\s*(.+)$", re.IGNORECASE)
_LET_FN = re.compile(r"^let\s+([a-z])\(([a-z])\)\s*=\s*(.+)$", re.IGNORECASE)
_SUPPOSE = re.compile(r"^suppose\s+(.+)$", re.IGNORECASE)


def plan_question(question: str, budget: Budget | None = None, *, fallbacks: bool = True) -> Plan:
    """The plan for `question`; `UnsupportedQuestionError` for a question of no known shape.
    `fallbacks`: also plan the alternative routes the verifier may switch to."""
    budget = budget or Budget()
    text = " ".join(question.strip().split())
    if not text:
        raise UnplannableError("the question is empty")
    if why := ambiguous_case(text):
        raise UnsupportedQuestionError(why)
    try:
        return _finished(text, _plan(text, budget, fallbacks=fallbacks))
    except UnsupportedQuestionError:
        raise
    except UnplannableError as exc:
        reading, formed = people.reading(text)
        if reading is None or reading == text:
            if unit := UNHELD.search(text):
                why = f"{unit.group().lower()}: not a unit the knowledge base holds"
                raise UnsupportedQuestionError(why) from exc
            if not re.search(r"[0-9=]", text):  # nothing mathematical in it at all
                raise UnsupportedQuestionError(UNSUPPORTED) from exc
            raise UnsupportedQuestionError(f"no plan for this question: {exc}") from exc
    if why := form_conflict(text, reading):
        raise UnsupportedQuestionError(why)
    if why := misread(reading, text):
        raise UnsupportedQuestionError(why)
    try:
        plan = _plan(reading, budget, fallbacks=fallbacks)
    except UnplannableError as exc:
        raise UnsupportedQuestionError(f"no plan for {reading!r}: {exc}") from exc
    form = formed.form if formed is not None else forms.asked_form(text)
    if form != "any":
        plan = forms.with_form(plan, form, decimal=formed is not None and formed.decimal)
    return _finished(text, plan.model_copy(update={"question": text, "reading": reading}))


def _finished(text: str, plan: Plan) -> Plan:
    """`plan` as every reading ends: never pounds that may be money, decimals where asked."""
    if why := money.pounds_as_money(text, plan):
        raise UnsupportedQuestionError(why)
    return forms.decimal_asked(text, plan)


def plan_as_written(text: str, budget: Budget, *, fallbacks: bool = True) -> Plan:
    """The plan of a question in the planner's own phrasing only (no grammar of phrasings): a
    model's reading must be exactly what it plans. `UnplannableError` otherwise."""
    return _plan(" ".join(text.split()), budget, fallbacks=fallbacks)


def _plan(text: str, budget: Budget, *, fallbacks: bool) -> Plan:
    if why := natural.ambiguous_division(text):
        raise UnplannableError(why)  # `3/4 / 3/8`; the readers refuse it, or read `3/4 ÷ 3/8`
    rounding = parse_round(text)
    if rounding is not None:
        return _rounding(text, *rounding, budget)
    shape, builder, answer, check, expression = _structured(text)
    answer = _final(builder, answer)
    return allot(
        Plan(
            question=text,
            shape=shape,
            goals=builder.goals,
            answer=answer,
            final_check=check,
            max_model_calls=budget.max_model_calls,
            deadline_s=budget.deadline_s,
            fallbacks=_fallbacks(expression, len(builder.goals))
            if fallbacks and expression is not None
            else [],
        ),
        budget,
    )


def _final(builder: Builder, answer: Operand) -> Operand:
    if not is_ref(answer):
        # The answer is a number the question already states: still the model's to give.
        return builder.goal("+", answer, "0", note="restate the answer")
    if answer.startswith("-"):
        return builder.goal("-", "0", answer[1:], note="the answer's sign")
    return answer


#: Fallback routes per plan: regroupings with these rotations of factors against divisors.
FALLBACK_SHIFTS = (0, 1)


def _fallbacks(tree: Node, planned: int) -> list[Fallback]:
    """An arithmetic question's expression regrouped, each distinct regrouping a route. Goals
    are numbered after the plan's (`planned` of them) and the routes before."""
    seen, routes = [tree], []
    b = Builder(goals=[SubGoal(id=f"g{i}", kind="model") for i in range(planned)])
    for shift in FALLBACK_SHIFTS:
        other = regroup(tree, shift)
        if other in seen:
            continue
        seen.append(other)
        start = len(b.goals)
        answer = _final(b, b.value(other))
        if len(b.goals) > MAX_GOALS:  # the verifier's state holds every route's goals at once
            break
        note = f"products regrouped in pairs (rotation {shift})"
        routes.append(Fallback(goals=b.goals[start:], answer=answer, note=note))
    return routes


def _structured(text: str) -> tuple[str, Builder, Operand, FinalCheck, Node | None]:
    """Shape, steps, answer and final check; plus, for an arithmetic question (one expression,
    nothing defined), the expression's tree, which fallback routes regroup."""
    conv = plan_conversion(text)
    if conv is not None:
        return (*conv, None)
    sentences = [s.strip() for s in re.split(r"(?<=[.?])\s+", text) if s.strip()]
    b = Builder()
    for sentence in sentences[:-1]:
        _definition(b, sentence.rstrip("."))
    last = sentences[-1]
    solve = _SOLVE.match(last)
    if solve:
        eq, var = solve.group(1), solve.group(2)
        lhs, rhs = parse_equation(eq)
        if cancels(lhs, rhs, var):
            raise UnplannableError(f"{var!r} cancels out of {eq!r}: no single solution")
        answer = b.solve(lhs, rhs, var)
        check = FinalCheck(
            kind="substitute",
            variable=var,
            equation=eq,
            bindings={k: v for k, v in b.env.items() if k in variables(lhs) | variables(rhs)},
        )
        shape = "linear_composed" if len(sentences) > 1 else "linear"
        if any(isinstance(n, str) and "(" in n for n in [eq]):
            check = FinalCheck()  # calls in the equation: the steps are checked, not substitution
        return shape, b, answer, check, None
    tree = parse_expr(_LEAD.sub("", last).rstrip("?.").strip())
    answer = b.value(tree)
    if len(sentences) > 1:
        return "composed", b, answer, FinalCheck(), None
    return "arithmetic", b, answer, FinalCheck(), tree


def _definition(b: Builder, sentence: str) -> None:
    fn = _LET_FN.match(sentence)
    if fn:
        b.functions[fn.group(1)] = Function(fn.group(2), parse_expr(fn.group(3)))
        return
    let = _LET.match(sentence)
    if let:
        b.env[let.group(1)] = b.value(parse_expr(let.group(2)))
        return
    sup = _SUPPOSE.match(sentence)
    if sup:
        if "," in sup.group(1):
            _system(b, sup.group(1))
            return
        lhs, rhs = parse_equation(sup.group(1))
        unknown = (variables(lhs) | variables(rhs)) - set(b.env) - set(b.functions)
        if len(unknown) != 1:
            raise UnplannableError(f"expected one unknown in {sentence!r}, got {sorted(unknown)}")
        var = unknown.pop()
        b.env[var] = b.solve(lhs, rhs, var)
        return
    raise UnplannableError(f"not a definition: {sentence!r}")


def _system(b: Builder, text: str) -> None:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise UnplannableError(f"only pairs of equations are planned: {text!r}")
    first, second = parse_equation(parts[0]), parse_equation(parts[1])
    names = set().union(*(variables(n) for n in (*first, *second)))
    unknown = sorted(names - set(b.env) - set(b.functions))
    if len(unknown) != 2:
        raise UnplannableError(f"expected two unknowns in {text!r}, got {unknown}")
    b.solve_pair(first, second, unknown[0], unknown[1])


def _rounding(text: str, value: str, places: int, budget: Budget) -> Plan:
    where = f"{places} decimal places" if places >= 0 else f"the nearest {10**-places}"
    goal = SubGoal(
        id="g0",
        kind="round",
        left=value,
        right=str(places),
        skill=ROUND_SKILL,
        note=f"{value} rounded to {where}",
        budget=GoalBudget(samples=8, attempts=3, max_new_tokens=min(budget.max_new_tokens, 24)),
    )
    return _one_step(text, "rounding", goal, budget)


def _one_step(text: str, shape: str, goal: SubGoal, budget: Budget) -> Plan:
    return Plan(
        question=text,
        shape=shape,
        goals=[goal],
        answer=f"@{goal.id}",
        max_model_calls=budget.max_model_calls,
        deadline_s=budget.deadline_s,
    )


def route(plan: Plan, adapters: dict[str, str]) -> Plan:
    """Serve each goal whose skill has a loaded adapter with that adapter."""
    if not adapters or not any(g.skill in adapters for g in plan.goals):
        return plan
    goals = [
        g.model_copy(update={"adapter_id": adapters[g.skill]}) if g.skill in adapters else g
        for g in plan.goals
    ]
    return plan.model_copy(update={"goals": goals})


def _digits(x: str | None) -> int:
    if x is None or is_ref(x):
        return 3  # unknown until the model answers: assume a middling operand
    return sum(c.isdigit() for c in x)


def allot(plan: Plan, budget: Budget) -> Plan:
    """Per-goal budgets from the request budget: harder-looking steps (longer operands,
    multiplication and division) get more hypotheses; the verifier adapts further at run time
    from the model's confidence."""
    arith = [g for g in plan.goals if g.kind == "arith"]
    if len(arith) > budget.max_model_calls:
        raise UnplannableError(
            f"the plan needs {len(arith)} steps; the budget allows {budget.max_model_calls} model calls"
        )
    spare = max(budget.max_model_calls - len(arith), 0)
    attempts = max(1, min(6, 1 + spare // max(len(arith), 1)))
    tokens = min(budget.max_new_tokens, 32)

    def budgeted(goals: list[SubGoal]) -> list[SubGoal]:
        out = []
        for goal in goals:
            if goal.kind != "arith":
                out.append(goal)
                continue
            hard = _digits(goal.left) + _digits(goal.right) + (2 if goal.op in ("*", "/") else 0)
            samples = 16 if hard >= 6 else 8
            gb = GoalBudget(samples=samples, attempts=attempts, max_new_tokens=tokens)
            out.append(goal.model_copy(update={"budget": gb}))
        return out

    fallbacks = [f.model_copy(update={"goals": budgeted(f.goals)}) for f in plan.fallbacks]
    return plan.model_copy(update={"goals": budgeted(plan.goals), "fallbacks": fallbacks})
