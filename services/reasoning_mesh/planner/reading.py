"""The reading of a parse of people's phrasings: each grammar rule's text in the planner's own
language (`natural.py` holds the grammar). Operands are copied from the question as written; a
number written in words is replaced by the numeral it names, nothing is computed."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Token, Transformer, v_args

from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.numwords import (
    read_fraction_words,
    read_mixed_number_words,
    read_number_words,
)

_NEAREST = {
    "whole number": "integer", "whole": "integer", "integer": "integer", "one": "integer",
    "unit": "integer",
    "ten": "ten", "hundred": "hundred", "thousand": "thousand", "ten thousand": "ten thousand",
    "hundred thousand": "hundred thousand", "million": "million",
}  # fmt: skip
_TENTHS = {"tenth": "1", "hundredth": "2", "thousandth": "3"}
#: `to the nearest 10` is `to the nearest ten`: the numeral names the place as the word does.
_POWERS = {"10": "ten", "100": "hundred", "1000": "thousand", "10000": "ten thousand",
           "100000": "hundred thousand", "1000000": "million"}  # fmt: skip


def _compared(whole: str, by: str) -> tuple[str, str]:
    """`20 divided by 4 more than 1`: 1 + 20/4, or 20/(4 + 1)? English does not say, so a product
    or a quotient on either side of `more/less than` is not read (a fraction is one number)."""
    if any(re.search(r"[*/]", re.sub(r"\(\d+/\d+\)", "", x)) for x in (whole, by)):
        raise NotReadError("`more/less than` beside a product or a quotient: which comes first?")
    return whole, by


#: Unit symbols also written for a scale: `8.3m` (million), `5k`, `3.2g` (grand), `1.5t`,
#: `8.3mm` (a million in finance).
SCALE_LIKE = frozenset(("m", "k", "g", "t", "mm"))


def _numeral(tok: Token) -> str:
    """A number as written, or the numeral its words name (`seventy three` → `73`)."""
    return read_number_words(str(tok)) if tok.type == "WORDS" else str(tok)


class _Power(str):
    """A number squared or cubed, as the reading writes it (`(3*3)`): no sign may apply to it."""

    __slots__ = ()


class NotReadError(ValueError):
    """The question is none of the phrasings the grammar knows."""


def _paren(text: str) -> str:
    """An operand that is itself an operation keeps its grouping in the reading."""
    return text if _atomic(text) else f"({text})"


def _atomic(text: str) -> bool:
    body = text.removeprefix("-")
    return (
        body.replace(".", "", 1).isdigit()
        or body.isalpha()
        or _one_group(text)  # `(3/4)`, never `(3/4) + (1/6)` (a sum before `then times 12`)
    )


def _worded(op: str, swap: bool = False) -> Callable[[Any, str, str], str]:
    """`A <op> B` from a worded operation (`the quotient of A and B`, `add A and B`); `swap`:
    the operands come in the other order (`subtract B from A`)."""

    def reading(self: Any, a: str, b: str) -> str:
        a, b = _plain(*((b, a) if swap else (a, b)))
        return f"What is {a}{op}{b}?"

    return reading


@v_args(inline=True)
class Reading(Transformer[Token, str]):
    def __init__(self, maths: frozenset[str]) -> None:
        super().__init__()
        self.maths = maths  # words never read as the name of what a quantity measures

    # -- numbers and expressions: the reading of each is text in the planner's language
    def num(self, tok: Token) -> str:
        return str(tok)

    def var(self, tok: Token) -> str:
        return str(tok)

    def words(self, tok: Token) -> str:
        return read_number_words(str(tok))

    def fraction_words(self, tok: Token) -> str:
        return f"({read_fraction_words(str(tok))})"

    def squared(self, tok: Token) -> str:
        """`9 squared` is 9*9: the number as written, twice (no power is computed here)."""
        n = _numeral(tok)
        return _Power(f"({n}*{n})")

    def cubed(self, tok: Token) -> str:
        n = _numeral(tok)
        return _Power(f"({n}*{n}*{n})")

    def mixed(self, tok: Token) -> str:
        return read_mixed_number_words(str(tok))

    def group(self, inner: str) -> str:
        return inner if _one_group(inner) else f"({inner})"  # `((2/3))` is `(2/3)`

    def neg(self, inner: str) -> str:
        if isinstance(inner, _Power):  # `minus three squared`: -(3*3), or (-3)*(-3)?
            raise NotReadError("a sign before a number squared or cubed is ambiguous: use brackets")
        return f"-{inner}" if _atomic(inner) else f"-({inner})"

    def add(self, a: str, b: str) -> str:
        return f"{a} + {b}"

    def sub(self, a: str, b: str) -> str:
        return f"{a} - {_paren(b) if _sum(b) else b}"

    def more_than(self, a: str, b: str) -> str:
        return self.add(*_compared(b, a))  # `12 more than n`: n + 12

    def less_than(self, a: str, b: str) -> str:
        return self.sub(*_compared(b, a))  # `5 less than 12`: 12 - 5

    def mul(self, a: str, b: str) -> str:
        return f"{_term(a)}*{_paren(b)}"

    def div(self, a: str, b: str) -> str:
        return f"{_term(a)}/{_paren(b)}"

    def implicit(self, number: Token, what: str) -> str:
        return f"{number}*{what}"

    def arith(self, e: str) -> str:
        return f"What is {e}?"

    def add_up(self, a: str, b: str) -> str:
        return self.arith(self.add(a, b))

    def arith_total(self, reading: str) -> str:
        return reading  # `45.50 + 12.75 + 8.20, what's the total`, `144 / 16 = ?`: its result

    def part_of(self, part: Token | str, whole: Token | str) -> str:
        """`3/4 of 56`, `half of 93`, `two thirds of 12`: the whole question only (`half of 10
        + 4` is refused: of which?), the part a fraction as written or in words."""
        if isinstance(whole, Token) and whole.type == "FRACTION_WORDS":
            number = _fraction(whole)  # `two thirds of three fifths`
        else:
            number = _numeral(whole) if isinstance(whole, Token) else whole  # `(3/5)`: a group
        return f"What is {_fraction(part)}*{number}?"

    def part_of_var(self, part: Token | str, var: Token) -> str:
        """`2/3 of x is 14, what is x`: the fraction times the unknown."""
        return f"{_fraction(part)}*{var}"

    def substitute(self, e: str, var: Token, value: str) -> str:
        return f"Let {var} = {value}. What is {e}?"

    def sum_of(self, terms: list[str]) -> str:
        return f"What is {' + '.join(_plain(*terms))}?"

    def product_of(self, terms: list[str]) -> str:
        return f"What is {'*'.join(_plain(*terms))}?"

    def terms(self, *items: str) -> list[str]:
        return list(items)

    # "The difference between A and B" is A - B (the dataset's and the textbook's sense),
    # whichever is larger: the planner never compares values.
    difference = _worded(" - ")
    add_words = _worded(" + ")
    sub_words = difference  # decrease A by B
    multiply_words = _worded("*")
    quotient = _worded("/")

    subtract_from = _worded(" - ", swap=True)  # subtract B from A

    divide_words = quotient

    # -- equations
    def equation(self, lhs: str, rhs: str) -> str:
        return f"{lhs} = {rhs}"

    def eq_then_var(self, eq: str, var: Token) -> str:
        return f"Solve {eq} for {var}."

    def var_then_eq(self, var: Token, eq: str) -> str:
        return f"Solve {eq} for {var}."

    def bare(self, eq: str) -> str:
        """`x + 3/4 = 2`: an equation alone asks for its one unknown, unless it only names a
        value (`x = 3/4`: an answer someone claims, not a question)."""
        if CLAIM.fullmatch(eq):
            raise NotReadError(f"{eq!r} claims a value; it asks nothing")
        return self.solve(eq)

    def solve(self, eq: str, var: Token | None = None) -> str:
        if var is None:
            unknowns = sorted({c for c in eq if c.isalpha()})
            if len(unknowns) != 1:
                raise NotReadError(f"which unknown to solve for in {eq!r}?")
            var = Token("VAR", unknowns[0])
        return f"Solve {eq} for {var}."

    # -- conversions
    def quantity(self, value: Token, unit: Token) -> tuple[str, str]:
        if value.type == "MIXED":  # `one and a half litres`: (1 + 1/2) litres
            return read_mixed_number_words(str(value)), str(unit)
        return _numeral(value), str(unit)

    def part_quantity(self, part: Token, unit: Token) -> tuple[str, str]:
        """`half a tonne`, `a quarter of an hour`: the part of one unit, as written."""
        return ("1/2" if part.type == "HALF" else read_fraction_words(str(part))), str(unit)

    def two_quantities(self, n: Token, unit: Token, more: Token, same: Token) -> tuple[str, str]:
        """`2 hours 15 minutes`: two amounts of one measure (the plan converts the first to the
        second's unit, which must be the one asked for, and adds)."""
        return f"{n} {unit} and {more}", str(same)

    def to_from(self, to: Token, q: tuple[str, str], *container: Token) -> str:
        stuff = [t for t in container if t.type == "STUFF"]
        if stuff and stuff[0] in self.maths:  # `a 2 litre bottle of sum`: not a thing
            raise NotReadError(f"{stuff[0]!r} after a container may change what is asked")
        return f"How many {to} are there in {q[0]} {q[1]}?"

    def per_one(self, to: Token, unit: Token) -> str:
        return f"How many {to} are there in 1 {unit}?"

    def from_to(self, q: tuple[str, str], *rest: Token) -> str:
        return f"How many {rest[-1]} are there in {q[0]} {q[1]}?"  # `rest`: [stuff,] unit

    def stuff(self, word: Token) -> str:
        if word in self.maths:
            raise NotReadError(f"{word!r} after a quantity may change what is asked")
        return str(word)

    # -- rounding
    def rounding(self, value: Token, places: str) -> str:
        return f"Round {value} to {places}."

    def rounding_negative(self, value: Token, places: str) -> str:
        """`round negative 3.7 to the nearest whole number`: the sign as said."""
        if str(value).startswith("-"):
            raise NotReadError(f"negative {value}: which sign?")
        return f"Round -{value} to {places}."

    def rounding_words(self, value: Token, places: str) -> str:
        """`round seventy three to the nearest ten`: the number its words name."""
        return f"Round {_numeral(value)} to {places}."

    def rounding_unit(self, value: Token, unit: Token, places: str) -> str:
        # `round 12.3456 g to 1 dp`: the answer is a number. To a place, a unit that is also
        # written for a scale (`8.3m` to the nearest million: 8.3 million?) is not read; to
        # decimal places the digits are the same either way.
        if places.startswith("the nearest") and str(unit) in SCALE_LIKE:
            raise NotReadError(f"{value} {unit} to {places}: is {unit!r} a unit or a scale?")
        return self.rounding(value, places)

    def places_first(self, places: str, value: Token) -> str:
        return self.rounding(value, places)  # `to 2 dp: 3.14159`

    def nearest_first(self, what: Token, value: Token) -> str:
        return self.rounding(value, self.nearest(what))

    def decimals(self, n: Token) -> str:
        count = read_number_words(str(n)) if n.type == "WORDS" else str(n)
        return f"{count} decimal place{'' if count == '1' else 's'}"

    def nearest(self, what: Token) -> str:
        word = _POWERS.get(str(what)) or " ".join(str(what).split())
        if word in _TENTHS:
            places = _TENTHS[word]
            return f"{places} decimal place{'' if places == '1' else 's'}"
        return f"the nearest {_NEAREST[word]}"


def _one_group(text: str) -> bool:
    """`(2/3)` is one bracketed group; `(1) + (2)` is not."""
    if not text.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i == len(text) - 1
    return False


def _plain(*operands: str) -> list[str]:
    """Operands of a worded operation must be single numbers, unknowns or bracketed groups:
    `the sum of 2 and 3 divided by 5` has two readings, and guessing one is not reading."""
    for operand in operands:
        if not _atomic(operand):
            raise NotReadError(f"{operand!r} inside a worded operation is ambiguous; use brackets")
    return list(operands)


def _term(text: str) -> str:
    return _paren(text) if _sum(text) else text


def _sum(text: str) -> bool:
    """`text` adds or subtracts outside any bracket (`5*(r + 1)` does not)."""
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text[i : i + 3] in (" + ", " - "):
            return True
    return False


def _fraction(part: Token | str) -> str:
    """The part of `3/4 of 56`, `half of x`: a fraction as written or in words, bracketed."""
    if isinstance(part, Token) and part.type == "HALF":
        fraction = "(1/2)"  # `half`: the reading of the word, as `a half` is
    elif isinstance(part, Token):
        fraction = f"({read_fraction_words(str(part))})"
    else:
        fraction = part
    if not re.fullmatch(r"\(\d+/\d+\)", fraction):
        raise NotReadError(f"{fraction!r} of a number: only a fraction is read")
    return fraction
