"""The canonical rule (`numbers.canonical`, `numbers.check`) and the lexical sign rule, and the
planner keeping literals as the question writes them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from reasoning_mesh.models.reasoner.numbers import canon, canonical, check, negated
from reasoning_mesh.planner.domain import plan_question

F = Fraction


@pytest.mark.parametrize(
    ("value", "exact", "decimal"),
    [
        (F(-30), "-30", "-30"),
        (F(0), "0", "0"),
        (F(-2, 9), "-2/9", "-2/9"),  # does not terminate: a fraction in either notation
        (F(-3, 5), "-3/5", "-0.6"),
        (F(1, 400), "1/400", "0.0025"),
        (F(5000, 2), "2500", "2500"),
    ],
)
def test_canonical_text(value: Fraction, exact: str, decimal: str) -> None:
    assert canonical(value) == canonical(value, "exact") == exact
    assert canonical(value, "decimal") == canon(value) == decimal
    assert check(exact, value, "exact") is None and check(decimal, value, "decimal") is None


@pytest.mark.parametrize(
    ("text", "value", "notation", "rule"),
    [
        ("+5", F(5), "exact", "leading '+'"),
        ("05", F(5), "exact", "leading zeros"),
        ("1e3", F(1000), "exact", "exponent"),
        ("-0", F(0), "exact", "negative zero"),
        ("0.50", F(1, 2), "decimal", "trailing zeros"),
        ("5.0", F(5), "decimal", "a decimal where a whole number is due"),
        ("10/2", F(5), "exact", "a fraction where a whole number is due"),
        ("6/69", F(2, 23), "exact", "lowest terms"),
        ("2/-23", F(-2, 23), "exact", "lowest terms with a positive denominator"),
        ("0.6", F(3, 5), "exact", "a decimal where a fraction is due"),
        ("3/5", F(3, 5), "decimal", "a fraction where a decimal is due"),
        ("7", F(5), "exact", "wrong value"),
        ("five", F(5), "exact", "not a number"),
    ],
)
def test_every_broken_rule_is_named(text: str, value: Fraction, notation: str, rule: str) -> None:
    broken = check(text, value, notation)  # type: ignore[arg-type]
    assert broken is not None and rule in broken


def test_the_lexical_sign_rule_only_toggles_the_sign() -> None:
    assert [negated(t) for t in ("3", "-3", "-3/7", "0.25", "0")] == ["-3", "3", "3/7", "-0.25", "0"]


@pytest.mark.parametrize(
    ("question", "operands"),
    [
        ("What is 14/5 of a litre in millilitres?", ["14/5"]),
        ("How many litres are there in three twentieths of a millilitre?", ["3/20"]),
        ("What is 5 - -3?", ["5", "-3"]),
        ("What is 0.50 + 2?", ["0.50", "2"]),  # as written, even where not canonical
        ("What is 5 - (-(-3))?", ["5", "3"]),  # `- -3` read as `3`: the sign rule, no step
    ],
)
def test_the_planner_keeps_literals_as_written(question: str, operands: list[str]) -> None:
    goals = [g for g in plan_question(question).goals if g.kind == "arith"]
    literals = [x for g in goals for x in (g.left, g.right) if x and not x.lstrip("-").startswith("@")]
    assert literals == operands
    decimal = any("." in x for x in operands) or "litre" in question
    assert goals[0].notation == ("decimal" if decimal else "exact")


def test_decimals_are_written_exactly_however_long() -> None:
    # A Decimal division would round past 28 digits and accept `1` for 10^28 + 0.1.
    big = F(10**28 + 1, 10)
    assert canonical(big, "decimal") == "1" + "0" * 27 + ".1"
    assert check("1", big, "decimal") is not None
    tiny = F(1, 2**50)
    assert canonical(tiny, "decimal").startswith("0.000000000000000888178419700125232338905")
    assert check(canonical(tiny, "decimal"), tiny, "decimal") is None


def test_words_that_python_reads_as_numbers_are_not_numbers() -> None:
    from reasoning_mesh.models.reasoner.numbers import as_fraction

    assert [as_fraction(t) for t in ("inf", "-Infinity", "nan", "1/0")] == [None] * 4
    assert check("inf", F(5), "exact") == "not a number: 'inf'"
