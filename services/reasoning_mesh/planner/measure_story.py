"""The words of a household-measure story besides its amounts (`measures`): opening chatter,
places and purposes (`on the landing`, `for dusting the counter`) and subjects (`the glaze
needs`, `first wall used`) are set aside; what is left must be a shape's closed words
(`measure_words.CLOSED`)."""

from __future__ import annotations

import re

from reasoning_mesh.planner.background import TAIL_WORDS, plain_word, tokens
from reasoning_mesh.planner.measure_words import CLOSED, HAD, SHAPE_WORDS, USED

#: Words opening a clause that never name who uses an amount (`will use`, `then used`).
_NOT_SUBJECT = frozenset(
    ("will", "would", "can", "could", "should", "might", "must", "shall", "may", "gonna", "also",
     "just", "still", "then", "already", "only", "later", "now", "tomorrow", "yesterday", "today")
)  # fmt: skip
_DETERMINERS = frozenset(("the", "my", "a", "an", "our", "this", "his", "her", "their"))
_ORDINALS = frozenset(("first", "second", "third", "last"))


def marked(story: str, spans: list[tuple[int, int]], scales: list[re.Match[str]]) -> str:
    """`story` with each amount written `qamt` and the scale `qscale`."""
    marked = [(s, e, " qamt ") for s, e in spans] + [(m.start(), m.end(), " qscale ") for m in scales]
    for s, e, mark in sorted(marked, reverse=True):
        story = story[:s] + mark + story[e:]
    return " ".join(story.split())


def skeleton(
    story: str, spans: list[tuple[int, int]], scales: list[re.Match[str]]
) -> tuple[list[str], list[str]] | None:
    """The words of the story besides its amounts (at `spans`), scale, opening chatter, places
    and purposes (`on the landing`, `for dusting the counter`) and subjects (`the glaze
    needs`), with the subjects; None where the chatter says more than chatter."""
    rest = marked(story, spans, scales)
    clauses = re.split(r"(?<=[.!?;:,])\s+|\s+-\s+", rest.strip())
    while clauses and "qamt" not in clauses[0] and "qscale" not in clauses[0]:
        if not _chatter(tokens(clauses.pop(0))):
            return None
    words, k = tokens(" ".join(clauses)), 0
    subjects: list[str] = []
    kept: list[str] = []
    while k < len(words):
        w = words[k]
        slot = _slot(words, k)
        if slot:
            k += slot
            continue
        if w == "of" and kept[-1:] == ["qscale"] and k + 1 < len(words) and _named(words[k + 1]):
            subjects.append(f"of {words[k + 1]}")  # `making two batches of cookies`: a dish
            k += 2
            continue
        subject = _subject(words, k)
        if subject:
            subjects.append(" ".join(words[k : k + subject]))
            k += subject
            continue
        kept.append(w)
        k += 1
    return kept, subjects


#: Words of an opening clause `plain_word` holds back elsewhere (`baking with the kids`,
#: `painting the house this weekend`, `baking class q`).
_CHATTER = frozenset(
    ("q", "re", "kids", "weekend", "tonight", "today", "morning", "evening", "with", "painting",
     "knitting", "decorating", "gardening")
)  # fmt: skip


#: An opening clause that sets an amount aside (audit E: `Forget the icing.`, `Already made
#: the icing.`).
_DISMISSING = frozenset(
    ("ignore", "forget", "skip", "leave", "leaving", "already", "made", "done", "finished",
     "sorted", "except", "without", "not", "no", "never", "instead")
)  # fmt: skip


def _chatter(words: list[str]) -> bool:
    """An opening clause of the asker's own (`Painting the house this weekend.`, `Knitting
    question lol`, `baking class q`): plain words, no use or having of anything, nothing set
    aside."""
    said = " ".join(words)
    if _DISMISSING & set(words):
        return False
    plain = all(plain_word(w) or w in TAIL_WORDS or w in _CHATTER for w in words)
    return len(words) <= 10 and plain and not (HAD.search(said) or USED.search(said))


def _slot(words: list[str], k: int) -> int:
    """How many words a place or purpose at `k` takes (`on the back door`, `for dusting the
    counter`, `for the party`): a preposition, a determiner and one or two nouns; 0 for none."""
    if words[k] not in ("for", "on", "in", "into"):
        return 0
    j = k + 1
    if j < len(words) and words[j].endswith("ing") and words[j] not in ("icing", "topping"):
        j += 1  # `for dusting the counter`
    if j > k + 1 and (j >= len(words) or words[j] not in _DETERMINERS):
        return j - k  # `for dusting`
    if j >= len(words) or words[j] not in _DETERMINERS:
        return 0
    nouns = 0
    while j + 1 + nouns < len(words) and nouns < 2 and _named(words[j + 1 + nouns]):
        nouns += 1
    return 0 if nouns == 0 else j + 1 + nouns - k


def _subject(words: list[str], k: int) -> int:
    """How many words a subject at `k` takes, up to its verb of use (`the glaze needs`, `first
    wall used`, `bake sale recipe needs`, `the crumble topping needs`): a determiner or an
    ordinal, or a clause's opening, then one or two nouns (and `recipe`); 0 for none."""
    opening = k == 0 or words[k - 1] in (",", ".", ";", ":", "-", "and", "but")
    j = k
    if words[j] in _DETERMINERS:
        j += 1
    if j < len(words) and words[j] in _ORDINALS:
        j += 1
    if j == k and (not opening or not plain_word(words[k]) or words[k] in _NOT_SUBJECT):
        return 0
    nouns = 0
    while j + nouns < len(words) and nouns < 2 and _named(words[j + nouns]):
        nouns += 1
    if nouns and j + nouns < len(words) and words[j + nouns] == "recipe":
        nouns += 1
    verb = j + nouns
    return verb - k if nouns and verb < len(words) and USED.fullmatch(words[verb]) else 0


def _named(word: str) -> bool:
    """A word that may name a place, a purpose or who uses an amount: none of the closed words
    of a story, no verb of having or use, no time (`on the tomatoes tomorrow`)."""
    shaped = any(word in words for words in SHAPE_WORDS.values()) or word in _NOT_SUBJECT
    return (
        bool(re.fullmatch(r"[a-z][a-z']*", word))
        and word not in CLOSED
        and not shaped
        and not (HAD.fullmatch(word) or USED.fullmatch(word))
    )


#: A time other than now (`last week`, `tomorrow`), an amount for two places at once (`on the
#: leeks and on the beans`), or recurring (`on the weekdays`, `in the mornings`): audit E.
_WHEN = re.compile(
    r"\b(?:this|last|next) (?:week|month|year|morning|evening|night|weekend|time)\b"
    r"|\b(?:yesterday|tomorrow|earlier|later|tonight's)\b"
)
_TWO_SLOTS = re.compile(
    r"\b(?:on|in|for|into) (?:the|my|a) [a-z]+(?: [a-z]+)? (?:and|, and|,|then|and then|or) "
    r"(?:on|in|for|into) (?:the|my|a|both)\b"
)
_RECURRING = re.compile(
    r"\b(?:on|in|at|for) (?:the )?(?:weekdays|weekends|mornings|evenings|nights|days|lunches"
    r"|afternoons|weeks)\b"
)


def doubtful(story: str, first: int) -> bool:
    """Whether the story, from its first amount at `first` on (an opening clause may say when:
    `Painting the house this weekend.`), tells an amount at another time, for two places, or
    recurring."""
    told = story[story.rfind(".", 0, first) + 1 :]
    return bool(_WHEN.search(told) or _TWO_SLOTS.search(told) or _RECURRING.search(told))
