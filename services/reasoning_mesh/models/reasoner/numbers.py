"""Number text: the one canonical form, shared by the data generator, the planner, the verifier
and the benchmark's scoring.

**The canonical rule** (`canonical`): the written form of an exact result is
- a whole number: digits with a leading `-` if negative (`-30`, `0`, `13`): no `/1`, no `.0`,
  no leading zeros, no `+`, no `-0`;
- otherwise, in *exact* notation, a fraction `p/q` in lowest terms with `q > 1` (`-2/9`, `3/5`);
- otherwise, in *decimal* notation, when the value terminates, a decimal written out in full with
  no trailing zeros and no exponent (`-0.6`, `0.0025`); a value that does not terminate stays
  `p/q` in either notation.
A goal asks for decimal notation when an operand of its step is written as a decimal, or when it
answers a unit conversion (`Notation`); every other goal asks for exact notation. That is the
form the benchmark's answers take: integers as integers, rationals in lowest terms, conversions
as decimals.

A hypothesis is accepted only when its text *is* that form of the exact result (`check`): the
value alone is not enough, so `-870/29` for `-30`, `0.6` where `3/5` is asked, or a step copied
back (`6/69`) are rejected with the rule they break.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Literal

Notation = Literal["exact", "decimal"]

_INTEGER = re.compile(r"-?(0|[1-9]\d*)")


def terminates(value: Fraction) -> bool:
    den = value.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    return den == 1


def canonical(value: Fraction, notation: Notation = "exact") -> str:
    """The canonical text of `value` in `notation` (the rule above)."""
    if value.denominator == 1:
        return str(value.numerator)
    if notation == "decimal" and terminates(value):
        return _decimal_text(value)
    return f"{value.numerator}/{value.denominator}"


def _decimal_text(value: Fraction) -> str:
    """A terminating non-integer written out exactly, by integer arithmetic (a `Decimal`
    division would round past 28 digits): the fewest places `k` with `q | 10^k`."""
    places, scaled = 0, value
    while scaled.denominator != 1:
        places, scaled = places + 1, scaled * 10
    sign, digits = ("-", str(-scaled.numerator)) if scaled < 0 else ("", str(scaled.numerator))
    digits = digits.rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def canon(value: Fraction) -> str:
    """The training data's answer form: decimal notation wherever the value terminates."""
    return canonical(value, "decimal")


def check(text: str, expected: Fraction, notation: Notation) -> str | None:
    """None when `text` is the canonical form of `expected` in `notation`; else the rule it breaks."""
    want = canonical(expected, notation)
    if text == want:
        return None
    value = as_fraction(text)
    if value is None:
        return f"not a number: {text!r}"
    if value != expected:
        return f"wrong value: {text} is not {want}"
    return f"not canonical: {text!r} for {want!r} ({form_rule(text, want)})"


def form_rule(text: str, want: str) -> str:  # noqa: PLR0911 - one answer per rule
    """Which part of the canonical rule a right-valued `text` breaks."""
    if text != text.strip():
        return "surrounding whitespace"
    if text.startswith("+"):
        return "a leading '+'"
    if text.lstrip("-").startswith("0") and len(text.lstrip("-").split(".")[0].split("/")[0]) > 1:
        return "leading zeros"
    if "e" in text.lower():
        return "an exponent"
    if text in ("-0", "-0.0") or (text.startswith("-0") and as_fraction(text) == 0):
        return "a negative zero"
    if "/" in text:
        if "/" not in want:
            return "a fraction where a " + ("decimal" if "." in want else "whole number") + " is due"
        return "not in lowest terms with a positive denominator"
    if "." in text:
        if "." not in want:
            return "a decimal where a " + ("fraction" if "/" in want else "whole number") + " is due"
        return "trailing zeros"
    return "not the canonical form"


def exact_op(a: Fraction, op: str, b: Fraction) -> Fraction | None:
    """The exact result of one step; None for a division by zero."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return None if b == 0 else a / b
    raise ValueError(f"unknown operation {op!r}")


def as_fraction(text: str) -> Fraction | None:
    """Parse `12`, `-3/11`, `0.50`, `1e-3`; None when it is not one exact number. For checking
    values only: what is accepted is decided by `check` on the text."""
    text = text.strip()
    if not text:
        return None
    try:
        if "/" in text:
            num, den = text.split("/", 1)
            return Fraction(int(num), int(den))
        value = Fraction(Decimal(text))
    except (ValueError, ZeroDivisionError, InvalidOperation, OverflowError):
        return None  # `inf`, `nan`, `1/0`: not one exact number
    return value


def is_decimal(text: str) -> bool:
    """Whether an operand is written as a decimal (`2.5`, `-0.001`)."""
    return "." in text


def is_integer_text(text: str | None) -> bool:
    """Whether `text` is written as a whole number (`39`, `-4`), whatever else it equals."""
    return text is not None and _INTEGER.fullmatch(text) is not None


def negated(text: str) -> str:
    """The lexical sign rule: a literal's negation is written by toggling its leading `-`
    (`3` → `-3`, `-3/7` → `3/7`, `--3` → `3` is never produced since one toggle removes it);
    zero stays `0`. The digits are never touched, so nothing is computed."""
    if text.startswith("-"):
        return text[1:]
    return text if text == "0" else "-" + text


__all__ = [
    "Notation",
    "as_fraction",
    "canon",
    "canonical",
    "check",
    "exact_op",
    "is_decimal",
    "is_integer_text",
    "negated",
    "terminates",
]
