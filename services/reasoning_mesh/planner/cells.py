"""A sum the asker writes in symbols and asks the value of, among words of their own: a
spreadsheet formula (`my spreadsheet cell has =-12*7+30 in it, what number should it be
showing?`) or a sum ending in `= ?` (`quick mental maths check: (-12) x (-7) - 15 = ?`).

`symbolic` reads a written sum among asking words only (an allow-list). Here the sum says by
itself that its value is asked: a formula opens with `=` in a cell of a spreadsheet (said so:
`spreadsheet`, `cell`, `formula`), and `= ?` closes a sum whose value is missing. So the words
around it may be the asker's own, as long as each is plain (`background.plain_word`: no word of
maths, form, money or measure), none acts on the maths (`asides`: `ignore`, `wrong`, `swap`),
and no number stands outside the sum. The reading is the sum as written (`x` or `×` between two
numbers is times only where a number follows at once: `3 x -7`, never `3 x - 7`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.numwords import with_numerals

_NUMBER = r"(?:\(-?\d+(?:\.\d+)?\)|-?\d+(?:\.\d+)?)"
_OPERATOR = r"\s*(?:[-+*/×÷]|x(?=\s*\(|\s*-?\d))\s*"
_OPERAND = rf"(?:{_NUMBER}|\((?:{_NUMBER}{_OPERATOR})+{_NUMBER}\))"
#: A sum: operands (numbers, bracketed numbers or bracketed sums) joined by operators.
_SUM = rf"(?P<sum>{_OPERAND}(?:{_OPERATOR}{_OPERAND})+)"
#: `=-12*7+30` in a cell: the formula's own `=`, right before the sum.
_FORMULA = re.compile(rf"(?<![\w)])=\s?{_SUM}(?![\w.(])")
#: `(-12) x (-7) - 15 = ?`: the value is the missing part.
_MISSING = re.compile(rf"(?<![\w.)=]){_SUM}\s*=\s*\?+")
#: A spreadsheet named, where `=` opens a formula.
_SHEET = frozenset(
    ("spreadsheet", "spreadsheets", "cell", "cells", "formula", "formulas", "formulae", "sheet",
     "sheets", "excel", "workbook")
)  # fmt: skip
#: Words that ask another form or a part of the value (`to the nearest`, `as a fraction`).
_FORM = frozenset(
    ("round", "rounded", "rounding", "nearest", "place", "places", "dp", "sf", "whole",
     "significant", "sig", "figs", "fraction", "percent", "percentage", "remainder", "format",
     "formatted", "currency", "date", "time", "hours", "minutes", "absolute", "units", "unit")
)  # fmt: skip
#: What a spreadsheet's own words may say around its formula (`=SUM` aside, names of its parts).
_SHEET_WORDS = frozenset(
    ("spreadsheet", "cell", "cells", "formula", "sheet", "excel", "showing", "number")
)
#: What the cell shows instead, which the asker doubts (`swears the result is wrong`, `it's
#: showing an error`): no correction of the sum (`oops wrong sign`), which stays acting.
_DOUBTED = re.compile(
    r"\b(?:is|looks|seems|was|it's|its|showing|shows|gives|giving|got|get|getting) (?:an? )?"
    r"(?:wrong|error|bug)\b|\bformatting (?:bug|error|issue)\b"
)


#: The ask of the value the cell should show (`should` and `actually` elsewhere correct a sum).
_ASKED = re.compile(
    r"\bwhat (?:number |answer |value |result )?should (?:it|the (?:answer|result|cell|total|value)|"
    r"i get|we get) (?:actually |really )?(?:be(?: showing| saying| giving)?|show|say|give|read|"
    r"come out (?:to|as|at)|come to|equal)"
    r"(?: actually)?\b"
)


def read(text: str) -> str | None:
    said = with_numerals(spoken(text))
    found = _FORMULA.search(said)
    if found is not None and not _SHEET & set(tokens(said)):
        found = None
    found = found or _MISSING.search(said)
    if found is None or len(_MISSING.findall(said)) + len(_FORMULA.findall(said)) != 1:
        return None
    around = f"{said[: found.start()]} {said[found.end() :]}"
    if re.search(r"[\d=]", around):
        return None  # another number or sum: `the cell shows -162`, `cell B7`
    words = tokens(_ASKED.sub(" ", _DOUBTED.sub(" ", around)))
    if not all(w in _SHEET_WORDS or plain_word(w) for w in words) or acting(words):
        return None
    if _FORM & set(words):
        return None
    written = re.sub(r"\s*(?:x|×)\s*", " * ", found["sum"])
    return natural.reading(f"what is {written}")
