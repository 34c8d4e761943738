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

Since the twenty-second round: what happened meanwhile may follow a change in a clause of its
own (`since someone left the door open`, `by the time we reached the cafe`) that holds no word
of change (`and then fell back`, `the same again`), the time a change ended by may come first
(`By noon it had gone up 11 degrees`), and the ask may say more (`what temp was it at lunch`,
`what was the lunchtime temperature`, `what's the final temperature`).
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
TIMES = re.compile(
    r"\b(?:at|by|around|until|till) \d{1,2}(?::\d\d)? ?(?:am|pm)\b|\b\d{1,2}(?::\d\d)? ?(?:am|pm)\b"
    r"|(?<=\bdeparted )at \d{1,2}\b(?![\d.]| ?(?:degrees|°))"
)
TEMPERATURE = frozenset(
    ("degrees", "degree", "°c", "°", "c", "celsius", "temperature", "temp", "thermometer",
     "freezer", "fridge")
)  # fmt: skip
_ASK = re.compile(
    r"(?:so )?(?:what(?:'s| is| was|s)?|whats) (?:the )?(?:new |final |current )?"
    r"(?:temperature|temp|reading|it)(?: is it| was it)?(?: reading| showing| saying)?"
    r"(?: at)?(?: now| at (?P<at>[a-z ]+))?"
    r"|(?:so )?what (?:does|did) (?:it|the thermometer) (?:read|say|show)(?: now| at (?P<at2>[a-z ]+))?"
    r"|(?:so )?what (?:was|is) the (?P<at3>lunchtime|midday|noon|midnight|evening|afternoon) "
    r"(?:temperature|temp|reading)"
    r"|how (?:cold|warm|hot) is it now"
)
#: Places named, whose temperatures may differ (`in the kitchen`, `outside`): one at most.
_PLACES = re.compile(
    r"\b(?:outside|inside|indoors|outdoors|upstairs|downstairs|elsewhere)\b"
    r"|\b(?:in|at|on) (?:the|my|our|a|his|her) (?!morning|afternoon|evening|night|start|end|close)"
    r"|\bin (?!the\b|my\b|our\b|a\b)[a-z]+"
)
#: Words a story of a temperature may say besides plain ones (times of day among them; `after`
#: opens what happened meanwhile, `the freezer log says`, a voice note's `um`).
_OWN = frozenset(
    ("and", "then", "since", "by", "another", "up", "down", "at", "minus", "-", "now", "°c", "°",
     "after", "log", "um",
     "c", "noon", "midday", "midnight", "lunchtime", "lunch", "dawn", "dusk", "overnight",
     "morning", "evening", "night", "tonight", "today", "afternoon")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    raw = with_numerals(spoken(text))
    if re.search(r"\bfirst\b[^?]*\??\s*$", raw[max(raw.rfind("what"), 0) :]) or _NOT_HEAT.search(raw):
        return None  # `what's the temperature first thing`: the start (audit Z); an angle
    said = _events_plain(raw)
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


#: What happened around a change, said in words that elsewhere act on the maths (`left`,
#: `off`, `back`, `first`), in plain words here: `since someone left the door open`, `when we
#: set off at 7`, `by the time we got back`, `first thing this morning`, `dropped 9 degrees again`.
_EVENTS = re.compile(
    r"\b(?P<open>(?:left|leaving) (?:the|a|its|their|his|her|my|our) (?:[a-z]+ )?(?:door|lid|window|"
    r"hatch|gate) open|(?:was|were|got) left open)\b"
    r"|\b(?P<was>(?:set|headed|started) off at)(?= -| \d+(?:\.\d+)? ?(?:degrees|°))"
    r"|\b(?P<start>set off|setting off|headed off|started off)\b"
    # a person back (`we got back`), never the temperature (`it came back up`: audit Z)
    r"|(?:(?<=\bwe )|(?<=\bi )|(?<=\bthey )|(?<=\byou )|(?<=\bhe )|(?<=\bshe ))"
    r"(?P<back>got back|came back|were back|was back)\b"
    r"|\b(?P<early>first thing)\b"
    r"|(?<=degrees) (?P<again>again)\b"
)
_NOT_HEAT = re.compile(r"\b(?:angle|ramp|slope|incline|pitch|horizon|bearing|compass)\b")
_EVENT_WORDS = {"was": "was at", "open": "opened", "start": "departed", "back": "arrived", "early": "",
                "again": ""}  # fmt: skip


def prepared(text: str) -> str:
    """`text` in lower case, its numbers in digits, its events in plain words."""
    return _events_plain(with_numerals(spoken(text)))


def _events_plain(said: str) -> str:
    """`said` (lower case, numbers in digits) with its events in plain words."""
    said = re.sub(r"\b(?:minus|negative) (?=\d)", "-", said)
    said = re.sub(r"\b(i|we) left\b", r"\1 went", said)  # `when I left the house`
    return _EVENTS.sub(lambda m: _EVENT_WORDS[m.lastgroup or ""], said)


def _told(story: str) -> tuple[str, list[re.Match[str]]] | None:
    """The temperature and each change after it, where every other number is a time of day,
    the temperature was said in the past (`was`, `said`, `read`; never `is 14 now`: the change
    came before it), each change's subject is the temperature (`it`, `the temp`: never `the
    freezer went up 3`, `the humidity rose 10`), and after the last change only times follow."""
    if OTHER_SCALE.search(story) or OTHER_QUANTITY.search(story):
        return None  # `it rose 18 degrees fahrenheit`, `the humidity rose 10`
    bare = TIMES.sub(lambda m: " " * len(m[0]), story)  # where the story's words stand
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
    # `It was 6 degrees. It had dropped 4 overnight`: a change before the start (audit Z); a
    # pluperfect change counts only with the time it ended by, before or after it (`by noon it
    # had gone up`, `it had warmed up by 11 degrees by the time we got back`)
    for a, m in zip(ends, changes, strict=True):
        part = tokens(story[a : m.start()])
        if part[-1:] == ["had"] or part[-2:-1] == ["had"]:
            marks = [i for i, w in enumerate(part) if w in _CLAUSE]
            own = part[marks[-1] + 1 :] if marks else part
            ended_by = tokens(story[m.end() :])[:4]  # `had warmed up by 11 degrees by the time`
            if not (
                _by_a_time(own)
                or _by_a_time(ended_by[ended_by.index("by") :] if "by" in ended_by else [])
            ):
                return None
    told = (
        all(_subject(part) for part in between)
        and _after(last)
        and all(map(plain_here, words))
        and not acting(words)
        and not any(w.endswith("'s") and w != "it's" for w in words)  # `my son's temp`
        and len(_PLACES.findall(bare)) <= 1
        and bool(TEMPERATURE & set(words))
    )
    return (numbers[0]["t"], changes) if told else None


def _by_a_time(words: list[str]) -> bool:
    """Whether `words` open with the time a change ended by (`by noon`, `by the time we got
    back`), never the reading before it (`by then`, `by which time`: the review)."""
    return words[:1] == ["by"] and words[1:2] not in (["then"], ["that"], ["which"], ["this"])


def _subject(words: list[str]) -> bool:
    """Whether the clause right before a change has the temperature as its subject (`and it`,
    `, then`, `and the temp has`), never another thing (`and the freezer`)."""
    marks = [i for i, w in enumerate(words) if w in _CLAUSE]
    subject = words[marks[-1] + 1 :] if marks else words
    if subject[:1] == ["by"] and (it := next((i for i, w in enumerate(subject) if w in _IT), 0)):
        if subject[it] not in ("it", "it's", "its") and subject[it - 1] != "the":
            return False  # `by noon the fridge temperature had`: another thing's (audit Z)
        subject = subject[it:]  # `by noon it had gone up`, `by the cafe stop it had warmed up`
    return all(w in _SUBJECTS for w in subject)


def _after(words: list[str]) -> bool:
    """Whether the words after the last change only say when it ended (`by lunchtime`) or what
    happened meanwhile (`since someone opened the door`, `by the time we finished`), never a
    change of its own without a number (`and then fell back`, `and the same again`)."""
    if words[-2:] == ["since", "then"]:
        words = words[:-2]  # `gone up 11 degrees since then`: since the reading, a time only
    opened = next(
        (i for i, w in enumerate(words) if w in _MEANWHILE or words[i - 1 : i + 1] == ["the", "time"]),
        len(words),
    )  # `by the time we got back`; never `time after time` (audit Z)
    clause = words[opened:]
    if clause and (
        set(clause) & {",", ";", ".", "-", "and", "then", "so", "but", "which", "until"}
        or any(w in ("it", "it's", "its", "temperature", "temp") for w in clause[:-1])
    ):
        return False  # a clause of its own about the temperature: `since when it has plummeted`
    return all(w in _AFTER for w in words[:opened]) and not (_CHANGEY & set(clause))


#: How a clause of what happened meanwhile opens (`when the door was opened`).
_MEANWHILE = frozenset(("when", "since", "after", "once", "while", "because", "as"))
#: Words that change a temperature or count one, which no such clause may hold.
_CHANGEY = frozenset(
    ("up", "down", "back", "again", "more", "less", "further", "another", "same", "twice",
     "double", "doubled", "half", "halved", "per", "each", "every", "a", "an", "hour", "hours",
     "minute", "minutes", "rose", "rise", "rising", "risen", "fell", "fall", "falling", "fallen",
     "dropped", "drop", "dropping", "climbed", "climbing", "warmed", "warming", "warmer", "cooled",
     "cooling", "cooler", "colder", "hotter", "heated", "heating", "chilled", "froze", "thawed",
     "degrees", "degree", "temperature", "temp", "but")
)  # fmt: skip
_IT = frozenset(("it", "it's", "its", "temperature", "temp", "thermometer"))


_CLAUSE = frozenset((",", ".", ";", "-", "and", "then", "but", "so"))
_SUBJECTS = frozenset(
    ("it", "it's", "its", "has", "had", "have", "the", "temperature", "temp", "thermometer",
     "reading", "then", "since", "degrees", "degree", "c", "°c", "°", "was")
)  # fmt: skip
#: Other measures said in degrees or beside a temperature.
OTHER_QUANTITY = re.compile(
    r"\b(?:humidity|pressure|barometer|wind|chill|feels|high|low|forecast|will|would|might|"
    r"little|bit|slightly|mistake|percent|%)\b"
)


#: Right before the temperature: it was said in the past (`was -6`, `said -6`, `read -4`).
_PAST = frozenset(("was", "said", "read", "showed", "reading", "at", "were"))
_NOW = frozenset(("now", "currently", "moment", "is", "it's", "reads", "says", "shows", "having"))
OTHER_SCALE = re.compile(r"\b(?:fahrenheit|kelvin|°f|f)\b|\d\s*°?f\b")
#: After the temperature, the only words besides its changes and times of day.
_AFTER = frozenset(
    ("and", "then", "since", "by", "it", "it's", "its", "has", "had", "the", "temperature",
     "temp", "degrees", "degree", "c", "°c", "°", "celsius", ",", ".", "-", ";", "noon", "midday",
     "midnight", "lunchtime", "lunch", "dawn", "dusk", "overnight", "morning", "evening", "night",
     "afternoon", "tonight", "today", "this", "that", "so", "far", "but", "though", "close",
     "closing", "opening", "start", "end", "finish")
)  # fmt: skip


def plain_here(word: str) -> bool:
    return plain_word(word) or word in _OWN or word in TEMPERATURE or _SAID.fullmatch(word) is not None


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end (`what does it read now`), wherever it begins."""
    return split_ask(re.sub(r"[\s?.!]+$", "", said), _STARTS, _ASK)


_STARTS = re.compile(r"\b(?:what|whats|how)\b")


def split_ask(
    text: str, starts: re.Pattern[str], ask: re.Pattern[str]
) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at the end of `text` (its closing marks already off): from the last
    place `starts` matches (never the very start) whose rest is all `ask`; the story without its
    marks or `so` at its end (`... since then, so what temp is it now`)."""
    for at in reversed([m.start() for m in starts.finditer(text)]):
        if at and (asked := ask.fullmatch(text[at:])) is not None:
            return re.sub(r"(?:[\s,.?!-]|\bso\b)+$", "", text[:at]), asked
    return None, None


def _at_end(ask: re.Match[str], story: str, last: re.Match[str]) -> bool:
    """Whether the ask is of the time after the last change: `now`, `new`, nothing named, or a
    time named (whole words) after the last change and nowhere before it (`by lunchtime` … `at
    lunch`; never `at noon` of `by the afternoon`, nor a time the story started at)."""
    at = ask["at"] or ask["at2"] or ask["at3"]
    if at is None:  # `what was it`: at the start, or after? (`the final temperature`: after)
        return " was" not in ask[0] or "new" in ask[0] or "final" in ask[0]
    # the last change's clause: `by lunchtime it had gone up 11` names its time first
    joins = r"[,.;]| - |\b(?:and|then|but|though|although|yet|while|so)\b"
    opens = [m.end() for m in re.finditer(joins, story[: last.start()])]
    clause = opens[-1] if opens else last.start()
    named = {_when(w) for w in tokens(at)} - {"the", "a"}
    said_after = {_when(w) for w in tokens(story[clause:])}
    said_before = {_when(w) for w in tokens(story[:clause])}
    if not (bool(named) and named <= said_after and not named & said_before):
        return False
    after = [_when(w) for w in tokens(story[clause:])]
    # the time asked is the one the change ended by (`by lunch`), never one it came after
    # (`went up 11 degrees after lunch ... what was it at lunch`: audit Z)
    for i, w in enumerate(after):
        if w in named:
            marks = [x for x in after[:i] if x in _MARKS]
            if not marks or marks[-1] != "by":
                return False
    return True


_MARKS = frozenset(("by", "since", "after", "when", "once", "while", "before", "until", "as", "because"))


def _when(word: str) -> str:
    """One name for a time however said (`lunchtime` is `lunch`, `finished` is `finish`)."""
    return SAME_TIME.get(word, {"finished": "finish", "finishing": "finish"}.get(word, word))
