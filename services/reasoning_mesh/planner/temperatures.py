"""A temperature, then how it changed, in the asker's own sentences: `thermometer in the
greenhouse said -6 at 6am and its gone up 11 degrees since. what does it read now`, `Science
lab: the sample was at -4.5 degrees C and then dropped by another 2.3 degrees. What's the new
temperature?`, `temp at dawn was minus 4 degrees, it went up 11 by noon then dropped 9 by
midnight, what was it at midnight`.

`stories` reads a few fixed sentences of one change; this reader reads any background by the
part each number plays: the first number is the temperature (signed, or said in degrees), each
later one a change right after a verb of rising or falling (`went up by`, `dropped`, `has warmed
up by`), and every other number a time of day (`at 6am`). A temperature word must be said
(`degrees`, `thermometer`, `freezer`, `temp`), every other word is plain, and the ask is of the
temperature after the last change: `now`, `new`, or the time that change was said to end by
(`by lunchtime` … `at lunch`), never the start. The reading adds and subtracts the story's own
numbers in its order (`What is -6 + 11?`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import with_numerals

_UP = re.compile(
    r"\b(?:went up|gone up|going up|rose|risen|climbed|increased|warmed(?: up)?|heated up|got warmer)\b"
)
_DOWN = re.compile(
    r"\b(?:went down|gone down|dropped|fell|fallen|decreased|cooled(?: down)?|got colder)\b"
)
_CHANGE = re.compile(
    rf"(?P<way>{_UP.pattern}|{_DOWN.pattern})(?: by)?(?: another)? (?P<d>\d+(?:\.\d+)?)(?![\d.])"
)
_SAID = re.compile(r"(?<![\w.])(?P<t>-?\d+(?:\.\d+)?)(?![\d.])")
#: Times of day, which no reading takes (`at 6am`, `by 5pm`, `at 7`).
_TIMES = re.compile(
    r"\b(?:at|by|around|until|till) \d{1,2}(?::\d\d)? ?(?:am|pm)\b|\b\d{1,2}(?::\d\d)? ?(?:am|pm)\b"
)
_TEMPERATURE = frozenset(
    (
        "degrees",
        "degree",
        "°c",
        "°",
        "c",
        "celsius",
        "temperature",
        "temp",
        "thermometer",
        "freezer",
        "fridge",
    )
)
_ASK = re.compile(
    r"(?:what(?:'s| is| was|s)?|whats) (?:the )?(?:new )?(?:temperature|temp|reading|it)"
    r"(?: reading| now| at (?P<at>[a-z ]+))?"
    r"|what (?:does|did) (?:it|the thermometer) (?:read|say|show)(?: now| at (?P<at2>[a-z ]+))?"
    r"|what(?:'s| is) it (?:reading|showing|saying) now"
    r"|how (?:cold|warm|hot) is it now"
)
#: Places named, whose temperatures may differ (`in the kitchen`, `outside`).
_PLACES = re.compile(
    r"\b(?:outside|inside|indoors|outdoors|upstairs|downstairs|elsewhere)\b"
    r"|\bin (?:the|my|our|a|his|her) (?!morning|afternoon|evening|night)"
)
#: A change said again without its number (`and the same again by 3pm`).
_AGAIN = frozenset(("again", "same", "twice", "double", "doubled", "further", "half", "halved"))
#: Words a story of a temperature may say besides plain ones (times of day among them).
_OWN = frozenset(
    ("and", "then", "since", "by", "another", "up", "down", "at", "minus", "-", "now", "°c", "°",
     "c", "noon", "midday", "midnight", "lunchtime", "lunch", "dawn", "dusk", "overnight",
     "morning", "evening", "night", "tonight", "today", "afternoon")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    said = with_numerals(spoken(text))
    said = re.sub(r"\b(?:minus|negative) (?=\d)", "-", said)
    said = re.sub(r"\b(i|we) left\b", r"\1 went", said)  # `when I left the house`
    story, ask = _split(said)
    told = _told(story) if story is not None else None
    if story is None or ask is None or told is None:
        return None
    start, changes = told
    if not _at_end(ask, story[changes[-1].end() :]):
        return None
    sums = start + "".join(
        f" {'plus' if _UP.fullmatch(m['way']) else 'minus'} {m['d']}" for m in changes
    )
    reading = natural.reading(f"what is {sums}")
    return None if reading is None else FormedReading(reading, "any")


def _told(story: str) -> tuple[str, list[re.Match[str]]] | None:
    """The temperature and each change after it, where every other number is a time of day,
    one place at most is named (before the temperature), and every other word is plain."""
    first = _SAID.search(story)
    if first is None or _PLACES.search(story, first.end()):
        return None  # `3 degrees in the kitchen and it dropped 9 degrees outside`: of where?
    bare = _TIMES.sub(" ", story)
    changes = list(_CHANGE.finditer(bare))
    numbers = list(_SAID.finditer(bare))
    if not changes or len(numbers) != len(changes) + 1 or numbers[0].start() > changes[0].start():
        return None
    if [m.start("d") for m in changes] != [n.start() for n in numbers[1:]]:
        return None  # each number after the first is a change right after its verb
    words = tokens(_CHANGE.sub(" ", bare))
    plain = all(map(_plain, words)) and not acting(words) and not _AGAIN & set(words)
    return (numbers[0]["t"], changes) if plain and _TEMPERATURE & set(words) else None


def _plain(word: str) -> bool:
    return plain_word(word) or word in _OWN or word in _TEMPERATURE or _SAID.fullmatch(word) is not None


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end (`what does it read now`), wherever it begins."""
    text = re.sub(r"[\s?.!]+$", "", said)
    for at in reversed([m.start() for m in re.finditer(r"\b(?:what|whats|how)\b", text)]):
        if at and (asked := _ASK.fullmatch(text[at:])) is not None:
            return text[:at].rstrip(" ,.?!-"), asked
    return None, None


def _at_end(ask: re.Match[str], last: str) -> bool:
    """Whether the ask is of the time after the last change: `now`, `new`, nothing named, or a
    time named by that change's own words (`by lunchtime` … `at lunch`)."""
    at = ask["at"] or ask["at2"]
    if at is None:
        return " was" not in ask[0] or "new" in ask[0]  # `what was it`: at the start, or after?
    named = set(tokens(at)) - {"the", "a"}
    return bool(named) and all(any(w in said for said in tokens(last)) for w in named)
