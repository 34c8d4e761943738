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
_WHEN = r"(?: today| yesterday| this week| last week| this month| last month| on saturday| on sunday)"
_PER_HOUR = r"(?:an|a|per) (?:hour|hr)"
#: The asker's own pay (`we earn` may be each one's rate), for the hours and the day said once:
#: an ask of another day (`... today, how much will i make this week`) declines.
_WAGE = re.compile(
    rf"^i (?:earn|make|get paid|get|am paid|'m paid|was paid|got paid|earned|made) {_RATE} "
    rf"{_PER_HOUR},? (?:and )?(?:i )?(?:worked|work|did|put in|have worked) {_COUNT} "
    rf"(?:hours|hrs)(?P<when>{_WHEN})?[,.;]? "
    r"(?:so )?(?:how much (?:did|do|will|have) i (?:make|made|earn|earned|get|got)"
    rf"(?P<asked>{_WHEN})?(?: in total| altogether)?"
    r"|what did i (?:make|earn|get)(?: in total| altogether)?|how much is that"
    r"|(?:what(?:'s| is)|whats) my (?:pay|wages)(?P<week> for the week)?"
    r"|how much (?:did|do) i get paid)(?: before tax)?$"
)
#: (`before tax` asks for the pay as earned, rate times hours; `after tax` declines.)
_FUEL = re.compile(
    rf"^(?:the )?(?:petrol|diesel|fuel) (?:was|is|costs|cost) {_RATE} (?:a|per) (?P<unit>litre|liter) "
    rf"(?:and|,) (?P<who>i|we) (?:put in|bought|got|filled up with|put) {_COUNT} (?:litres|liters)"
    r"[,.;]? (?:so )?(?:what did (?:that|it) cost(?: (?P<whom>me|us))?|how much did (?:that|it) cost"
    r"(?: (?P<whom2>me|us))?|how much did (?P<asker>i|we) (?:pay|spend)|how much was (?:that|it)"
    r"|(?:what(?:'s| is)|whats) the total)$"
)


def read(text: str) -> str | None:
    """The grammar's reading of a rate times a count, else None."""
    said = normal(text).rstrip(" ?!.")
    m = _WAGE.match(said) or _FUEL.match(said)
    if m is None or (m["rate_sign"] and m["rate_word"]):
        return None  # `$12.50 pounds`: which money?
    if m.groupdict().get("asked") not in (None, m.groupdict().get("when")):
        return None  # `worked 8 hours today, how much did i make this week`
    if m.groupdict().get("week") and m.groupdict().get("when") not in (" this week", " last week"):
        return None  # `worked 8 hours today, whats my pay for the week`; `my wage` may be the rate
    asker = m.groupdict().get("asker") or {"me": "i", "us": "we"}.get(
        m.groupdict().get("whom") or m.groupdict().get("whom2") or ""
    )
    if "who" in m.groupdict() and asker not in (None, m["who"]):
        return None  # `we put in 40 litres, how much did i spend`: my part?
    if "unit" in m.groupdict() and not re.fullmatch(r"\d{1,2}(?:\.\d\d)?", m["rate"]):
        return None  # `petrol was 148.9 a litre`: pence
    return natural.reading(f"what is {m['rate']} times {m['count']}")
