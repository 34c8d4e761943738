"""Hours worked written as decimals of an hour on a shift or timesheet (`shifts this week were
7.5, 8.25, 6.75 and 9 hours`): where `ambiguity` need not refuse two-decimal amounts as times
of day (`7.30`, `17.50 hours`), because nothing else they can be is said (audits U and V)."""

from __future__ import annotations

import itertools
import re

#: Two decimals after a whole number of at most two digits, as a clock writes the hour and
#: its minutes.
_CLOCK_LIKE = re.compile(r"(?<![\d.$£€])(\d{1,2})\.(\d\d)\b")
#: Amounts no clock writes (75 minutes past, or one decimal: `6.75`, `7.5`), alone or in a list
#: that ends in hours (`7.5, 8.25, 6.75 and 9 hours`): hours worked, not money or miles.
_DECIMAL_HOURS = re.compile(
    r"(?<![\d.$£€])\d{1,2}\.(?:75|\d)(?!\d)(?:\s*(?:,|and|&)\s*\d+(?:\.\d+)?)*\s*(?:hours?|hrs?)\b"
)
#: A span between two times (`7.30 to 4.15`, `9-5`) or a time of day named.
_SPAN = re.compile(
    r"\d\s*(?:to|until|till|-|–)\s*\d|\d:\d\d|\d(?:am|pm)\b|\b(?:am|pm|o'?clock|from|start\w*|"
    r"finish\w*|clock\w*|at|by|till|until|ends?|ended|begins?|began|due|woke|wake|alarm|bedtime|"
    r"midnight|noon|overnight|earlies|lates|pattern|handover|swap|clocking)\b"
)


def quarter_hours(lowered: str) -> bool:
    """Hours worked as decimals of an hour (`shifts this week were 7.5, 8.25, 6.75 and 9
    hours`): one amount of hours that only an hour's decimal can be (`6.75`, `7.5` in the list
    or before `hours`), every clock-like amount a quarter, a half or three quarters past an
    hour from 1 to 12 (never `9.00`, `08.25` or `17.50 hours`, times on a 24-hour clock), no
    half written both `.5` and `.50` (`7.5 hours monday and 9.50 tuesday`: 9 h 50?), no two
    clock-like amounts side by side, and no span between times or time of day (audits U and
    V, review); `8.25` hours is then 8 h 15 min."""
    clocks = _CLOCK_LIKE.findall(lowered)
    return (
        all(m in ("25", "50", "75") and (len(h) == 1 or h in ("10", "11", "12")) for h, m in clocks)
        and not (re.search(r"\d\.5(?!\d)", lowered) and re.search(r"\d\.50(?!\d)", lowered))
        and _DECIMAL_HOURS.search(lowered) is not None
        and _SPAN.search(lowered) is None
        and not _side_by_side(lowered)
    )


def _side_by_side(lowered: str) -> bool:
    """Two clock-like amounts one after the other, whatever stands between them (`Mon 9.25 and
    5.50, Tue 7.5 hours`): a start and a finish as likely as two shifts (audit V); `6.75` is no
    clock's."""
    amounts = re.findall(r"(?<![\d.])\d+(?:\.\d+)?", lowered)
    clock = [(m := _CLOCK_LIKE.fullmatch(a)) is not None and int(m[2]) < 60 for a in amounts]
    return any(a and b for a, b in itertools.pairwise(clock))
