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
  rate, a share: `CHANGES`); a rounded amount may name its money or its rate after it (`23.786
  dollars`, `1.479 a litre`), never a currency it is `in`, a thousands point or clock-style
  hours (`statement_quantity`);
- a clause between them may only name the unit asked for (`but my scale only shows grams`).

The reading is the grammar's own (`How many grams are there in 0.6 kilograms?`), built from the
question's own words; `read` returns None where any part is not one of these.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import held, natural, said_units
from reasoning_mesh.planner import statement_asks as asks
from reasoning_mesh.planner import statement_places as places_
from reasoning_mesh.planner.sentence_words import (
    ANSWER_KINDS,
    ANSWER_SLOTS,
    BILLS,
    INSTRUCTIONS,
    KINDS,
    NOT_LITERAL,
    PREPOSITIONS,
    REQUIRED,
    bare,
    noun,
)
from reasoning_mesh.planner.statement_quantity import number_at, one_quantity
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

#: What `to the nearest ...` names that is no unit: a place value (`whole` alone is a number).
_NEAREST = frozenset(("ten", "hundred", "thousand", "tenth", "hundredth", "thousandth", "whole"))
#: `The bill came to 47.368 after tax`: the amount as stated already has its tax in it (never
#: `plus tax` or `before tax`, which ask for another amount).
_TAXED = re.compile(r"(?<=\d) (?:after|including|incl|inc) (?:tax|vat)\b")
#: `my 100m time was 12.487 seconds`: a race named by its distance before the time stated (never
#: `a 10 km race`, which is the quantity).
_RACE = re.compile(
    r"\b(?P<whose>my|the|her|his|our) \d+ ?(?:m|k|km) (?=(?:sprint|time|dash|hurdles|freestyle|"
    r"relay|split)\b(?=.*\d))"
)


#: Things themselves named by a word that elsewhere makes an amount stand for another, as what
#: the statement opens on and measures (`the picture frame is 10 inches wide`, `the model train
#: platform is 36 cm long`: no scale); never what is in the frame or on the railway (audit U:
#: `in the photo frame the Eiffel Tower is 8 inches tall`, `the model railway church`), nor a
#: thing it is said to be (audit V: `the model train is a Eurostar and measures 39 cm`).
_THINGS = re.compile(
    r"^(?:the |my |our |a |this )?(?:(?:picture|photo) (?=frames? (?:is|are|measures) \d)|"
    r"model (?=(?:train|railway)s? (?:(?:platform|track|board|baseboard|layout) )?"
    r"(?:is|are|measures) \d))"
)


#: Units a model's own size is not asked in (audit V).
_FAR = frozenset(("mile", "miles", "km", "kilometre", "kilometres", "kilometer", "kilometers"))


def read(text: str) -> str | None:
    """The grammar's reading of `text` as a stated quantity asked about, else None (a mixed
    number or two amounts of one measure held out as one number: `held`)."""
    return _read(text) or held.with_held(text, _read)


def _read(text: str) -> str | None:
    tokens = _RACE.sub(r"\g<whose> ", _TAXED.sub("", normal(text))).rstrip(".?!").split()
    if not tokens or NOT_LITERAL & {bare(t) for t in _THINGS.sub("", " ".join(tokens)).split()}:
        return None
    if "model" in tokens and _FAR & {bare(t) for t in tokens}:
        return None  # `the model railway is 12 feet long, how many miles is it`: full size?
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
    return one_quantity(tokens, None)


#: A rounding to a place of whole numbers: a thousands group may be read (`34,752`).
_GROUPED = r"nearest (?:(?:ten |hundred )?thousand|ten|hundred)$"
#: An ask that starts itself, so may follow its statement with no stop between.
_TYPED_ON = re.compile(r"(?:how many|what is|what's|whats|round) ")


def _split(statement: list[str], ask_tokens: list[str]) -> str | None:
    """The reading when `statement` states the quantity and `ask_tokens` asks about it."""
    last = statement[-1]
    joined = " ".join(ask_tokens)
    if last in ("-", "–", "—") or last[-1] in ",.;:!?":
        statement = statement[:-1] if last in ("-", "–", "—") else [*statement[:-1], last[:-1]]
    elif _TYPED_ON.match(joined):
        pass  # `i ran 8500 metres this morning how many km is that`: the ask typed straight on
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
            at = number_at(statement) or 0
            if m.groupdict().get("it") in ("it", "this") and (
                _after_phrase(statement) or "of" in statement[:at]
            ):
                # `i poured 0.6 kg from the bag, how heavy is it`, `the lid of the box weighs
                # 0.3 kg, how heavy is it`: the bag? the box?
                return None
            if not asks.asker_fits(statement, m, at):
                return None
            return _converted(statement, m.group("unit"), decimal=bool(m.groupdict().get("decimal")))
    return _rounded(statement, ask)


def _rounded(statement: list[str], ask: str) -> str | None:
    for form in asks.ROUNDING_ASKS:
        if (m := form.match(ask)) is not None:
            return _rounded_as(statement, m)
    return None


def _rounded_as(statement: list[str], m: re.Match[str]) -> str | None:
    """The rounding `m` asks of the statement's quantity, where its place and unit fit it."""
    paper = m.groupdict().get("paper")
    if paper is not None and not asks.written_in(m.groupdict().get("name"), paper):
        return None  # `what should I write in the weekly column`: another amount
    said, counted = places_.said(m.group("places"))
    grouped = re.search(_GROUPED, said)
    quantity = one_quantity(statement, None, grouped=grouped is not None)
    # who asks, after its determiner (a bare asker is one of `BARE_ASKERS`)
    who = (m.groupdict().get("who") or "").split()[1:]
    if quantity is None or not all(noun(w) for w in who):
        return None
    if not places_.fits(quantity, counted, grouped):
        return None
    if not _of_kind(statement, quantity[1], m.groupdict().get("kind")):
        return None  # `wants the total to 2 dp`: of what? `masses` of a length?
    # `to 2dp`, `to nearest ten`: as the grammar writes them
    places = re.sub(r"(?<=\d)dp$", " dp", said.replace("d.p", "dp"))
    places = places.replace("to nearest ", "to the nearest ")
    if not places.startswith("to "):  # `..., nearest thousand pls`
        places = f"to the {places.removeprefix('the ')}"
    nearest = re.fullmatch(r"to the nearest (?:whole )?(?P<of>[a-z]+)", places)
    of = nearest.group("of") if nearest is not None else None
    if of is not None and of not in _NEAREST:
        degrees = of == "degree" and quantity[1] is None and places_.in_degrees(statement)
        if of not in ("number", "integer") and not degrees and not places_.same_unit(of, quantity[1]):
            return None  # `21.0975 km to the nearest whole m` converts first
        places = "to the nearest whole number"  # `93.48 cm to the nearest cm`
    return natural.reading_as(f"{quantity[0]}, round it {places}", "Round")


def _of_kind(statement: list[str], unit: str | None, kind: str | None) -> bool:
    """Whether the stated quantity is of the kind a rule of rounding is given for: its unit is
    one of the kind's, or it is an answer the asker got (`my calculator says`, `i got`)."""
    if kind is None:
        return True  # `wants it to 2 dp`
    k = number_at(statement) or 0
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


def _required(statement: list[str]) -> bool:
    k = number_at(statement)
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
    k = number_at(statement)
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
    k = number_at(statement)
    after = {bare(w) for w in statement[k + 1 :]} if k is not None else set()
    return bool(after & {*PREPOSITIONS, "for", "according"})


def _converted(statement: list[str], unit: str, *, decimal: bool = False) -> str | None:
    if unit not in UNIT_NAMES:
        return None
    quantity = one_quantity(statement, unit)
    if (
        quantity is None
        or quantity[1] is None
        or DIMENSION_OF[UNIT_NAMES[quantity[1]]] != DIMENSION_OF[UNIT_NAMES[unit]]
    ):
        return None  # `the drive to leeds is 350 km, how many hours is that`: not a conversion
    number, from_unit = quantity
    if said_units.unsure_amount(number, from_unit or "", " ".join(statement)):
        return None  # `8 ounces of milk`, `11.6 stone` (audit I)
    if decimal and UNIT_NAMES.get(from_unit or "") == UNIT_NAMES[unit]:
        return None  # `7.25 hours, how many hours is that as a decimal`: 7 h 25 min? (review J)
    return natural.reading_as(f"{number} {from_unit}, how many {unit} is that", "How many")
