"""A darts score left after the throws the asker lists: `darts: started on 501, threw 140 then
100 then 85. what have i got left`, `my opponent started on 501 and has hit 140, 100, 85 and 60
so far. whats he got left`.

In darts a player counts down from the start (501, 301): each visit's score is taken off, so
the score left is the start minus every score said, in order (`What is 501 - 140 - 100 -
85?`). Only where the story is exactly that: a game of darts is named, one player starts on a
number and then scores the listed numbers (`hit`, `threw`, `scored`; joined by commas, `and`,
`then`), no other number is said, and the ask is of what that player has left (`what's my score
left`, `what's he got left`, `whats my remaining score`). A dart's multiplier (`treble 20`,
`double 16`, `bull`) is a product the asker leaves unsaid, so no such word may appear; every
other word is plain (`background.plain_word`) and acts on nothing (`asides`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import with_numerals

_SCORE = r"\d{1,4}(?!\d|[.,]\d|/)"
_STARTED = r"(?:started|starting|began|was|were) (?:on|at|from)"
_SCORED = (
    r"(?:(?P<scorer>i've|ive|he's|she's|i|he|she|they|we) )?(?:(?:has|have|had|'ve) )?(?:just )?"
    r"(?:hit|threw|thrown|scored)"
)
_THROWS = rf"{_SCORE}(?:(?:,? (?:then|and then|and)|,) {_SCORE})*"
_STORY = re.compile(
    rf"(?P<lead>.*?)\b{_STARTED} (?P<start>{_SCORE})(?P<mid>(?: and| then|,)(?: so far)?)"
    rf" {_SCORED} (?P<throws>{_THROWS})(?P<tail>(?: so far| already)?)"
)
_ASK = re.compile(
    r"(?:so )?(?:what(?:'s| is|s)?|whats) (?:my|his|her|their|the) (?:score )?(?:left|remaining)"
    r"(?: score)?(?: now)?"
    r"|(?:so )?(?:what(?:'s| is|s)?|whats) (?:my|his|her|their) remaining score(?: now)?"
    r"|(?:so )?what (?:have|has|'ve) (?:i|he|she|they|we) got left(?: now)?"
    r"|(?:so )?(?:what(?:'s| is|s)?|whats) (?:i|he|she|they) got left(?: now)?"
    r"|(?:so )?what(?:'s| is) left"
)
#: A dart's multiplier or a rule that changes what counts (`bust`: the visit scores nothing).
_RULES = frozenset(
    ("treble", "triple", "double", "bull", "bullseye", "bull's", "outer", "inner", "bust",
     "busted", "checkout", "finish", "each", "every", "per", "average", "avg", "leg", "legs",
     "set", "sets", "handicap")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    """The score left, whose answer is `not_negative` (a bust, more scored than was left, fails
    at the verifier instead of answering)."""
    reading = _read(text)
    return None if reading is None else FormedReading(reading, "not_negative")


def _read(text: str) -> str | None:
    said = with_numerals(spoken(text))
    if not {"dart", "darts"} & set(tokens(said)):
        return None  # never `Dartmoor` (audit AA)
    said = re.sub(r"[\s?.!]+$", "", said)
    for at in reversed([m.start() for m in re.finditer(r"\b(?:so )?(?:what|whats)\b", said)]):
        if at and (asked := _ASK.fullmatch(said[at:])) is not None:
            return _reading(said[:at].rstrip(" ,.?!-"), asked[0])
    return None


def _reading(story: str, ask: str) -> str | None:
    told = _STORY.fullmatch(story)
    if told is None or not _one_player(told, ask):
        return None
    if len(re.findall(r"\d+", story)) != 1 + len(re.findall(r"\d+", told["throws"])):
        return None
    words = tokens(told["lead"])
    if _RULES & set(tokens(story)) or not all(map(plain_word, words)) or acting(words):
        return None
    if _TWO & set(words):
        return None
    throws = re.findall(_SCORE, told["throws"])
    # a game's own start, and visits a player can score (at most 180): never `started on 60`,
    # where a bust may leave the score as it was (audit AA), nor a visit of 200
    if told["start"] not in _STARTS or any(int(t) > _MOST for t in throws) or len(throws) > 8:
        return None
    return natural.reading("what is " + " - ".join([told["start"], *throws]))


#: The scores a game of darts starts from, and the most one visit (three darts) scores.
_STARTS = frozenset(("301", "501", "701", "1001"))
_MOST = 180
#: Words of another player, or of two playing one score (`me against tom`, `my mate and i`).
_TWO = frozenset(("against", "vs", "versus", "alternating", "alternate", "both", "team", "pair",
                  "and", "&", "each", "turns"))  # fmt: skip

#: Who a word says plays: the asker, or another player.
_PERSON = {"i": "i", "i've": "i", "ive": "i", "my": "i", "we": "i", "he": "he", "he's": "he",
           "his": "he", "she": "she", "she's": "she", "her": "she", "they": "they",
           "their": "they", "dad": "he", "father": "he", "brother": "he", "son": "he",
           "husband": "he", "uncle": "he", "grandad": "he", "mum": "she", "mom": "she",
           "mother": "she", "sister": "she", "daughter": "she", "wife": "she", "aunt": "she",
           "nan": "she", "gran": "she"}  # fmt: skip


def _one_player(told: re.Match[str], ask: str) -> bool:
    """Whether the one who started, the one who scored and the one asked of are one player:
    `started on 501` (the asker), `my opponent started on 501 ... whats he got left`; never `I
    started on 501, he threw 140`."""
    lead = tokens(told["lead"])
    last = lead[-1] if lead and lead[-1] not in ",.:;-" else "i"
    starter = _PERSON.get(last, "someone")  # `my opponent`, `player`: he, she or they
    said = {_PERSON[w] for w in [told["scorer"], *tokens(ask)] if w in _PERSON}
    if len(said) > 1:
        return False  # `my dad started on 501 and she hit 140 ... what's he got left`
    return all(p == starter or (starter == "someone" and p != "i") for p in said)
