"""A one-off fee, then so much a month, and what has been paid in all: `gym has a 20 joining
fee then 15 a month. ive paid 140 total so far, how many months is that`, `gym costs 25 to join
plus 15 a month. ive paid 160 in total so far, how many months have i been a member`.

The reading is `fee + (monthly × n) = paid`, every number as written (`Solve 20 + (15*n) = 140
for n.`), and the answer a count (whole, not negative). The whole text must be this story: a
membership (a gym, a club, a pool), one fee said once (`joining`, `sign up`, `to join`), one
monthly rate, what I paid, and an ask for the months.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.word_problems import _MONEY, _fee_plus_rate, _one_currency
from reasoning_mesh.planner.wrappers import normal

_PLACE = r"(?:(?:the|my|our|a) )?(?:gym|club|pool|leisure centre|swimming pool|golf club|dance class)"
_FEE = (
    rf"(?:(?:an? )?(?P<a>{_MONEY}) (?:dollar |pound |euro )?(?:joining|sign[- ]?up|signup|"
    r"registration|one[- ]off|enrolment|enrollment) fee"
    rf"|(?P<a2>{_MONEY}) to (?:join|sign up))"
)
_STORY = re.compile(
    rf"^{_PLACE} (?:has|charges|costs|is) {_FEE},? (?:and )?(?:then|plus|and) (?P<b>{_MONEY}) "
    rf"(?:a|per|every) month[.,;]? (?:so far )?(?:i've|ive|i have|i) paid (?P<c>{_MONEY})"
    r"(?: in total| total| altogether)?(?: so far)?[.,;]? (?:so )?how many months "
    r"(?:is that|have i (?:been (?:a member|going|paying|there)|paid for)|did i pay for|"
    r"(?:have|has) it been)$"
)


def read(text: str) -> FormedReading | None:
    """`fee + (monthly × n) = paid` of such a story, a count; else None."""
    m = _STORY.match(normal(text).rstrip(" ?!."))
    if m is None:
        return None
    fee = m["a"] or m["a2"]
    if not _one_currency(fee, m["b"], m["c"]):
        return None
    found = _fee_plus_rate({"a": fee, "b": m["b"], "c": m["c"]}, "count")
    if found is None:
        return None
    reading = natural.reading(f"solve {found[0]} for n")
    return None if reading is None else FormedReading(reading, "count")
