"""The one quantity a statement states (`statement`): its number and unit, and whether every
other word of the statement is one that leaves the amount as said (a verb saying what it is
before it; a size, a time, a place, a paper after it; money or a rate named after a rounded
amount), else None.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import thousands
from reasoning_mesh.planner.sentence_words import (
    APART,
    DETERMINERS,
    DISTANCE_TIME,
    GAUGES,
    IN_PARTS,
    JOURNEYS,
    OF_NAMES,
    PREPOSITIONS,
    PURPOSES,
    SIZES,
    SLOTS,
    WHEN,
    bare,
    free,
    noun,
)
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

#: Hours written with these two decimals are quarters, not minutes on a clock (`2.25 hours`).
_QUARTERS = ("00", "25", "50", "75")
#: Money named after its amount (`23.786 dollars`): rounded as said, never converted.
CURRENCIES = frozenset(("dollars", "pounds", "euros", "quid", "bucks", "pence", "cents"))
#: What a stated amount may be `for` besides a paper: the one whole it is all of (`2.4 kg of
#: flour for the bakery order`); never people or times, which may multiply (`for the family`).
_WHOLES = ("result", "practical", "order", "recipe", "cake", "experiment")
#: `a 10 km race`, `an 8 km walk`: the one thing of that size.
_ARTICLES = ("a", "an")
_SHOWS = re.compile(
    r"but (?:(?:my|the|our) (?P<what>(?:(?!(?:is|are|only) )[a-z-]+ ){1,3})|it )(?:only )?"
    r"(?:shows|does|reads|measures|weighs|works|goes|counts|is|has to be|needs to be|must be|"
    r"(?:is |are )?(?:only )?(?:marked|labelled|labeled|graduated|calibrated)|has|understands|"
    r"knows|uses)(?: in)? (?P<unit>[a-z]+)(?: (?:on it|markings|marked on it|on the side))?"
)


#: When a stated amount was (`this morning`, `58,391 fans last night`, `last season`).
_WHEN_SAID = frozenset(
    [
        ("this", t)
        for t in (
            "morning",
            "afternoon",
            "evening",
            "week",
            "weekend",
            "month",
            "year",
            "season",
            "term",
        )
    ]
    + [("last", t) for t in ("night", "week", "weekend", "month", "year", "season", "time")]
    + [("in", "it"), ("in", "there")]  # `the stadium had 56,271 fans in it`: where they were
)
#: Longer phrases of when (`over the weekend`, `in the last hour`): one stretch of time, the
#: one the amount was in (never `a` or `per` one, which make a rate).
_WHEN_LONG = frozenset(
    [("over", "the", t) for t in ("weekend", "week", "month", "year", "season", "summer")]
    + [("in", "the", w, t) for w in ("last", "past") for t in ("hour", "day", "week", "month", "year")]
)
#: What was done to make the amount, said after it (`47.62 kg of flour used this week`, `1,049
#: lambs born this year`, `674 bricks left on the pallet`): the amount is what was so done.
_DONE = frozenset(
    ("used", "born", "sold", "made", "produced", "collected", "picked", "delivered", "recorded",
     "logged", "baked", "grown", "harvested", "left", "raised", "served", "posted", "shipped")
)  # fmt: skip
#: Names said after an amount that is rounded as said, never converted (`-3.76 degrees`).
NAMED_AFTER = frozenset(("degrees", "bpm"))


def number_at(words: list[str]) -> int | None:
    """Where the statement's first number is."""
    return next((i for i, w in enumerate(words) if re.search(r"\d", w)), None)


def one_quantity(
    words: list[str], asked_unit: str | None, *, grouped: bool = False
) -> tuple[str, str | None] | None:
    """The one number of the statement and its unit, where every other word is as the module
    says; None otherwise. `grouped`: a thousands group may be read (`34,752` to the nearest
    thousand; with decimal places or a unit it may be a decimal comma or a list)."""
    k = number_at(words)
    # one number, what `that` is; nothing after it past a stop (`the crowd was 34,512; tickets
    # sold`: what follows is another clause's)
    if (
        k is None
        or any(re.search(r"\d", w) for w in words[k + 1 :])
        or (words[k][-1] in ",;:" and words[k + 1 :])
    ):
        return None
    number = words[k].rstrip(",;:")
    before, after = words[:k], words[k + 1 :]
    measured = _measure(number, before, after, asked_unit, grouped=grouped)
    if measured is None:
        return None
    unit, after = measured
    converted = unit is not None and asked_unit is not None
    if grouped or converted:
        number = thousands.read(number, before, unit=converted)
    if not re.fullmatch(r"-?\d+(?:\.\d+)?", number):
        return None
    if grouped and unit is not None and "," in words[k]:
        return None  # `1,750 km to the nearest ten`: a decimal comma? (`356.48 km` is read)
    kind = UNIT_NAMES.get(unit) if unit else None
    if not _said_before(
        before, journey=kind in DISTANCE_TIME, unit_said=unit is not None
    ) or not _said_after(
        after, asked_unit, attributive=bool(before) and before[-1] in _ARTICLES, kind=kind
    ):
        return None
    return number, unit


def _measure(
    number: str, before: list[str], after: list[str], asked_unit: str | None, *, grouped: bool
) -> tuple[str | None, list[str]] | None:
    """The unit after the number, and the words after that: past money named after it or a
    rate it is per (rounded as said) and what a thousands group counts; None where the amount
    is not sure (`23.786 dollars in cents`, `12.500 dollars`, `2.30 hours`, `there for 9.45`)."""
    unit = None
    if after and bare(after[0]) in UNIT_NAMES:
        unit, after = bare(after[0]), after[1:]
    elif asked_unit is None and after and bare(after[0]) in CURRENCIES:
        if after[1:2] == ["in"] or re.fullmatch(r"-?\d+\.\d00", number):
            return None  # `23.786 dollars in cents`; `12.500 dollars`: a thousands point?
        after = after[1:]  # `my bill came to 23.786 dollars, round it`: money, rounded as said
    elif asked_unit is None and after and bare(after[0]) in NAMED_AFTER:
        if after[1:2] == ["in"]:
            return None  # `35.67 degrees in radians`: converted first (audit I)
        after = after[1:]  # `the overnight low was -3.76 degrees`: rounded as said
    elif grouped and after and thousands.counted(bare(after[0])):
        if "." in number:
            return None  # `62.548 people`: a count is whole (a thousands point?)
        after = after[1:]  # `the stadium holds 62,548 people`: what is counted
    per = bare(after[1]) if len(after) > 1 else ""
    if asked_unit is None and after[:1] in (["a"], ["per"]) and per in UNIT_NAMES and len(per) > 1:
        # `petrol is 1.479 a litre, what's that to 2 dp`: a rate is rounded as it is said
        # (never converted: `1.479 a litre` in ml is no amount; `6.45 a m` is a time)
        after = after[2:]
    kind = UNIT_NAMES.get(unit) if unit else None
    if kind == "hour" and re.fullmatch(r"\d+\.[0-5][05]", number) and number[-2:] not in _QUARTERS:
        return None  # `we flew 2.30 hours`: two and a half hours, or 2 h 30? (`2.25 hours` is read)
    staying = before[-2:-1] in (["away"], ["gone"], ["staying"], ["there"]) and before[-1:] == ["for"]
    if staying and DIMENSION_OF.get(kind or "") != "time":
        return None  # `we'll be there for 9.45`: a time of day
    return unit, after


def _all_free(words: list[str], *, journey: bool = False) -> bool:
    """Every word `free`, and, of a quantity of time or length (`journey`: `the bus to town is
    10.45` is a time of day or a fare), `to` after a journey (`our flight to singapore is`): a
    destination, not a conversion's `to`."""
    return all(
        free(w)
        or (w == "of" and 0 < i < len(words) - 1 and noun(words[i - 1]) and _named(words[i + 1]))
        or (
            journey
            and w == "to"
            and 0 < i < len(words) - 1
            and words[i - 1] in JOURNEYS
            and noun(words[i + 1])
        )
        for i, w in enumerate(words)
    )


def _named(word: str) -> bool:
    """After `of` between names: a determiner or a name (`the bag of flour`, `population of
    our town`)."""
    return word in DETERMINERS or noun(word)


def _said_before(words: list[str], *, journey: bool = False, unit_said: bool = False) -> bool:
    """`the recipe wants`, `for the lab practical i need`, `i measured the leaf at`: plain
    words, then a slot."""
    for size in (3, 2, 1):
        if len(words) >= size and " ".join(words[-size:]) in SLOTS:
            return _all_free(words[:-size], journey=journey)
    if words and words[-1].endswith(":") and len(words[-1]) > 1 and unit_said:
        # `Lab result: 12.96 g`: what the amount is, named before a colon; with its unit only
        # (audit I: `Bedtime: 8.45`, `Lunch: 12.30` are times of day)
        return _all_free([*words[:-1], words[-1][:-1]], journey=journey)
    if len(words) >= 2 and words[-1] == "of" and words[-2] in OF_NAMES:  # `got a mean of`
        return _all_free(words[:-2], journey=journey)
    if words and words[-1] in _ARTICLES:  # `i'm running a 10 km race`
        return _all_free(words[:-1], journey=journey)
    # `I measured the leaf at`: a verb of measuring, then what was measured, then `at`
    if (
        len(words) >= 3
        and words[-1] == "at"
        and words[0] in ("i", "we")
        and words[1] in ("measured", "weighed", "timed", "clocked")
    ):
        return _all_free(words[2:-1], journey=journey)
    return False


def _said_after(
    words: list[str], asked_unit: str | None, *, attributive: bool, kind: str | None = None
) -> bool:
    """What follows the quantity in its statement: a size, a time, `of` what, `on`/`at` where,
    `for` which paper, `as my answer`; a clause naming only the unit asked for (`but my scale
    only shows grams`)."""
    words = [bare(w) for w in words]
    going = DIMENSION_OF.get(kind or "") in ("length", "time")
    if going and words[:2] in (["each", "way"], ["one", "way"]):
        words = words[2:]  # `my commute is 8750 metres each way`: one way is the amount said
    if IN_PARTS & set(words):
        return False
    single = bool(words) and not words[0].endswith("s") and "-" not in words[0]
    if attributive and single and noun(words[0]):  # `a 10 km race`, not `a 330 ml four-pack`
        words = words[1:]  # `a 10 km race`
    while words:
        if words[0] in ("but", "my", "the", "our") and asked_unit is not None:
            # `but my scale only shows grams`; `..., my jug only does ml.`
            return _only_shows(words if words[0] == "but" else ["but", *words], asked_unit)
        if words[0] in SIZES or words[0] in WHEN or (going and words[0] in APART):
            words = words[1:]
        elif (n := _when_or_done(words)) > 0:
            words = words[n:]
        elif words[:3] in (["as", "my", "answer"], ["as", "the", "answer"], ["as", "my", "result"]):
            words = words[3:]
        elif (
            words[:2] == ["according", "to"]
            and (n := _phrase(words[1:])) > 1
            and kind in GAUGES.get(words[n], ())  # the phrase's noun measures such things
        ):
            words = words[n + 1 :]  # `according to my phone`: who measured it
        elif words[0] in (*PREPOSITIONS, "for"):
            n = _phrase(words)
            if n == 0:
                return False
            words = words[n:]
        else:
            return False
    return True


def _when_or_done(words: list[str]) -> int:
    """How many words at the start of `words` say when the amount was (`this morning`, `58,391
    fans last night`, `over the weekend`, `in the last hour`) or what was done to make it
    (`used`); 0 where none do."""
    if tuple(words[:2]) in _WHEN_SAID:
        return 2
    if (n := next((len(p) for p in _WHEN_LONG if tuple(words[: len(p)]) == p), 0)) > 0:
        return n
    return 1 if words[0] in _DONE else 0


def _only_shows(words: list[str], unit: str) -> bool:
    """`but my scale only shows grams`, `but the jug is in litres`: what measures it names the
    unit asked for, and nothing else (`but i already have some grams` is not one)."""
    m = _SHOWS.fullmatch(" ".join(words))
    return (
        m is not None
        and m.group("unit") == unit
        and all(noun(w) or w == "measuring" for w in (m.group("what") or "").split())
    )


#: A day named by the noun before it (`at the open day`, `on sports day`): an occasion.
_NAMED_DAYS = frozenset(("day", "night"))


def _phrase(words: list[str]) -> int:
    """The length of a phrase `on my timesheet`, `of buffer solution`, `for my biology
    project` at the start of `words`; 0 where it is not one."""
    k = 2 if len(words) > 1 and words[1] in DETERMINERS else 1
    nouns = 0
    while (
        k + nouns < len(words)
        and nouns < 3
        and (noun(words[k + nouns]) or (nouns > 0 and words[k + nouns] in _NAMED_DAYS))
    ):
        nouns += 1
    if nouns == 0:
        return 0
    if words[0] == "for" and words[k + nouns - 1] not in (*PURPOSES, *_WHOLES):
        return 0  # `for the family` may multiply
    return k + nouns
