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
from fractions import Fraction

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.stories import SAME_TIME
from reasoning_mesh.planner.temperatures import (
    OTHER_QUANTITY,
    OTHER_SCALE,
    TEMPERATURE,
    TIMES,
    plain_here,
    prepared,
    split_ask,
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
    rf"(?:(?P<up>{_UP})|(?P<down>{_DOWN}))(?: by)?"
    rf"|(?:so )?how many degrees (?:(?P<up2>warmer)|(?P<down2>colder)) (?:did|has) it (?:get|got|gotten)"
    rf"(?: by (?:then|now|lunch|lunchtime|noon|midday))?"
    rf"|(?:so )?(?:what(?:'s| is| was)|whats) the change in (?:temperature|temp)"
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
     "noon", "midday", "lunch", "lunchtime", "now", "later", "close",
     "opening", "start", "end", "finish")
)  # fmt: skip
_MEANWHILE = frozenset(("when", "after", "since", "once", "before", "while"))
_CLOSES = frozenset(("and", "then", ",", ".", ";"))


def _around(words: list[str]) -> bool:
    """Whether `words` (between or after the readings) say only the temperature's own words,
    times, and clauses of what happened meanwhile."""
    inside = False
    for word in words:
        if word in _CHANGING or (inside and word in _ITSELF):
            return False  # `after which it plunged`: a change of its own (audit Z)
        if word in _MEANWHILE:
            inside = True
        elif word in _CLOSES:
            inside = False
        elif not inside and word not in _AROUND:
            return False
    return True


#: The temperature itself, which a clause of what happened meanwhile may not be about.
_ITSELF = frozenset(("it", "it's", "its", "temperature", "temp", "thermometer", "which"))


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
        and _later(told, tokens(story[told.start("mid") : told.end("mid")]), story)
        and _by_said(ask[0], tokens(story[told.start("tail") :]))
    ):
        return None
    first, second = told["first"], told["second"]
    down = ask["down"] or ask["down2"]
    if (ask["up"] or ask["up2"] or down) and not _signed_way(first, second, down=bool(down)):
        return None
    sums = f"{first} minus {second}" if down else f"{second} minus {first}"
    reading = natural.reading(f"what is {sums}")
    return None if reading is None else FormedReading(reading, "any")


#: The second reading's own subject, where a verb says it (`and it says 9`, `the thermometer
#: read -3.2`): the one temperature, never another thing's (`while the shed read 11`).
_SUBJECTS = frozenset(("it", "the", "thermometer", "temperature", "temp", "display", "reading"))
#: Words that say when the second reading was taken, after the first.
_LATER = frozenset(("by", "now", "after", "later", "since"))
#: Words that put the second reading before the first, or make it a check of another thing.
_EARLIER = frozenset(
    ("before", "earlier", "previously", "first", "originally", "checked", "tested", "took",
     "measured", "while", "whereas", "meanwhile", "range", "between", "calibrated",
     "recalibrated", "reset", "replaced", "moved", "swapped", "adjusted", "fixed", "broken")
)  # fmt: skip


def _later(told: re.Match[str], mid: list[str], story: str) -> bool:
    """Whether the second reading is of the same temperature, said as later than the first (`and
    11 by lunchtime`, `and it says 9 now`, `finished at`, `went from -18 to -23.5`), never
    another's (`while the shed read 11`), the first again (`before that it was -4`: audit Z), or
    two at once (`the outside and inside thermometers read -5 and 20`)."""
    tail = tokens(told["tail"])
    if _EARLIER & {*tokens(told["lead"]), *mid, *tail}:
        return False
    then = told["then"]
    if then in ("read", "reads", "says", "showed", "shows", "reading", "it was", "it is"):
        closes = [i for i, w in enumerate(mid) if w in _CLOSES or w in _MEANWHILE]
        subject = mid[closes[-1] + 1 :] if closes else mid
        if not subject or not all(w in _SUBJECTS for w in subject):
            return False
    if then == "to":  # `went from -18 to -23.5`; never a range (`it was -4 to 11 degrees`)
        return "from" in tokens(told["lead"])
    if then in ("finished at", "ended at") or "now" in tail or then in ("it's", "its"):
        return True
    # `and 11 by lunchtime`: the word of later after the second reading, never the first's own
    # (`11 degrees by noon and -4 at dawn`: the review)
    return bool(_LATER & set(tail)) or _in_order(told, story)


#: Times of day without a clock, in their order through a day.
_HOURS = {"dawn": 6, "morning": 9, "noon": 12, "midday": 12, "lunch": 12, "lunchtime": 12,
          "afternoon": 15, "dusk": 18, "evening": 19, "tonight": 21, "midnight": 24}  # fmt: skip


def _in_order(told: re.Match[str], story: str) -> bool:
    """Whether the two readings are each said at a time of one day, the second's later (`12
    degrees at 3pm and 4 at 9pm`, `-5 at dawn and 8 at noon`): times are read, not computed."""
    first = _hour(story[: told.start("second")])  # `told` is of `story` with its times blanked
    second = _hour(story[told.end("second") :])
    return first is not None and second is not None and first < second


def _hour(said: str) -> int | None:
    """The one time of day `said` names (`at 3pm`, `at noon`), as an hour; None for none or two."""
    clocks = re.findall(r"\b(\d{1,2})(?::\d\d)? ?(am|pm)\b", said)
    named = [_HOURS[w] for w in tokens(said) if w in _HOURS]
    hours = [int(h) % 12 + (12 if m == "pm" else 0) for h, m in clocks] + named
    return hours[0] if len(set(hours)) == 1 else None


def _signed_way(first: str, second: str, *, down: bool) -> bool:
    """Whether the readings went the way asked (audit Z: `11 at noon and -4 by midnight. How
    many degrees did it go up?`). A gate only: it compares the two numbers as written and
    refuses a way they contradict; the change itself is the verifier's to compute."""
    earlier, later = Fraction(first), Fraction(second)
    return later < earlier if down else later > earlier


def _by_said(ask: str, tail: list[str]) -> bool:
    """Whether a time the ask names (`how many degrees warmer did it get by noon`) is the time
    the second reading was taken (audit Z: `... and 11 at 6pm ... by noon`)."""
    by = re.search(r"\bby (lunch|lunchtime|noon|midday)$", ask)
    return by is None or SAME_TIME.get(by[1], by[1]) in {SAME_TIME.get(w, w) for w in tail}


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end, wherever it begins."""
    text = re.sub(r"\s*\((?:negative|minus) if it (?:dropped|fell|went down)\)\s*", " ", said)
    text = re.sub(r",? final minus initial$", "", re.sub(r"[\s?.!]+$", "", text))
    return split_ask(text, _STARTS, _ASK)


_STARTS = re.compile(r"\b(?:so |by )?(?:what|whats|how)\b")
