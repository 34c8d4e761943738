"""Hours worked written as decimals of an hour on a shift or timesheet (`shifts this week were
7.5, 8.25, 6.75 and 9 hours`): where `ambiguity` need not refuse two-decimal amounts as times
of day (`7.30`, `17.50 hours`), because nothing else they can be is said (audits U and V)."""

from __future__ import annotations

import itertools
import re

#: Two decimals after a whole number of at most two digits, as a clock writes minutes.
_CLOCK_LIKE = re.compile(r"(?<![\d.$£€])\d{1,2}\.(\d\d)\b")
#: The hour of a clock-like amount (`08` of `08.25`).
_CLOCK_HOURS = re.compile(r"(?<![\d.$£€])(\d{1,2})\.\d\d\b")
#: An amount no clock writes: 75 minutes past, or one decimal (`6.75`, `7.5`).
_DECIMAL_HOURS = re.compile(r"(?<![\d.])\d{1,2}\.(?:75\b|\d\b)")
#: A span between two times (`7.30 to 4.15`, `9-5`) or a time of day named.
_SPAN = re.compile(
    r"\d\s*(?:to|until|till|-|–)\s*\d|\d:\d\d|\d(?:am|pm)\b|\b(?:am|pm|o'?clock|from|start\w*|"
    r"finish\w*|clock\w*|at|by|till|until|ends?|ended|begins?|began|due|woke|wake|alarm|bedtime|"
    r"midnight|noon|overnight|earlies|lates|pattern|handover|swap|clocking)\b"
)


def quarter_hours(lowered: str) -> bool:
    """Hours worked as decimals of an hour (`shifts this week were 7.5, 8.25, 6.75 and 9
    hours`): a number of hours named (`9 hours`, `4.75 hrs`), one amount that only an hour's
    decimal can be (`6.75`, `7.5`), every clock-like one a quarter past a morning hour (never
    `9.00`, `08.25` or `17.50 hours`, times on a 24-hour clock), and no span between times or
    time of day (audit U); `8.25` hours is then 8 h 15 min."""
    quarters = _CLOCK_LIKE.findall(lowered)
    return (
        all(q in ("25", "50", "75") for q in quarters)
        and all(len(h) == 1 or h in ("10", "11", "12") for h in _CLOCK_HOURS.findall(lowered))
        and _DECIMAL_HOURS.search(lowered) is not None
        and re.search(r"\d\s*(?:hours?|hrs?)\b", lowered) is not None
        and _SPAN.search(lowered) is None
        and not _side_by_side(lowered)
    )


def _side_by_side(lowered: str) -> bool:
    """Two clock-like amounts one after the other, whatever stands between them (`Mon 9.25 and
    5.50, Tue 7.5 hours`): a start and a finish as likely as two shifts (audit V); `6.75` is no
    clock's."""
    amounts = re.findall(r"(?<![\d.])\d+(?:\.\d+)?", lowered)
    clock = [(m := _CLOCK_LIKE.fullmatch(a)) is not None and int(m[1]) < 60 for a in amounts]
    return any(a and b for a, b in itertools.pairwise(clock))
