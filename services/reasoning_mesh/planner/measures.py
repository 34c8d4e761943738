"""Amounts of one household measure the knowledge base holds no fact for (a cup, a tin, a
skein, a bag), added, taken away, scaled or divided within that measure, so no fact is needed:
`the recipe wants 3/4 cup white sugar and 2/3 cup brown sugar. How much sugar is that in
total?`, `Had 5/6 of a bag of compost, used 1/4 of a bag on the leeks. what fraction of a bag is
left`, `recipe needs 2/3 cup of sugar but im only making half of it`, `how many 3/8 cup scoops
fit into 3/4 of a cup`.

Each amount is read as written (`3/4`, `2 1/4`, `three quarters`, `two and a half`), every one
of the one measure (`3/4 cup`, `2/3 of a skein`; a bare fraction after one, `and 1/4 on the
back`), and every other number of the story refused. The shapes, each in its own words:

- a total: two or three amounts used or needed, the ask a total (`in total`, `altogether`);
- what is left: one amount had, one used, the ask what is left (answer `not_negative`);
- what more is needed: one amount needed, one had, the ask how much more (`not_negative`);
- a scaled amount: one amount and one scale of the recipe (`making 2/3 of the batch`,
  `tripling it`, `two and a half batches`);
- how many fit: one amount had and one each thing uses, or `N cup scoops` into an amount (a
  count asked is `whole`: `how many beds can I fill` has no answer of 17/4).

Words that change an amount or what is counted (`each` outside the last shape, `spilled`,
`twice`, another measure or unit) refuse the question (`_CHANGING`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.background import spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.measure_words import (
    AMOUNT,
    APPROXIMATE,
    CHANGING,
    EACH,
    FRACTION_ASKED,
    FRACTION_WORDS,
    MEASURE,
    OTHER_MEASURES,
    SCALE,
    amount_text,
    other_unit,
    scale_text,
)
from reasoning_mesh.planner.numwords import WORDS


@dataclass(frozen=True)
class _Amount:
    text: str  # as the grammar reads it: `3/4`, `2 1/4`
    lead: str  # the words before it back to the last amount or the story's start
    start: int
    end: int
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

_ASK = re.compile(r"\b(?:how (?:much|many)|what fraction|what's the total|whats the total)\b")
#: The ask of each shape (its measure already written `M`).
_TOTAL_ASK = re.compile(
    r"(?:how (?:much|many)|what fraction)\b.*\b(?:in total|altogether|all together|all up|overall|"
    r"combined|total|in all)\b.*|what fraction of (?:a|the) msr (?:have|has|did) (?:i|we) used?(?: up)?"
    r"|how much (?:[a-z]+ )?(?:is that|do i need)(?: in msr)?"
)
_LEFT_ASK = re.compile(
    r"(?:how much|what fraction)\b.*\b(?:left|left over|remaining)(?: now| in the [a-z]+)?(?: in msr)?"
)
_MORE_ASK = re.compile(
    r"how (?:much|many)(?: more| extra)\b.*|how much (?:do|will) (?:i|we) still need.*"
)
_SCALE_ASK = re.compile(
    r"how (?:much|many)(?: msr)?(?: of (?:the )?[a-z]+| [a-z]+)?(?: (?:do|will|should) (?:i|we)"
    r"(?: actually| really)? (?:need|use|add|put in)| (?:is that|would that be|does that come to))?"
    r"(?: in total| altogether| then| now)?(?: in msr)?"
)
_FIT_ASK = re.compile(
    r"how many (?P<things>[a-z]+) (?:is that|can (?:i|we) (?:make|fill|do|get|set up|paint)"
    r"|does that make|will that (?:make|do|fill)|do (?:i|we) get)(?: out of (?:it|that|them))?"
)
_SCOOPS_ASK = re.compile(
    rf"how many (?P<each>{AMOUNT})[ -](?P<m>{MEASURE}) (?:scoops?|measures?|spoons?|portions?|servings?)"
    rf"(?: of [a-z]+)? (?:fit into|fit in|go into|make|can (?:i|we) get out of|are in|in) (?P<whole>.+)"
)
#: Who has an amount, and who uses one (the verbs of each, read in an amount's lead).
_HAD = re.compile(
    r"\b(?:had|have|i've got|ive got|we've got|got|there was|there's|there is|i've|we've)\b"
)
_USED = re.compile(
    r"\b(?:used|uses|use|using|took|takes|take|went on|go on|poured|tipped in|put in|added|needs|"
    r"need|needed|wants|want|calls for|called for|says|said|requires|mixed|ate)\b"
)
_NEEDS = re.compile(r"\b(?:needs|need|needed|wants|calls for|called for|says|requires|recipe is)\b")
_HAS_NOW = re.compile(
    r"\b(?:have|i've got|ive got|we've got|got|already (?:tipped in|put in|added|used)|tipped in|"
    r"put in|added|i've put in|i've added|so far|only have|left)\b"
)


def read(text: str) -> FormedReading | None:
    """The amounts' total, what is left, what more is needed, the scaled amount or how many fit,
    as the story and its ask say; None for any other story."""
    said = spoken(FRACTION_ASKED.sub(" ", spoken(text)))
    said = re.sub(r"\s+", " ", re.sub(r"[\s?.!]+$", "", said)).strip()
    asks = list(_ASK.finditer(said))
    if not asks:
        return None
    story, ask = said[: asks[-1].start()], said[asks[-1].start() :]
    if (scoops := _SCOOPS_ASK.fullmatch(ask)) is not None:
        return _scoops(story, scoops)
    measures = {_singular(m["m"] or m["m2"]) for m in _MEASURED.finditer(story)}
    if len(measures) != 1:
        return None
    measure = measures.pop()
    scales = list(SCALE.finditer(story))
    amounts = _amounts(story, measure, [(m.start(), m.end()) for m in scales])
    asked = re.sub(rf"\b(?:{measure}|{measure}s)\b", "msr", re.sub(r"[()]", " ", ask))
    asked = re.sub(r"\b(?:all together|in all|all up)\b", "altogether", asked)
    asked = re.sub(r"\s+", " ", asked).strip()
    if amounts is None or not _plain(asked, measure, amounts):
        return None
    return _shaped(story, amounts, scales, asked)


def _shaped(
    story: str, amounts: list[_Amount], scales: list[re.Match[str]], asked: str
) -> FormedReading | None:
    """The reading of the one shape the story and its ask make (the module's list)."""
    each = len(EACH.findall(story))
    if scales:
        batches = len(re.findall(r"\b(?:each|every|per) batch\b", story))
        return _scaled(story, amounts, scales, asked) if each == batches else None
    if each:
        return _fit(amounts, asked)
    if len(amounts) >= 2 and _TOTAL_ASK.fullmatch(asked) and _all_used(amounts, story):
        return _formed(" plus ".join(a.text for a in amounts), "any")
    if len(amounts) != 2 or not _same_things(amounts, asked, everyone=True):
        return None
    first, second = amounts
    if _LEFT_ASK.fullmatch(asked) and _had_then_used(first, second):
        return _formed(f"{first.text} minus {second.text}", "not_negative")
    return _more(first, second) if _MORE_ASK.fullmatch(asked) else None


def _had_then_used(first: _Amount, second: _Amount) -> bool:
    """Whether the first amount is one had (`had 5/6 of a bag`) and the second one used."""
    had = _HAD.search(first.lead) and not _USED.search(first.lead)
    return bool(had and _USED.search(second.lead) and not _HAD.search(second.lead))


def _singular(measure: str) -> str:
    return measure[:-1] if measure.endswith("s") and measure not in ("tbsp", "tsp") else measure


def _amounts(story: str, measure: str, scales: list[tuple[int, int]]) -> list[_Amount] | None:
    """The story's amounts in order, each of `measure` (a bare fraction after a measured one);
    None where any other number is said or a measure word stands alone (`and another cup`).
    A scale's own number (`making 2/3 of the batch`) is no amount."""
    found: list[tuple[int, int, str, str | None]] = []
    for m in _MEASURED.finditer(story):
        thing = _thing(story, m.end(), of_measure=" of " in m[0] or m["m2"] is not None)
        found.append((m.start(), m.end(), amount_text(m["amt"]) if m["amt"] else "a half", thing))
    taken = [(s, e) for s, e, _, _ in found] + scales
    for m in _BARE.finditer(story):
        if found and not any(s <= m.start() < e for s, e in taken) and m.start() > found[0][0]:
            found.append(
                (m.start(), m.end(), amount_text(m["amt"]), _thing(story, m.end(), of_measure=True))
            )
    if not found:
        return None
    rest = story
    for s, e in sorted([(s, e) for s, e, _, _ in found] + scales, reverse=True):
        rest = rest[:s] + " qamt " + rest[e:]
    if re.search(rf"\d|\b{measure}s?\b", rest) or CHANGING.search(rest) or FRACTION_WORDS.search(rest):
        return None
    if APPROXIMATE.search(rest) or _COUNTED.search(rest):
        return None
    if OTHER_MEASURES.search(rest) or other_unit(tokens(rest)):
        return None
    amounts, last = [], 0
    for s, e, amount, thing in sorted(found):
        lead = re.split(r"[.;:!?]", story[last:s])[-1]
        amounts.append(_Amount(amount, lead, s, e, thing))
        last = e
    return amounts


#: A number in words outside the amounts (`three raised beds`); `one` only as a pronoun
#: (`each one takes`, `the second one`).
_COUNTED = re.compile(
    rf"\b(?!one\b)(?:{'|'.join(WORDS)})\b|(?<!each )(?<!every )(?<!this )(?<!that )(?<!the )"
    rf"(?<!first )(?<!second )(?<!other )(?<!another )(?<!which )\bone\b(?! of\b)"
)


#: Words after an amount that are not what it is of (`3/4 cup for the base`, `... and 2/3`).
_NOT_THING = frozenset(
    ("for", "on", "in", "into", "and", "but", "so", "then", "to", "left", "from", "with", "i",
     "we", "the", "a", "an", "my", "our", "this", "that", "is", "was", "at", "already", "plus",
     "of", "each", "per", "it", "she", "he", "they", "you", "used", "went", "had", "have", "got",
     "needs", "need", "takes", "take", "uses", "use", "were", "are", "by", "after", "before")
)  # fmt: skip


def _thing(story: str, end: int, *, of_measure: bool) -> str | None:
    """What an amount is of, by its last word (`3/4 cup white sugar` → `sugar`); None where
    the words after it say nothing of it."""
    words = re.findall(r"[a-z']+|[^\sa-z']", story[end:])[:3]
    if words[:1] == ["of"]:
        words = words[1:]
    elif of_measure or not words or words[0].endswith(("ing", "ed")):
        return None  # `3/8 of a bag potting up the tomatoes`: what follows is not of it
    taken: list[str] = []
    for w in words[:2]:
        if w in _NOT_THING or not re.fullmatch(r"[a-z']+", w):
            break
        taken.append(w)
    return taken[-1] if taken else None


def _same_things(amounts: list[_Amount], asked: str, *, everyone: bool) -> bool:
    """Whether the amounts are of what the ask names (`how much sugar`), and, `everyone`, of
    one thing among themselves (`had 5/6 of a bag of compost, used 1/4 of a bag of sand`)."""
    named = {a.thing for a in amounts if a.thing is not None}
    ask = re.match(r"how (?:much|many) (?:more |extra )?(?:of (?:the |my )?)?([a-z]+)", asked)
    if ask and ask[1] not in _NOT_ASKED and named - {ask[1]}:
        return False
    return not everyone or len(named) <= 1


#: Words after `how much` that name nothing asked of (`how much is that`, `how much more`).
_NOT_ASKED = frozenset(
    ("msr", "is", "do", "does", "did", "will", "would", "should", "have", "has", "can", "could", "more",
     "extra", "altogether", "in", "of", "a", "the", "that", "fit", "go", "am", "are")
)  # fmt: skip


def _plain(asked: str, measure: str, amounts: list[_Amount]) -> bool:
    """Whether the ask says no number, no change of an amount, no other measure or unit, and
    names what the amounts are of where it names anything."""
    if re.search(r"\d|\bmsr\b.*\bmsr\b", asked) or CHANGING.search(asked) or EACH.search(asked):
        return False
    if OTHER_MEASURES.search(asked) or other_unit(tokens(asked)):
        return False
    return _same_things(amounts, asked, everyone=False)


def _all_used(amounts: list[_Amount], story: str) -> bool:
    """Whether every amount is one used or needed, none had (`had 5/6 ... used 1/4`: a total?)."""
    if any(_HAD.search(a.lead) for a in amounts):
        return False
    return not re.search(r"\b(?:left|remaining|spare|already|still|so far|only)\b", story)


def _more(first: _Amount, second: _Amount) -> FormedReading | None:
    """What more is needed: the amount needed less the one had, whichever is said first."""
    if _NEEDS.search(first.lead) and _HAS_NOW.search(second.lead) and not _NEEDS.search(second.lead):
        need, have = first, second
    elif _HAS_NOW.search(first.lead) and _NEEDS.search(second.lead) and not _NEEDS.search(first.lead):
        need, have = second, first
    else:
        return None
    return _formed(f"{need.text} minus {have.text}", "not_negative")


def _scaled(
    story: str, amounts: list[_Amount], scales: list[re.Match[str]], asked: str
) -> FormedReading | None:
    """One amount times one scale of the recipe (`making 2/3 of the batch`, `tripling it`)."""
    if len(amounts) != 1 or len(scales) != 1 or not _SCALE_ASK.fullmatch(asked):
        return None
    if re.search(r"\b(?:left|remaining|spare|more|already|so far)\b", story):
        return None
    return _formed(f"{amounts[0].text} times {scale_text(scales[0])}", "any")


def _fit(amounts: list[_Amount], asked: str) -> FormedReading | None:
    """How many things an amount had makes, each using one amount (`I've got 3/4 of a tin left
    and each coat uses 3/8 of a tin. How many coats is that?`): a whole count, or no answer."""
    ask = _FIT_ASK.fullmatch(asked)
    if ask is None or len(amounts) != 2 or not _same_things(amounts, asked, everyone=True):
        return None
    have, each = amounts
    things = ask["things"]
    names = {things, things[:-1], things[:-2], f"{things[:-3]}f"} if things.endswith("s") else {things}
    per = re.search(
        r"\b(?:each|every|per)(?: [a-z]+)? ([a-z]+) (?:uses|takes|needs|gets)\s*$", each.lead
    )
    if per is None or per[1] not in names or not _HAD.search(have.lead) or _USED.search(have.lead):
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
