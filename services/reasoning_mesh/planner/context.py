"""A sentence stating a quantity before a question that asks about that quantity in full: `My
commute is 45 minutes each way. What's 45 minutes in hours?`.

The last sentence is read alone, and only where the one before it is a plain statement of one
quantity by `statement`'s rules (`stated`: a name and a verb saying what it is, no word that
changes it, makes it stand for another or sets how it is read) and the question names that
same quantity (`45 minutes`). An audit of a draft that took any background without a new
number found instructions (`Double the result.`, `Sorry I meant minus.`), number systems
(`We are working in ternary.`), forms of the answer (`As a percentage.`) and second questions
read past; none of these is a statement of a quantity.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import said_units, statement
from reasoning_mesh.planner.wrappers import normal

_SENTENCE_END = re.compile(r"(?<=[.!])\s+(?=\S)")


def question(text: str) -> str | None:
    """The last sentence of `text` where the one before it states the quantity it asks about."""
    parts = _SENTENCE_END.split(text.strip())
    if len(parts) != 2:  # one statement, then the question
        return None
    background, asked = parts
    quantity = statement.stated(background)
    if quantity is None or quantity[1] is None:
        return None  # a bare number (`My coupon was 2.`) names no quantity a question can repeat
    if said_units.fluid_ounces(quantity[1], normal(background)):
        return None  # fluid ounces?
    if quantity[1] in ("miles", "mile") and re.search(
        r"\b(?:sail\w*|yacht|boat|ship|ferry|sea|crossing|offshore)\b", normal(background)
    ):
        return None  # nautical miles?
    said = " ".join(w for w in quantity if w is not None)
    return asked if re.search(rf"(?<![\w.,]){re.escape(said)}\b", normal(asked)) else None
