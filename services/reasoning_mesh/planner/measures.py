"""Amounts of one household measure the knowledge base holds no fact for (a cup, a tin, a
skein, a bag), added, taken away, scaled or divided within that measure, so no fact is needed:
`the recipe wants 3/4 cup white sugar and 2/3 cup brown sugar. How much sugar is that in
total?`, `Had 5/6 of a bag of compost, used 1/4 of a bag on the leeks. what fraction of a bag is
left`, `recipe needs 2/3 cup of sugar but im only making half of it`, `how many 3/8 cup scoops
fit into 3/4 of a cup`.

Each amount is read as written (`3/4`, `2 1/4`, `three quarters`, `two and a half`), every one
of the one measure (`3/4 cup`, `2/3 of a skein`; a bare fraction after one, `and 1/4 on the
back`), and no other number may be said. The shapes:

- a total: two or three amounts used or needed, the ask a total (`in total`, `altogether`);
- what is left: one amount had, one used (answer `not_negative`);
- what more is needed: one amount needed, one had (`not_negative`);
- a scaled amount: one amount a recipe needs and the asker's scale of it (`making 2/3 of the
  batch`, `tripling it`, `two and a half batches`);
- how many fit: one amount had and one each thing uses, or `N cup scoops` into an amount (a
  count asked is `whole`: `how many beds can I fill` has no answer of 17/4).

Audits A and B (175 misreads of a first draft that refused only listed words) made the words
closed: besides the amounts, the scale and the ask, a story says only opening chatter, places
and purposes (`on the landing`, `for the dough`), subjects (`the glaze needs`) and the closed
words of its shape (`measure_words.CLOSED`); every ask is a closed pattern, the last sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.measure_story import marked, skeleton
from reasoning_mesh.planner.measure_words import (
    AMOUNT,
    APPROXIMATE,
    CHANGING,
    CLOSED,
    EACH,
    FIT_ASK,
    FRACTION_ASKED,
    FRACTION_WORDS,
    HAD,
    HAS_NOW,
    LEFT_ASK,
    MEASURE,
    MORE_ASK,
    NEEDS,
    OTHER_MEASURES,
    SCALE,
    SCALE_ASK,
    SCOOPS_ASK,
    SHAPE_WORDS,
    TOTAL_ASK,
    USED,
    amount_text,
    other_unit,
    scale_text,
)
from reasoning_mesh.planner.numwords import WORDS


@dataclass(frozen=True)
class _Amount:
    text: str  # as the grammar reads it: `3/4`, `2 1/4`
    lead: str  # the words before it back to the last amount, in its sentence
    start: int
    end: int  # after what it is of (`3/4 cup of sugar`)
    thing: str | None  # what it is of, by its last word (`sugar`); None where unsaid


#: `3/4 cup`, `2/3 of a skein`, `three quarters of a cup`, `2 1/4 cups`, `half a tin`.
_MEASURED = re.compile(
    rf"(?P<amt>{AMOUNT})[ -](?:of (?:a|an|one|the) )?(?P<m>{MEASURE})\b"
    rf"|\bhalf (?:of )?(?:a|an|the) (?P<m2>{MEASURE})\b"
)
#: A fraction said on its own after a measured amount (`and 1/4 on the back`), never before `of`
#: (`2/3 of the flour`: of what?).
_BARE = re.compile(
    rf"(?<![\w/.])(?P<amt>\d+ [1-9]\d?/[1-9]\d?|\d+/\d+|{FRACTION_WORDS.pattern})"
    r"(?![\w/.])(?! of\b)(?! [a-z]+ of\b)"
)
_ASK = re.compile(r"\b(?:how (?:much|many)|what fraction)\b")
#: A number in words outside the amounts (`three raised beds`); `one` only as a pronoun.
_COUNTED = re.compile(
    rf"\b(?!one\b)(?:{'|'.join(WORDS)})\b|(?<!each )(?<!every )(?<!the )(?<!second )"
    rf"(?<!another )\bone\b"
)
#: Words after an amount that are not what it is of (`3/4 cup for the base`).
_NOT_THING = frozenset(
    ("for", "on", "in", "into", "and", "but", "so", "then", "to", "left", "from", "with", "i",
     "we", "the", "a", "an", "my", "our", "this", "that", "is", "was", "at", "already", "plus",
     "of", "each", "per", "it", "they", "used", "went", "had", "have", "got", "needs", "need",
     "takes", "take", "uses", "use", "were", "are", "by", "after", "before", "i've", "i'm", "im")
)  # fmt: skip
#: Words after `how much` that name nothing (`how much is that`, `how much more`).
_NOT_ASKED = frozenset(
    ("msr", "is", "do", "does", "did", "will", "would", "should", "have", "has", "can", "more",
     "extra", "altogether", "in", "of", "a", "the", "that", "am", "are")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    """The amounts' total, what is left, what more is needed, the scaled amount or how many fit,
    as the story and its ask say; None for any other story."""
    said = spoken(text)
    in_measures = {_singular(m["m"]) for m in FRACTION_ASKED.finditer(said) if m["m"]}
    said = spoken(FRACTION_ASKED.sub(" ", said))
    said = re.sub(r"\s+", " ", re.sub(r"[\s?.!]+$", "", said)).strip()
    asks = list(_ASK.finditer(said))
    if not asks:
        return None
    story, ask = said[: asks[-1].start()], said[asks[-1].start() :]
    if re.search(r"[.?!;]\s*\S", ask):
        return None  # a sentence after the ask (audit A: `The milk's gone off.`)
    if (scoops := SCOOPS_ASK.fullmatch(ask)) is not None:
        return _scoops(story, scoops)
    measures = {_singular(m["m"] or m["m2"]) for m in _MEASURED.finditer(story)}
    if len(measures) != 1 or not in_measures <= measures:
        return None  # `as a fraction of a bag` of cups (audit B)
    measure = measures.pop()
    scales = list(SCALE.finditer(story))
    amounts = _amounts(story, measure, scales)
    asked = re.sub(rf"\b(?:{_spellings(measure)})\b", "msr", re.sub(r"[()]", " ", ask))
    asked = re.sub(r"\s+", " ", re.sub(r"\b(?:all together|in all|all up)\b", "altogether", asked))
    if amounts is None or not _plain_ask(asked.strip(), amounts):
        return None
    found = skeleton(story, [(a.start, a.end) for a in amounts], scales)
    return None if found is None else _shaped(*found, amounts, scales, asked.strip())


#: A measure's other spellings (`tsp`, `teaspoon`): one measure.
_SPELT = {"tsp": "teaspoon", "tbsp": "tablespoon"}


def _singular(measure: str) -> str:
    """The measure one word names (`cups` → `cup`, `tsp` → `teaspoon`)."""
    return _SPELT.get(measure) or (measure.removesuffix("s"))


def _spellings(measure: str) -> str:
    """Every word for `measure`, for its ask (`teaspoon`: `teaspoons`, `tsp`)."""
    short = [k for k, v in _SPELT.items() if v == measure]
    return "|".join((measure, f"{measure}s", *short))


def _amounts(story: str, measure: str, scales: list[re.Match[str]]) -> list[_Amount] | None:
    """The story's amounts in order, each of `measure`, with what each is of; None where any
    other number is said, a measure word stands alone (`and another cup`), or a word changes
    an amount (`CHANGING`, `APPROXIMATE`). A scale's own number is no amount."""
    found: list[tuple[int, int, str, str | None]] = []
    for m in _MEASURED.finditer(story):
        thing, end = _thing(story, m.end(), of_measure=" of " in m[0] or m["m2"] is not None)
        found.append((m.start(), end, amount_text(m["amt"]) if m["amt"] else "a half", thing))
    taken = [(s, e) for s, e, _, _ in found] + [(m.start(), m.end()) for m in scales]
    for m in _BARE.finditer(story):
        if found and not any(s <= m.start() < e for s, e in taken) and m.start() > found[0][0]:
            found.append((m.start(), m.end(), amount_text(m["amt"]), None))
    rest = marked(story, [(s, e) for s, e, _, _ in found], scales)
    if not found or re.search(rf"\d|\b(?:{_spellings(measure)})\b", rest) or CHANGING.search(rest):
        return None
    if FRACTION_WORDS.search(rest) or APPROXIMATE.search(rest) or _COUNTED.search(rest):
        return None
    if OTHER_MEASURES.search(rest) or other_unit(tokens(rest)):
        return None
    amounts, last = [], 0
    for s, e, amount, thing in sorted(found):
        amounts.append(_Amount(amount, re.split(r"[.;:!?]", story[last:s])[-1], s, e, thing))
        last = e
    return amounts


def _thing(story: str, end: int, *, of_measure: bool) -> tuple[str | None, int]:
    """What an amount is of, by its last word (`3/4 cup white sugar` → `sugar`), and where
    saying it ends; None where the words after say nothing of it (`3/8 of a bag potting up`)."""
    after = re.match(r" of (?:the |my )?([a-z']+)(?: ([a-z']+))?| ([a-z']+)(?: ([a-z']+))?", story[end:])
    if after is None or (after[3] and (of_measure or after[3].endswith(("ing", "ed")))):
        return None, end
    words = [w for w in after.groups() if w]
    taken = []
    for w in words:
        if w in _NOT_THING or not plain_word(w):
            break
        taken.append(w)
    if not taken:
        return None, end
    stop = story.index(taken[-1], end) + len(taken[-1])
    return taken[-1], stop


def _plain_ask(asked: str, amounts: list[_Amount]) -> bool:
    """Whether the ask says no number, no word changing an amount, no other measure or unit,
    and names, where it names a thing, what the amounts are of (audit A: `how many more
    sachets`, `cups of water`)."""
    if re.search(r"\d|\bmsr\b.*\bmsr\b", asked) or CHANGING.search(asked) or EACH.search(asked):
        return False
    if OTHER_MEASURES.search(asked) or other_unit(tokens(asked)) or _COUNTED.search(asked):
        return False
    named = {a.thing for a in amounts if a.thing is not None}
    ask = re.match(r"how (?:much|many) (?:more |extra )?(?:msr of |of )?(?:the |my )?([a-z]+)", asked)
    return not (ask and ask[1] not in _NOT_ASKED and (not named or named - {ask[1]}))


def _shaped(  # noqa: PLR0911 - one shape per return
    words: list[str], subjects: int, amounts: list[_Amount], scales: list[re.Match[str]], asked: str
) -> FormedReading | None:
    """The reading of the one shape the story's words and its ask make."""

    def only(shape: str, *more: str) -> bool:
        return all(w in CLOSED or w in SHAPE_WORDS[shape] or w in more for w in words)

    if scales:
        one = only("scale") and len(scales) == 1 and subjects <= 1  # never two dishes (audit B)
        return _scaled(words, amounts, scales[0], asked) if one else None
    if FIT_ASK.fullmatch(asked):
        return _fit(words, amounts, asked)
    if len(amounts) >= 2 and TOTAL_ASK.fullmatch(asked) and only("total"):
        if any(HAD.search(a.lead) for a in amounts) or (
            subjects and re.search(r"\b(?:did|have) (?:i|we)\b", asked)
        ):
            return None  # `had ... used`, `my brother used ... how much did I use` (audit A)
        return _formed(" plus ".join(a.text for a in amounts), "any")
    if len(amounts) != 2 or len({a.thing for a in amounts if a.thing}) > 1:
        return None
    first, second = amounts
    if LEFT_ASK.fullmatch(asked) and only("left"):
        had = HAD.search(first.lead) and not USED.search(first.lead)
        used = USED.search(second.lead) and not HAD.search(second.lead)
        return _formed(f"{first.text} minus {second.text}", "not_negative") if had and used else None
    return _more(first, second) if MORE_ASK.fullmatch(asked) and only("more") else None


def _more(first: _Amount, second: _Amount) -> FormedReading | None:
    """What more is needed: the amount needed less the one had, whichever is said first."""
    if NEEDS.search(first.lead) and HAS_NOW.search(second.lead) and not NEEDS.search(second.lead):
        need, have = first, second
    elif HAS_NOW.search(first.lead) and NEEDS.search(second.lead) and not NEEDS.search(first.lead):
        need, have = second, first
    else:
        return None
    return _formed(f"{need.text} minus {have.text}", "not_negative")


def _scaled(
    words: list[str], amounts: list[_Amount], scale: re.Match[str], asked: str
) -> FormedReading | None:
    """One amount a recipe needs times the asker's scale of it (never one had: audit B);
    `each` or `per` only of a batch (`each batch needs 3/4 tsp`)."""
    if len(amounts) != 1 or not SCALE_ASK.fullmatch(asked):
        return None
    lead = amounts[0].lead
    counting = [i for i, w in enumerate(words) if w in ("each", "per")]
    batches = [i for i, w in enumerate(words) if w == "batch"]
    if [i + 1 for i in counting] != batches or not NEEDS.search(lead) or HAD.search(lead):
        return None
    return _formed(f"{amounts[0].text} times {scale_text(scale)}", "any")


def _fit(words: list[str], amounts: list[_Amount], asked: str) -> FormedReading | None:
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
    return _formed(f"{have.text} divided by {each.text}", "whole")


def _scoops(story: str, scoops: re.Match[str]) -> FormedReading | None:
    """`how many 3/8 cup scoops fit into 3/4 of a cup`: the amount divided by the scoop's, a
    whole count (`how many 3/8 cup scoops fit into 1 cup` has none)."""
    measure = _singular(scoops["m"])
    whole = _MEASURED.fullmatch(re.sub(r"^(?:a|an|the|my) (?=\d)", "", scoops["whole"]))
    if story.strip(" ,-") or whole is None or whole["amt"] is None or _singular(whole["m"]) != measure:
        return None
    each = amount_text(scoops["each"])
    return _formed(f"{amount_text(whole['amt'])} divided by {each}", "whole")


def _formed(phrase: str, form: str) -> FormedReading | None:
    reading = natural.reading(f"what is {phrase}")
    return None if reading is None else FormedReading(reading, form)  # type: ignore[arg-type]
