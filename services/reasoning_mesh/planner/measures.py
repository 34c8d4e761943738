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

from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.measure_shapes import Amount, Story, formed, shaped
from reasoning_mesh.planner.measure_story import doubtful, marked, skeleton
from reasoning_mesh.planner.measure_words import (
    AMOUNT,
    APPROXIMATE,
    CHANGING,
    EACH,
    FRACTION_ASKED,
    FRACTION_WORDS,
    KINDS,
    MEASURE,
    OTHER_MEASURES,
    SCALE,
    SCOOPS_ASK,
    amount_text,
    other_unit,
)
from reasoning_mesh.planner.numwords import WORDS

_MEASURED = re.compile(
    rf"(?P<amt>{AMOUNT})[ -](?:of (?:a|an|one|the) )?(?P<m>{MEASURE})\b"
    rf"|\bhalf (?:of )?(?:a|an|the) (?P<m2>{MEASURE})\b"
)
#: A fraction in digits said on its own after a measured amount (`and 1/4 on the back`), never
#: before `of` (`2/3 of the flour`: of what?), never in words (`used a third`: of what? audit E).
_BARE = re.compile(
    r"(?<![\w/.])(?P<amt>\d+ [1-9]\d?/[1-9]\d?|\d+/\d+)(?![\w/.])(?! of\b)(?! [a-z]+ of\b)"
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


def read(text: str) -> FormedReading | None:  # noqa: PLR0911 - one refusal per check
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
    first = _MEASURED.search(story)
    if first is None or doubtful(story, first.start()):
        return None  # `last week`, `on the leeks and on the beans`, `in the mornings` (audit E)
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
    if found is None or (
        bool(found[1]) and _names_a_thing(asked) and any(a.thing is None for a in amounts)
    ):
        return None  # `The cake needs 3/4 cup of sugar and the soup needs 1/2 cup` (audit E)
    spans = [(a.start, a.end) for a in amounts]
    told = Story(found[0], found[1], marked(story, spans, scales), measure, asked.strip())
    return shaped(told, amounts, scales)


#: A measure's other spellings (`tsp`, `teaspoon`): one measure.
_SPELT = {"tsp": "teaspoon", "tbsp": "tablespoon"}


def _singular(measure: str) -> str:
    """The measure one word names (`cups` → `cup`, `tsp` → `teaspoon`)."""
    return _SPELT.get(measure) or (measure.removesuffix("s"))


def _spellings(measure: str) -> str:
    """Every word for `measure`, for its ask (`teaspoon`: `teaspoons`, `tsp`)."""
    short = [k for k, v in _SPELT.items() if v == measure]
    return "|".join((measure, f"{measure}s", *short))


def _amounts(story: str, measure: str, scales: list[re.Match[str]]) -> list[Amount] | None:
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
        amounts.append(Amount(amount, re.split(r"[.;:!?]", story[last:s])[-1], s, e, thing))
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
    kind = all(w in KINDS for w in taken[:-1])  # `white sugar` is sugar; `peanut butter` is not
    return (taken[-1] if kind else " ".join(taken)), stop


def _names_a_thing(asked: str) -> bool:
    ask = re.match(r"how (?:much|many) (?:more |extra )?(?:msr of |of )?(?:the |my )?([a-z]+)", asked)
    return ask is not None and ask[1] not in _NOT_ASKED


def _plain_ask(asked: str, amounts: list[Amount]) -> bool:
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


def _scoops(story: str, scoops: re.Match[str]) -> FormedReading | None:
    """`how many 3/8 cup scoops fit into 3/4 of a cup`: the amount divided by the scoop's, a
    whole count (`how many 3/8 cup scoops fit into 1 cup` has none)."""
    measure = _singular(scoops["m"])
    whole = _MEASURED.fullmatch(re.sub(r"^(?:a|an|the|my) (?=\d)", "", scoops["whole"]))
    if story.strip(" ,-") or whole is None or whole["amt"] is None or _singular(whole["m"]) != measure:
        return None
    each = amount_text(scoops["each"])
    return formed(f"{amount_text(whole['amt'])} divided by {each}", "whole")
