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
from functools import cache

from lark import Lark
from lark.exceptions import LarkError, VisitError

from reasoning_mesh.models.translator.masking import bracket_fractions, plain_minus, plain_thousands
from reasoning_mesh.planner import sequenced, spelling, times_x
from reasoning_mesh.planner.ambiguity import ambiguous, ambiguous_division
from reasoning_mesh.planner.maths_words import MATHS_WORDS
from reasoning_mesh.planner.numwords import (
    DENOMINATORS,
    MIXED_DIGITS,
    MIXED_DIGITS_JOINED,
    NOUGHT,
    POINT,
    cardinals_pattern,
    fraction_words_pattern,
    mixed_number_words_pattern,
)
from reasoning_mesh.planner.numwords import WORDS as NUMBER_WORDS
from reasoning_mesh.planner.reading import NotReadError, Reading
from reasoning_mesh.planner.units import UNIT_NAMES

_GRAMMAR = r"""
?start: _polite? _lead? body _altogether? _END?
     | arith ("," | ".")? _what "the" ("total" | "answer" | "result") _END? -> arith_total
     | arith "=" "?"? _END?                                            -> arith_total
// `how much is 12.75 + 8.4 + 19.99 altogether`: the result is the total asked for
_altogether: "altogether" | "in" "total"

?body: arith | equation_q | conversion | rounding

_polite: ("can" | "could" | "would") "you" "please"? | "please"
_lead: _lead_verb ("the" "value" "of")?
_lead_verb: "what" ("is" | "'s" | "s") | "whats" | "how" "much" "is" | "compute" | "calculate"
          | "what" "number" "is" | "what" "number"? "do" "you" "get" "if" "you" | "evaluate"
          | "find" | "work" "out" | "tell" "me" | "give"
          | "determine" | "simplify"

// --- arithmetic ---------------------------------------------------------------------------
arith: expr
     | then
     | "the"? ("sum" | "total") "of" terms              -> sum_of
     | "the"? "product" "of" terms                      -> product_of
     | "the"? "difference" ("of" | "between") expr "and" expr -> difference
     | "the"? "quotient" "of" expr "and" expr           -> quotient
     | "the"? ("quotient" | "result") "when" expr "is" "divided" "by" expr -> quotient
     | "the"? ("product" | "result") "when" expr "is" "multiplied" "by" expr -> multiply_words
     | "the"? ("sum" | "result") "when" expr "is" "added" "to" expr -> add_words
     | "the"? ("difference" | "result") "when" expr "is" "subtracted" "from" expr -> subtract_from
     | "increase" amount "by" amount                    -> add_words
     | ("decrease" | "reduce") amount "by" amount       -> sub_words
     | "knock" amount "off" amount                      -> subtract_from
     | ("share" | "split") expr "equally"? ("between" | "among" | "amongst") expr -> divide_words
     | "subtract" expr "from" expr                      -> subtract_from
     | "take" expr "away" "from" expr                   -> subtract_from
     | ("add" | "adding") expr ("and" | "to") expr      -> add_words
     | ("multiply" | "multiplying") expr ("by" | "and") expr -> multiply_words
     | ("divide" | "dividing") expr "by" expr           -> divide_words
     | "subtracting" expr "from" expr                   -> subtract_from
     | "add" "up"? terms                                -> sum_of
     // `add 2.5 + 3.75 + 0.125`: a sum written out after `add` (never `add 5 times 3`)
     | ("add" | "adding") "up"? expr ("+" | "plus") term -> add_up
     | expr ("when" | "if" | "for" | "where" | "with") VAR "=" expr -> substitute
     | _part "of" (NUMBER | WORDS | FRACTION_WORDS | group) -> part_of
// `what is -8 times -7, and then take away 15 from that`: the first result, then an operation
// on it (the same nodes as `+ - * /`, so a sum before `then times` keeps its brackets)
?then: (expr | then) _then ("add" | "plus") then_arg _to_it?                         -> add
     | (expr | then) _then ("take" "away" | "subtract" | "minus") then_arg _from_it? -> sub
     | (expr | then) _then ("multiply" _it? "by" | "times") then_arg                 -> mul
     | (expr | then) _then ("divide" _it? "by" | "divided" "by") then_arg            -> div
// one number: `then take away a third` (or `1/3`) may be a third of the result (audits X, Y)
?then_arg: ("-" | "negative" | "minus") then_arg -> neg
         | NUMBER -> num
         | WORDS -> words
_then: ","? "and"? "then"
_it: "that" | "it" | "the" ("result" | "answer")
_to_it: "to" _it
_from_it: "from" _it
// `increase 40 by a quarter` means a quarter of 40; `reduce 12/16 by 4` may mean cancel: only
// whole amounts are read
?amount: NUMBER -> num
       | WORDS  -> words
_part: FRACTION_WORDS | HALF | group
HALF: "half"
terms: expr ("," expr)* ","? "and" expr

?expr: expr ("+" | "plus") term      -> add
     | expr ("-" | "minus" | "take" "away") term -> sub
     | term "more" "than" term       -> more_than
     | term ("less" | "fewer") "than" term -> less_than
     | term
?term: term ("*" | "x" | "×" | "times" | "multiplied" "by") factor -> mul
     | term ("/" | "÷" | "divided" "by" | "over") factor          -> div
     | NUMBER group                    -> implicit
     | NUMBER VAR                      -> implicit
     | group VAR                       -> implicit
     | factor
?factor: ("-" | "negative" | "minus") factor -> neg
       | (NUMBER | WORDS) "squared"     -> squared
       | (NUMBER | WORDS) "cubed"       -> cubed
       | atom
?atom: NUMBER                          -> num
     | WORDS                           -> words
     | FRACTION_WORDS                  -> fraction_words
     | MIXED                           -> mixed
     | VAR                             -> var
     | group
group: "(" expr ")"

// --- equations ------------------------------------------------------------------------------
equation: expr ("=" | "equals" | "is" "equal" "to") expr
        | part_var ("=" | "equals") expr
// `2x + 3 is 11, what is x`: `is` says `=` only where a letter is then asked for
equation_is: expr "is" expr -> equation
           | part_var "is" expr -> equation
// `2/3 of x is 14`: a whole side only (`half of x + 4`: of which?)
part_var: _part "of" VAR -> part_of_var
_ask_var: _ask_verb "the"? ("value" "of")? VAR
_ask_verb: "what" ("is" | "'s" | "s") | "find" | "solve" "for" | "determine" | "calculate"
equation_q: "if" equation ","? _ask_var                        -> eq_then_var
          | "solve" "for" VAR ":"? equation                    -> var_then_eq
          | "solve" ("the" "equation")? equation ("for" VAR)?  -> solve
          | "find" VAR (":" | "if" | "when" | "given" "that"? | "such" "that") equation -> var_then_eq
          | "what" ("is" | "'s") VAR ("if" | "when" | "given") equation -> var_then_eq
          | equation (";" | "." | ",")? _ask_var               -> eq_then_var
          | "if"? equation_is (";" | "." | ",")? _ask_var      -> eq_then_var
          | equation (";" | "." | "," | "so" | "," "so")? VAR "="  -> eq_then_var
          | "for" "what" "value" "of" VAR "is" equation        -> var_then_eq
          | ("what" | "which") ("value" "of" | "number") VAR _satisfies equation "true"? -> var_then_eq
          | equation                                           -> bare
_satisfies: "satisfies" | "solves" | "makes"

// --- conversions ----------------------------------------------------------------------------
quantity: (NUMBER | WORDS | MIXED) ("of" ("a" | "an"))? UNIT
        | (FRACTION_WORDS "of" | HALF) ("a" | "an") UNIT  -> part_quantity
        | NUMBER UNIT "and"? NUMBER UNIT                  -> two_quantities
_are: "are" | "is" | "make" "up"? | "makes" "up"?
_into: "to" | "into" | "in" | "as"
conversion: "how" "many" UNIT _are? "there"? "in"? quantity                  -> to_from
          | "how" "many" UNIT "there" ("are" | "is") "in" quantity         -> to_from
          | ("the" "number" "of" | "number" "of") UNIT "in" quantity          -> to_from
          | UNIT "in" quantity                                              -> to_from
          | "how" "many" UNIT _are? "there"? "in" _container                -> to_from
          | "how" "many" UNIT _are? "there"? ("in" | "to")? ("a" | "an" | "one") "full"? UNIT -> per_one
          | ("convert" | "change" | "turn" | "express" | "put" | "write") quantity _into UNIT -> from_to
          | quantity _into UNIT                                             -> from_to
          | quantity ("expressed" | "converted" | "written") _into UNIT     -> from_to
          | quantity _is_how_many UNIT (("is" | "are") _that)?              -> from_to
          | ("a" | "an") quantity STUFF "is" "how" "many" UNIT              -> from_to
          | quantity ("=" | "equals") "?" UNIT                              -> from_to
          | quantity stuff? ("," | ".")? _what _that _into UNIT               -> from_to
          | quantity stuff? ("," | ".")? "how" "many" UNIT ("is" | "are") _that -> from_to
          | quantity stuff? ("," | ".")? "how" _measure "is" _that _into UNIT -> from_to
// `1.2 kg flour, how many grams is that`: what is measured, named before the question about it
stuff: "of"? STUFF

_container: ("a" | "an") quantity CONTAINER ("of" STUFF)?
// `3 weeks = how many days`, `1.2 m how many mm`, `750 micrograms - how many milligrams is that`
_is_how_many: ("is" | "are" | "=" | "equals" | "-" | ",")? "how" "many"
_what: "what" ("is" | "'s" | "s") | "whats"
// `8750 metres. how far is that in km`
_measure: "far" | "long" | "heavy" | "much"
_that: "that" | "it" | "this"

// --- rounding -------------------------------------------------------------------------------
rounding: _how_round? _round NUMBER "off"? "to" places
        | _how_round? _round NUMBER UNIT "off"? "to" places -> rounding_unit
        | NUMBER ("," | ".")? _what _that "to" places
        | NUMBER UNIT ("," | ".")? _what _that "to" places -> rounding_unit
        | NUMBER ("," | ".")? "round" _that? "off"? "to" places
        | NUMBER UNIT ("," | ".")? "round" _that? "off"? "to" places -> rounding_unit
        | "round"? "to"? places ":" NUMBER                   -> places_first
        | NUMBER ("," | "." | "and")? _wants _that "to" places
        | NUMBER UNIT ("," | "." | "and")? _wants _that "to" places -> rounding_unit
        | NUMBER "when"? ("rounded" "off"? | "correct") "to" places
        | NUMBER "to" places
        | "what" NUMBER "is" ("rounded" "off"? | "when" "rounded") "to" places
        | _how_round? _round WORDS "off"? "to" places        -> rounding_words
        | _how_round? _round ("negative" | "minus") NUMBER "off"? "to" places -> rounding_negative
        | "the"? "nearest" NEAREST ("for" | "of" | ":") NUMBER -> nearest_first
// `18.273 and need it to the nearest whole number`, `2.0987 g, teacher wants it to 1 dp`
_wants: ("i" | "we" | "my"? "teacher" | "they" | "he" | "she")? ("need" | "needs" | "want" | "wants")
_round: "round" | "rounding"
_dp: "decimal" ("place" | "places")? | "decimals" | "dp" | "dps" | "d" "." "p" "."
_how_round: "how" ("do" | "would" | "should" | "can" | "could" | "will") ("you" | "i" | "we")
places: (INT | WORDS) _dp                                                          -> decimals
      | "the"? "nearest" NEAREST                                                      -> nearest
      | "the"? "nearest" POWER_OF_TEN                                                 -> nearest

NEAREST: "whole number" | "integer" | "one" | "unit" | "ten thousand" | "ten" | "hundred thousand"
       | "hundred" | "thousand" | "million" | "tenth" | "hundredth" | "thousandth" | "whole"
POWER_OF_TEN.3: /10{1,6}(?![\d.])/
NUMBER.2: /-?\d+(\.\d+)?/
INT: /\d+/
VAR: /[a-z]/
WORDS: /__WORDS__/
FRACTION_WORDS.3: /__FRACTIONS__/
MIXED.4: /__MIXED__/
UNIT: /__UNITS__/
STUFF.-1: /[a-z]+/
// `how many millilitres in a 2 litre bottle of coke`: a container of that size, one of it
// (a pattern, not quoted words: the grammar's quoted words are the maths words other readers
// keep away from)
CONTAINER: /(?:bottle|jug|carton|tin|jar|tub|bag|pack|tank|barrel|flask)(?![a-z])/
_END: /[.?!]+/

%import common.WS
%ignore WS
"""


@cache
def _parser() -> Lark:
    names = sorted((u for u in UNIT_NAMES if u.isascii()), key=len, reverse=True)
    units = "(?:" + "|".join(re.escape(u) for u in names) + ")" + r"\b"
    grammar = _GRAMMAR.replace("__UNITS__", units).replace("__WORDS__", cardinals_pattern())
    grammar = grammar.replace("__FRACTIONS__", fraction_words_pattern())
    grammar = grammar.replace("__MIXED__", f"(?:{mixed_number_words_pattern()}|{MIXED_DIGITS_JOINED})")
    return Lark(grammar, parser="earley", ambiguity="resolve", maybe_placeholders=False)


@cache
def _keywords() -> frozenset[str]:
    """The grammar's own words (`difference`, `quotient`, `nearest`): what a typo is read as."""
    return frozenset(re.findall(r'"([a-z]+)"', _GRAMMAR)) - _vocabulary()


@cache
def _vocabulary() -> frozenset[str]:
    """Words never corrected: unit names, number and fraction words."""
    words = {w for name in UNIT_NAMES for w in name.split()}
    # `9 square` (an area?), `9 squares` (a count?): never `squared`
    shapes = {"square", "squares", "cube", "cubes"}
    return frozenset(words | set(NUMBER_WORDS) | set(DENOMINATORS) | {POINT} | shapes)


@cache
def maths_words() -> frozenset[str]:
    """Words that may change what is asked: never the name of what a quantity measures."""
    from reasoning_mesh.planner.grounding import gate_words  # imports the readers' masking

    return frozenset(re.findall(r'"([a-z]+)"', _GRAMMAR)) | _vocabulary() | MATHS_WORDS | gate_words()


_PROPER_MIXED = re.compile(MIXED_DIGITS)


def _proper_mixed(m: re.Match[str]) -> str:
    """A mixed number in digits whose part is less than one (`4 1/2`, never `1 5/3`) joined
    into the one token the grammar reads as its sum (`4_1/2`); any other stays refused."""
    whole, part = m[0].split(" ")
    top, bottom = part.split("/")
    if _COUNTED.match(m.string, m.end()):
        return m[0]  # `4 1/2 litre bottles`: four half-litre bottles, or 4½ litres of them?
    return f"{whole}_{part}" if int(top) < int(bottom) else m[0]


#: After a mixed number, a word then a plural (`4 1/2 litre bottles`, `2 1/2 hour films`).
_COUNTED = re.compile(r"[ -]+[a-z]+[a-rt-z] +[a-z]+s\b")


_COMPARED = re.compile(r"\b(?:more|less|fewer) than\b")
#: A question that asks for a value outright (`what is 3 less than 5`, `solve ...`).
_ASKED = re.compile(r"(?:what|whats|what's|find|calculate|compute|work out|solve|how much)\b")

#: Words of an operation on two operands (`the product of 3 and 4`, `add 3 and 4`).
_ON_TWO = (
    r"sum|total|product|difference|quotient|add|adding|multiply|multiplying|divide|dividing"
    r"|subtract|subtracting|between|and"
)


@cache
def _mixed_after_two() -> re.Pattern[str]:
    """A mixed number in words after an operation on two (`the product of one and a half`:
    the whole and the part as two operands?) or after a symbol (`4*3 and a half`)."""
    after = rf"\b(?:{_ON_TWO}|ratio|both)\b.*|(?<![a-z])[-+*/x×÷]\s*"
    return re.compile(rf"(?:{after}){mixed_number_words_pattern()}")


#: A sign before a number squared or cubed: textbooks and people disagree on what it applies to.
_SIGNED_POWER = re.compile(
    r"(?:(?<![\w)])-\s*|\bnegative\s+|(?:^|\b(?:is|whats|what's|of|times|by|plus|minus|and|"
    r"from|than)\s+)minus\s+)[\d.]+\s+(?:squared|cubed)\b"
)

#: An operation on two before a number squared (`the sum of 3 and 4 squared`, `12 divided by 2
#: squared`): of the last number, or of the result?
_GROUPED_POWER = re.compile(rf"(?:\b(?:{_ON_TWO}|divided|over)\b|[/÷]).*\b(?:squared|cubed)\b")

#: Longer questions are not read (the parse is recursive, and people's questions are short).
MAX_CHARS = 300

__all__ = [
    "MAX_CHARS",
    "NotReadError",
    "ambiguous",
    "ambiguous_division",
    "arithmetic",
    "read",
    "reading",
    "reading_as",
]


def reading(question: str) -> str | None:
    """The planner-language reading of `question`, or None where the grammar does not read it
    (what a reader of people's sentences asks of the grammar)."""
    try:
        return read(question)
    except NotReadError:
        return None


def reading_as(question: str, kind: str) -> str | None:
    """The reading of `question` where the grammar reads it as `kind` (`What is`, `Solve`,
    `How many`, `Round`), else None: a reader that built the text knows what it asked for."""
    found = reading(question)
    return found if found is not None and found.startswith(kind) else None


def arithmetic(question: str) -> str | None:
    """The reading of `question` where the grammar reads it as arithmetic (`What is ...?`),
    else None (a sum or product a reader builds, never a conversion or rounding)."""
    return reading_as(question, "What is")


def read(question: str) -> str:
    """The planner-language reading of `question`, or `NotReadError`."""
    text = plain_thousands(" ".join(plain_minus(question).strip().lower().replace("’", "'").split()))
    text = NOUGHT.sub("zero", text)  # `nought point nought six`: British for zero
    if len(text) > MAX_CHARS:
        raise NotReadError(f"a question of {len(text)} characters is longer than people write")
    text = times_x.times(_PROPER_MIXED.sub(_proper_mixed, text))
    if why := ambiguous(text):
        raise NotReadError(why)
    if _COMPARED.search(text) and not _ASKED.match(text):
        raise NotReadError("`3 less than 5?` may ask whether it is: ask `what is 3 less than 5`")
    if _SIGNED_POWER.search(text) or _GROUPED_POWER.search(text):
        raise NotReadError(
            "is `-3 squared` -(3*3) or (-3)*(-3), `the sum of 3 and 4 squared` 3 + 16 or 49? "
            "write it with brackets"
        )
    if sequenced.mixed_before_then(text):  # audit Y: `12 plus 4 divided by 2 then times 3`
        raise NotReadError(
            "an operation on a result that mixes sums and products is not read: use brackets"
        )
    if _mixed_after_two().search(text):
        raise NotReadError(
            "a mixed number in words after an operation on two (the product of "
            "one and a half: 1 × 1/2, or 1.5?) is not read"
        )
    # `add 1/2 and 1/3`: a fraction written as one number is a bracketed operand, so worded
    # operations take it whole; after the check, so `8 ÷ 4/2` is refused, not bracketed.
    text = bracket_fractions(spelling.correct(text, _keywords(), _vocabulary()))
    try:
        tree = _parser().parse(text)
        reading = Reading(maths_words()).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotReadError):
            raise exc.orig_exc from exc
        raise NotReadError(f"not a phrasing the planner reads: {exc.orig_exc}") from exc
    except (LarkError, KeyError, ValueError, RecursionError) as exc:
        raise NotReadError(f"not a phrasing the planner reads: {exc}".splitlines()[0]) from exc
    if not isinstance(reading, str):
        raise NotReadError(f"not a question: {question!r}")
    return reading
