"""Verdicts: exact rational arithmetic for steps, consistency with retrieved facts, well-formed
numbers, substitution for equations. The verifier only accepts or rejects: the text it accepts
is the model's (or, for a fact, the knowledge base's), never one it computed and wrote in, and a
step's answer is accepted only as the canonical text of its exact result (`numbers.check`): the
right value in another form (`-870/29` for `-30`, `0.6` where `3/5` is due) is rejected."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from reasoning_mesh.models.reasoner.numbers import Notation, as_fraction, check, exact_op
from reasoning_mesh.models.reasoner.skills import round_answer
from reasoning_mesh.planner.expr import UnplannableError, evaluate, parse_equation


@dataclass(frozen=True)
class Verdict:
    accepted: bool
    reason: str
    value: Fraction | None = None


exact_result = exact_op


def verify_step(a: Fraction, op: str, b: Fraction, claimed: str, notation: Notation) -> Verdict:
    """Accepted only when `claimed` is the canonical text of `a op b` in the goal's notation."""
    expected = exact_result(a, op, b)
    if expected is None:
        return Verdict(False, "division by zero")
    broken = check(claimed, expected, notation)
    if broken is not None:
        return Verdict(False, f"{broken} ({op} step)")
    return Verdict(True, "exact and canonical", expected)


def verify_well_formed(claimed: str) -> Verdict:
    value = as_fraction(claimed)
    if value is None:
        return Verdict(False, f"not a well-formed number: {claimed!r}")
    return Verdict(True, "well-formed (not checkable)", value)


def places_of(text: str | None) -> int | None:
    """Decimal places of a rounding goal (`-3`: the nearest thousand); None if not whole."""
    try:
        places = int(text or "")
    except ValueError:
        return None
    return places if -12 <= places <= 12 else None


def verify_round(value: str, places_text: str, claimed: str) -> Verdict:
    """Exact rounding, half away from zero: the claimed text must be the rounded value's
    canonical decimal text (`round_answer`)."""
    places = places_of(places_text)
    if places is None or as_fraction(value) is None:
        return Verdict(False, f"not a rounding of a number: {value!r} to {places_text!r}")
    want = as_fraction(round_answer(value, places))
    if want is None:
        return Verdict(False, f"cannot round {value!r}")
    broken = check(claimed, want, "decimal")
    if broken is not None:
        return Verdict(False, f"{value} rounded to {places} places: {broken}")
    return Verdict(True, "exact rounding, canonical", want)


#: The answer texts each form allows (canonical texts: no sign `+`, no exponent), and what a
#: text of the form is.
_FORMS = {
    "whole": (re.compile(r"-?\d+"), "a whole number (a share of counted things)"),
    "cents": (re.compile(r"-?\d+(?:\.\d{1,2})?"), "whole cents"),
    # `10 - 13.47`: the note did not cover it
    "change": (
        re.compile(r"\d+(?:\.\d{1,2})?"),
        "change in whole cents (a payment less than the price gives none)",
    ),
    "not_negative": (
        re.compile(r"\d+(?:\.\d+)?(?:/\d+)?"),
        "a difference as people mean it (not negative: the order of its terms is not said)",
    ),
    "count": (re.compile(r"\d+"), "a count (a whole number, not negative: lessons, visits, nights)"),
}


def verify_form(answer: str, form: str) -> Verdict:
    """Whether `answer`'s text has the form the question needs (`FinalCheck.answer_form`): a
    share of counted things that is not whole (`25/3` cookies each) answers nothing. The text is
    read, never computed on."""
    if form not in _FORMS or _FORMS[form][0].fullmatch(answer):
        return Verdict(True, "answer of the form asked")
    why = _FORMS[form][1]
    return Verdict(False, f"the result {answer} is not {why}: the question has no exact answer")


def verify_fact(evidence_meta: dict[str, Any], wanted: dict[str, str]) -> Verdict:
    """A passage supports a fact sub-goal when it states the conversion asked for, with an exact
    factor."""
    for key, value in wanted.items():
        if str(evidence_meta.get(key)) != value:
            return Verdict(False, f"passage is about {key}={evidence_meta.get(key)!r}, not {value!r}")
    factor = as_fraction(str(evidence_meta.get("factor", "")))
    if factor is None or factor == 0:
        return Verdict(False, f"passage has no usable factor: {evidence_meta.get('factor')!r}")
    return Verdict(True, "consistent with the knowledge base", factor)


def verify_substitution(
    equation: str, variable: str, answer: Fraction, bindings: dict[str, Fraction]
) -> Verdict:
    """Plug the answer into the question's own equation: both sides must be exactly equal."""
    try:
        lhs, rhs = parse_equation(equation)
    except UnplannableError as exc:
        return Verdict(False, f"equation unreadable: {exc}")
    env = {**bindings, variable: answer}
    left, right = evaluate(lhs, env), evaluate(rhs, env)
    if left is None or right is None:
        return Verdict(False, "equation has unbound names or divides by zero")
    if left != right:
        return Verdict(False, f"{variable} = {answer} gives {left} ≠ {right}")
    return Verdict(True, "substitution holds", answer)
