"""A level that changes steadily toward a target, in fixed tellings: `Saving for a new bike: I've
got 120 already and I'm putting away 15 a week. After how many weeks will I have 300?`, `Scarf
is at 35 cm and I knit 4 cm a night. Want it to be 95 cm - how many more nights?`, `An IV bag
starts with 1000 ml and runs at 125 ml per hour. After how many hours will there be 375 ml left?`.

The reading is the equation the story states, `start + rate × n = target` for a level that rises
and `start - rate × n = target` for one that falls (`Solve 120 + 15*n = 300 for n.`), each number
as written. Which way it moves is said by the verb of the rate alone, from closed lists (`putting
away`, `knit`, `fills`, `warms` rise; `runs`, `eats`, `dispenses`, `cools` fall); a story told
the other way round has a count below nothing, which the answer's form refuses.

The sentences are fixed (`level_words`), because an open word changes such a count (`about 4
cm a night`, `my sister puts away`, `after the first week`, `how many more after that`): each
clause is one shape of a start, a rate, a target, an ask or an opening; each part is said once;
the unit is the same wherever one is said, the currency on every amount or none; and the ask is
of what the rate is per. Weeks, days and nights are counted whole; hours and minutes may not be.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import level_words as w
from reasoning_mesh.planner import natural, tellings
from reasoning_mesh.planner.forms import FormedReading

_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
#: Clauses are joined by marks (`. `, `, `, ` - `), `and`, `so` (`..., so how many weeks`).
_JOINS = re.compile(r"(?:[.;:!?,]| -)\s+(?:and (?:then )?|so )?|\s+and (?:then )?")


def _amount(role: str) -> str:
    """A number of `role` (`s`, `r`, `t`) with its currency before it or its unit after it."""
    return (
        rf"(?P<{role}c>[£$€])?(?P<{role}>{_NUMBER})"
        rf"(?:\s?(?P<{role}u>{w.UNITS})(?![a-z]))?"
    )


def _shape(pattern: str) -> re.Pattern[str]:
    pattern = pattern.replace("PS", rf"(?P<ps>{'|'.join(w.PERIODS.values())})")
    pattern = pattern.replace("MS", rf"(?P<ps>{'|'.join(w.DISTANCES.values())})")
    for role in "SRT":
        pattern = re.sub(
            rf"(?<![A-Za-z]){role}(?![A-Za-z])", _amount(role.lower()).replace("\\", "\\\\"), pattern
        )
    return re.compile(pattern)


_LEADS = tuple(re.compile(p) for p in w.LEADS)
#: Every clause shape: the parts it tells (by the groups it has), which way the level moves
#: (`+`, `-` or unsaid), and what kind of start, target or ask it says, if one that only a
#: level that falls may have (`size`, `left`, `running`) or a start that is full (`full`).
_SHAPES = (
    *((_shape(p), "", "") for p in w.STARTS),
    *((_shape(p), "", "full") for p in w.FULL_STARTS),
    *((_shape(p), "", "size") for p in w.SIZES),
    (_shape(w.SIZE_RUNNING), "-", "size"),
    *((_shape(p), way, "") for p, way in w.RATES),
    *((_shape(p), "", "left" if left else "") for p, left in w.TARGETS),
    *((_shape(p), "", "left" if left else "") for p, left in w.ASKS),
    (_shape(w.RUNNING), "", "running"),
    *((_shape(p), "+", "") for p in w.METER_RATES),
    *((_shape(p), "", "") for p in (*w.METER_STARTS, *w.FARES, *w.NO_TIP, *w.METER_ASKS)),
)
#: What a rate is per (a period, a distance), as the ask says it.
_PER = {**w.PERIODS, **w.DISTANCES}
_ROLES = {"s": "start", "r": "rate", "t": "target", "ps": "ask"}


def read(text: str) -> FormedReading | None:
    """The count of periods until the level reaches its target, with its form, else None."""
    clauses = [c for c in _JOINS.split(tellings.said(text, numerals=True)) if c]
    told: dict[str, re.Match[str]] = {}
    way, kinds, last = "", set(), None
    for clause in clauses:
        if not told and any(lead.fullmatch(clause) for lead in _LEADS):
            continue  # an opening, before anything is told
        found = next(((m, d, k) for shape, d, k in _SHAPES if (m := shape.fullmatch(clause))), None)
        if found is None:
            return None  # a clause of no shape here
        m, direction, kind = found
        roles = {role for group, role in _ROLES.items() if m.groupdict().get(group) is not None}
        if roles & set(told):
            return None  # a part told twice
        told |= dict.fromkeys(roles, m)
        way, last = direction or way, m
        kinds.add(kind)
    if set(told) != set(_ROLES.values()) or last is None or last.groupdict().get("ps") is None:
        return None  # a part untold, or a story after its ask
    if way != "-" and kinds & {"size", "left", "running"}:
        return None  # `the tank is 500 l and fills at ...`: its size, not its level now
    if "running" in kinds and not kinds & {"full", "size"}:
        return None  # running since when? only a container put up full says
    return _reading(told, way)


def _reading(told: dict[str, re.Match[str]], way: str) -> FormedReading | None:
    start, rate, target, ask = (told[r] for r in ("start", "rate", "target", "ask"))
    if not way or _PER[rate["p"]] != ask["ps"] or not _sound(told, start, rate, target):
        return None  # `15 a week ... how many months`
    sign = "+" if way == "+" else "-"
    s, r, t = (m[g].replace(",", "") for m, g in ((start, "s"), (rate, "r"), (target, "t")))
    reading = natural.reading_as(f"solve {s} {sign} {r}*n = {t} for n", "Solve")
    if reading is None:
        return None
    if rate["p"] in w.MEASURED:
        return FormedReading(reading, "not_negative", decimal=True)
    return FormedReading(reading, "count")


def _sound(
    told: dict[str, re.Match[str]], start: re.Match[str], rate: re.Match[str], target: re.Match[str]
) -> bool:
    """One unit or none, one currency on every amount or none, below nothing only a
    temperature, and one container named however often."""
    units = {u for u in (start["su"], rate["ru"], target["tu"]) if u}
    money = {start["sc"], rate["rc"], target["tc"]}
    if len(money) != 1 or (money != {None} and units) or not _one_unit(units):
        return False  # `£120 ... 15 a week`: pounds, or pence?
    below = start["s"].startswith("-") or target["t"].startswith("-")
    if rate["r"].startswith("-") or (below and not units & _TEMPERATURE):
        return False  # only a temperature may start or end below nothing
    return len({m["c"] for m in told.values() if m.groupdict().get("c")}) <= 1  # `bag ... bottle`


_TEMPERATURE = frozenset(("°c", "°f", "c", "f", "degrees"))


def _one_unit(units: set[str]) -> bool:
    """One unit, said one way or two ways of one scale (`18°c` ... `3 degrees`)."""
    return len(units) <= 1 or any(units <= same for same in w.SAME_UNITS)
