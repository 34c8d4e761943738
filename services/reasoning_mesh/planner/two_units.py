"""An amount told in two units, the larger first (`5 ft 9 in`, `3 hours 45 minutes`, `2 stone 6
pounds`, `1 day and 6 hours`; a height's `6 ft 2`), as one quantity to the readers of one
quantity (`gist`), and as the grammar reads it (`5 ft and 9 inches`)."""

from __future__ import annotations

import re

from reasoning_mesh.planner.background import number
from reasoning_mesh.planner.units import UNIT_NAMES

#: Amounts told in two units, the larger first (`5 ft 9 in`, `3 hours 45 minutes`, `2 stone 6
#: pounds`, `1 day and 6 hours`).
_PAIRS = frozenset(
    (("foot", "inch"), ("hour", "minute"), ("minute", "second"), ("stone", "pound"),
     ("pound", "ounce"), ("day", "hour"), ("week", "day"), ("metre", "centimetre"),
     ("kilogram", "gram"), ("yard", "foot"), ("mile", "yard"), ("litre", "millilitre"))
)  # fmt: skip


def _height_ends(after: list[str]) -> bool:
    """`6 ft 2,`, `5 foot 9 in.`; never `a 6 ft 2 seater sofa` (2 seats)."""
    return not after or after[0] in (",", ".", "?", "!", "-", ";", ":", "in", "tall", "now")


def as_one(words: list[str]) -> tuple[list[str], str | None]:
    """`words` with an amount told in two units (`5 ft 9 in`; a height's `6 ft 2`, `5 foot 9`:
    whole inches under 12) as one quantity in its first unit, and the amount as the grammar
    reads it (`5 ft and 9 inches`); `words` as they are where there is none, or more."""
    found = []
    for a in range(len(words) - 2):
        if not (number(words[a]) and words[a + 1] in UNIT_NAMES):
            continue
        b = a + 3 if words[a + 2] == "and" else a + 2
        if b >= len(words) or not re.fullmatch(r"\d+", words[b]) or re.search(r"[,/-]", words[a]):
            continue
        big, after = UNIT_NAMES[words[a + 1]], words[b + 1 : b + 2]
        if after and after[0] in UNIT_NAMES and (big, UNIT_NAMES[after[0]]) in _PAIRS:
            small = "inches" if after[0] == "in" else after[0]
            found.append((a, b + 2, f"{words[a]} {words[a + 1]} and {words[b]} {small}"))
        elif big == "foot" and b == a + 2 and int(words[b]) < 12 and _height_ends(after):
            end = b + 2 if after == ["in"] else b + 1  # `5 ft 9 in.`, `6 ft 2`
            found.append((a, end, f"{words[a]} {words[a + 1]} and {words[b]} inches"))
    if len(found) != 1:
        return words, None
    a, end, said = found[0]
    return [*words[:a], words[a], words[a + 1], *words[end:]], said
