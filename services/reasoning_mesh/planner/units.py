"""Unit words as questions write them → the knowledge base's unit names (its `from_unit` /
`to_unit` metadata). Vocabulary only: the conversion factors live in the knowledge base."""

from __future__ import annotations

import re

from reasoning_mesh.kb.units import CALENDAR, DIMENSIONS, IMPERIAL, SYMBOLS_NOT_READ
from reasoning_mesh.planner.numwords import ONES
from reasoning_mesh.planner.numwords import TENS as _TENS


def _names() -> dict[str, str]:
    names: dict[str, str] = {}
    for units in DIMENSIONS.values():
        for singular, plural, symbol, alternatives, _size in units.values():
            for word in (singular, plural, symbol, *alternatives):
                if word in SYMBOLS_NOT_READ:
                    continue
                names.setdefault(word.lower(), singular)
                # ASCII spellings of the micro prefix: "ug", "um", "ul", "us".
                if word.startswith("µ"):
                    names.setdefault("u" + word[1:].lower(), singular)
    return names


UNIT_NAMES = _names()
#: Each unit's plural (`inch` → `inches`), for what the planner says of it.
PLURAL_OF = {unit[0]: unit[1] for units in DIMENSIONS.values() for unit in units.values()}
#: Each unit's kind (`kilometre` → `length`): a conversion is within one kind.
DIMENSION_OF = {unit[0]: kind for kind, units in DIMENSIONS.items() for unit in units.values()}
#: Each unit's size in its kind's base unit: which of two is the larger, or whether a stated
#: factor is the knowledge base's; never a factor a step uses (those are the knowledge base's).
#: Time has two scales (seconds to weeks; months and years), never compared across.
SIZE_OF = {unit[0]: unit[4] for units in DIMENSIONS.values() for unit in units.values()}


#: Measures the knowledge base does not hold (a cup or a fluid ounce differs between Britain
#: and America, a ton is short, long or metric): a question in them is refused by name rather
#: than as a phrasing not understood.
UNHELD = re.compile(
    r"\b(fluid ounces?|fl oz|cups?|tablespoons?|teaspoons?|tbsp|tsp|acres?|hectares?|tons?)\b",
    re.IGNORECASE,
)


def unconvertible(src: str, dst: str) -> str:
    """Why the knowledge base holds no fact from unit `src` to `dst` (said now, not after a
    failed lookup); empty where it holds one."""
    kinds, of = (DIMENSION_OF[src], DIMENSION_OF[dst]), f"{PLURAL_OF[src]} and {PLURAL_OF[dst]}"
    if kinds[0] != kinds[1] and "liquid" in kinds:
        pint = "a pint is 568 ml in Britain and 473 ml in America"
        return f"{of}: {pint}; pints, quarts and gallons convert only among themselves"
    if kinds[0] != kinds[1]:
        return f"{of}: {kinds[0]} and {kinds[1]} do not convert"
    if dst in IMPERIAL and src not in IMPERIAL:
        # 1 cm is 50/127 of an inch: an answer people want rounded, and no rounding was asked
        return f"{PLURAL_OF[src]} to {PLURAL_OF[dst]}: no exact factor from metric units"
    if (src in CALENDAR) != (dst in CALENDAR):
        # the knowledge base links no days to months or years
        return f"{of}: a month or year has no fixed length"
    return ""


_DENOMS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4}
_ORDINALS = {
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twelth": 12,
    "twentieth": 20,
    "fiftieth": 50,
    "hundredth": 100,
}
_CARDINAL = "|".join(sorted([*ONES, *_TENS], key=len, reverse=True))
_ORDINAL = "|".join(sorted([*_DENOMS, *_ORDINALS, *(o + "s" for o in _ORDINALS)], key=len, reverse=True))
_WORDED = re.compile(rf"\b(?:({_CARDINAL})-)?({_CARDINAL})\s+({_ORDINAL})\b")


def _cardinal(tens: str | None, ones: str) -> int:
    value = _TENS[ones] if ones in _TENS else ONES[ones]
    return value + (_TENS[tens] if tens else 0)


def words_to_number(text: str) -> str:
    """`three twentieths` → `3/20`: reading a worded fraction as the numeral it names."""

    def numeral(m: re.Match[str]) -> str:
        num = _cardinal(m.group(1), m.group(2))
        word = m.group(3)
        den = _DENOMS.get(word) or _ORDINALS[word.removesuffix("s")]
        return f"{num}/{den}"

    return _WORDED.sub(numeral, text)
