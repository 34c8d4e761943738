"""A quantity stated in the asker's own sentence, then asked about by a pronoun: `Ran 12.4 km
this morning before work, how many metres is that?`, `recipe wants 0.6 kilograms of flour but my
scale only shows grams, how many grams do i weigh out`, `The class average came out as 58.3749 -
what is that rounded to two decimal places?`, `I got 2.71828 as my answer but the teacher wants
it to 4 d.p.`.

`embedded.quantity_first` reads such a statement when it is a name and a verb of being; this
reader takes the open sentences people write around one quantity, and stays safe by what it
asks of each part:

- the ask is a conversion or a rounding of `that`/`it`/`this` (or of what `how many X do I
  weigh out` weighs), one of a few fixed forms (`statement_asks`): what is
  asked can only be the quantity stated, in another unit or rounded;
- the statement holds that one quantity and no other number; the word or two before it say
  what it is (`SLOTS`: `needs`, `came out as`, `calls for`, `measured the leaf at`), never how
  it was changed (`we trebled 75 ml`); the words before those, and the ones after it up to the
  end of its clause (where, when, of what, for which paper), are plain words: no word of maths,
  no number word, no unit, no letter, no word that makes it stand for another amount (a map, a
  rate, a share: `CHANGES`);
- a clause between them may only name the unit asked for (`but my scale only shows grams`).

The reading is the grammar's own (`How many grams are there in 0.6 kilograms?`), built from the
question's own words; `read` returns None where any part is not one of these.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural, thousands
from reasoning_mesh.planner import statement_asks as asks
from reasoning_mesh.planner.sentence_words import (
    ANSWER_KINDS,
    ANSWER_SLOTS,
    APART,
    BILLS,
    DETERMINERS,
    DISTANCE_TIME,
    GAUGES,
    IN_PARTS,
    INSTRUCTIONS,
    JOURNEYS,
    KINDS,
    NOT_LITERAL,
    OF_NAMES,
    PREPOSITIONS,
    PURPOSES,
    REQUIRED,
    SIZES,
    SLOTS,
    WHEN,
    bare,
    free,
    noun,
)
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

#: What `to the nearest ...` names that is no unit: a place value (`whole` alone is a number).
_NEAREST = frozenset(("ten", "hundred", "thousand", "tenth", "hundredth", "thousandth", "whole"))
#: Hours written with these two decimals are quarters, not minutes on a clock (`2.25 hours`).
_QUARTERS = ("00", "25", "50", "75")
#: Money named after its amount (`23.786 dollars`): rounded as said, never converted.
_CURRENCIES = frozenset(("dollars", "pounds", "euros", "quid", "bucks", "pence", "cents"))
#: What a stated amount may be `for` besides a paper: the one whole it is all of (`2.4 kg of
#: flour for the bakery order`); never people or times, which may multiply (`for the family`).
_WHOLES = ("result", "practical", "order", "recipe", "cake", "experiment")
#: `a 10 km race`, `an 8 km walk`: the one thing of that size.
_ARTICLES = ("a", "an")
_SHOWS = re.compile(
    r"but (?:(?:my|the|our) (?P<what>(?:(?!(?:is|are|only) )[a-z-]+ ){1,3})|it )(?:only )?"
    r"(?:shows|does|reads|measures|weighs|works|goes|counts|is|has to be|needs to be|must be|"
    r"(?:is |are )?(?:only )?(?:marked|labelled|labeled|graduated|calibrated))(?: in)? (?P<unit>[a-z]+)"
)


#: `The bill came to 47.368 after tax`: the amount as stated already has its tax in it (never
#: `plus tax` or `before tax`, which ask for another amount).
_TAXED = re.compile(r"(?<=\d) (?:after|including|incl|inc) (?:tax|vat)\b")


#: `my 100m time was 12.487 seconds`: a race named by its distance before the time stated (never
#: `a 10 km race`, which is the quantity).
_RACE = re.compile(
    r"\b(?P<whose>my|the|her|his|our) \d+ ?(?:m|k|km) (?=(?:sprint|time|dash|hurdles|freestyle|"
    r"relay|split)\b(?=.*\d))"
)


def read(text: str) -> str | None:
    """The grammar's reading of `text` as a stated quantity asked about, else None."""
    tokens = _RACE.sub(r"\g<whose> ", _TAXED.sub("", normal(text))).rstrip(".?!").split()
    if not tokens or NOT_LITERAL & {bare(t) for t in tokens}:
        return None
    for cut in range(len(tokens) - 1, 0, -1):
        if (reading := _split(tokens[:cut], tokens[cut:])) is not None:
            return reading
    return None


def stated(sentence: str) -> tuple[str, str | None] | None:
    """The quantity a sentence states, by this module's rules for a statement (`My commute is
    45 minutes each way.` → `45`, `minutes`), else None."""
    tokens = normal(sentence).rstrip(".?!").split()
    if not tokens or NOT_LITERAL & {bare(t) for t in tokens}:
        return None
    return _quantity(tokens, None)


def _split(statement: list[str], ask_tokens: list[str]) -> str | None:
    """The reading when `statement` states the quantity and `ask_tokens` asks about it."""
    last = statement[-1]
    joined = " ".join(ask_tokens)
    if last in ("-", "–", "—") or last[-1] in ",.;:!?":
        statement = statement[:-1] if last in ("-", "–", "—") else [*statement[:-1], last[:-1]]
    elif last not in ("but", "and", "so") or not statement[:-1]:
        return None
    else:
        joined = f"{last} {joined}"
        statement = statement[:-1]
    ask = asks.ask_of(joined, statement)
    for k, form in enumerate(asks.CONVERSION_ASKS):
        if (m := form.match(ask)) is not None:
            if k == asks.DOING_ASK and not (_required(statement) and _bare_amount(statement)):
                return None  # `i got 0.6 kg, how many grams do i need`: more, or none?
            at = _number_at(statement) or 0
            if m.groupdict().get("it") in ("it", "this") and (
                _after_phrase(statement) or "of" in statement[:at]
            ):
                # `i poured 0.6 kg from the bag, how heavy is it`, `the lid of the box weighs
                # 0.3 kg, how heavy is it`: the bag? the box?
                return None
            return _converted(statement, m.group("unit")) if asks.asker_fits(statement, m, at) else None
    return _rounded(statement, ask)


def _rounded(statement: list[str], ask: str) -> str | None:
    for form in asks.ROUNDING_ASKS:
        if (m := form.match(ask)) is not None:
            grouped = re.search(r"nearest (?:ten|hundred|thousand)$", m.group("places"))
            quantity = _quantity(statement, None, grouped=grouped is not None)
            # who asks, after its determiner (a bare asker is one of `BARE_ASKERS`)
            who = (m.groupdict().get("who") or "").split()[1:]
            if quantity is None or not all(noun(w) for w in who):
                return None
            if grouped is not None and quantity[1] is not None and _short(quantity[0], grouped[0]):
                return None  # `the tree is 4.56 m tall, round it to the nearest ten`: tenth?
            if not _of_kind(statement, quantity[1], m.groupdict().get("kind")):
                return None  # `wants the total to 2 dp`: of what? `masses` of a length?
            # `to 2dp`, `to nearest ten`: as the grammar writes them
            places = re.sub(r"(?<=\d)dp$", " dp", m.group("places").replace("d.p", "dp"))
            places = places.replace("to nearest ", "to the nearest ")
            nearest = re.fullmatch(r"to the nearest (?:whole )?(?P<of>[a-z]+)", places)
            of = nearest.group("of") if nearest is not None else None
            if of is not None and of not in _NEAREST:
                if of not in ("number", "integer") and not _same_unit(of, quantity[1]):
                    return None  # `21.0975 km to the nearest whole m` converts first
                places = "to the nearest whole number"  # `93.48 cm to the nearest cm`
            return _grammar(f"{quantity[0]}, round it {places}", "Round")
    return None


def _short(number: str, nearest: str) -> bool:
    """Whether `number` has fewer whole digits than the place it is rounded to (`4.56` to the
    nearest ten): a slip for a tenth as likely as a question whose answer is 0."""
    places = {"ten": 2, "hundred": 3, "thousand": 4}[nearest.rsplit(maxsplit=1)[-1]]
    return len(number.lstrip("-").split(".")[0]) < places


def _of_kind(statement: list[str], unit: str | None, kind: str | None) -> bool:
    """Whether the stated quantity is of the kind a rule of rounding is given for: its unit is
    one of the kind's, or it is an answer the asker got (`my calculator says`, `i got`)."""
    if kind is None:
        return True  # `wants it to 2 dp`
    k = _number_at(statement) or 0
    slot = {" ".join(statement[max(0, k - n) : k]) for n in (1, 2, 3)}
    after = [bare(w) for w in statement[k + 1 :]]
    if kind in ANSWER_KINDS:
        # `i got 1.23 kg of flour at the shop` bought it: an answer got is bare
        got = bool(slot & ANSWER_SLOTS) and (after in ([], ["as", "my", "answer"]))
        said = "says" in slot and any(bare(w) == "calculator" for w in statement[:k])
        return got or said or after[:3] == ["as", "my", "answer"]
    if kind == "prices":  # `the bill came to`, `it costs`; not `the exchange rate came to`
        billed = any(bare(w) in BILLS for w in statement[:k])
        return unit is None and bool(
            slot & {"cost", "costs"} or (slot & {"came to", "comes to"} and billed)
        )
    units = KINDS.get(kind)
    return units is not None and (UNIT_NAMES.get(unit) if unit else None) in units


def _same_unit(word: str, unit: str | None) -> bool:
    """`km` and `kilometres`: one unit (`21.0975 km to the nearest whole km` is the nearest
    whole number of them)."""
    return unit is not None and word in UNIT_NAMES and UNIT_NAMES[word] == UNIT_NAMES.get(unit)


def _required(statement: list[str]) -> bool:
    k = _number_at(statement)
    if k is None:
        return False
    if any(" ".join(statement[max(0, k - n) : k]) in REQUIRED for n in (1, 2)):
        return True
    # `the recipe says 0.3 L`: an instruction's amount is the one to measure out
    said = k > 0 and statement[k - 1] in ("says", "said")
    return said and any(bare(w).removesuffix("'s") in INSTRUCTIONS for w in statement[: k - 1])


def _bare_amount(statement: list[str]) -> bool:
    """Nothing after the amount to measure out but what it is of (`0.3 L of milk`) and what
    measures it (`but my jug ...`): `0.3 L of milk evaporates`, `0.3 L maximum` is not what
    is poured."""
    k = _number_at(statement)
    if k is None:
        return False
    after = [bare(w) for w in statement[k + 1 :]]
    after = after[: after.index("but")] if "but" in after else after
    if after and after[0] in UNIT_NAMES:
        after = after[1:]
    if after[:1] != ["of"]:
        return after == []
    # `of milk`, `of buffer solution`; not `of milk evaporates` (a verb, not a second noun)
    nouns = after[1:]
    second_ok = len(nouns) == 1 or not nouns[-1].endswith(("s", "ly"))
    return 0 < len(nouns) <= 2 and all(map(noun, nouns)) and second_ok


def _after_phrase(statement: list[str]) -> bool:
    """Whether a phrase naming another thing follows the quantity (`of the bag`, `from the
    jug`), which `it` may stand for."""
    k = _number_at(statement)
    after = {bare(w) for w in statement[k + 1 :]} if k is not None else set()
    return bool(after & {*PREPOSITIONS, "for", "according"})


def _number_at(words: list[str]) -> int | None:
    """Where the statement's first number is."""
    return next((i for i, w in enumerate(words) if re.search(r"\d", w)), None)


def _converted(statement: list[str], unit: str) -> str | None:
    if unit not in UNIT_NAMES:
        return None
    quantity = _quantity(statement, unit)
    if (
        quantity is None
        or quantity[1] is None
        or DIMENSION_OF[UNIT_NAMES[quantity[1]]] != DIMENSION_OF[UNIT_NAMES[unit]]
    ):
        return None  # `the drive to leeds is 350 km, how many hours is that`: not a conversion
    number, from_unit = quantity
    return _grammar(f"{number} {from_unit}, how many {unit} is that", "How many")


def _grammar(text: str, kind: str) -> str | None:
    reading = natural.reading(text)
    return reading if reading is not None and reading.startswith(kind) else None


def _quantity(
    words: list[str], asked_unit: str | None, *, grouped: bool = False
) -> tuple[str, str | None] | None:
    """The one number of the statement and its unit, where every other word is as the module
    says; None otherwise. `grouped`: a thousands group may be read (`34,752` to the nearest
    thousand; with decimal places or a unit it may be a decimal comma or a list)."""
    k = _number_at(words)
    if k is None or any(re.search(r"\d", w) for w in words[k + 1 :]):
        return None  # one number: what `that` is
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
    if not _said_before(before, journey=kind in DISTANCE_TIME) or not _said_after(
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
    elif asked_unit is None and after and bare(after[0]) in _CURRENCIES:
        if after[1:2] == ["in"] or re.fullmatch(r"-?\d+\.\d00", number):
            return None  # `23.786 dollars in cents`; `12.500 dollars`: a thousands point?
        after = after[1:]  # `my bill came to 23.786 dollars, round it`: money, rounded as said
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


def _said_before(words: list[str], *, journey: bool = False) -> bool:
    """`the recipe wants`, `for the lab practical i need`, `i measured the leaf at`: plain
    words, then a slot."""
    for size in (3, 2, 1):
        if len(words) >= size and " ".join(words[-size:]) in SLOTS:
            return _all_free(words[:-size], journey=journey)
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
        elif words[0] == "this" and len(words) > 1 and words[1] in ("morning", "afternoon", "evening"):
            words = words[2:]
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


def _only_shows(words: list[str], unit: str) -> bool:
    """`but my scale only shows grams`, `but the jug is in litres`: what measures it names the
    unit asked for, and nothing else (`but i already have some grams` is not one)."""
    m = _SHOWS.fullmatch(" ".join(words))
    return (
        m is not None
        and m.group("unit") == unit
        and all(noun(w) or w == "measuring" for w in (m.group("what") or "").split())
    )


def _phrase(words: list[str]) -> int:
    """The length of a phrase `on my timesheet`, `of buffer solution`, `for my biology
    project` at the start of `words`; 0 where it is not one."""
    k = 2 if len(words) > 1 and words[1] in DETERMINERS else 1
    nouns = 0
    while k + nouns < len(words) and nouns < 3 and noun(words[k + nouns]):
        nouns += 1
    if nouns == 0:
        return 0
    if words[0] == "for" and words[k + nouns - 1] not in (*PURPOSES, *_WHOLES):
        return 0  # `for the family` may multiply
    return k + nouns
