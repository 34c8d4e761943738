"""Questions as people write them → the planner's own question language (its *reading*).

`What's 9 times 13?` reads `What is 9 * 13?`; `If 2x + 9 = 15, what is x?` reads
`Solve 2*x + 9 = 15 for x.`; `Express 1.5 litres in millilitres.` reads `How many millilitres
are there in 1.5 litres?`; `Round 8.6 to the nearest whole number.` reads `Round 8.6 to the
nearest integer.` The planner then plans the reading as it plans the benchmark's phrasings.

A grammar (Lark, Earley: the phrasings are ambiguous, Earley keeps every parse and the
grammar's priorities choose), not patterns: operations nest (`the sum of 3 times 4 and 5`), and
every form composes with every lead-in, number and unit. Operands are copied from the question
as written; a number written in words is replaced by the numeral it names, nothing is computed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, VisitError

from reasoning_mesh.models.translator.masking import bracket_fractions, plain_minus, plain_thousands
from reasoning_mesh.planner import spelling
from reasoning_mesh.planner.ambiguity import ambiguous, ambiguous_division
from reasoning_mesh.planner.maths_words import MATHS_WORDS
from reasoning_mesh.planner.numwords import (
    DENOMINATORS,
    POINT,
    fraction_words_pattern,
    mixed_number_words_pattern,
    read_fraction_words,
    read_number_words,
)
from reasoning_mesh.planner.numwords import WORDS as NUMBER_WORDS
from reasoning_mesh.planner.units import UNIT_NAMES

_GRAMMAR = r"""
?start: _polite? _lead? body _END?

?body: arith | equation_q | conversion | rounding

_polite: ("can" | "could" | "would") "you" "please"? | "please"
_lead: _lead_verb ("the" "value" "of")?
_lead_verb: "what" ("is" | "'s" | "s") | "whats" | "how" "much" "is" | "compute" | "calculate"
          | "evaluate" | "find" | "work" "out" | "tell" "me" | "give" | "determine" | "simplify"

// --- arithmetic ---------------------------------------------------------------------------
arith: expr
     | "the"? "sum" "of" terms                          -> sum_of
     | "the"? "product" "of" terms                      -> product_of
     | "the"? "difference" ("of" | "between") expr "and" expr -> difference
     | "the"? "quotient" "of" expr "and" expr           -> quotient
     | "subtract" expr "from" expr                      -> subtract_from
     | "take" expr "away" "from" expr                   -> subtract_from
     | ("add" | "adding") expr ("and" | "to") expr      -> add_words
     | ("multiply" | "multiplying") expr ("by" | "and") expr -> multiply_words
     | ("divide" | "dividing") expr "by" expr           -> divide_words
     | "subtracting" expr "from" expr                   -> subtract_from
     | "add" "up"? terms                                -> sum_of
     | expr ("when" | "if" | "for" | "where" | "with") VAR "=" expr -> substitute
     | _part "of" (NUMBER | WORDS)                      -> part_of
_part: FRACTION_WORDS | HALF | group
HALF: "half"
terms: expr ("," expr)* ","? "and" expr

?expr: expr ("+" | "plus") term      -> add
     | expr ("-" | "minus") term     -> sub
     | term
?term: term ("*" | "x" | "×" | "times" | "multiplied" "by") factor -> mul
     | term ("/" | "÷" | "divided" "by" | "over") factor          -> div
     | NUMBER group                    -> implicit
     | NUMBER VAR                      -> implicit
     | group VAR                       -> implicit
     | factor
?factor: ("-" | "negative") factor     -> neg
       | atom
?atom: NUMBER                          -> num
     | WORDS                           -> words
     | FRACTION_WORDS                  -> fraction_words
     | VAR                             -> var
     | group
group: "(" expr ")"

// --- equations ------------------------------------------------------------------------------
equation: expr ("=" | "equals" | "is" "equal" "to") expr
_ask_var: _ask_verb "the"? ("value" "of")? VAR
_ask_verb: "what" ("is" | "'s" | "s") | "find" | "solve" "for" | "determine" | "calculate"
equation_q: "if" equation ","? _ask_var                        -> eq_then_var
          | "solve" "for" VAR ":"? equation                    -> var_then_eq
          | "solve" ("the" "equation")? equation ("for" VAR)?  -> solve
          | "find" VAR (":" | "if" | "when" | "given" "that"? | "such" "that") equation -> var_then_eq
          | "what" ("is" | "'s") VAR ("if" | "when" | "given") equation -> var_then_eq
          | equation (";" | "." | ",")? _ask_var               -> eq_then_var
          | equation (";" | "." | "," | "so" | "," "so")? VAR "="  -> eq_then_var
          | "for" "what" "value" "of" VAR "is" equation        -> var_then_eq
          | ("what" | "which") ("value" "of" | "number") VAR _satisfies equation "true"? -> var_then_eq
          | equation                                           -> bare
_satisfies: "satisfies" | "solves" | "makes"

// --- conversions ----------------------------------------------------------------------------
quantity: (NUMBER | WORDS) ("of" ("a" | "an"))? UNIT
_are: "are" | "is" | "make" "up"? | "makes" "up"?
_into: "to" | "into" | "in" | "as"
conversion: "how" "many" UNIT _are? "there"? "in"? quantity                  -> to_from
          | ("the" "number" "of" | "number" "of") UNIT "in" quantity          -> to_from
          | UNIT "in" quantity                                              -> to_from
          | "how" "many" UNIT _are? "there"? ("in" | "to")? ("a" | "an" | "one") UNIT -> per_one
          | ("convert" | "change" | "turn" | "express" | "put") quantity _into UNIT -> from_to
          | quantity _into UNIT                                             -> from_to
          | quantity ("is" | "are") "how" "many" UNIT                      -> from_to
          | quantity stuff? ("," | ".")? _what _that _into UNIT               -> from_to
          | quantity stuff? ("," | ".")? "how" "many" UNIT ("is" | "are") _that -> from_to
// `1.2 kg flour, how many grams is that`: what is measured, named before the question about it
stuff: "of"? STUFF

_what: "what" ("is" | "'s" | "s") | "whats"
_that: "that" | "it" | "this"

// --- rounding -------------------------------------------------------------------------------
rounding: _how_round? "round" NUMBER "off"? "to" places
        | _how_round? "round" NUMBER UNIT "off"? "to" places -> rounding_unit
        | NUMBER ("," | ".")? "round" _that? "off"? "to" places
        | NUMBER UNIT ("," | ".")? "round" _that? "off"? "to" places -> rounding_unit
        | "round"? "to"? places ":" NUMBER                   -> places_first
        | NUMBER ("rounded" "off"? | "correct") "to" places
        | NUMBER "to" places
        | "the"? "nearest" NEAREST ("for" | "of" | ":") NUMBER -> nearest_first
_how_round: "how" ("do" | "would" | "should" | "can" | "could" | "will") ("you" | "i" | "we")
places: (INT | WORDS) ("decimal" ("place" | "places") | "dp" | "dps" | "d" "." "p" ".") -> decimals
      | "the"? "nearest" NEAREST                                                      -> nearest
      | "the"? "nearest" POWER_OF_TEN                                                 -> nearest

NEAREST: "whole number" | "integer" | "one" | "unit" | "ten thousand" | "ten" | "hundred thousand"
       | "hundred" | "thousand" | "million" | "tenth" | "hundredth" | "thousandth"
POWER_OF_TEN.3: /10{1,6}(?![\d.])/
NUMBER.2: /-?\d+(\.\d+)?/
INT: /\d+/
VAR: /[a-z]/
WORDS: /__WORDS__/
FRACTION_WORDS.3: /__FRACTIONS__/
UNIT: /__UNITS__/
STUFF.-1: /[a-z]+/
_END: /[.?!]+/

%import common.WS
%ignore WS
"""

_NEAREST = {
    "whole number": "integer", "integer": "integer", "one": "integer", "unit": "integer",
    "ten": "ten", "hundred": "hundred", "thousand": "thousand", "ten thousand": "ten thousand",
    "hundred thousand": "hundred thousand", "million": "million",
}  # fmt: skip
_TENTHS = {"tenth": "1", "hundredth": "2", "thousandth": "3"}
#: `to the nearest 10` is `to the nearest ten`: the numeral names the place as the word does.
_POWERS = {"10": "ten", "100": "hundred", "1000": "thousand", "10000": "ten thousand",
           "100000": "hundred thousand", "1000000": "million"}  # fmt: skip


class NotReadError(ValueError):
    """The question is none of the phrasings the grammar knows."""


@cache
def _parser() -> Lark:
    names = sorted((u for u in UNIT_NAMES if u.isascii()), key=len, reverse=True)
    units = "(?:" + "|".join(re.escape(u) for u in names) + ")" + r"\b"
    word = "(?:" + "|".join(sorted((*NUMBER_WORDS, POINT), key=len, reverse=True)) + ")"
    # `and` joins only after a scale word (`one hundred and five`); `sixty and four` is two.
    scale_and = "(?:(?<=hundred)|(?<=thousand)|(?<=million)) and "
    numbers = r"\b" + word + "(?:(?:-| |" + scale_and + ")" + word + r")*\b"
    grammar = _GRAMMAR.replace("__UNITS__", units).replace("__WORDS__", numbers)
    grammar = grammar.replace("__FRACTIONS__", fraction_words_pattern())
    return Lark(grammar, parser="earley", ambiguity="resolve", maybe_placeholders=False)


@cache
def _keywords() -> frozenset[str]:
    """The grammar's own words (`difference`, `quotient`, `nearest`): what a typo is read as."""
    return frozenset(re.findall(r'"([a-z]+)"', _GRAMMAR)) - _vocabulary()


@cache
def _vocabulary() -> frozenset[str]:
    """Words never corrected: unit names, number and fraction words."""
    words = {w for name in UNIT_NAMES for w in name.split()}
    return frozenset(words | set(NUMBER_WORDS) | set(DENOMINATORS) | {POINT})


@cache
def maths_words() -> frozenset[str]:
    """Words that may change what is asked: never the name of what a quantity measures."""
    from reasoning_mesh.planner.grounding import gate_words  # imports the readers' masking

    return frozenset(re.findall(r'"([a-z]+)"', _GRAMMAR)) | _vocabulary() | MATHS_WORDS | gate_words()


def _paren(text: str) -> str:
    """An operand that is itself an operation keeps its grouping in the reading."""
    return text if _atomic(text) else f"({text})"


def _atomic(text: str) -> bool:
    body = text.removeprefix("-")
    return (
        body.replace(".", "", 1).isdigit()
        or body.isalpha()
        or (text.startswith("(") and text.endswith(")"))
    )


def _worded(op: str, swap: bool = False) -> Callable[[Any, str, str], str]:
    """`A <op> B` from a worded operation (`the quotient of A and B`, `add A and B`); `swap`:
    the operands come in the other order (`subtract B from A`)."""

    def reading(self: Any, a: str, b: str) -> str:
        a, b = _plain(*((b, a) if swap else (a, b)))
        return f"What is {a}{op}{b}?"

    return reading


@v_args(inline=True)
class _Reading(Transformer[Token, str]):
    # -- numbers and expressions: the reading of each is text in the planner's language
    def num(self, tok: Token) -> str:
        return str(tok)

    def var(self, tok: Token) -> str:
        return str(tok)

    def words(self, tok: Token) -> str:
        return read_number_words(str(tok))

    def fraction_words(self, tok: Token) -> str:
        return f"({read_fraction_words(str(tok))})"

    def group(self, inner: str) -> str:
        return inner if _one_group(inner) else f"({inner})"  # `((2/3))` is `(2/3)`

    def neg(self, inner: str) -> str:
        return f"-{inner}" if _atomic(inner) else f"-({inner})"

    def add(self, a: str, b: str) -> str:
        return f"{a} + {b}"

    def sub(self, a: str, b: str) -> str:
        return f"{a} - {_paren(b) if _sum(b) else b}"

    def mul(self, a: str, b: str) -> str:
        return f"{_term(a)}*{_paren(b)}"

    def div(self, a: str, b: str) -> str:
        return f"{_term(a)}/{_paren(b)}"

    def implicit(self, number: Token, what: str) -> str:
        return f"{number}*{what}"

    def arith(self, e: str) -> str:
        return f"What is {e}?"

    def part_of(self, part: Token | str, whole: Token) -> str:
        """`3/4 of 56`, `half of 93`, `two thirds of 12`: the whole question only (`half of 10
        + 4` is refused: of which?), the part a fraction as written or in words."""
        if isinstance(part, Token) and part.type == "HALF":
            fraction = "(1/2)"  # `half`: the reading of the word, as `a half` is
        elif isinstance(part, Token):
            fraction = f"({read_fraction_words(str(part))})"
        else:
            fraction = part
        if not re.fullmatch(r"\(\d+/\d+\)", fraction):
            raise NotReadError(f"{fraction!r} of a number: only a fraction is read")
        number = read_number_words(str(whole)) if whole.type == "WORDS" else str(whole)
        return f"What is {fraction}*{number}?"

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
        if re.fullmatch(r"[a-z] = [-\d./()]+|[-\d./()]+ = [a-z]", eq):
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
        number = read_number_words(str(value)) if value.type == "WORDS" else str(value)
        return number, str(unit)

    def to_from(self, to: Token, q: tuple[str, str]) -> str:
        return f"How many {to} are there in {q[0]} {q[1]}?"

    def per_one(self, to: Token, unit: Token) -> str:
        return f"How many {to} are there in 1 {unit}?"

    def from_to(self, q: tuple[str, str], *rest: Token) -> str:
        return f"How many {rest[-1]} are there in {q[0]} {q[1]}?"  # `rest`: [stuff,] unit

    def stuff(self, word: Token) -> str:
        if word in maths_words():
            raise NotReadError(f"{word!r} after a quantity may change what is asked")
        return str(word)

    # -- rounding
    def rounding(self, value: Token, places: str) -> str:
        return f"Round {value} to {places}."

    def rounding_unit(self, value: Token, unit: Token, places: str) -> str:
        # `round 12.3456 g to 1 dp`: the answer is a number. To a place, the unit may be a
        # scale (`8.3m` to the nearest million: 8.3 million), so only decimal places are read.
        if places.startswith("the nearest"):
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


#: Longer questions are not read (the parse is recursive, and people's questions are short).
MAX_CHARS = 300

__all__ = ["MAX_CHARS", "NotReadError", "ambiguous", "ambiguous_division", "read"]


def read(question: str) -> str:
    """The planner-language reading of `question`, or `NotReadError`."""
    text = plain_thousands(" ".join(plain_minus(question).strip().lower().replace("’", "'").split()))
    if len(text) > MAX_CHARS:
        raise NotReadError(f"a question of {len(text)} characters is longer than people write")
    if why := ambiguous(text):
        raise NotReadError(why)
    if re.search(mixed_number_words_pattern(), text):
        raise NotReadError("a mixed number in words (one and a half) is not read")
    # `add 1/2 and 1/3`: a fraction written as one number is a bracketed operand, so worded
    # operations take it whole; after the check, so `8 ÷ 4/2` is refused, not bracketed.
    text = bracket_fractions(spelling.correct(text, _keywords(), _vocabulary()))
    try:
        tree = _parser().parse(text)
        reading = _Reading().transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotReadError):
            raise exc.orig_exc from exc
        raise NotReadError(f"not a phrasing the planner reads: {exc.orig_exc}") from exc
    except (LarkError, KeyError, ValueError, RecursionError) as exc:
        raise NotReadError(f"not a phrasing the planner reads: {exc}".splitlines()[0]) from exc
    if not isinstance(reading, str):
        raise NotReadError(f"not a question: {question!r}")
    return reading
