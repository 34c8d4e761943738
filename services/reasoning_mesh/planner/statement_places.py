"""Where a rounding of a stated quantity cuts it (`statement`): a place of whole numbers in
words or digits (`to the nearest 100`), counted in the quantity's own unit (`to the nearest ten
miles`; a place in money is `money.unsigned`'s, for a signed amount only), and never above the
quantity's digits (`the tree is 4.56 m tall, round it to the nearest ten`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner.sentence_words import bare
from reasoning_mesh.planner.statement_quantity import number_at
from reasoning_mesh.planner.units import UNIT_NAMES

#: `to the nearest ten miles`: a place of whole numbers, then the unit it counts in.
_PLACE_UNIT = re.compile(
    r"(?P<place>.*nearest (?:(?:ten |hundred )?thousand|ten|hundred|million|10{1,6})) "
    r"(?P<unit>[a-z]+)"
)
#: A place written in digits (`to the nearest 100`), as the place's name.
_POWERS = {"10": "ten", "100": "hundred", "1000": "thousand", "10000": "ten thousand",
           "100000": "hundred thousand", "1000000": "million"}  # fmt: skip


def said(places: str) -> tuple[str, re.Match[str] | None]:
    """The place as the grammar names it (`to the nearest 100` → `to the nearest hundred`),
    without the unit it is counted in; and the match naming that unit, where one is said."""
    named = re.sub(r"(?<=nearest )10{1,6}$", lambda d: _POWERS[d[0]], places)
    counted = _PLACE_UNIT.fullmatch(named)
    if counted is None:
        return named, None
    return re.sub(r"(?<=nearest )10{1,6}$", lambda d: _POWERS[d[0]], counted.group("place")), counted


#: The places of whole numbers a quantity is rounded to, and the digits each needs.
WHOLE_PLACES = {"ten": 2, "hundred": 3, "thousand": 4, "ten thousand": 5, "hundred thousand": 6}


def short(number: str, place: str) -> bool:
    """Whether `number` has fewer whole digits than the `place` (`ten`, ...) it is rounded to
    (`4.56` to the nearest ten): a slip for a tenth as likely as a question whose answer is 0."""
    return len(number.lstrip("-").split(".")[0]) < WHOLE_PLACES[place]


def fits(
    quantity: tuple[str, str | None],
    counted: re.Match[str] | None,
    grouped: re.Match[str] | None,
) -> bool:
    """Whether the place fits the stated quantity: counted in its own unit (`21.3 km to the
    nearest ten metres` converts first), and not above its digits (`the tree is 4.56 m tall,
    round it to the nearest ten`: a tenth?)."""
    if counted is not None and not same_unit(counted.group("unit"), quantity[1]):
        return False  # a place in money is `money.unsigned`'s, for a signed amount only
    # unitless too (review J: `The pH was 4.56, round it to the nearest 10`)
    return not (
        grouped is not None and short(quantity[0], grouped[0].rsplit("nearest ", maxsplit=1)[-1])
    )


def in_degrees(statement: list[str]) -> bool:
    """Whether the stated amount is said in degrees (`the low was -3.76 degrees`)."""
    k = number_at(statement)
    return k is not None and [bare(w) for w in statement[k + 1 : k + 2]] == ["degrees"]


def same_unit(word: str, unit: str | None) -> bool:
    """`km` and `kilometres`: one unit (`21.0975 km to the nearest whole km` is the nearest
    whole number of them)."""
    return unit is not None and word in UNIT_NAMES and UNIT_NAMES[word] == UNIT_NAMES.get(unit)
