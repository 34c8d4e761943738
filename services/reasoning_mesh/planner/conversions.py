"""Conversion questions in the planner's own phrasing → their steps: the factor from the
knowledge base, then the amount times it (`How many ml are there in 1.5 litres?`).

An amount may be a mixed number read as its sum (`(1 + 1/2) litres`, from `one and a half
litres`), which is a step of its own before the product; or two amounts of one measure
(`2 hours and 15 minutes`), where the second is already in the unit asked for: the first is
converted and the second added to it. Every operand is one the question wrote.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import FinalCheck, SubGoal
from reasoning_mesh.planner.builder import Builder, Operand
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError, parse_expr
from reasoning_mesh.planner.units import UNIT_NAMES, unconvertible, words_to_number

#: An amount: a number, or a mixed number as its sum (`(1 + 1/2)`, read from `one and a half`).
_NUM = r"(?P<v>-?\d+(?:\.\d+)?(?:/\d+)?|\(\d+ \+ \d+/\d+\))"
_CONVERSIONS = (
    re.compile(rf"^how many (?P<to>[a-z ]+?) are there in {_NUM}\s*(?:of an? )?(?P<from>[a-z ]+?)\??$"),
    re.compile(rf"^what is {_NUM}\s*(?:of an? )?(?P<from>[a-z ]+?) in (?P<to>[a-z ]+?)\??$"),
    re.compile(rf"^convert {_NUM}\s*(?:of an? )?(?P<from>[a-z ]+?) (?:in)?to (?P<to>[a-z ]+?)\.?$"),
)
#: `How many minutes are there in 2 hours and 15 minutes?`: two amounts, the second in the
#: unit asked for.
_COMPOUND = re.compile(
    r"^how many (?P<to>[a-z ]+?) are there in (?P<v>\d+(?:\.\d+)?) (?P<from>[a-z]+) and "
    r"(?P<more>\d+(?:\.\d+)?) (?P<same>[a-z]+)\?$"
)

Conversion = tuple[str, Builder, Operand, FinalCheck]


def plan_conversion(text: str) -> Conversion | None:
    """Shape, steps, answer and final check of a conversion question; None for another shape."""
    low = words_to_number(text.lower())
    if (m := _COMPOUND.match(low)) is not None:
        if UNIT_NAMES.get(m["same"]) != UNIT_NAMES.get(m["to"]):
            raise UnplannableError(f"{m['more']} {m['same']} is not in the unit asked for")
        b, product = _converted(text, m["from"], m["to"], m["v"])
        note = f"and {m['more']} {m['same']}"
        answer = b.goal("+", product, m["more"], note=note, notation="decimal")
        return "conversion", b, answer, FinalCheck()
    for pattern in _CONVERSIONS:
        if (m := pattern.match(low)) is not None:
            b, answer = _converted(text, m["from"], m["to"], m["v"])
            return "conversion", b, answer, FinalCheck()
    return None


def _converted(text: str, src_name: str, dst_name: str, value: str) -> tuple[Builder, Operand]:
    """The fact `src` → `dst`, then `value` (as written, e.g. 14/5 for a number word read as
    14/5; a mixed number's sum first) times its factor."""
    src, dst = UNIT_NAMES.get(src_name.strip()), UNIT_NAMES.get(dst_name.strip())
    if src is None or dst is None:
        raise UnplannableError(f"unknown unit in {text!r}")
    if why := unconvertible(src, dst):
        raise UnsupportedQuestionError(why)
    b = Builder()
    fact = b.add_goal(
        SubGoal(
            id="g0",
            kind="fact",
            query=f"Unit conversion: {src} to {dst}",
            filters={"kind": "unit_conversion", "from_unit": src, "to_unit": dst},
            note=f"how many {dst}s in one {src}",
        )
    )
    amount = b.value(parse_expr(value)) if value.startswith("(") else value
    note = f"{value} {src} in {dst}s"
    return b, b.goal("*", amount, fact + ".factor", note=note, notation="decimal")
