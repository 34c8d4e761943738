"""Step verification by exact rational arithmetic. The verifier only accepts or rejects: the
number it accepts is the model's, never one it computed and wrote in."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from reasoning_mesh.models.reasoner.numbers import as_fraction, exact_op


@dataclass(frozen=True)
class Verdict:
    accepted: bool
    reason: str
    value: Fraction | None = None


exact_result = exact_op


def verify_step(a: Fraction, op: str, b: Fraction, claimed: str) -> Verdict:
    value = as_fraction(claimed)
    if value is None:
        return Verdict(False, f"not a well-formed number: {claimed!r}")
    expected = exact_result(a, op, b)
    if expected is None:
        return Verdict(False, "division by zero")
    if value != expected:
        return Verdict(False, f"{claimed} is not {a} {op} {b}")
    return Verdict(True, "exact", value)
