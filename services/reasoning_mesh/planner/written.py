"""An equation the question writes out must be the reading's equation, as written.

The sign checks see the same operations in `7 - x = 10` and `Solve x - 7 = 10 for x.`; only the
order tells them apart, and a small model rearranges what it has seen less often. Where the
question writes the equation in symbols (`=`), the reading must be that equation, up to spacing,
implicit products (`3x`, `2(a - 1)`) and which side is which; where words border it (`x over 4
= 6`), the symbols are not the whole equation and this check says nothing.
"""

from __future__ import annotations

import re

#: Words that may carry part of an equation next to its symbols: with one of them at a border,
#: the written part is not the whole equation.
_JOINING_WORDS = """
plus add added sum minus subtract subtracted difference less fewer times multiplied product
divided divide over into by of and than from to equals is half double twice more take away
"""
_JOINING = frozenset(_JOINING_WORDS.split())
_CLAUSE = frozenset({"and", "is", "to", "of"})
_SYMBOL = re.compile(r"#\d+|[-+*/×÷()]|\s")


def _side(text: str, start: int, step: int) -> tuple[str, str]:
    """The symbols from `start` in direction `step` (-1: leftwards), and the word that ends
    them ('' when something else does). Two operands with only space between (`-13 r=?`) are
    not one side: a product is written tight (`3x`) or with a sign."""
    i, n, word = start, len(text), ""
    operand, spaced = False, False  # the last symbol seen ends an operand; space since then
    while 0 <= i < n:
        c = text[i]
        if c.isalpha():
            j = i
            while 0 <= j < n and text[j].isalpha():
                j += step
            letters = text[min(i, j - step) : max(i, j - step) + 1]
            if len(letters) > 1:  # a word ends the symbols; a single letter is an unknown
                word = letters
                break
            if operand and spaced:
                break
            i, operand, spaced = j, True, False
        elif (c.isdigit() or c == "#") and operand and spaced:
            break
        elif c.isspace():
            i, spaced = i + step, True
        elif c.isdigit() or c == "#" or _SYMBOL.match(c):
            i, operand, spaced = i + step, c.isdigit() or c == "#", False
        else:
            break
    span = text[start:i] if step > 0 else text[i + 1 : start + 1]
    return span, word


def _norm(side: str, literals: tuple[str, ...]) -> str:
    text = re.sub(
        r"#(\d+)", lambda m: literals[int(m[1]) - 1] if int(m[1]) <= len(literals) else m[0], side
    )
    text = text.replace("×", "*").replace("÷", "/").replace(" ", "")
    return re.sub(r"(\d|\))(?=[a-z(])", r"\1*", text)


def equations(masked: str, literals: tuple[str, ...]) -> list[tuple[str, str]]:
    """The equations `masked` writes in symbols alone, each side normalised."""
    found = []
    for m in re.finditer("=", masked):
        left, lword = _side(masked, m.start() - 1, -1)
        right, rword = _side(masked, m.end(), 1)
        # `and`, `is`, `to` after an equation start the next clause (`… = 10 and x is what`).
        if lword in _JOINING or rword in _JOINING - _CLAUSE or not left.strip() or not right.strip():
            continue
        found.append((_norm(left, literals), _norm(right, literals)))
    return found


def rearranged(masked: str, literals: tuple[str, ...], reading: str) -> str:
    """Why the reading's equation is not the one the question writes; empty when it is."""
    if not reading.startswith("Solve ") or "=" not in reading:
        return ""
    written = equations(masked, literals)
    if not written:
        return ""
    lhs, _, rhs = reading.removeprefix("Solve ").rsplit(" for ", 1)[0].partition("=")
    pair = (_norm(lhs, literals), _norm(rhs, literals))
    if pair in written or pair[::-1] in written:
        return ""
    return f"the reading's equation {lhs.strip()} = {rhs.strip()} is not the one the question writes"
