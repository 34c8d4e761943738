"""So many things and what they cost or hold together, asked for one of them: `i bought 6
boxes for 144, how much was each`, `if 6 boxes hold 144 pencils altogether how many are in each
box`.

The reading is the total divided by the count, both as written (`What is 144/6?`); a price is
in cents and a count of things whole (`FinalCheck.answer_form`), so `7 boxes hold 144 pencils`
has no answer rather than a fraction of a pencil. The whole text must be one of these sentences:
the things are one plain plural word, the thing asked of is one of them (`each box` of `boxes`),
and what they hold is the thing asked for.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import AnswerForm
from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import names_a_number
from reasoning_mesh.planner.units import UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

_COUNT = r"(?P<n{0}>\d+) (?P<things{0}>[a-z]+)"
_PRICED = re.compile(
    rf"^(?:if )?(?:(?:i|we) (?:bought|got|paid for) {_COUNT.format('')} for|{_COUNT.format(2)} "
    r"(?:cost|costs|came to|come to))"
    r" (?P<price>[$£€]?\d+(?:\.\d{1,2})?)(?: (?:dollars|quid|euros|bucks))?[,.;]? (?:so )?"
    r"(?:how much (?:is|was|does|did) (?:each|one)(?: (?P<one>[a-z]+))?(?: cost)?"
    r"|how much (?:for|per) (?:each|one)(?: (?P<one2>[a-z]+))?"
    r"|what(?:'s| is| was) the price (?:of|per) (?:each|one)(?: (?P<one3>[a-z]+))?)$"
)
_HELD = re.compile(
    rf"^(?:if )?{_COUNT.format('')} (?:hold|contain|have got|have) (?P<m>\d+) (?P<items>[a-z]+)"
    r"(?: altogether| in total| between them)?[,.;]? (?:so )?how many(?: (?P<items2>[a-z]+))? "
    r"(?:are|is) (?:there )?in each(?: (?P<one>[a-z]+))?$"
)


def read(text: str) -> FormedReading | None:
    """The total divided by the count and the form its answer must take, else None."""
    said = re.sub(r"\s*[?.!]*$", "", normal(text))
    if (m := _PRICED.match(said)) is not None:
        n, things = m["n"] or m["n2"], m["things"] or m["things2"]
        one = m["one"] or m["one2"] or m["one3"]
        if "$" in said and "£" in said:
            return None
        return _divided(m["price"].lstrip("$£€"), n, things, one, "cents")
    if (m := _HELD.match(said)) is not None:
        if m["items2"] not in (None, m["items"]) or not _open(m["items"]):
            return None  # `hold 144 pencils, how many pens are in each`
        return _divided(m["m"], m["n"], m["things"], m["one"], "whole")
    return None


def _divided(total: str, n: str, things: str, one: str | None, form: AnswerForm) -> FormedReading | None:
    if n in ("0", "1") or not _open(things) or not things.endswith("s"):
        return None
    if one is not None and one not in (things[:-1], things[:-2]):  # `each box` of `boxes`
        return None
    reading = natural.reading(f"what is {total} divided by {n}")
    return None if reading is None else FormedReading(reading, form)


#: Words after a number that count or price rather than name things (`6 dozen`, `144 cents`).
_NOT_THINGS = frozenset(
    ("dozen", "dozens", "hundred", "hundreds", "thousand", "thousands", "millions", "cents",
     "pence", "pounds", "dollars", "euros", "quid", "bucks", "lots", "times", "more", "others",
     "people", "friends", "kids", "children", "us", "of", "each", "extra", "halves", "thirds",
     "quarters", "percent", "ones", "twos", "fives", "tens", "twenties", "fifties", "notes", "coins")
)  # fmt: skip
_OPERATIONS = frozenset(
    ("time", "plu", "minu", "sum", "product", "total", "difference", "quotient", "share")
)


def _open(word: str) -> bool:
    """A word naming things (containers too: `boxes`): no quantity, currency, unit, person,
    number or operation word."""
    return (
        len(word) > 2
        and word not in _NOT_THINGS
        and word not in UNIT_NAMES
        and word.removesuffix("s") not in _OPERATIONS
        and not names_a_number(word)
    )
