"""Written like something a reader reads, meaning something else: no reader, grammar, symbolic
reader or model, should guess these (a factorial sign, a comma between digits, a fraction next to
a division sign)."""

from __future__ import annotations

import re

#: Written the same way as something the grammar reads, but meaning something else: a comma
#: between digits (thousands, or a decimal comma), a factorial sign.
_NOT_READ = (
    (re.compile(r"\d,\d"), "a comma between digits (thousands or decimals) is ambiguous"),
    (re.compile(r"[\d)]\s*!"), "factorials are not supported"),
    (re.compile(r"\*\*|\^"), "powers are not supported"),
    (re.compile(r"(?<![\d.])\.\d"), "a number written without its leading 0 (.5) is not read"),
    # `8 ÷ 4/2`, `6 / 1/2`, `1/2x`, `6/2(1+2)`: textbooks and calculators disagree on these.
    (
        re.compile(r"\d/\d+(?:\.\d+)?\s*[÷/]|[÷/]\s*\d+(?:\.\d+)?/\d|\d/\d+(?:\.\d+)?[a-z(]"),
        "a fraction next to a division sign or a bracket is ambiguous; use brackets",
    ),
)


#: `3/4 ÷ 3/8`: a division sign between two fractions written tight divides the fractions
#: (school's fraction division; whoever meant `3/4/3/8` would not switch signs). `8 ÷ 4/2`,
#: `3/4 / 3/8`, chains (`1/2 ÷ 3/4 ÷ 5/6`) and a fraction after a division (`2 ÷ 1/2 ÷ 1/4`)
#: stay ambiguous.
_FRACTION_DIVISION = re.compile(
    r"(?<![\w./)÷])(?<!÷ )(?<!/ )(\d+/\d+)\s*÷\s*(\d+/\d+)(?![\w/(÷]|\.\d|\s*[÷/*×(])"
)


def ambiguous_division(question: str) -> str | None:
    """Why a fraction written next to a division sign is ambiguous (`3/4 / 3/8`, `6 / 1/2`):
    even in the planner's own phrasing, which would divide left to right."""
    pattern, why = _NOT_READ[-1]
    return why if pattern.search(_FRACTION_DIVISION.sub(r"(\1) ÷ (\2)", question)) else None


def ambiguous(question: str) -> str | None:
    """Why `question` is written like something readable but may mean something else (a
    factorial sign, a comma between digits): no reader, grammar or model, should guess it."""
    question = _FRACTION_DIVISION.sub(r"(\1) ÷ (\2)", question)
    return next((why for pattern, why in _NOT_READ if pattern.search(question)), None)
