"""A story's operands and the expressions over them (pure: no torch).

The story model never writes a number or an operation of its own: it picks one *template* from
a closed set (`(O1*O2)`, `((O3-O2)/O1)`, ...) in which every operand of the question appears
exactly once, and the reading is that template with the question's literals put back
(`What is 12*84?`). So a reading can only hold the question's own numbers, all of them, each
copied as written (a number word as the numeral it names); what the model decides is only the
order and the operations, and the verifier checks every step of those.

An operand is a masked number (`masking.mask`), with its sign where the question writes one
(`-4`, `negative 13`, `minus 7` where no number comes before it) and a fraction written as one
number (`3/4`) as one operand.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from reasoning_mesh.models.reasoner.numbers import exact_op
from reasoning_mesh.models.translator.masking import Masked, mask, plain_minus, plain_thousands

#: The most operands a template has: past four a story is rarely one expression, and the
#: templates grow past what a small head can tell apart.
MAX_OPERANDS = 4
OPERATIONS = "+-*/"

#: `-#1`, `negative #1`, `minus #1`, `#1/#2` (one fraction). A placeholder inside a longer token
#: (`#1x`, `#1:#2`, `#1.`-joined) is no operand (`story` refuses the question).
_OPERAND = re.compile(r"(?P<sign>-|\bnegative |\bminus )?#(?P<num>\d+)(?:/#(?P<den>\d+))?(?![\w#/:])")
#: What before a `-` or `minus` makes it an operation, not a sign: a number or a bracket.
_OPERATION_BEFORE = re.compile(r"(?:#\d+|\))\s*$")


#: Where a sentence ends: the ask is what follows the last end before the question's own `?`.
_END = re.compile(r"[.!?;:](?=\s)|\n")


class NotAStoryError(ValueError):
    """The question has no operands the story model reads, or too many."""


@dataclass(frozen=True)
class Operand:
    literal: str  # as the reading writes it: `12`, `-4`, `3/4`
    value: Fraction
    span: tuple[int, int]  # in the masked text

    @property
    def written(self) -> str:
        """In a reading: a fraction or a negative number in brackets (`(3/4)`, `(-4)`)."""
        return (
            f"({self.literal})" if "/" in self.literal or self.literal.startswith("-") else self.literal
        )


@dataclass(frozen=True)
class Story:
    masked: Masked
    operands: tuple[Operand, ...]


def story(question: str) -> Story:
    """The question's operands in order; `NotAStoryError` where a number is not one (`#1x`, a time
    `#1:#2`), where there are none, or more than `MAX_OPERANDS`."""
    masked = mask(plain_thousands(plain_minus(question)))
    found: list[Operand] = []
    used: set[int] = set()
    for m in _OPERAND.finditer(masked.text):
        num = masked.literals[int(m["num"]) - 1]
        literal, value = num, Fraction(num)
        used.add(int(m["num"]))
        if m["den"]:
            den = masked.literals[int(m["den"]) - 1]
            used.add(int(m["den"]))
            if Fraction(den) == 0:
                raise NotAStoryError(f"a fraction over zero: {num}/{den}")
            literal, value = f"{num}/{den}", Fraction(num) / Fraction(den)
        before = masked.text[: m.start()]
        if m["sign"] and (m["sign"] == "negative " or not _signless(m["sign"], before)):
            literal, value = f"-{literal}", -value
        found.append(Operand(literal, value, m.span()))
    if re.search(r"[.,]#\d|#\d+[.,]#\d", masked.text):
        raise NotAStoryError("a number written with a comma or without its leading 0 (1,5, .5)")
    if len(used) != len(masked.literals):
        raise NotAStoryError("a number of the question is part of a word or a time, not an operand")
    if not 2 <= len(found) <= MAX_OPERANDS:
        # one number is no expression (`What is 7?` restates it)
        raise NotAStoryError(f"{len(found)} operands: a story has 2 to {MAX_OPERANDS}")
    return Story(masked, tuple(found))


#: Words after which `minus` is a sign (`it was minus 7`, `what's minus 7 times minus 9`);
#: after any other word it takes one amount from another (`5/6 of a yard minus 1/4`).
_SIGN_AFTER = frozenset(
    ("what's", "whats", "what", "is", "was", "were", "are", "be", "been", "times", "plus",
     "minus", "by", "and", "from", "at", "to", "of", "than", "reads", "read", "hit", "reached",
     "showed", "shows", "says", "said", "about", "around", "then", "now")
)  # fmt: skip


def _signless(sign: str, before: str) -> bool:
    """`#1 - #2`, `#1 minus #2`, `a yard minus #1`: an operation. `-` written against its number
    after a word or at the start is a sign (`read -4 overnight`); `minus` is one at the start,
    after punctuation or after a word of `_SIGN_AFTER` only."""
    if _OPERATION_BEFORE.search(before):
        return True
    if sign == "-":
        return before[-1:].isalnum()  # `well-#1`: a hyphen in a word
    words = re.findall(r"[a-z']+|[^\sa-z']", before.lower())
    return bool(words) and words[-1][0].isalpha() and words[-1] not in _SIGN_AFTER


Tree = int | tuple[str, "Tree", "Tree"]


def _trees(items: tuple[int, ...]) -> list[Tree]:
    if len(items) == 1:
        return [items[0]]
    out: list[Tree] = []
    for i in range(1, len(items)):
        for left in _trees(items[:i]):
            for right in _trees(items[i:]):
                out.extend((op, left, right) for op in OPERATIONS)
    return out


def show(tree: Tree) -> str:
    """A template's name: `((O3-O2)/O1)`, operands numbered from 1 in the question's order."""
    if isinstance(tree, int):
        return f"O{tree + 1}"
    op, left, right = tree
    return f"({show(left)}{op}{show(right)})"


@cache
def templates(n: int) -> dict[str, Tree]:
    """Every expression in which each of `n` operands appears once."""
    return {show(t): t for perm in itertools.permutations(range(n)) for t in _trees(perm)}


def arity(template: str) -> int:
    return len(set(re.findall(r"O(\d+)", template)))


def value(tree: Tree, operands: tuple[Operand, ...]) -> Fraction:
    """Only for labelling training questions by their answers; a reading's value is the
    verifier's to find, step by step."""
    if isinstance(tree, int):
        return operands[tree].value
    op, left, right = tree
    result = exact_op(value(left, operands), op, value(right, operands))
    if result is None:
        raise ZeroDivisionError("a template divides by zero")
    return result


def matching(s: Story, answer: str) -> list[str]:
    """The templates whose value over the story's operands is the answer (training labels)."""
    try:
        target = Fraction(answer)
    except (ValueError, ZeroDivisionError):
        return []
    hits = []
    for name, tree in templates(len(s.operands)).items():
        try:
            if value(tree, s.operands) == target:
                hits.append(name)
        except ZeroDivisionError:
            continue
    return hits


def _render(tree: Tree, operands: tuple[Operand, ...], top: bool) -> str:
    if isinstance(tree, int):
        return operands[tree].written
    op, left, right = tree
    text = f"{_render(left, operands, False)}{op}{_render(right, operands, False)}"
    return text if top else f"({text})"


def reading(template: str, s: Story) -> str:
    """The planner's phrasing of a template over the story's literals: `What is 12*84?`."""
    n = len(s.operands)
    if arity(template) != n or template not in templates(n):
        raise NotAStoryError(f"template {template} does not fit {n} operands")
    return f"What is {_render(templates(n)[template], s.operands, True)}?"


def ask_span(text: str) -> tuple[int, int]:
    """The last sentence that asks (up to its `?`), or the last sentence where none does."""
    stop = text.rfind("?")
    body = text[:stop] if stop > 0 else text.rstrip(" .!")
    ends = [m.end() for m in _END.finditer(body)]
    start = ends[-1] if ends else 0
    return (start, len(body)) if len(body) > start else (0, len(text))
