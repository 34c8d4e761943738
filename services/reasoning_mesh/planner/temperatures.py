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
from reasoning_mesh.planner.stories import SAME_TIME

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
    ("degrees", "degree", "°c", "°", "c", "celsius", "temperature", "temp", "thermometer",
     "freezer", "fridge")
)  # fmt: skip
_ASK = re.compile(
    r"(?:what(?:'s| is| was|s)?|whats) (?:the )?(?:new )?(?:temperature|temp|reading|it)"
    r"(?: reading| now| at (?P<at>[a-z ]+))?"
    r"|what (?:does|did) (?:it|the thermometer) (?:read|say|show)(?: now| at (?P<at2>[a-z ]+))?"
    r"|what(?:'s| is) it (?:reading|showing|saying) now"
    r"|how (?:cold|warm|hot) is it now"
)
#: Places named, whose temperatures may differ (`in the kitchen`, `outside`): one at most.
_PLACES = re.compile(
    r"\b(?:outside|inside|indoors|outdoors|upstairs|downstairs|elsewhere)\b"
    r"|\b(?:in|at|on) (?:the|my|our|a|his|her) (?!morning|afternoon|evening|night|start|end|close)"
    r"|\bin (?!the\b|my\b|our\b|a\b)[a-z]+"
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
    if not _at_end(ask, story, changes[-1]):
        return None
    sums = start + "".join(
        f" {'plus' if _UP.fullmatch(m['way']) else 'minus'} {m['d']}" for m in changes
    )
    reading = natural.reading(f"what is {sums}")
    return None if reading is None else FormedReading(reading, "any")


def _told(story: str) -> tuple[str, list[re.Match[str]]] | None:
    """The temperature and each change after it, where every other number is a time of day,
    the temperature was said in the past (`was`, `said`, `read`; never `is 14 now`: the change
    came before it), each change's subject is the temperature (`it`, `the temp`: never `the
    freezer went up 3`, `the humidity rose 10`), and after the last change only times follow."""
    if _OTHER_SCALE.search(story) or _OTHER_QUANTITY.search(story):
        return None  # `it rose 18 degrees fahrenheit`, `the humidity rose 10`
    bare = _TIMES.sub(lambda m: " " * len(m[0]), story)  # where the story's words stand
    changes = list(_CHANGE.finditer(bare))
    numbers = list(_SAID.finditer(bare))
    if not changes or len(numbers) != len(changes) + 1 or numbers[0].start() > changes[0].start():
        return None
    if [m.start("d") for m in changes] != [n.start() for n in numbers[1:]]:
        return None  # each number after the first is a change right after its verb
    before = tokens(bare[: numbers[0].start()])
    if not _PAST & set(before[-3:]) or _NOW & set(before):
        return None  # `temp is 14 degrees now and has gone up 6`: the change came first
    ends = [numbers[0].end(), *(m.end() for m in changes[:-1])]
    between = [tokens(bare[a : m.start()]) for a, m in zip(ends, changes, strict=True)]
    last = tokens(bare[changes[-1].end() :])
    words = [*before, *(w for part in between for w in part), *last]
    told = (
        all(_subject(part) for part in between)
        and all(w in _AFTER for w in last)
        and all(map(_plain, words))
        and not acting(words)
        and not any(w.endswith("'s") and w != "it's" for w in words)  # `my son's temp`
        and len(_PLACES.findall(bare)) <= 1
        and bool(_TEMPERATURE & set(words))
    )
    return (numbers[0]["t"], changes) if told else None


def _subject(words: list[str]) -> bool:
    """Whether the clause right before a change has the temperature as its subject (`and it`,
    `, then`, `and the temp has`), never another thing (`and the freezer`)."""
    marks = [i for i, w in enumerate(words) if w in _CLAUSE]
    subject = words[marks[-1] + 1 :] if marks else words
    return all(w in _SUBJECTS for w in subject)


_CLAUSE = frozenset((",", ".", ";", "-", "and", "then", "but", "so"))
_SUBJECTS = frozenset(
    ("it", "it's", "its", "has", "had", "have", "the", "temperature", "temp", "thermometer",
     "reading", "then", "since", "degrees", "degree", "c", "°c", "°")
)  # fmt: skip
#: Other measures said in degrees or beside a temperature.
_OTHER_QUANTITY = re.compile(
    r"\b(?:humidity|pressure|barometer|wind|chill|feels|high|low|forecast|will|would|might|"
    r"little|bit|slightly|mistake|percent|%)\b"
)


#: Right before the temperature: it was said in the past (`was -6`, `said -6`, `read -4`).
_PAST = frozenset(("was", "said", "read", "showed", "reading", "at", "were"))
_NOW = frozenset(("now", "currently", "moment", "is", "it's", "reads", "says", "shows", "having"))
_OTHER_SCALE = re.compile(r"\b(?:fahrenheit|kelvin|°f|f)\b|\d\s*°?f\b")
#: After the temperature, the only words besides its changes and times of day.
_AFTER = frozenset(
    ("and", "then", "since", "by", "it", "it's", "its", "has", "had", "the", "temperature",
     "temp", "degrees", "degree", "c", "°c", "°", "celsius", ",", ".", "-", ";", "noon", "midday",
     "midnight", "lunchtime", "lunch", "dawn", "dusk", "overnight", "morning", "evening", "night",
     "afternoon", "tonight", "today", "this", "that", "so", "far", "but", "though", "close",
     "closing", "opening", "start", "end", "finish")
)  # fmt: skip


def _plain(word: str) -> bool:
    return plain_word(word) or word in _OWN or word in _TEMPERATURE or _SAID.fullmatch(word) is not None


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end (`what does it read now`), wherever it begins."""
    text = re.sub(r"[\s?.!]+$", "", said)
    for at in reversed([m.start() for m in re.finditer(r"\b(?:what|whats|how)\b", text)]):
        if at and (asked := _ASK.fullmatch(text[at:])) is not None:
            return text[:at].rstrip(" ,.?!-"), asked
    return None, None


def _at_end(ask: re.Match[str], story: str, last: re.Match[str]) -> bool:
    """Whether the ask is of the time after the last change: `now`, `new`, nothing named, or a
    time named (whole words) after the last change and nowhere before it (`by lunchtime` … `at
    lunch`; never `at noon` of `by the afternoon`, nor a time the story started at)."""
    at = ask["at"] or ask["at2"]
    if at is None:
        return " was" not in ask[0] or "new" in ask[0]  # `what was it`: at the start, or after?
    named = set(tokens(at)) - {"the", "a"}
    said_after = {SAME_TIME.get(w, w) for w in tokens(story[last.end() :])}
    said_before = {SAME_TIME.get(w, w) for w in tokens(story[: last.start()])}
    named = {SAME_TIME.get(w, w) for w in named}
    return bool(named) and named <= said_after and not named & said_before
