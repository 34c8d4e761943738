"""Canonical number text shared by the data generator, the model's prompts and the verifier."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction


def canon(value: Fraction) -> str:
    """Integers as `-12`, terminating values as decimals `0.0025`, others as `-3/11`."""
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


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
    """Parse `12`, `-3/11`, `0.50`, `1e-3`; None when it is not one exact number."""
    text = text.strip()
    if not text:
        return None
    try:
        if "/" in text:
            num, den = text.split("/", 1)
            return Fraction(int(num), int(den))
        return Fraction(Decimal(text))
    except (ValueError, ZeroDivisionError, InvalidOperation):
        return None


def operand(value: Fraction, style: str = "auto") -> str:
    """How an operand is written in a step prompt: fractions as p/q, or decimals when asked."""
    if style == "fraction" and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return canon(value)
