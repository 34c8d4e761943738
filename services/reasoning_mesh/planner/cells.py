"""A sum the asker writes in symbols and asks the value of, among words of their own: a
spreadsheet formula (`my spreadsheet cell has =-12*7+30 in it, what number should it be
showing?`) or a sum ending in `= ?` (`quick mental maths check: (-12) x (-7) - 15 = ?`).

`symbolic` reads a written sum among asking words only (an allow-list). Here the sum says by
itself that its value is asked: a formula opens with `=` in a cell of a spreadsheet (said so:
`spreadsheet`, `cell`, `formula`), and `= ?` closes a sum whose value is missing. The words
around it are the asker's own from an allow-list (`_OWN`: asking, polite and filler words, who
doubts the result; audit AA found open words that change the sum or how it is read: `if I
delete the star`, `wrapped in INT`, `quaternary`, `on a basic calculator`), none acts on the
maths (`asides`), no number stands outside the sum, and no sign or operator before it. The
reading is the sum as written (`x` or `×` between two numbers is times only where a number
follows at once: `3 x -7`, never `3 x - 7`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import spoken, tokens
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
#: The only words around the sum besides the spreadsheet's: asking, polite and filler words,
#: who doubts the result and why the asker checks (an allow-list, as `symbolic` keeps).
_OWN = frozenset(
    (
     "what", "what's", "whats", "is", "it", "it's", "its", "this", "that", "the", "a", "an", "i",
     "i'm", "i've", "ive", "me", "my", "you", "we", "so", "then", "answer", "result", "value",
     "exactly", "come", "comes", "out", "to", "do", "does", "did", "can", "could", "would", "will",
     "please", "pls", "need", "want", "help", "stuck", "with", "for", "of", "on", "and", "now",
     "thanks", "cheers", "ta", "quick", "one", "mental", "maths", "math", "check", "checking",
     "sanity", "settle", "someone", "somebody", "argument", "pub", "helping", "son", "daughter",
     "kid", "kids", "homework", "his", "her", "our", "coworker", "co-worker", "colleague", "boss",
     "mate", "swears", "reckons", "thinks", "says", "think", "got", "has", "have", "contains", "in",
     "but", "be", "showing", "shows", "give", "gives", "get", "gets", "should", "actually", "really",
     "right", "correct", "meant", "supposed", "sure", "anyone", "?", ",", ".", ":", ";", "-", "!",
    )
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
    if re.search(r"(?:[-+*/×÷(]|\bx)\s*$", said[: found.start()]):
        return None  # a sign or operator before it is part of the sum (`-(3 + 4) x 2 = ?`)
    around = f"{said[: found.start()]} {said[found.end() :]}"
    if re.search(r"[\d=]", around):
        return None  # another number or sum: `the cell shows -162`, `cell B7`
    words = tokens(_ASKED.sub(" ", _DOUBTED.sub(" ", around)))
    if not all(w in _SHEET_WORDS or w in _OWN for w in words) or acting(words):
        return None  # an open word may change the sum or its reading (audit AA: `if I delete
        # the star`, `wrapped in INT`, `quaternary`, `on a watch face`, `a basic calculator`)
    written = re.sub(r"\s*(?:x|×)\s*", " * ", found["sum"])
    return natural.reading(f"what is {written}")
