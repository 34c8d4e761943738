"""The asks `statement` reads after a stated quantity: a conversion or a rounding of
`that`/`it` (or of what `how many grams do i weigh out` weighs), in a few fixed forms, and what
may come off an ask's ends (politeness, a paper it is for, `one way` after a statement of one
way).
"""

from __future__ import annotations

import itertools
import re

from reasoning_mesh.planner.sentence_words import (
    DETERMINERS,
    NAMED_PAPERS,
    PAPER_NAMES,
    PURPOSES,
    SIZES,
    WRITTEN_IN,
    bare,
    noun,
)
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

IT = r"(?:that|it|this)"
IT_NAMED = r"(?P<it>that|it|this)"
_UNIT = r"(?P<unit>[a-z]+(?: [a-z]+)?)"
#: A place of whole numbers, in words or digits (`to the nearest 10`).
_WHOLE_PLACE = r"(?:(?:ten |hundred )?thousand|ten|hundred|million|10{1,6})"
_PLACES = (
    r"(?P<places>to (?:(?:the )?nearest (?:whole number|whole [a-z]+|whole|integer|"
    rf"{_WHOLE_PLACE}(?: [a-z]+)?|tenth|hundredth|thousandth|[a-z]+)|"
    r"(?:\d|one|two|three|four|five|six) "
    r"(?:dp|d\.p|decimal places?|decimals?)|\d(?:dp|d\.p)))"
)
#: Who may ask for a rounding with no determiner (`newspaper wants it to the nearest hundred`):
#: names of papers and people only (an open word here may be `nobody`, `doubled`, `dont`).
BARE_ASKERS = frozenset(
    ("newspaper", "paper", "teacher", "boss", "website", "site", "app", "form", "sheet",
     "report", "club", "council", "school", "coach", "editor", "bank", "tutor", "lecturer")
)  # fmt: skip
#: Verbs of `how many grams do i weigh out`: doing the amount, never changing it (no `add`,
#: `take`, `save`: each may ask for a difference).
_DOING = r"(?:weigh|measure|pipette|pour|use|need|put|write|enter|record|log|fill|give|draw)"
CONVERSION_ASKS = tuple(
    re.compile(rf"^{ask}$")
    for ask in (
        rf"how many {_UNIT} (?:is|are|would be|will be|'s) {IT_NAMED}(?P<decimal> as a decimal)?",
        rf"how many {_UNIT} (?:do|should|shall|would|will|must|can) (?:i|we|you) {_DOING}"
        r"(?: (?:out|up|in))?(?: with (?:the|my|a) (?:measuring )?(?:scale|jug|syringe|pipette"
        r"|spoon|cup|scoop|cylinder|beaker))?",
        rf"(?:what(?: is|'s)|whats) {IT_NAMED} in {_UNIT}",
        rf"how (?:far|long|heavy|much) is {IT_NAMED} in {_UNIT}",
        rf"(?:can you |could you )?(?:convert|change|turn) {IT_NAMED} (?:in)?to {_UNIT}",
        # `a water bottle holds 1.5 l. how many centilitres?`: only the quantity stated
        rf"how many {_UNIT}",
        # `the courier website wants the weight in grams`: somebody's request of its unit
        rf"(?P<who>(?:the|my|our) (?:[a-z-]+ ){{1,3}})(?:wants|needs|asks for) "
        rf"(?:{IT_NAMED}|the (?P<measure>weight|mass|length|distance|time|volume)) in {_UNIT}",
    )
)
#: What `the weight in grams` may ask of, by the kind of the stated quantity's unit.
_MEASURES = {"weight": "mass", "mass": "mass", "length": "length", "distance": "length",
             "time": "time", "volume": "volume"}  # fmt: skip
#: What the asker then writes down: the rounded quantity itself.
_WHAT_GOES_IN = (
    r"(?:what (?:do|should) (?:i|we) (?:write|put|record|enter)|what (?:number|figure) "
    r"(?:goes|should go) in)"
)
ROUNDING_ASKS = tuple(
    re.compile(rf"^{ask}$")
    for ask in (
        rf"(?:can you |could you )?round(?: {IT})? {_PLACES}",
        rf"(?:what(?: is|'s)|whats) {IT} (?:rounded |when rounded )?{_PLACES}",
        rf"(?:{IT} )?rounded {_PLACES}",
        # (`what should it be to 2 dp` was read in a draft and dropped: review J found `When
        # empty, the scale reads 0.0351 g`, `the old scale read`)
        # `To the nearest thousand, how many is that?`: the place first, then the ask of it
        rf"(?:rounded )?{_PLACES},? (?:how many (?:is|was) {IT}|(?:what(?: is|'s| was)|whats) "
        rf"{IT}|what (?:do|should|would) (?:i|we) (?:write|put|say)(?: (?:in|on) (?:the|my|our) "
        r"(?:(?P<name>[a-z-]+) )?(?P<paper>[a-z-]+))?)",
        # `..., nearest thousand pls`, `To the nearest ten miles?`: the rounding alone (`to`
        # said or not), its unit the statement's own (`_rounded` checks)
        r"(?P<places>(?:to )?(?:the )?nearest (?:whole number|(?:ten |hundred )?thousand|ten|"
        r"hundred)(?: [a-z]+)?)",
        # `the teacher wants it to 4 d.p.`: somebody's request of the quantity's rounding
        rf"(?P<who>(?:the|my|our|his|her|their) (?:[a-z-]+ ){{1,3}}|(?:he|she|they|someone|i|we) "
        rf"|(?:{'|'.join(sorted(BARE_ASKERS))}) )"
        rf"(?:wants|want|needs|need|asked for|asks for|requires) (?:{IT}|(?P<kind>[a-z]+)) "
        rf"(?:rounded )?{_PLACES}(?:[.,]? {_WHAT_GOES_IN})?",
        # `Rounded to the nearest thousand, what would the newspaper report?`
        rf"rounded {_PLACES},? what (?:would|will|should) (?:the|my|our) "
        rf"(?:{'|'.join(sorted(BARE_ASKERS))}) (?:report|say|print|put|show)",
    )
)
DOING_ASK = 1
#: What may end an ask besides its form: politeness, and a paper it is for.
_ASK_TAIL = re.compile(r"(?:,? (?:please|pls|for me|thanks))+$")
#: `how many hours is that one way`: only after a statement of one way (`90 minutes each way`).
_ONE_WAY = re.compile(r",? one way$")
_ASK_HEAD = re.compile(r"^(?:(?:and|so|but|ok|okay|please|pls),? )+")


def ask_of(joined: str, statement: list[str]) -> str:
    """The ask in `joined` without what may come off its ends."""
    ask = _ASK_TAIL.sub("", _ASK_HEAD.sub("", joined.strip(" ,.?!"))).strip(" ,.?!")
    if _ONE_WAY.search(ask) and _one_way(statement):
        ask = _ONE_WAY.sub("", ask)
    return re.sub(r"\s+for (?:my|the|our|a) (?:(?P<name>[a-z-]+) )?([a-z-]+)$", _purpose, ask)


def asker_fits(statement: list[str], m: re.Match[str], k: int) -> bool:
    """Who asks for another unit is named in nouns (`the courier website wants`); what they ask
    for is of the unit's kind (not `wants the time in grams`), of a thing named by one noun
    before its verb (`parcel weighs`; not `the empty box`, `the lid of the box`: the parcel's
    weight?) and said as it was measured (`the length` of a width is not asked)."""
    if not all(noun(w) for w in (m.groupdict().get("who") or "").split()[1:]):
        return False
    measure = m.groupdict().get("measure")
    if not measure:
        return True
    named = [bare(w) for w in statement[: max(0, k - 1)] if bare(w) not in DETERMINERS]
    sized = {bare(w) for w in statement[k:]} & set(SIZES) - {"long", "heavy"}
    return (
        DIMENSION_OF.get(UNIT_NAMES.get(m.group("unit"), "")) == _MEASURES[measure]
        and len(named) == 1
        and not sized
    )


def _purpose(m: re.Match[str]) -> str:
    """`... for my write-up`: a paper the answer is for comes off; any other purpose stays (and
    the ask does not read: `for the family` may multiply; `for the natural log` is no paper)."""
    mine, name, what = m.group(0).lstrip().startswith("for my"), m.group("name"), m.group(2)
    paper = what in PURPOSES and (mine or what != "log") and (name is None or _names_a_paper(name))
    return "" if paper or (what not in PURPOSES and written_in(name, what)) else m.group(0)


def written_in(name: str | None, paper: str) -> bool:
    """Whether `paper`, named by `name` before it, is one an amount is written in: named, if at
    all, by a name of papers (`the stock sheet`; not `the whole book`, `the weekly column`), and
    a table or sheet only when named (`for the table` may be dinner's)."""
    return paper in WRITTEN_IN and (name in PAPER_NAMES or (name is None and paper not in NAMED_PAPERS))


#: Words before a paper that say which amount it holds (review J: `for the fahrenheit
#: worksheet`, `the whole project`, `the weekly report`), not which paper it is.
_NOT_PAPER_NAMES = frozenset(
    ("whole", "entire", "full", "total", "fahrenheit", "celsius", "kelvin", "centigrade",
     "metric", "imperial", "decimal", "binary", "annual", "yearly", "monthly", "weekly",
     "daily", "hourly", "nightly", "fortnightly", "group", "team", "class", "family", "joint",
     "combined", "overall", "net", "gross")
)  # fmt: skip


def _names_a_paper(name: str) -> bool:
    """`for my biology project`, `for the lab report`: a word naming the paper, never a unit,
    a scale, a period or a whole (`_NOT_PAPER_NAMES`)."""
    return (
        name not in _NOT_PAPER_NAMES
        and name not in UNIT_NAMES
        and not name.endswith("ly")
        and not name.startswith("per")
    )


def _one_way(statement: list[str]) -> bool:
    """Whether the statement says its amount is one way (`each way`, `one way`)."""
    words = [bare(w) for w in statement]
    return any(pair in (("each", "way"), ("one", "way")) for pair in itertools.pairwise(words))
