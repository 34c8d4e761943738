"""How far a temperature moved between two readings the asker gives: `Greenhouse thermometer
read -4 at 6am and 11 by lunchtime. How many degrees did it go up?`, `the temperature started
at -3.5 °C and finished at 2.25 °C. By how many degrees did it rise?`, `The freezer display went
from -18 to -23.5 overnight. What's the change in temperature?`.

`temperatures` reads a temperature and the changes after it; here the story says two readings
and the ask names the change. A rise is the later reading minus the earlier (`What is 11 -
-4?`), a drop the earlier minus the later, a change (`the change in temperature`) the later
minus the earlier, as a change is written. The earlier reading is the first said, in the past
(`was`, `read`, `started at`, `went from`), and the later one follows it as the story goes on
(`and 11 by lunchtime`, `and finished at`, `. It's 9 degrees now`). Every other number is a time
of day, every other word plain, and a temperature word is said.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.temperatures import (
    OTHER_QUANTITY,
    OTHER_SCALE,
    TEMPERATURE,
    TIMES,
    plain_here,
    prepared,
)

_NUMBER = r"-?\d+(?:\.\d+)?(?![\d.])"
#: The story: the first reading in the past, then the later one (`and 11 by lunchtime`).
_STORY = re.compile(
    rf"(?P<lead>.*?\b(?:was|were|read|said|showed|reading|started at|was at|went from|"
    rf"dropped from|fell from|rose from|climbed from))\s+(?P<first>{_NUMBER})"
    rf"(?P<mid>.*?)(?:\b(?P<then>and|then|to|finished at|ended at|now reads|it's|its|it is|"
    rf"it was|read|reads|says|showed|shows|reading)\s+)(?P<second>{_NUMBER})(?P<tail>.*)"
)
_UP = (
    r"(?:go|gone|went) up|rise|risen|rose|warm(?:ed)? up|warm|warmed|climb|climbed|increase|"
    r"increased|heat(?:ed)? up|get warmer|got warmer"
)
_DOWN = (
    r"(?:go|gone|went) down|drop|dropped|fall|fallen|fell|cool(?:ed)? down|cool|cooled|decrease|"
    r"decreased|get colder|got colder"
)
_SUBJECT = r"(?:it|the temperature|the temp|the thermometer|the reading)"
_ASK = re.compile(
    rf"(?:so )?(?:by )?how (?:many degrees|much) (?:did|has|had) {_SUBJECT} "
    rf"(?:(?P<up>{_UP})|(?P<down>{_DOWN}))(?: by)?(?: overnight| since| in total| altogether)?"
    rf"|(?:so )?how many degrees (?:(?P<up2>warmer)|(?P<down2>colder)) (?:did|has) it (?:get|got|gotten)"
    rf"(?: by (?:then|now|lunch|lunchtime|noon|midday))?"
    rf"|(?:so )?(?:what(?:'s| is| was)|whats) the (?:change|(?P<up3>rise)|(?P<down3>drop|fall)) in "
    rf"(?:temperature|temp)"
)
#: Words of a change or a comparison, which no clause around the readings may hold.
_CHANGING = frozenset(
    ("up", "down", "again", "back", "more", "less", "another", "further", "rose", "fell",
     "dropped", "climbed", "warmed", "cooled", "warmer", "colder", "hotter", "cooler", "higher",
     "lower", "per", "each", "every", "a", "an", "difference", "than")
)  # fmt: skip
#: Between and after the readings: the temperature's own words and times (`degrees at dawn
#: and`, `°C and it's`, `degrees now at midday`); what happened meanwhile goes in a clause of
#: its own (`when I went to bed`, `after the ice bath`), and nothing else is named there
#: (`and the fridge read 4`: another thing's temperature).
_AROUND = frozenset(
    ("degrees", "degree", "°c", "°", "c", "celsius", "and", "then", ",", ".", ";", "-", "it",
     "it's", "its", "the", "temperature", "temp", "thermometer", "reading", "display", "at", "by",
     "this", "morning", "evening", "afternoon", "night", "overnight", "dawn", "dusk", "midnight",
     "noon", "midday", "lunch", "lunchtime", "today", "tonight", "now", "later", "close",
     "opening", "start", "end", "finish")
)  # fmt: skip
_MEANWHILE = frozenset(("when", "after", "since", "once", "before", "while"))
_CLOSES = frozenset(("and", "then", ",", ".", ";"))


def _around(words: list[str]) -> bool:
    """Whether `words` (between or after the readings) say only the temperature's own words,
    times, and clauses of what happened meanwhile."""
    inside = False
    for word in words:
        if word in _CHANGING:
            return False
        if word in _MEANWHILE:
            inside = True
        elif word in _CLOSES:
            inside = False
        elif not inside and word not in _AROUND:
            return False
    return True


def read(text: str) -> FormedReading | None:
    said = prepared(text)
    story, ask = _split(said)
    if story is None or ask is None or OTHER_SCALE.search(story) or OTHER_QUANTITY.search(story):
        return None
    bare = TIMES.sub(lambda m: " " * len(m[0]), story)
    told = _STORY.fullmatch(bare)
    if told is None or len(re.findall(_NUMBER, bare)) != 2:
        return None
    words = tokens(f"{told['lead']} {told['mid']} {told['tail']}")
    if not (
        all(map(plain_here, words))
        and not acting(words)
        and _around(tokens(told["mid"]))  # `and went up by 11`: `temperatures` reads it
        and _around(tokens(told["tail"]))
        and TEMPERATURE & set(tokens(story))
        and not any(w.endswith("'s") and w != "it's" for w in words)
    ):
        return None
    first, second = told["first"], told["second"]
    down = ask["down"] or ask["down2"] or ask["down3"]
    sums = f"{first} minus {second}" if down else f"{second} minus {first}"
    reading = natural.reading(f"what is {sums}")
    return None if reading is None else FormedReading(reading, "any")


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end, wherever it begins."""
    text = re.sub(r"\s*\((?:negative|minus) if it (?:dropped|fell|went down)\)\s*", " ", said)
    text = re.sub(r"[\s?.!]+$", "", text)
    text = re.sub(r",? final minus initial$", "", text)
    for at in reversed([m.start() for m in re.finditer(r"\b(?:so |by )?(?:what|whats|how)\b", text)]):
        if at and (asked := _ASK.fullmatch(text[at:])) is not None:
            return re.sub(r"(?:[\s,.?!-]|\bso\b)+$", "", text[:at]), asked
    return None, None
