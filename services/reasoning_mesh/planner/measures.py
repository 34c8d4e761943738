"""Amounts of one household measure the knowledge base holds no fact for (a cup, a tin, a
skein, a bag, a teaspoon), added, taken away, scaled or divided within it, so no fact is
needed: `the recipe wants 3/4 cup white sugar and 2/3 cup brown sugar. How much sugar is that in
total?`, `had 5/6 of a bag of compost, used 1/4 of a bag on the leeks. what fraction of a bag is
left`, `Recipe wants 2/3 cup of sugar but I'm only making half a batch. How much sugar is that?`,
`how many 3/8 cup scoops fit into 3/4 of a cup`.

Only whole questions in the closed tellings of `_TELLINGS` are read. Five audits (A, B, E, H:
326 misreads of three drafts that read any story whose words passed a check) found that every
open word let another meaning in: an amount and its parts, someone else's amount, a use put back
or set aside, a recipe's need beside the asker's use, a scale the amount is already for, another
dish, a time other than now. So a telling here is one sentence pattern for its story and one for
its ask, with at most an opening from a closed list (`Baking class q -`, `note to self:`) and a
purpose from a closed list (`for the dough`, `for the party`). Each amount is read as written
(`3/4`, `2 1/4`, `three quarters`, `two and a half`), of the one measure; the answer's form is
the shape's: what is left or more is needed is `not_negative`, how many scoops fit is `whole`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.background import spoken
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.measure_words import AMOUNT, FRACTION_ASKED, MEASURE, amount_text
from reasoning_mesh.planner.numwords import WORDS

_LEAD = (
    r"(?:(?:(?:baking|cooking|knitting|painting|gardening|allotment)(?: class| question| tonight"
    r"| today| update| with the kids| for (?:the )?(?:school )?(?:fair|fete|bake sale|party))?"
    r"(?: q| lol)?|quick (?:one|q|question)|note to self|allotment note to self)\s*[:,.!-]+\s+)?"
)
#: Words that repeat, share out or change an amount (audit I: `1/2 cup twice`, `on the shed
#: daily`, `the two batch recipe`): never a thing, a place or a recipe's name.
_REPEATS = (
    r"twice|thrice|both|apiece|each|every|halved|doubled|tripled|less|more|extra|removed|again"
    r"|daily|weekly|total|altogether|only|also|double|triple|half|single|whole|full|per"
)
_KIND = r"(?:(?:white|brown|caster|icing|plain|wholemeal|granulated|demerara) )?"
_THING = (
    rf"{_KIND}(?!(?:but|and|for|on|in|so|then|per|to|i|im|i'm|of|the|a|another|left|each|now"
    rf"|too|batch|batches|{_REPEATS})\b)[a-z]+"
)


def _amount(i: int, *, named: bool = True, the: bool = True) -> str:
    """An amount of the measure (`3/4 cup of sugar`, `2/3 of a skein`, `half a tin`); `of the
    bag` only where `the` (audit I: `used 1/2 of the bag` of a part bag is a half of it?)."""
    thing = rf"(?: (?:of )?(?P<x{i}>{_THING}))?" if named else ""
    article = "a|an|the" if the else "a|an"
    return (
        rf"(?:(?P<a{i}>{AMOUNT}) (?:of (?:{article}) )?|(?P<h{i}>half) (?:a|an) )"
        rf"(?P<m{i}>{MEASURE}){thing}"
    )


_RECIPE = (
    rf"(?:(?:the|my|this) )?(?:(?!(?:{'|'.join(WORDS)}|{_REPEATS}|batch|big|small)\b)[a-z]+ )?"
    r"recipe(?: for the [a-z]+)?|it"
)
_NEEDS = r"(?:needs|wants|says|calls for|called for|uses)"
_PART = r"(?:dough|base|topping|crumble topping|frosting|icing|glaze|sponge|filling|sauce)"
_FOR = rf"(?: for (?:the )?(?:{_PART}|dusting(?: the counter)?))"
_PARTY = r"(?: for (?:the |a |my )?(?:kids'? |school )?(?:party|sleepover|fair|fete|bake sale|picnic))"
_JOIN = r"(?:,? and| then| and then)(?: another)?"
_IM = r"(?:i'm|im|i am)"
_PLACE = rf"(?:on|for) the (?!(?:{'|'.join(WORDS)}|{_REPEATS})\b)[a-z]+"
_SCALE = (
    rf"(?:only |just )?(?:making|doing) (?P<f>{AMOUNT}|half|a half) (?:of )?(?:the |a )?"
    rf"(?:batch|recipe|it)"
)

#: The story of each telling, by its shape.
_STORIES: dict[str, tuple[str, ...]] = {
    "total": (
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)}{_FOR}?{_JOIN} {_amount(2)}{_FOR}?",
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)}, {_amount(2)} and {_amount(3)}",
        rf"(?:pattern says )?the (?P<p1>body|sleeves|{_PART}|cake) (?:needs|takes) {_amount(1)}"
        rf" and the (?P<p2>body|sleeves|{_PART}|cake) (?:needs?|takes?) {_amount(2)}",
        rf"(?:i )?used {_amount(1, named=False)} {_PLACE}{_JOIN} "
        rf"(?:(?P<b2>\d+/[1-9]\d*)|{_amount(2, named=False)}) {_PLACE}",
    ),
    "left": (
        rf"(?:i )?had {_amount(1)}(?: left)?(?:,| and) (?:i )?used {_amount(2, named=False, the=False)}"
        rf" {_PLACE}",
    ),
    "more": (
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)} and (?:i've|ive|i have) (?:already )?"
        rf"(?:got|put in|added|tipped in) {_amount(2)}(?: so far)?",
        rf"(?:i've|ive|i have) got {_amount(2)} but (?:the )?recipe {_NEEDS} {_amount(1)}",
        rf"(?:for the (?:{_PART}) )?i need {_amount(1)} but (?:i )?only have {_amount(2)}(?: left)?",
    ),
    "scale": (
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)},? (?:but|and|so) {_IM} {_SCALE}{_PARTY}?",
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)},? (?:but|and) {_IM} making it (?P<s>{AMOUNT}) size",
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)}(?: per batch)?,? (?:and|but) {_IM} "
        rf"(?:making|doing|baking) (?P<n>{AMOUNT}) batches{_PARTY}?",
        rf"{_IM} (?:making|doing|baking) (?P<n>{AMOUNT}) batches(?: of [a-z]+)?,? and each batch "
        rf"needs {_amount(1)}",
        rf"(?:{_RECIPE}) {_NEEDS} {_amount(1)},? and {_IM} (?P<k>tripling|doubling) it{_PARTY}?",
    ),
}
_ASKED = r"(?: (?P<q>msr)| msr of (?P<q2>[a-z]+)| (?P<q3>(?!(?:more|extra|else|less)\b)[a-z]+))"
#: The ask of each shape (`msr` for the story's measure).
_ASKS = {
    "total": rf"how (?:much|many){_ASKED}(?: is that| do i need)? (?:in total|altogether)(?: in msr)?"
    rf"|how much (?P<q4>[a-z]+) (?:is that|do i need)"
    r"|what fraction of (?:a|the) msr (?:have|did) i used?(?: up| in total| altogether)?",
    "left": r"(?:how much(?: of (?:a|the) msr)?|what fraction of (?:a|the) msr) (?:is|have i got) left",
    "more": r"how (?:much|many) more(?P<q> msr)?(?: of (?P<q2>[a-z]+))? (?:do i need|do i add"
    r"|do i need to add|should i add)(?: in msr)?",
    "scale": rf"how (?:much|many){_ASKED}(?: do i(?: actually)? need| is that| will i need)?(?: in total"
    r"| altogether)?(?: in msr)?",
}
_TELLINGS = [
    (shape, re.compile(rf"{_LEAD}(?:{story})\s*[.,;-]*\s+(?:so )?(?:{_ASKS[shape]})"))
    for shape, stories in _STORIES.items()
    for story in stories
]
_SCOOPS = re.compile(
    rf"how many (?P<each>{AMOUNT})[ -](?P<m>{MEASURE}) scoops?(?: of (?!each\b|both\b)[a-z]+)?"
    rf" (?:fit into|fit in|go into|make) (?:a |an )?(?P<whole>{AMOUNT}) (?:of (?:a|an) )?"
    rf"(?P<m2>{MEASURE})"
)
#: Measures bought whole: `how many more bags` asks whole bags, not a fraction (audit E).
_WHOLE = frozenset(("tin", "skein", "bag"))
_SPELT = {"tsp": "teaspoon", "tbsp": "tablespoon"}


def read(text: str) -> FormedReading | None:
    """The reading of a household-measure question in one of `_TELLINGS` (or how many scoops
    fit), with its answer's form; None for any other question."""
    said = spoken(text)
    asked_in = {_singular(m["m"]) for m in FRACTION_ASKED.finditer(said) if m["m"]}
    said = " ".join(re.sub(r"[()]", " ", FRACTION_ASKED.sub(" ", said)).split()).rstrip(" ?.!")
    said = re.sub(r"\b(?:all together|in all)\b", "altogether", said)
    if (scoops := _SCOOPS.fullmatch(said)) is not None:
        return _scoops(scoops)
    measures = {_singular(m) for m in re.findall(rf"\b(?:{MEASURE})\b", said)}
    if len(measures) != 1 or not asked_in <= measures:
        return None  # two measures, or `as a fraction of a bag` of cups (audit B)
    measure = measures.pop()
    asks = [m.start() for m in re.finditer(r"\b(?:how (?:much|many)|what fraction)\b", said)]
    if not asks:
        return None
    written = said[: asks[-1]] + re.sub(rf"\b(?:{_spelt(measure)})\b", "msr", said[asks[-1] :])
    if measure in _WHOLE and re.search(r"\b(?:do|will) i need\b", written[asks[-1] :]):
        return None  # `how many tins do I need`: whole tins are bought (audit I)
    for shape, telling in _TELLINGS:
        if (told := telling.fullmatch(written)) is not None:
            return _read(shape, told, measure)
    return None


def _read(shape: str, told: re.Match[str], measure: str) -> FormedReading | None:  # noqa: PLR0911
    """The reading of one telling: its amounts as written, joined as its shape says."""
    groups = told.groupdict()
    amounts = [
        _text(groups, i)
        for i in (1, 2, 3)
        if groups.get(f"a{i}") or groups.get(f"h{i}") or groups.get(f"b{i}")
    ]
    things = [groups[f"x{i}"] for i in (1, 2, 3) if groups.get(f"x{i}")]
    asked = next((groups[k] for k in ("q2", "q3", "q4") if groups.get(k)), None)
    if None in amounts or not _same_things(things, asked, strict=shape in ("left", "more")):
        return None
    if groups.get("p1") and groups["p1"] == groups.get("p2"):
        return None
    if shape == "total":
        if asked and len(things) < len(amounts) and " another " not in told[0]:
            return None  # `3/4 cup of butter and 1/2 cup for dusting`: of what? (the review)
        if " of the " in told[0] and measure in _WHOLE and not _within_one(amounts):
            return None  # `3/4 of the bag ... then 1/2`: more than the one bag (the review)
        return _formed(" plus ".join(a for a in amounts if a), "any")
    if shape in ("left", "more") and not _less(amounts[1], amounts[0]):
        return None  # `Had 2/3 of a tin and used 3/4 of a tin`: no such use (round 20's audit)
    if shape == "left":
        return _formed(f"{amounts[0]} minus {amounts[1]}", "not_negative")
    if shape == "more":
        if measure in _WHOLE:
            return None  # `how many more bags`: whole bags are bought (audits E, I)
        return _formed(f"{amounts[0]} minus {amounts[1]}", "not_negative")
    return _formed(f"{amounts[0]} times {_scale(groups)}", "any")


def _value(said: str) -> Fraction:
    """An amount's value as written (`2 1/4`, `3/4`, `a half`), for the gates below only."""
    return sum((Fraction(p) for p in said.replace("a half", "1/2").split()), Fraction(0))


def _less(used: str | None, had: str | None) -> bool:
    """Whether the amount used (or had) is less than the one had (or needed), as written. A
    gate only: it compares two amounts and refuses a story that has no answer; the difference
    itself is the verifier's to compute."""
    try:
        return used is not None and had is not None and _value(used) < _value(had)
    except (ValueError, ZeroDivisionError):
        return False


def _within_one(amounts: list[str | None]) -> bool:
    """Whether parts of one container come to at most the container (a gate, as `_less`)."""
    try:
        return sum((_value(a or "") for a in amounts), Fraction(0)) <= 1
    except (ValueError, ZeroDivisionError):
        return False


def _text(groups: dict[str, str | None], i: int) -> str | None:
    if groups.get(f"h{i}"):
        return "a half"
    said = groups.get(f"a{i}") or groups.get(f"b{i}") or ""
    return amount_text(said)


def _scale(groups: dict[str, str | None]) -> str | None:
    """The scale as the grammar reads it (`half` → `a half`; `tripling` → `3`, a multiplicative
    numeral like `twice`)."""
    if groups.get("k"):
        return "3" if groups["k"] == "tripling" else "2"
    said = groups.get("f") or groups.get("s") or groups.get("n") or ""
    return "a half" if said in ("half", "a half") else amount_text(said)


def _same_things(things: list[str], asked: str | None, *, strict: bool) -> bool:
    """Whether what the amounts are of is what the ask names (`white sugar` and `brown sugar`
    are sugar); where `strict` (what is left, more needed), one thing, said alike (audit H:
    `dark chocolate` is not `white chocolate`)."""
    heads = {t.split()[-1] for t in things}
    if strict and len(set(things)) > 1:
        return False
    if asked is None or asked in ("msr", "is", "do", "more"):
        return True
    return bool(heads) and heads == {asked}


def _scoops(scoops: re.Match[str]) -> FormedReading | None:
    """`how many 3/8 cup scoops fit into 3/4 of a cup`: the amount divided by the scoop's, a
    whole count (`how many 3/8 cup scoops fit into 1 cup` has none)."""
    if _singular(scoops["m"]) != _singular(scoops["m2"]):
        return None
    each, whole = amount_text(scoops["each"]), amount_text(scoops["whole"])
    return None if each is None or whole is None else _formed(f"{whole} divided by {each}", "whole")


def _singular(measure: str) -> str:
    """The measure one word names (`cups` → `cup`, `tsp` → `teaspoon`)."""
    return _SPELT.get(measure) or (measure.removesuffix("s"))


def _spelt(measure: str) -> str:
    """Every word for `measure` (`teaspoon`: `teaspoons`, `tsp`)."""
    return "|".join((measure, f"{measure}s", *(k for k, v in _SPELT.items() if v == measure)))


def _formed(phrase: str, form: str) -> FormedReading | None:
    reading = natural.reading(f"what is {phrase}")
    return None if reading is None else FormedReading(reading, form)  # type: ignore[arg-type]
