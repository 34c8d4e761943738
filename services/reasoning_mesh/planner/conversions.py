"""Conversion questions in the planner's own phrasing → their steps: the factor from the
knowledge base, then the amount times it (`How many ml are there in 1.5 litres?`).

An amount may be a mixed number read as its sum (`(1 + 1/2) litres`, from `one and a half
litres`), which is a step of its own before the product; or two amounts of one measure
(`2 hours and 15 minutes`): each amount not already in the unit asked for is converted by its
own fact (`2 hours` in seconds, `15 minutes` in seconds), and the two are added. Every operand
is one the question wrote or a step's answer.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import FinalCheck, SubGoal
from reasoning_mesh.planner.builder import Builder, Operand
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError, parse_expr
from reasoning_mesh.planner.units import (
    DIMENSION_OF,
    PLURAL_OF,
    SIZE_OF,
    UNIT_NAMES,
    unconvertible,
    words_to_number,
)

#: An amount: a number, or a mixed number as its sum (`(1 + 1/2)`, read from `one and a half`).
_NUM = r"(?P<v>-?\d+(?:\.\d+)?(?:/\d+)?|\(\d+ \+ \d+/\d+\))"
_CONVERSIONS = (
    re.compile(rf"^how many (?P<to>[a-z ]+?) are there in {_NUM}\s*(?:of an? )?(?P<from>[a-z ]+?)\??$"),
    re.compile(rf"^what is {_NUM}\s*(?:of an? )?(?P<from>[a-z ]+?) in (?P<to>[a-z ]+?)\??$"),
    re.compile(rf"^convert {_NUM}\s*(?:of an? )?(?P<from>[a-z ]+?) (?:in)?to (?P<to>[a-z ]+?)\.?$"),
)
#: `How many minutes are there in 2 hours and 15 minutes?`: two amounts of one measure.
_COMPOUND = re.compile(
    r"^how many (?P<to>[a-z ]+?) are there in (?P<v>\d+(?:\.\d+)?) (?P<from>[a-z]+) and "
    r"(?P<more>\d+(?:\.\d+)?) (?P<same>[a-z]+)\?$"
)


Conversion = tuple[str, Builder, Operand, FinalCheck]


def plan_conversion(text: str) -> Conversion | None:
    """Shape, steps, answer and final check of a conversion question; None for another shape."""
    low = words_to_number(text.lower())
    if (m := _COMPOUND.match(low)) is not None:
        b, answer = _compound(text, m)
        return "conversion", b, answer, FinalCheck()
    for pattern in _CONVERSIONS:
        if (m := pattern.match(low)) is not None:
            b, answer = _converted(text, m["from"], m["to"], m["v"])
            return "conversion", b, answer, FinalCheck()
    return None


def _compound(text: str, m: re.Match[str]) -> tuple[Builder, Operand]:
    """`2 hours and 15 minutes` in seconds: each amount in the unit asked for (converted by its
    own fact where it is in another), then their sum. Two different units of one measure only
    (`2 hours and 15 hours` is one amount written twice; `2 kg and 15 litres` no amount), the
    larger first, as amounts are written (`45 minutes 2 hours ago`: two amounts)."""
    first, second, asked = (UNIT_NAMES.get(u.strip()) for u in (m["from"], m["same"], m["to"]))
    if first is None or second is None or asked is None:
        raise UnplannableError(f"unknown unit in {text!r}")
    # `2 months 3 weeks`: no fact links them, and sizes on two scales are never compared
    if why := unconvertible(first, second):
        raise UnsupportedQuestionError(why)
    if DIMENSION_OF[first] != DIMENSION_OF[second] or SIZE_OF[first] <= SIZE_OF[second]:
        raise UnplannableError(f"{m['v']} {m['from']} and {m['more']} {m['same']}: not one amount")
    b = Builder()
    parts = [
        value if unit == asked else _product(b, text, m[name], m["to"], value)
        for value, unit, name in ((m["v"], first, "from"), (m["more"], second, "same"))
    ]
    note = f"{m['v']} {m['from']} and {m['more']} {m['same']} in {PLURAL_OF[asked]}"
    return b, b.goal("+", parts[0], parts[1], note=note, notation="decimal")


def _converted(text: str, src_name: str, dst_name: str, value: str) -> tuple[Builder, Operand]:
    """The fact `src` → `dst`, then `value` (as written, e.g. 14/5 for a number word read as
    14/5; a mixed number's sum first) times its factor."""
    b = Builder()
    return b, _product(b, text, src_name, dst_name, value)


def _product(b: Builder, text: str, src_name: str, dst_name: str, value: str) -> Operand:
    """Adds the fact `src` → `dst` to `b`, then `value` times its factor; the product."""
    src, dst = UNIT_NAMES.get(src_name.strip()), UNIT_NAMES.get(dst_name.strip())
    if src is None or dst is None:
        raise UnplannableError(f"unknown unit in {text!r}")
    if why := unconvertible(src, dst):
        raise UnsupportedQuestionError(why)
    fact = b.add_goal(
        SubGoal(
            id=f"g{len(b.goals)}",
            kind="fact",
            query=f"Unit conversion: {src} to {dst}",
            filters={"kind": "unit_conversion", "from_unit": src, "to_unit": dst},
            note=f"how many {dst}s in one {src}",
        )
    )
    amount = b.value(parse_expr(value)) if value.startswith("(") else value
    note = f"{value} {src} in {dst}s"
    return b.goal("*", amount, fact + ".factor", note=note, notation="decimal")
