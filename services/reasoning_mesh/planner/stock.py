"""A stock count, then what went out and came in, in fixed tellings: `Stock take: we started the
week with 250 units, sold 87, then a delivery of 64 came in. How many units should be on the
shelf?`, `Food bank stock: 1250 tins at the start of the week, 387 went out Monday and 429 went
out Tuesday. How many tins are left?`, `Warehouse had 1,284 boxes on Sunday night. We shipped
397 on Monday and 586 on Tuesday. How many are left?`.

The reading is the count with each change taken away or added in the order said (`What is 250
- 87 + 64?`), every number the story's own; its answer is a count (whole, not negative). As in
`tallies`, the sentences are fixed, because an open word in a tally changes it (`sold 87 of the
other line`, `returned 20`: to whom?, `a delivery of 64 is due`): the opening names a stock
count; the start is one of a few sentences, of things from a closed list; each change is a verb
of direction from a closed list with its own number, perhaps the things again and a day; and
the ask is of those things now (left, on the shelves, on hand, the closing figure).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural, tellings
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.stock_words import (
    ASKS,
    CHANGES,
    DAYS,
    DONATED,
    LEADS,
    PLACES,
    STARTS,
    THINGS,
    WHEN,
)

_N = r"(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?![\d.,/]\w)"
_JOIN = re.compile(r",? (?:and )?then |, and |, | and |\. ")
#: A change that says only its number and day after one that said its verb and day (`shipped
#: 379 on monday and 412 on tuesday`): the same verb.
_SAME = re.compile(rf"{_N}{WHEN[:-1]}")


#: A food bank's own count named in the opening (`Food bank stock:`, `stock check at the
#: food bank`), where `were donated` is what came in; never a shop's or a pharmacy's for one.
_FOOD_BANK = re.compile(
    r"(?:(?:hi|hey|ok|ok so)\W+)?(?:food ?bank (?:stock|count)"
    r"|(?:stock|count)(?: take| check| count)? (?:at|in) the food ?bank)"
)
_HOLDERS = re.compile(r"\b(?:shop|pharmacy|charity|warehouse|depot|store|stockroom|cupboard)\b")


def read(text: str) -> FormedReading | None:
    """The count a stock story asks for now, with its answer's form, else None."""
    whole = tellings.said(text)
    said = tellings.without_leads(whole, _LEADS)
    led = whole[: len(whole) - len(said)]
    food_bank = _FOOD_BANK.match(led) is not None and not _HOLDERS.search(f"{led} {said.split(',')[0]}")
    m = tellings.asked(said, _ASKS)
    if m is None:
        return None
    asked, place = m.groupdict().get("things"), said[m.end("head") :]
    start = _start(m["head"], asked, place, led)
    expression = None if start is None else _counted(m["head"], start, food_bank=food_bank)
    reading = None if expression is None else natural.arithmetic(expression)
    return None if reading is None else FormedReading(reading, "count")


def _start(head: str, asked: str | None, place: str, led: str) -> re.Match[str] | None:
    """The start of `head` in one of the fixed shapes, where the things asked for (`place`: the
    ask) are the things counted, where they were counted (the opening's place, if it names
    one, the start's: audit F, round 26)."""
    start = _JOIN.split(head)[0]
    m = next((m for s in _STARTS if (m := s.fullmatch(start))), None)
    if m is None or (asked is not None and asked != m["things"]):
        return None
    led_at = {p for p in PLACES if re.search(rf"\b{p}\b", led)}
    start_at = {p for p in PLACES if re.search(rf"\b{p}\b", m[0])}
    if led_at and start_at and led_at != start_at:
        return None
    return m if _same_place(f"{led} {m[0]}" if led_at else m[0], place) else None


def _counted(head: str, m: re.Match[str], *, food_bank: bool) -> str | None:
    """The start `m` of `head` with each change applied in order, where every change is in a
    fixed shape and the days go forward; else None."""
    parts = re.split(f"({_JOIN.pattern})", head)
    changes, breaks = parts[2::2], [j == ". " for j in parts[1::2]]
    if not changes:
        return None
    expression, last = m["n"], None
    whens: list[re.Match[str]] = []
    for change, broke in zip(changes, breaks, strict=True):
        found = _change(change, food_bank=food_bank)
        same = _SAME.fullmatch(change) if last is not None and not broke else None
        if found is None and same is not None and same["day"] is not None:
            # `shipped 379 on monday and 412 on tuesday`; never across a sentence
            expression = f"{expression} {last} {same['n']}"
            whens.append(same)
            continue
        if found is None or found[1]["things"] not in (None, m["things"]) or _shipped(change, m):
            return None  # a change of other things (`sold 87 boxes` of 250 units)
        way, c = found
        expression = f"{expression} {way} {c['n']}"
        last = way if c["day"] else None  # only a change that said its day is said again
        whens.append(c)
    return expression if _in_order(m, whens) else None


def _shipped(change: str, start: re.Match[str]) -> bool:
    """A shop's `were shipped`: to it or from it?"""
    return bool(re.search(r"\bwere shipped\b", change) and re.search(r"\b(?:shop|store)\b", start[0]))


def _same_place(start: str, ask: str) -> bool:
    """Whether the ask's place, if any, is where the start counted (`the shop had 250 mugs ...
    left in the warehouse`, `250 units in the warehouse ... on the shelves`: another place)."""
    counted = {p for p in PLACES if re.search(rf"\b{p}\b", start)}
    asked = {p for p in PLACES if re.search(rf"\bin the {p}\b", ask)}
    shelves = re.search(r"\bon (?:the shel|hand)", ask) is not None
    if shelves:  # a shop's or store's shelves, not a warehouse's or a cupboard's
        return counted <= {"shop", "store"} and " in the " not in start
    return not (asked and counted and asked != counted)


def _in_order(start: re.Match[str], whens: list[re.Match[str]]) -> bool:
    """Whether the changes' days go forward from the count's (`the count on friday was 250,
    sold 40 on thursday`: before it?), a span (`during the week`, `today`) is the one time
    said (`300 during the week, 120 on monday`: part of it?), and times fit the count's own
    (a day's count, changes on other days: audit F, round 26)."""
    spans = [w for w in whens if w["span"]]
    days = [_day(w["day"]) for w in whens if w["day"]]
    if (
        (spans and len(spans) + len(days) > 1)
        or days != sorted(days)
        or _other_times(start, spans, days)
    ):
        return False
    if not days or start.groupdict().get("sday") is None:
        return True
    first = _day(start["sday"])
    if start[0].endswith("sunday night") and 6 not in days:
        first = -1  # `had 1,284 boxes on sunday night`: the eve of the week's changes
    elif 6 in days and ([first, *days][days.index(6)]) < 4:
        return False  # `had 500 on monday morning, shipped 100 on sunday`: which sunday?
    # a count on a morning, or a start, comes before that day's changes; `the count on friday
    # was 250, sold 30 on friday`: before or after it?
    same_day = start.groupdict().get("open") or start[0].endswith("morning")
    return first <= days[0] if same_day else first < days[0]


def _other_times(start: re.Match[str], spans: list[re.Match[str]], days: list[int]) -> bool:
    """Whether a change's time may be before the count or outside it: a day's count with
    changes on days or over the week, `the count this morning` and `sold 40 this morning`,
    `the count on friday` and `today`, `sunday night` and `shipped 397 on saturday`."""
    said = start[0]
    one_day = re.search(r"\b(?:the |of (?:the )?)(?:day|shift)\b|this morning", said) is not None
    return (
        (one_day and (bool(days) or any(w["span"] == "during the week" for w in spans)))
        or ("this morning" in said and any(w["span"] in ("today", "this morning") for w in spans))
        # `the count on friday`, `sold 40 today` or `during the week`: which day, which week?
        # (only a start on a day owns the week after it: `started monday with 412 tins`)
        or (
            start.groupdict().get("sday") is not None
            and any(w["span"] != "during the week" or not start.groupdict().get("open") for w in spans)
        )
        or (said.endswith("sunday night") and bool(days) and days[0] >= 4)
    )


def _day(said: str) -> int:
    """The day's place in the week, Monday first (`tues` → 1)."""
    return next(i for i, day in enumerate(DAYS) if day.startswith(said[:3]))


def _change(change: str, *, food_bank: bool) -> tuple[str, re.Match[str]] | None:
    """The direction of `change` and its match, where it is one of the fixed changes."""
    for shape, way in (*_CHANGES, _DONATED) if food_bank else _CHANGES:
        if (c := shape.fullmatch(change)) is not None:
            return way, c
    return None


def _shape(shape: str) -> str:
    """A start's or change's pattern with its slots: the number, the things and when."""
    return shape.replace("THINGS", THINGS).replace(" WHEN", WHEN).replace("N", _N)


#: The fixed shapes with their slots filled, compiled once.
_LEADS = tellings.leads(LEADS)
_ASKS = tellings.asks(ask.replace("THINGS", THINGS) for ask in ASKS)
_STARTS = tuple(re.compile(_shape(s)) for s in STARTS)
_CHANGES = tuple((re.compile(_shape(s)), way) for s, way in CHANGES)
_DONATED = (re.compile(_shape(DONATED[0])), DONATED[1])
