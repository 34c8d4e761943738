"""A list of amounts asked for in total, among words of the asker's own: `quick one before I
send this invoice - line items are 14.50, 23.75 and 8.20. whats the total?`, `Ride log: 42.5 km
on Saturday, 38.7 km Sunday, 19.8 km Monday. Total distance so far?`.

`totals` reads such lists after the words people use for what they bought or did; this reader
takes any background, judged as `gist` judges it (every word plain), and asks more of the list
itself: the amounts stand together, with only a comma, `and`, `&` or `plus` between two of them,
each in the same unit or none (a day or month may name each: `Monday 23.4 km`); the question
asks for the total in so many words (`total`, `altogether`, `in all`, `combined`, `sum`) and
names no other unit. So nothing can have been taken away (`sold 87`), counted (`four rounds`),
priced (`3 items at`) or said per day between the amounts; an audit's list of verbs of taking
away is not needed, since no verb may stand between them.
"""

from __future__ import annotations

import itertools
import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.ambiguity import notation
from reasoning_mesh.planner.asides import aside
from reasoning_mesh.planner.background import (
    CURRENCY,
    DAYS,
    SENTENCE_ENDS,
    TAIL_WORDS,
    YES_NO,
    number,
    plain_word,
    tokens,
)
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

_JOINERS = frozenset((",", "and", "&", "plus", "+"))
#: Months as people write them (`Jan 14.50, Feb 23.75`).
_MONTHS = frozenset(
    ("january", "jan", "february", "feb", "march", "mar", "april", "apr", "may", "june", "jun",
     "july", "jul", "august", "aug", "september", "sep", "sept", "october", "oct", "november",
     "nov", "december", "dec")
)  # fmt: skip
_NAMES = DAYS | _MONTHS
#: What may stand by a day's name before or after its amount (`on Saturday`, `Monday`).
_ON = frozenset(("on", "for"))
_TOTALS = re.compile(
    r"\b(?:total|altogether|combined|sum|in all|all together|overall|takings"
    r"|(?:add|adds|added) (?:up|together))\b"
)
_ASKS = frozenset(("how", "many", "much", "what", "whats", "what's", "total", "altogether",
                   "combined", "sum", "overall", "in", "all", "together", "together?", "is",
                   "that", "so", "far", "takings", "add", "adds", "up", "do", "does", "they",
                   "them", "to"))  # fmt: skip


def read(text: str) -> str | None:
    """`14.50, 23.75 and 8.20 ... whats the total` → `What is 14.50 + 23.75 + 8.20?`."""
    words = tokens(_lines_listed(text))
    at = [i for i, w in enumerate(words) if number(w)]
    if (
        _TOTALS.search(" ".join(words)) is None
        or not 2 <= len(at) <= 8
        or any("," in words[i] for i in at)  # `8,432, 11,907`: thousands or a list?
    ):
        return None
    listed = _amounts(words, at)
    if listed is None or not _alone(words, at, listed[1]):
        return None
    units, used = listed
    asked = {UNIT_NAMES[w] for j, w in enumerate(words) if w in UNIT_NAMES and j not in used}
    if len(units) > 1 or (asked and asked != units) or ("many" in words and not asked):
        return None  # `3 kg and 450 g`; `how many hours ... in km`; `how many items`: a count
    words = _own_words(words, at, units)
    if not _background(words, at, used, asked=bool(asked)):
        return None
    sums = " + ".join(words[i] for i in at)
    return natural.arithmetic(f"what is {sums}")


#: Words of going, with which a list of lengths is of distances gone (`Ride log:`, `rode`).
_GOING = frozenset(
    ("ride", "rides", "rode", "ridden", "riding", "cycle", "cycled", "cycling", "bike", "run",
     "runs", "ran", "running", "walk", "walks", "walked", "walking", "hike", "hikes", "hiked",
     "drove", "drive", "drives", "driving", "swim", "swam", "swims", "rowed", "rowing", "paddled")
)  # fmt: skip
#: What may stand before `log` as what it is written in (`ride log:`, `training log`).
_LOGGED = frozenset(("ride", "cycling", "cycle", "run", "running", "walk", "walking", "training",
                     "mileage", "bike", "my", "our"))  # fmt: skip


def _own_words(words: list[str], at: list[int], units: set[str]) -> list[str]:
    """`words` with those a list of distances gone says of itself taken as plain: `distance` in
    the ask after a list of lengths where a word of going is said (`Ride log: ... Total
    distance?`; never of readings: `Odometer log: 1200 km Monday ...`, audit AA), and `log` as
    what the list is written in (`ride log:`; never `log of 100`, `natural log:`)."""
    going = "length" in {DIMENSION_OF[unit] for unit in units} and bool(_GOING & set(words))
    own = list(words)
    for j, w in enumerate(words):
        after = words[j + 1] if j + 1 < len(words) else ""
        before = words[j - 1] if j > 0 else ""
        if going and j > at[-1] and w == "distance":
            own[j] = "total"  # as the ask's own word
        elif w == "log" and j < at[0] and before in _LOGGED and after in (":", "this", "for", "-"):
            own[j] = "plain"
    return own


def _background(words: list[str], at: list[int], used: set[int], *, asked: bool) -> bool:
    """Whether the words around the list are plain, pick none of it before it (`only`, `total
    profit:`) and only ask after it (`total for the twins`, `total in yen` do more)."""
    told = _told_after(words, at)
    if not _of_a_time(words[: at[0]]):
        return False
    # a day or month in the ask, after the list's sentence, asks part of it (`Total on
    # Monday?`, `up to Wednesday`: audit AA, one the base's own)
    ends = [j for j in range(at[-1] + 1, len(words)) if words[j] in SENTENCE_ENDS]
    if ends and any(w in _NAMES for w in words[ends[0] :]):
        return False
    for j, w in enumerate(words):
        if j in used or at[0] <= j <= at[-1] or (w in UNIT_NAMES and asked):
            continue
        if not (plain_word(w) or w in _ASKS or w in _NAMES or (j < at[0] and w in _LISTS_OF)):
            return False
        if j < at[0] and (w in _PARTS or (w == "total" and words[j + 1] not in _TOTAL_SAID)):
            return False
        if j > at[-1] and not (w in TAIL_WORDS or w in _ASKS or w in _NAMES or j > told):
            return False
    return told + 1 >= len(words) or aside(words[told + 1 :])


#: What `for` may name before a list said to be of points or fares: the time it covers.
_TIMES = frozenset(("season", "week", "month", "year", "day", "today", "tonight", "weekend",
                    "fortnight", "term", "shift", "quarter"))  # fmt: skip


def _of_a_time(before: list[str]) -> bool:
    """Whether a list said to be of points or fares is said of nothing but the time it covers:
    never of two kinds (`fares and refunds`), a part or whose (`_NOT_OF_POINTS`), nor `for`
    people, where each may be per person (audit V: `fares for mum and dad`); and no list is
    said to be `scores of` things."""
    if any(w in ("score", "scores") and after == "of" for w, after in itertools.pairwise(before)):
        return False  # `scores of sheep: 3, 4 and 2`: twenties (audit U, older)
    if not set(before) & _LISTS_OF:
        return True
    if "and" in before or _NOT_OF_POINTS & {w.removesuffix("'s") for w in before}:
        return False
    fors = [i for i, w in enumerate(before) if w == "for"]
    return all(
        next((w for w in before[i + 1 :] if w not in ("the", "this", "my", "our")), "") in _TIMES
        for i in fors
    )


def _told_after(words: list[str], at: list[int]) -> int:
    """Where the sentence asking for the total ends, after the list (`what do they add up
    to?`): the words after it are the asker's own (`need it for the log sheet`), and plain."""
    for j in range(at[-1] + 1, len(words)):
        if words[j] in SENTENCE_ENDS and any(words[k] in _ASKED for k in range(at[-1] + 1, j)):
            return j
    return len(words)


_ASKED = frozenset(("how", "what", "whats", "what's", "total", "takings"))
#: A line that is one amount, perhaps named (`kitchen: 12`, `68`), as a list's lines are.
_LINE = re.compile(r"^\s*(?:[a-z][a-z' ]{0,30}\s*[:=-]\s*)?[£$€]?\d+(?:\.\d+)?\s*$", re.IGNORECASE)


def _lines_listed(text: str) -> str:
    """`text` with two or more lines of one amount each written as one list (`68, 74, 59 and
    81`); a line's name (`kitchen:`) is left out only where it is plain words."""
    lines = text.splitlines()
    listed = [i for i, line in enumerate(lines) if _LINE.match(line)]
    if len(listed) < 2 or listed != list(range(listed[0], listed[-1] + 1)):
        return text
    amounts = []
    for i in listed:
        name, _, amount = lines[i].rpartition(":") if ":" in lines[i] else ("", "", lines[i])
        if name and not all(plain_word(w) for w in tokens(name)):
            return text
        amounts.append(amount.strip())
    said = ", ".join(amounts[:-1]) + " and " + amounts[-1]
    return "\n".join([*lines[: listed[0]], said, *lines[listed[-1] + 1 :]])


def _amounts(words: list[str], at: list[int]) -> tuple[set[str], set[int]] | None:
    """The units of the amounts at `at` and the places of their words (each amount, its
    currency and unit), where one currency or none is theirs and only joiners stand between
    two of them; else None."""
    coins = {words[i - 1] if i > 0 and words[i - 1] in CURRENCY else None for i in at}
    if len(coins - {None}) > 1:
        return None  # `£20 and $20`
    units: set[str] = set()
    used = set(at)
    for i in at:
        if i > 0 and words[i - 1] in CURRENCY:
            used.add(i - 1)
        if i + 1 < len(words) and words[i + 1] in UNIT_NAMES:
            units.add(UNIT_NAMES[words[i + 1]])
            used.add(i + 1)
    for i in at:
        unit = words[i + 1] if i + 1 < len(words) and words[i + 1] in UNIT_NAMES else None
        if notation(words[i], unit) is not None:
            return None  # `7.8 and 6.12 lb`: pounds and ounces?
    for a, b in itertools.pairwise(at):
        if not _joined([w for j, w in enumerate(words[a + 1 : b], a + 1) if j not in used]):
            return None
    return units, used


def _alone(words: list[str], at: list[int], used: set[int]) -> bool:
    """Whether the amounts are the whole list (`A tenner, 14.50 and 23.75` has one more, `...
    8.20 and his` too), none signed by a dash before its currency (`-£14.50`), and the question
    asks no yes or no."""
    first = min(used)
    last = max(used)
    before = words[first - 1] if first > 0 else ""
    after = words[last + 1 : last + 3]
    if before in _JOINERS or before in ("-", ",") or words[0] in YES_NO:
        return False
    return not (after[:1] and after[0] in ("and", "&", "plus", "+") and after[1:] != ["total"])


#: What a list before its amounts may be said to be of that no list calls plain (`fares` may
#: be priced, a `season` shared): before the list, where only the list itself follows. Never
#: `adding` (`adding postage on: ...`) or `again` (`ordered these again on friday`): audit U.
_LISTS_OF = frozenset(("points", "fares", "season"))
#: Before the list, words that pick some of it (`only`, `apart from the dearest`).
_PARTS = frozenset(("only", "apart", "except", "skipping", "skip", "which", "just", "ignoring",
                    "without", "but", "bought", "sold", "tracks", "track", "time", "lap",
                    # some of it taken off or of another kind (audit U: `scores, highest
                    # dropped: ...`, `points for and against: ...`)
                    "highest", "lowest", "dropped", "removed", "cancelled", "canceled", "void",
                    "voided", "docked", "deducted", "forfeit", "forfeited", "abandoned",
                    "ignored", "against", "conceded", "redeemed", "minus", "penalty",
                    "penalties"))  # fmt: skip
#: Before a list said to be of points or fares, words of a part of it, of points spent, or of
#: whom each is for (audits U and V: `points, the best three`, `fares for me and my wife`);
#: plain before other lists (`money from friends: ...`, `the cheapest quotes were ...`).
_NOT_OF_POINTS = frozenset(("best", "worst", "cheapest", "dearest", "opener", "bonus", "bonuses",
                            "cashed", "spent", "used", "replay", "replayed", "wife", "husband",
                            "partner", "daughter", "son", "kids", "children", "child", "adult",
                            "adults", "family", "friends"))  # fmt: skip
#: What may follow `total` before the list (`total of`, `total:`); not `total profit:`.
_TOTAL_SAID = frozenset((":", "?", "of", "is", "was", "-", ",", "."))


def _joined(between: list[str]) -> bool:
    """Only a joiner, and a day's name with `on`, between two amounts."""
    joiners = [w for w in between if w in _JOINERS]
    rest = [w for w in between if w not in _JOINERS]
    named = [w for w in rest if w in _NAMES]
    return (
        bool(joiners)
        and len(named) <= 2
        and all(w in _NAMES or w in _ON for w in rest)
        and (not any(w in _ON for w in rest) or bool(named))
    )
