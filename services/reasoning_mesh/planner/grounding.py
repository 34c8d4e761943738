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
from collections import Counter

from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.models.translator.masking import Masked, mask
from reasoning_mesh.planner.structure import (
    QUOTIENT_PHRASE,
    TIGHT_FRACTION,
    fractions_as_numbers,
    written_fractions,
)
from reasoning_mesh.planner.units import UNIT_NAMES
from reasoning_mesh.planner.written import rearranged

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


#: Operations the mesh does not do: a question naming one is not read by the model, which
#: would drop the word and answer the rest (`12 minus 7 squared` read as `12 - 7`).
_BEYOND_WORDS = """
squared cubed power powers factorial percent percentage root roots log logarithm sine cosine
tangent mod modulo remainder gcd lcm average mean median mode prime primes divisible even odd
sort bigger greater larger smaller greatest largest smallest compare square squares cube cubes
twice thrice half halve halved quarter double doubled triple tripled opposite absolute reciprocal
inverse floor ceiling significant
"""
_BEYOND = frozenset(_BEYOND_WORDS.split())


def gate_words() -> frozenset[str]:
    """Every word the gate reads as an operation or as maths beyond the planner's."""
    named = {w for table in (_STRONG, _WEAK) for words in table.values() for w in words.split()}
    return frozenset(named | _BEYOND)


#: What a masked question may be written with; anything else (`^`, `%`, `√`, `²`) is a sign the
#: model was never shown, so it could only guess.
_WRITTEN = re.compile(r"[a-z0-9#\s,.?!:;'()+\-*/=]*")
_NEAREST = re.compile(r" to the nearest ([a-z][a-z ]*)\.?$")
_INTEGER = {"integer", "whole number", "unit", "one"}
#: `round 8.5 up`, `rounded down to the nearest ten`: a direction the mesh's rounding does not take.
_DIRECTED = re.compile(r"\bround(?:ed|ing)?\b.*\b(?:up|down)\b|\b(?:up|down)\b.*\bnearest\b")


def ungrounded(question: str, reading: str) -> str:
    """Why `reading` is not made of `question`; empty when it is."""
    masked = mask(question)
    merged = fractions_as_numbers(masked)  # `#2/#3` written tight is one number
    for why in (
        _unreadable(masked.text),
        _numbers(masked.literals, reading),
        _signs(masked.text, masked.literals, reading),
        _place(masked.text, reading),
        _grouping(merged.text, merged.literals, reading),
        rearranged(masked.text, masked.literals, reading),
        _coefficients(masked.text, masked.literals, reading),
    ):
        if why:
            return why
    if strange := sorted(_unknowns(reading) - _unknowns(masked.text)):
        return f"the unknown {strange[0]!r} is not in the question"
    if lost := sorted(set(_ASKED.findall(masked.text.lower())) - _unknowns(reading) - {"a", "i"}):
        return f"the question asks for {lost[0]!r}, which the reading does not have"
    return _operations(question, reading)


def _unreadable(masked: str) -> str:
    if not _WRITTEN.fullmatch(masked):
        sign = next(c for c in masked if not _WRITTEN.fullmatch(c))
        return f"the question has a sign the model does not read: {sign!r}"
    if beyond := sorted(set(re.findall(r"[a-z]+", masked)) & _BEYOND):
        return f"the question asks for {beyond[0]!r}, which the mesh does not do"
    if re.search(r"#\d+(?:,| )#\d+", masked):  # `1,200`, `1 200`: one number to a reader
        return "the question writes a number with a separator the model does not read"
    if _DIRECTED.search(masked.replace("up or down", "")):
        return "the question rounds one way (up or down), which the mesh does not do"
    return ""


def _numbers(literals: tuple[str, ...], reading: str) -> str:
    have, used = Counter(literals), Counter(_NUMERAL.findall(reading))
    if extra := sorted(used - have):
        return f"{extra[0]!r} is not a number of the question (or not that often)"
    if missing := sorted(have - used):
        return f"the reading leaves out {missing[0]!r}"
    return ""


def _signs(masked: str, literals: tuple[str, ...], reading: str) -> str:
    if (signs := _negated(reading)) != (asked := _negated_in(masked, literals)):
        return f"the sign of {min((signs - asked) | (asked - signs))!r} differs from the question's"
    return ""


def _place(masked: str, reading: str) -> str:
    if m := _NEAREST.search(reading):
        place = m.group(1)
        named = _INTEGER if place == "integer" else {place}
        if not any(re.search(rf"\b{p}\b", masked) for p in named):
            return f"the question does not round to the nearest {place}"
    return ""


#: A pair the question groups by name (`the sum of #2 and #3`) must be one operation of the
#: reading, not split across others (`multiply 29 by the sum of 8 and 4` read `(29 + 8)*4`).
_GROUP = re.compile(
    r"\b(sum|total|product|difference|quotient) (?:of|between) ((?:negative |-)?#\d+) and "
    r"((?:negative |-)?#\d+)\b(?!,? and)"
)
_GROUP_OP = {"sum": "+", "total": "+", "product": "*", "difference": "-", "quotient": "/"}


def _grouping(masked: str, literals: tuple[str, ...], reading: str) -> str:
    if not reading.startswith("What is "):
        return ""
    body = reading.removeprefix("What is ").rstrip("?").replace(" ", "")
    for m in _GROUP.finditer(masked):
        name, op = m.group(1), _GROUP_OP[m.group(1)]
        a, b = (_signed(x, literals) for x in m.group(2, 3))
        pair = f"{a}{op}{b}"
        i = body.find(pair)
        before, after = body[i - 1 : i] if i > 0 else "", body[i + len(pair) : i + len(pair) + 1]
        split = i < 0 or (
            (op in "+-" and (before in {"*", "/", "-"} or after in {"*", "/"}))
            or (op in "*/" and before == "/")
        )
        if split:
            return f"the question's {name} of {a} and {b} is not one step of the reading"
    return ""


def _signed(placeholder: str, literals: tuple[str, ...]) -> str:
    sign = "-" if placeholder.startswith(("-", "negative")) else ""
    k = int(placeholder.rsplit("#", 1)[1])
    return sign + literals[k - 1] if 0 < k <= len(literals) else placeholder


def plan_ungrounded(question: str, plan: Plan) -> str:
    """Why the plan of a sound-looking reading still differs from the question: a conversion's
    units must be the question's, from the unit written after its number."""
    masked = mask(question).text
    after = {UNIT_NAMES[w] for w in _after_numbers(masked) if w in UNIT_NAMES}
    units = _units(question)
    for goal in plan.goals:
        filters = goal.filters or {}
        if filters.get("from_unit") and filters.get("from_unit") == filters.get("to_unit"):
            return "the reading converts a unit into itself"
        if "from_unit" in filters and filters["from_unit"] not in after:
            return f"the question converts no {filters['from_unit']}s"
        if "to_unit" in filters and filters["to_unit"] not in units:
            return f"the unit {filters['to_unit']!r} is not in the question"
    return ""


def _after_numbers(masked: str) -> list[str]:
    """The unit word(s) right after each number (`#1 kilograms`, `#1 metric ton`)."""
    found = []
    for m in re.finditer(r"#\d+\s*((?:of an? )?)([a-zµ]+)(?: ([a-zµ]+))?", masked):
        first, second = m.group(2), m.group(3)
        found.extend([first, f"{first} {second}"] if second else [first])
    return found


#: A letter the question asks for (`2/3 of x is 14, what is x`): a reading without it (`What is
#: (2/3)*14?`) answers another question.
_ASKED = re.compile(
    r"\b(?:what\s*(?:'s|is)|whats|find|for|value of|work out|solve)\s+([a-z])\b(?![-']|\s*=)"
)  # `for x = 3, what is 2x` gives x; it does not ask for it


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
    return [i for i, c in enumerate(text) if c == "-" and not _operand_before(text[:i].rstrip())]


def _operand_before(text: str) -> bool:
    # `7 x -2`: an `x` between numbers is a times sign; `what's -8`: the `s` of `'s` is no unknown.
    if re.search(r"(?:#\d+|\d) x$|'s$", text):
        return False
    return bool(_OPERAND_END.search(text))


def _negated(reading: str) -> Counter[str]:
    body = reading.removeprefix("What is ").removeprefix("Solve ")
    return Counter(m.group() for i in _unary(body) if (m := _NUMERAL.match(body, i + 1)))


def _negated_in(masked: str, literals: tuple[str, ...]) -> Counter[str]:
    signs = [int(k) for k in re.findall(r"\bnegative #(\d+)", masked)]
    # `equals minus #3`, `minus #1 plus ...`: `minus` where no operand stands before it is a sign
    signs += [int(k) for k in _SIGN_WORD.findall(masked)]
    signs += [int(m.group(1)) for i in _unary(masked) if (m := re.match(r"\s*#(\d+)", masked[i + 1 :]))]
    return Counter(literals[k - 1] for k in signs if 0 < k <= len(literals))


_SIGN_WORD = re.compile(
    r"(?:\b(?:equals?|is|makes|gives|plus|times|by|of|and|from|to)\s+|[=(+*/]\s*)minus #(\d+)"
)


def _coefficients(masked: str, literals: tuple[str, ...], reading: str) -> str:
    """`seven minus two x` read `7*x - 2`: a number the question writes right before an
    unknown of the reading multiplies that unknown there too."""
    for m in re.finditer(r"#(\d+) ?([a-z])\b(?![a-z'])(?!\s*[=?:])", masked):  # not `-13 r=?`
        k, letter = int(m.group(1)), m.group(2)
        if not 0 < k <= len(literals) or not re.search(rf"\b{letter}\b", reading.removeprefix("Solve ")):
            continue
        number = re.escape(literals[k - 1])
        if not re.search(rf"(?<![\d.]){number} ?\*? ?{letter}\b", reading):
            return f"{literals[k - 1]} multiplies {letter} in the question, not in the reading"
    return ""


def _without_fractions(masked: Masked, reading: str) -> tuple[str, str]:
    """A fraction the question writes as one number (`35/12`): its `/` is part of the number,
    not an operation named or used (`89 more 35/12` names no division; `36 divided by … 24/11`
    must still divide), wherever the reading writes that fraction, bracketed or not."""
    for written in written_fractions(masked):
        fraction = re.escape(written)
        reading = re.sub(rf"\(-?{fraction}\)|(?<![\d./]){fraction}(?![\d./])", "0", reading)
    return TIGHT_FRACTION.sub("#0", masked.text), reading


def _operations(question: str, reading: str) -> str:
    text, reading = _without_fractions(mask(question), reading)
    text = text.replace("how many times", "how many")  # a quotient, no product
    named = {op for op, ws in _STRONG.items() for w in ws.split() if re.search(rf"\b{w}\b", text)}
    weak = {op for op, ws in _WEAK.items() for w in ws.split() if re.search(rf"\b{w}\b", text)}
    named |= set(_binary(text)) | ({"/"} if "÷" in text else set()) | ({"*"} if "×" in text else set())
    if QUOTIENT_PHRASE.search(text):
        weak.add("/")  # `how many 4s are in 36`: a quotient, and `in` names it only here
    allowed = named | weak
    if reading.startswith("Solve "):  # `3x`, `2(c + 3)`: an equation multiplies unnamed
        written = set(_binary(reading.removeprefix("Solve ").rsplit(" for ", 1)[0]))
        if unused := "".join(sorted(named - written)):  # `one plus x = 5` is not `x = 5`
            return f"the question's {unused!r} is not in the reading"
        used = written - {"*"}
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
