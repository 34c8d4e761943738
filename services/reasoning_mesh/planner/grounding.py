"""Is a model's reading made of its question? (pure: the translation gate's text checks)

A reading is *grounded* when everything it asks for is written in the question: its numbers
(as written, or as a number word reads), their signs, its unknowns, its units, and its
operations. The checks only ever refuse: a small model that meets a phrasing it has not seen
guesses confidently (`88 groups of 563` → `88/563`, `multiply 7 by the sum of 2 and 5` →
`7*2*5`), and a guessed reading would be verified step by step as an answer to another question.
"""

from __future__ import annotations

import itertools
import re

from reasoning_mesh.models.translator.masking import mask
from reasoning_mesh.planner.units import UNIT_NAMES

_NUMERAL = re.compile(r"\d+(?:\.\d+)?")
#: An unknown as readings and questions write it: one letter, alone or after a coefficient.
_UNKNOWN = re.compile(r"(?:(?<=[\d#*(/])|\b)([a-z])\b")
#: Words that name an operation. *Strong* ones must be used by the reading; *weak* ones (`x` may
#: be an unknown, `more` an idiom) only allow it.
_STRONG = {
    "+": "plus add added adding sum",
    "-": "minus subtract subtracted difference deduct decrease decreased reduce reduced",
    "*": "times multiply multiplied multiplying product lots groups sets",
    "/": "divided divide dividing quotient ratio shared share split per",
}
_WEAK = {
    "+": "total more increase increased altogether together combine",
    "-": "less take away fewer left remains remove",
    "*": "x",
    "/": "over into go",
}
_CONVERSION = re.compile(r"^How many (.+) are there in \S+ (.+)\?$")


def ungrounded(question: str, reading: str) -> str:
    """Why `reading` is not made of `question`; empty when it is."""
    masked = mask(question)
    have, used = set(masked.literals), set(_NUMERAL.findall(reading))
    if extra := sorted(used - have):
        return f"{extra[0]!r} is not a number of the question"
    if missing := sorted(have - used):
        return f"the reading leaves out {missing[0]!r}"
    if (signs := _negated(reading)) != (asked := _negated_in(masked.text, masked.literals)):
        wrong = min(signs ^ asked)
        return f"the sign of {wrong!r} differs from the question's"
    if strange := sorted(_unknowns(reading) - _unknowns(masked.text)):
        return f"the unknown {strange[0]!r} is not in the question"
    if m := _CONVERSION.match(reading):
        units = _units(question)
        for unit in m.groups():
            if UNIT_NAMES.get(unit.lower(), unit) not in units:
                return f"the unit {unit!r} is not in the question"
    return _operations(question, reading)


def _unknowns(text: str) -> set[str]:
    # `Solve 3*x = 9 for x.` → {x}; the reading's other words are longer than a letter.
    return set(_UNKNOWN.findall(text.lower())) - {"a"}


def _units(question: str) -> set[str]:
    words = re.findall(r"[a-zµ]+", question.lower())
    pairs = [" ".join(p) for p in itertools.pairwise(words)]
    return {UNIT_NAMES[w] for w in [*words, *pairs] if w in UNIT_NAMES}


_OPERAND_END = re.compile(r"(?:#\d+|\d|(?<![a-z])[a-z]|\))$")


def _unary(text: str) -> list[int]:
    """Where `-` is a sign: not after an operand (a number, a placeholder, an unknown, `)`)."""
    return [i for i, c in enumerate(text) if c == "-" and not _OPERAND_END.search(text[:i].rstrip())]


def _negated(reading: str) -> set[str]:
    body = reading.removeprefix("What is ").removeprefix("Solve ")
    return {m.group() for i in _unary(body) if (m := _NUMERAL.match(body, i + 1))}


def _negated_in(masked: str, literals: tuple[str, ...]) -> set[str]:
    signs = {int(k) for k in re.findall(r"\bnegative #(\d+)", masked)}
    for i in _unary(masked):
        if m := re.match(r"\s*#(\d+)", masked[i + 1 :]):
            signs.add(int(m.group(1)))
    return {literals[k - 1] for k in signs if 0 < k <= len(literals)}


def _operations(question: str, reading: str) -> str:
    text = mask(question).text.replace("how many times", "how many")  # a quotient, no product
    named = {op for op, ws in _STRONG.items() for w in ws.split() if re.search(rf"\b{w}\b", text)}
    weak = {op for op, ws in _WEAK.items() for w in ws.split() if re.search(rf"\b{w}\b", text)}
    named |= set(_binary(text)) | ({"/"} if "÷" in text else set()) | ({"*"} if "×" in text else set())
    allowed = named | weak
    if reading.startswith("Solve "):  # `3x`, `2(c + 3)`: an equation multiplies unnamed
        used = set(_binary(reading.removeprefix("Solve ").rsplit(" for ", 1)[0])) - {"*"}
    elif reading.startswith("What is "):
        used = set(_binary(reading.removeprefix("What is ")))
        if unused := "".join(sorted(named - used)):
            return f"the question's {unused!r} is not in the reading"
    else:
        return ""  # a conversion or a rounding has no operation of its own
    if unnamed := "".join(sorted(used - allowed)):
        return f"the reading's {unnamed!r} is named nowhere in the question"
    return ""


def _binary(text: str) -> list[str]:
    unary = set(_unary(text))
    return [c for i, c in enumerate(text) if c in "+-*/" and i not in unary]
