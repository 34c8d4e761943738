"""The shapes a household-measure story makes (`measures`), each from its amounts, the story's
words left after `measure_story.skeleton`, and the ask: a total, what is left, what more is
needed, a scaled amount, how many fit."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.measure_words import (
    CLOSED,
    CONTAINERS,
    FIT_ASK,
    HAD,
    HAS_NOW,
    LEFT_ASK,
    MORE_ASK,
    NEED_KIND,
    NEEDS,
    PARTS,
    SCALE_ASK,
    SHAPE_WORDS,
    TOTAL_ASK,
    USE_KIND,
    USED,
    USED_UP,
    scale_text,
)


@dataclass(frozen=True)
class Amount:
    text: str  # as the grammar reads it: `3/4`, `2 1/4`
    lead: str  # the words before it back to the last amount, in its sentence
    start: int
    end: int  # after what it is of (`3/4 cup of sugar`)
    thing: str | None  # what it is of, by its last word (`sugar`); None where unsaid


#: `3/4 cup`, `2/3 of a skein`, `three quarters of a cup`, `2 1/4 cups`, `half a tin`.


@dataclass(frozen=True)
class Story:
    """What `measures.read` found: the story's words left (`skeleton`), the subjects it named
    (`the glaze`), the story marked (`qamt`, `qscale`), its measure, and the ask (`msr` for the
    measure)."""

    words: list[str]
    subjects: list[str]
    marked: str
    measure: str
    asked: str


def shaped(story: Story, amounts: list[Amount], scales: list[re.Match[str]]) -> FormedReading | None:
    """The reading of the one shape the story's words and its ask make."""
    words, asked = story.words, story.asked
    if scales:
        one = _only(words, "scale") and len(scales) == 1 and _one_dish(story)
        return _scaled(story, amounts, scales[0]) if one else None
    if FIT_ASK.fullmatch(asked):
        return _fit(words, amounts, asked)
    if len(amounts) >= 2 and TOTAL_ASK.fullmatch(asked) and _only(words, "total"):
        return _total(story, amounts)
    if len(amounts) != 2 or len({a.thing for a in amounts if a.thing}) > 1:
        return None
    if LEFT_ASK.fullmatch(asked) and _only(words, "left"):
        return _left(story, *amounts)
    return _more(story, *amounts) if MORE_ASK.fullmatch(asked) and _only(words, "more") else None


def _one_dish(story: Story) -> bool:
    """Whether the scale and the amount are of one dish: no subject but a recipe (`my brownie
    recipe uses`; never `the dough needs`, `the mini version needs`: audits B, E)."""
    others = [s for s in story.subjects if not s.endswith("recipe") and not s.startswith("of ")]
    return not others and sum(s.startswith("of ") for s in story.subjects) <= 1


def _only(words: list[str], shape: str, *more: str) -> bool:
    return all(w in CLOSED or w in SHAPE_WORDS[shape] or w in more for w in words)


def _total(story: Story, amounts: list[Amount]) -> FormedReading | None:  # noqa: PLR0911
    """The amounts added, where all are needs or all are uses (audit E: never a recipe's need
    beside the asker's use), each joined to the last by `and`, `plus`, `then` or a verb (never a
    bare comma: `2 cups, 1/2 cup for the cake` is a part), and no one else's amount is in an
    ask of the asker's own."""
    kinds: list[str | None] = []
    for a in amounts:
        need, use = NEED_KIND.search(a.lead), USE_KIND.search(a.lead)
        if HAD.search(a.lead) or (need and use) or re.search(r"\b(?:but|so)\b", a.lead):
            return None
        kinds.append("need" if need else "use" if use else kinds[-1] if kinds else None)
    if None in kinds or len(set(kinds)) > 1:
        return None
    named = all(a.thing for a in amounts)  # `3/8 cup of syrup, 1/2 cup of juice and 1/4 cup of lime`
    joined = named or all(
        re.search(r"\b(?:and|plus|then)\b", a.lead)
        or NEED_KIND.search(a.lead)
        or USE_KIND.search(a.lead)
        for a in amounts[1:]
    )
    after = story.marked[story.marked.find("qamt") :]
    if not joined or (re.search(r"\bwith\b", after) and "mix" not in story.marked):
        return None
    if re.search(r"\banother\b(?! qamt)", story.marked):
        return None  # `and then another` (audit E)
    mine = re.search(r"\b(?:i|we)\b", story.asked)
    others = bool(story.subjects) or {
        w for a in amounts for w in re.findall(r"\b(?:we|they|i)\b", a.lead)
    } - {mine[0] if mine else ""}
    if mine and others:
        return None  # `I used 1/2 cup and we used 1/4 cup. How much did I use` (audits A, E)
    if "do i need" in story.asked and kinds[0] != "need":
        return None
    return formed(" plus ".join(a.text for a in amounts), "any")


def _left(story: Story, first: Amount, second: Amount) -> FormedReading | None:
    """What is left of an amount had after one used up (never one poured in or added, audit
    E), the amount had said as before the use (`had ... left`, never `I have 3/4 of a bag left,
    I used 1/4`)."""
    had = HAD.search(first.lead) and not USED.search(first.lead)
    used = (
        USED_UP.search(second.lead)
        and not HAD.search(second.lead)
        and not USE_KIND.search(second.lead.replace("used", ""))
    )
    present = re.search(r"\b(?:have|has|i've got|we've got|got)\b", first.lead)
    if not (had and used) or (present and "left" in story.marked.split("qamt")[1]):
        return None
    return formed(f"{first.text} minus {second.text}", "not_negative")


def _more(story: Story, first: Amount, second: Amount) -> FormedReading | None:
    """What more is needed: the amount needed less the one had, whichever is said first; never
    whole containers to buy (`how many more bags`), nor an amount had for something else (`1
    cup of flour for the sauce`; audit E)."""
    if re.match(r"how many more msr\b", story.asked) and story.measure in CONTAINERS:
        return None
    if NEEDS.search(first.lead) and HAS_NOW.search(second.lead) and not NEEDS.search(second.lead):
        need, have, index = first, second, 2
    elif HAS_NOW.search(first.lead) and NEEDS.search(second.lead) and not NEEDS.search(first.lead):
        need, have, index = second, first, 1
    else:
        return None
    after = story.marked.split("qamt")[index].split(".")[0]
    if re.search(r"\b(?:for|on|in) (?:the|my|a)\b", re.split(r"\b(?:and|but)\b", after)[0]):
        return None
    return formed(f"{need.text} minus {have.text}", "not_negative")


def _scaled(story: Story, amounts: list[Amount], scale: re.Match[str]) -> FormedReading | None:
    """One amount a recipe needs times the asker's scale of it (never one had: audit B);
    `each` or `per` only of a batch (`each batch needs 3/4 tsp`); never a scale the amount is
    already for (`needs 3/4 cup for making 2 batches`), nor of a part (`for the topping`)."""
    words = story.words
    if len(amounts) != 1 or not SCALE_ASK.fullmatch(story.asked):
        return None
    lead = amounts[0].lead
    counting = [i for i, w in enumerate(words) if w in ("each", "per")]
    batches = [i for i, w in enumerate(words) if w == "batch"]
    if [i + 1 for i in counting] != batches or not NEEDS.search(lead) or HAD.search(lead):
        return None
    if story.marked.find("qscale") < story.marked.find("qamt") and not batches:
        return None  # `I'm making 3 batches and the recipe needs 3/4 cup`: for all three? (audit E)
    part = re.search(r"qscale (?:for|of) (?:the|my) ([a-z]+)", story.marked)
    if re.search(r"\bfor qscale|\b(?:so|which|they)\b", story.marked) or (part and part[1] in PARTS):
        return None
    return formed(f"{amounts[0].text} times {scale_text(scale)}", "any")


def _fit(words: list[str], amounts: list[Amount], asked: str) -> FormedReading | None:
    """How many things an amount had makes, each using one amount (`I have 5/6 of a bag of
    flour left and each loaf uses 5/12 of a bag. How many loaves can I make?`): only those two
    clauses (audit B), and a whole count or no answer."""
    ask = FIT_ASK.fullmatch(asked)
    if ask is None or len(amounts) != 2 or len({a.thing for a in amounts if a.thing}) > 1:
        return None
    have, each = amounts
    things = ask["things"]
    names = {things, things[:-1], things[:-2], f"{things[:-3]}f"} if things.endswith("s") else {things}
    per = re.search(r"\b(?:each|every) ([a-z]+) (?:uses|takes|needs)\s*$", each.lead)
    if per is None or per[1] not in names or not HAD.search(have.lead) or USED.search(have.lead):
        return None
    if not all(w in CLOSED or w in SHAPE_WORDS["fit"] or w == per[1] for w in words):
        return None
    return formed(f"{have.text} divided by {each.text}", "whole")


def formed(phrase: str, form: str) -> FormedReading | None:
    reading = natural.reading(f"what is {phrase}")
    return None if reading is None else FormedReading(reading, form)  # type: ignore[arg-type]
