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
from fractions import Fraction

from reasoning_mesh.planner import level_words as w
from reasoning_mesh.planner import money as money_
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
_METER = frozenset(("meter",))
#: Every clause shape: the parts it tells (by the groups it has), which way the level moves
#: (`+`, `-` or unsaid), and the kinds of what it tells (`level_words`).
_SHAPES = (
    *((_shape(p), "", frozenset(k.split())) for p, k in w.STARTS),
    (_shape(w.SIZE_RUNNING), "-", frozenset(("size", "bag"))),
    *((_shape(p), way, frozenset()) for p, way in w.RATES),
    *((_shape(p), "", frozenset(k.split())) for p, k in (*w.TARGETS, *w.ASKS)),
    *((_shape(p), "+", _METER) for p in w.METER_RATES),
    *((_shape(p), "", _METER) for p in (*w.METER_STARTS, *w.FARES, *w.NO_TIP, *w.METER_ASKS)),
)
_ROLES = {"s": "start", "r": "rate", "t": "target", "ps": "ask"}
#: What a rate is per (a period, a distance), as the ask says it.
_PER = {**w.PERIODS, **w.DISTANCES}


def read(text: str) -> FormedReading | None:
    """The count of periods until the level reaches its target, with its form, else None."""
    clauses = [c for c in _JOINS.split(tellings.said(text, numerals=True)) if c]
    told: dict[str, re.Match[str]] = {}
    kinds: dict[str, frozenset[str]] = {}
    way, last = "", None
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
        kinds |= dict.fromkeys(roles, kind)
        way, last = direction or way, m
    if set(told) != set(_ROLES.values()) or last is None or last.groupdict().get("ps") is None:
        return None  # a part untold, or a story after its ask
    if not way or not _fits(told, kinds, way):
        return None
    return _reading(told, way)


def _fits(told: dict[str, re.Match[str]], kinds: dict[str, frozenset[str]], way: str) -> bool:
    """Whether what each part tells fits the story (`level_words`' kinds; audit B)."""
    start, target, ask = kinds["start"], kinds["target"], kinds["ask"]
    unit = told["start"]["su"]
    return not any(
        (
            # `the tank is 500 l and fills`: its size, not its level now
            way == "+" and bool(start & {"size"} or ask & {"left", "running"} or "now" in target),
            # `i've done 600 ml ... will there be 200 ml left`: given, or left?
            way == "-" and bool(start & {"progress"} or "grows" in target),
            way == "-" and "mine" in ask and "mine" not in start,
            # `there's 375 ml left ... how many more hours`: from now, or from full?
            ("now" in target) != ("running" in ask),
            # running since when? only a bag put up full says
            "running" in ask and (_thing(told["start"]) != "bag" or not start & {"full", "size"}),
            # `had 1000 ml at the start of my shift ... how many more`, `a 1000 ml bag is running
            # ... how many more`: the level then, or its size; how many more from now?
            bool(start & {"past", "size"}) and " more " in f" {told['ask'][0]} ",
            "on" in start and unit is None,
            "long" in start and unit not in _LONG,  # `my scarf is 12 °c long`
            # `his fare was £19.20 ... how many miles was her trip`: whose?
            len(_whose(told["target"]) | _whose(told["ask"])) > 1,
            # `the bag began at 0800`: a time of day, not a level
            "full" in start and unit not in w.MEASURES,
            # `the pond is 3 m`: deep, or wide?
            "size" in start and unit in w.LENGTHS,
            # `i have £3 already. it adds £2 a mile`: a meter's parts come only with one another
            len({"meter" in k for k in kinds.values()}) > 1,
            # `i'm at £120 ... until we have £300`: mine, or ours?
            set().union(*(_person(m) for m in told.values())) == {"i", "we"},
            not _named_alike(told, kinds),
        )
    )


def _named_alike(told: dict[str, re.Match[str]], kinds: dict[str, frozenset[str]]) -> bool:
    """Whether every thing named is the start's (`the room ... the water`: which?); where the
    start names none, only a knitted thing may be named (`i've done 38 rows ... the back panel
    needs 150 rows`); `the temperature` only of temperatures, `the level` only of a container;
    and one kind of a thing named in full (`the iv bag ... the drainage bag`: two bags)."""
    names = {m["c"] for m in told.values() if m.groupdict().get("c")}
    if len({n for n in names if " " in n}) > 1:
        return False
    if names & set(w.KNITTED_NAMES) and len(names) > 1:
        return False  # `the panel ... the back panel`: one piece, or two?
    start = _thing(told["start"])
    named = {_thing(m) for m in told.values()} - {"", "temperature", "level"}
    if named - {start} and (start or not named <= _KNITTED or "mine" not in kinds["start"]):
        return False
    asked = _thing(told["ask"])
    if asked == "temperature":
        return bool({told["start"]["su"], told["target"]["tu"]} & w.TEMPERATURES)
    return asked != "level" or start in _CONTAINERS


def _person(m: re.Match[str]) -> set[str]:
    """Who a clause says it is of: `i`, `we`, or neither (`the pharmacy has`)."""
    said = set(re.findall(r"\b(?:i|i'm|im|i've|ive|we|we're|we've)\b", m[0]))
    return {"we" if w.startswith("we") else "i" for w in said}


#: Units a knitted piece's length is said in.
_LONG = frozenset((None, "cm", "mm", "m", "metres", "meters", "rows"))


def _whose(m: re.Match[str]) -> set[str]:
    """Whose a clause says its fare or trip is (`his`, `a guy`: he; `her`: she; `my`: me)."""
    return {_PERSONS[w] for w in re.findall(r"[a-z]+", m[0]) if w in _PERSONS}


_PERSONS = {"his": "he", "he": "he", "guy": "he", "bloke": "he", "man": "he", "her": "she",
            "she": "she", "lady": "she", "woman": "she", "my": "me", "i": "me"}  # fmt: skip


def _thing(m: re.Match[str]) -> str:
    """The thing a clause names, by its last word (`the iv bag`: `bag`), or none."""
    named = m.groupdict().get("c")
    return named.split()[-1] if named else ""


def _reading(told: dict[str, re.Match[str]], way: str) -> FormedReading | None:
    start, rate, target, ask = (told[r] for r in ("start", "rate", "target", "ask"))
    if _PER[rate["p"]] != ask["ps"] or not _sound(told, start, rate, target):
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
    """One unit or none (said on the start wherever it is said, and on every amount if it is a
    measure), one currency on every amount or none, and below nothing only a temperature."""
    said = (start["su"], rate["ru"], target["tu"])
    units = {u for u in said if u}
    money = {start["sc"], rate["rc"], target["tc"]}
    amounts = (start["s"], rate["r"], target["t"])
    below = start["s"].startswith("-") or target["t"].startswith("-")
    return not any(
        (
            # `£120 ... 15 a week`: pounds, or pence?
            len(money) != 1 or (money != {None} and bool(units)) or not _one_unit(units),
            # `a 1 l bag ... 125 an hour`: ml, or litres? `my scarf is at 35 ... 4 rows`: cm?
            bool(units) and (start["su"] is None or (bool(units & w.MEASURES) and not all(said))),
            # `20°c ... 212 degrees`: of which scale?
            "degrees" in (start["su"], target["tu"]) and bool(units - {"degrees"}),
            # `3 plus 50c a mile`, `2.60 then 90 a mile`: pence, or pounds?
            rate["p"] in w.DISTANCES
            and (bool(units) or (money == {None} and money_.tenfold(*amounts[:2]))),
            # `0800`: a time; `1.000 ml`, `0,500 kg`: a thousand, or one? a half, or 500?
            any(re.match(r"-?0[\d,]|[1-9]\d{0,2}\.\d{3}$", n) for n in amounts),
            # `water at 20°c heats up ... to 120°c`: it boils on the way
            _changes_state(told, start["s"], target["t"], units),
            # only a temperature may start or end below nothing; a rate of nothing reaches nothing
            rate["r"].startswith("-") or (below and not units & w.TEMPERATURES),
            Fraction(rate["r"].replace(",", "")) == 0,
        )
    )


_KNITTED = frozenset(k.split()[-1] for k in w.KNITTED_NAMES)
_CONTAINERS = frozenset(c.split()[-1] for c in w.CONTAINER_NAMES)


def _changes_state(told: dict[str, re.Match[str]], s: str, t: str, units: set[str]) -> bool:
    """Whether water said in degrees goes outside where it stays water (0 to 100 °C, 32 to 212
    °F): boiling or freezing holds it there, so its change is no longer steady."""
    if "water" not in {_thing(m) for m in told.values()} or not units & w.TEMPERATURES:
        return False
    low, high = ("32", "212") if units & (w.FAHRENHEIT - w.CELSIUS) else ("0", "100")
    return any(Fraction(n) < Fraction(low) or Fraction(n) > Fraction(high) for n in (s, t))


def _one_unit(units: set[str]) -> bool:
    """One unit, said one way or two ways of one scale (`18°c` ... `3 degrees`)."""
    return len(units) <= 1 or any(units <= same for same in w.SAME_UNITS)
