"""Amounts a reader of one number cannot hold, held out while it reads: a mixed number in words
(`i walked seven and a half km today`) and two amounts of one measure (`the baby weighed 3 kg
450 g`). Each is replaced by a mark, a number the text does not hold, which the reader reads as
it would any one number; in its reading the mark is then replaced by the amount as the grammar
writes it (`(7 + 1/2)`, `3 kg and 450 g`), which the planner plans as its steps. A reading that
does not keep each mark exactly once is no reading.

Two amounts of one measure are one amount in two parts, so an ask of it `in total` or
`altogether` at its end asks for that amount (`2 hours 45 minutes, how many minutes is that in
total?`): those words come off the ask, and only where two such parts were held.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reasoning_mesh.planner.numwords import mixed_number_words_pattern, read_mixed_number_words
from reasoning_mesh.planner.units import UNIT_NAMES

_AMOUNT = r"\d+(?:\.\d+)?"
_TWO = re.compile(
    rf"\b(?P<n>{_AMOUNT}) (?P<unit>[a-z]+) (?:and )?(?P<more>{_AMOUNT}) (?P<same>[a-z]+)\b"
)
_FEET_IN = re.compile(rf"\b({_AMOUNT} (?:ft|feet|foot) {_AMOUNT}) in\b(?= *(?:[,.;?!]|$))")
#: `in total` ending an ask (before its mark or the end of the text), which a sum of two parts
#: answers.
_IN_TOTAL = re.compile(r",? (?:in total|altogether|all together)(?= *(?:[?.!]|$))")
#: One whole thing whose amount is said in two parts (`my taxi shift was 9 hours 45 minutes`):
#: a closed list, since `in total` of a part (`the final leg`, `the lid`), of several (`the films
#: are`, `my husband and I did`) or of a way (`each way`) asks for more than the amount (audit O).
_WHOLES = frozenset(
    ("shift", "film", "movie", "flight", "drive", "run", "ride", "walk", "hike", "journey",
     "trip", "rehearsal", "class", "lesson", "session", "match", "game", "show", "concert",
     "baby", "newborn", "parcel", "package", "doorway", "door", "loaf", "brisket", "turkey",
     "bed", "sofa", "shelf", "table", "desk", "board", "plank", "height", "wingspan")
)  # fmt: skip
#: Words before such an amount that make it one of several, or a part or a way of it.
_NOT_ONE = frozenset(
    ("and", "each", "per", "way", "both", "all", "we", "our", "us", "they", "their", "every",
     "half", "halfway", "part", "bit", "leg", "lap", "section", "stage", "first", "second",
     "final", "last", "longest", "shortest", "outbound", "return", "average", "connecting",
     # one leg of a trip, a part left out, several (audit S)
     "there", "back", "home", "out", "over", "up", "down", "before", "without", "excluding",
     "until", "including", "after", "with", "plus", "not", "people", "men", "women", "children",
     "kids", "apart", "except", "minus", "less", "stops", "breaks", "break")
)  # fmt: skip


#: Words ending in `s` before the amount that name no several things: its verbs.
_NOT_PLURAL = frozenset(("this", "it's", "measures", "weighs", "runs", "lasts", "takes", "says"))


#: Words ending in `er` that compare nothing.
_NOT_COMPARED = frozenset(("daughter", "sister", "brother", "mother", "father", "number", "water"))


def _one_whole(before: str, said: str) -> bool:
    """Whether `before` (the text up to a two-part amount) names one whole thing of `_WHOLES`,
    no plural, and nothing in the text makes the amount one of several or a part (`each way`)."""
    words = re.findall(r"[a-z']+", before)
    plural = any(w.endswith(("s", "s'")) and len(w) > 3 and w not in _NOT_PLURAL for w in words)
    # `the heavier parcel`, `the longest film`: one of several (audit S)
    compared = any(w.endswith(("er", "est")) and len(w) > 4 and w not in _NOT_COMPARED for w in words)
    said_words = set(re.findall(r"[a-z']+", said))
    return bool(_WHOLES & set(words)) and not plural and not compared and not _NOT_ONE & said_words


#: Marks start here; a text that holds one is left as it is.
_FIRST_MARK = 900000001


def with_held(text: str, reader: Callable[[str], str | None]) -> str | None:
    """`reader`'s reading of `text` with its mixed numbers and two-unit amounts held out."""
    held: dict[str, str] = {}

    def mark(amount: str) -> str:
        key = str(_FIRST_MARK + len(held))
        held[key] = amount
        return key

    try:
        said = re.sub(
            mixed_number_words_pattern(), lambda m: mark(read_mixed_number_words(m[0])), text.lower()
        )
    except ValueError:
        return None  # `3 and 4 quarters`: no mixed number
    said = _FEET_IN.sub(r"\1 inches", said)  # `4 ft 3 in`: after feet, `in` is inches
    parts = len(held)
    said = _TWO.sub(lambda m: _two(m, mark), said)
    if len(held) > parts and _one_whole(said[: said.index(str(_FIRST_MARK + parts))], said):
        said = _IN_TOTAL.sub("", said)
    if not held or any(key in text for key in held):
        return None
    reading = reader(said)
    if reading is None or any(reading.count(key) != 1 for key in held):
        return None
    for key, amount in held.items():
        reading = reading.replace(key, amount)
    return reading


def _two(m: re.Match[str], mark: Callable[[str], str]) -> str:
    """`3 kg 450 g` → `<mark> g` (the amount `3 kg and 450`); left as written where either is
    no unit."""
    if m["unit"] not in UNIT_NAMES or m["same"] not in UNIT_NAMES:
        return m[0]
    amount = f"{m['n']} {m['unit']} and {m['more']}"
    return f"{mark(amount)} {m['same']}"
