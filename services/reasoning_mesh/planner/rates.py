"""A price or a pay per unit, then how many units: `I earn 12.50 an hour and worked 8 hours,
how much did I make`, `petrol was 1.48 a litre and I put in 40 litres, what did that cost me`.

The reading is the rate times the count, both as written (`What is 12.50*8?`), and only where
the sentence says nothing else: the rate is per hour of work or per litre of fuel, the count is
of that same unit (`an hour` ... `8 hours`), one currency or none, and the ask is what the
asker made or paid. Overtime, tax, a second rate or another unit declines.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.wrappers import normal

_RATE = (
    r"(?P<rate_sign>[$£€])?(?P<rate>\d+(?:\.\d{1,2})?)"
    r"(?P<rate_word> (?:pounds|dollars|euros|quid|bucks))?"
)
_COUNT = r"(?P<count>\d+(?:\.\d+)?)"
_WHEN = r"(?: today| yesterday| this week| last week| this month| last month| on saturday| on sunday)?"
_PER_HOUR = r"(?:an|a|per) (?:hour|hr)"
_WAGE = re.compile(
    rf"^(?:i|we) (?:earn|make|get paid|get|am paid|'m paid|was paid|got paid|earned|made) {_RATE} "
    rf"{_PER_HOUR},? (?:and )?(?:i |we )?(?:worked|work|did|put in|have worked) {_COUNT} "
    rf"(?:hours|hrs){_WHEN}[,.;]? "
    r"(?:so )?(?:how much (?:did|do|will|have) (?:i|we) (?:make|made|earn|earned|get|got|take home)"
    rf"{_WHEN}(?: in total| altogether)?|what did (?:i|we) (?:make|earn|get)(?: in total| altogether)?"
    r"|how much is that|how much (?:did|do) (?:i|we) get paid)$"
)
_FUEL = re.compile(
    rf"^(?:the )?(?:petrol|diesel|fuel) (?:was|is|costs|cost) {_RATE} (?:a|per) (?P<unit>litre|liter) "
    rf"(?:and|,) (?:i|we) (?:put in|bought|got|filled up with|put) {_COUNT} (?P<units>litres|liters)"
    r"[,.;]? (?:so )?(?:what did (?:that|it) cost(?: me| us)?|how much did (?:that|it) cost(?: me| us)?"
    r"|how much did (?:i|we) (?:pay|spend)|how much was (?:that|it))$"
)


def read(text: str) -> str | None:
    """The grammar's reading of a rate times a count, else None."""
    said = normal(text).rstrip(" ?!.")
    m = _WAGE.match(said) or _FUEL.match(said)
    if m is None or (m["rate_sign"] and m["rate_word"]):
        return None  # `$12.50 pounds`: which money?
    return natural.reading(f"what is {m['rate']} times {m['count']}")
