"""Two everyday stories of one change, each read from a few fixed sentences: the change from a
payment (`I paid with a £20 note for something that cost £13.47, how much change should I
get`) and a temperature that rises or falls (`It was -4°C when I left for work and it went up
by 11 degrees by lunchtime. whats the temperature at lunch`).

The reading is the one subtraction or addition the story says, with the story's own numbers.
As with equal shares (`shares`), the whole text must fit a form: an open word in such a story
can change the amount (`paid 20 for two things that cost 13.47 each`, `it went up by 11 degrees
then fell by 3`). Only a time of day may be open (`by lunchtime`, `at 5am`, `at midnight`), and
it must not be a number the reading could take.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.sentence_words import plain
from reasoning_mesh.planner.wrappers import normal

_CASH = r"(?P<{0}_sign>[$£€])?(?P<{0}>\d+(?:\.\d{{1,2}})?)"
_PAID = _CASH.format("paid")
_COST = _CASH.format("cost")
_CHANGE_FORMS = tuple(
    re.compile(f"^{form}$")
    for form in (
        # `I paid for a 13.47 book with a 20 note`: one thing, its price before it
        rf"i paid for (?:a|an) {_COST} (?P<thing>[a-z]+) with (?:a|an) {_PAID} note",
        # `I paid with a £20 note for something that cost £13.47`, `paid with a 20 note for
        # stuff costing 13.64`: what was bought, costing so much
        rf"(?:i )?paid (?:with )?(?:a )?{_PAID}(?: note)? for (?:something|an item|a thing|it|"
        rf"stuff|my shopping|the shopping|shopping) (?:costing|that cost|which cost|that came to|"
        rf"which came to) {_COST}",
        # `paid with a $20 note and the bill was 13.68`: the note, then the one bill
        rf"(?:i )?paid (?:with )?(?:a )?{_PAID}(?: note)? and (?:the|my) (?:bill|total|shopping|stuff) "
        rf"(?:was|came to) {_COST}",
        # `the train ticket is £14.60 and I pay with a £20 note`: one thing, then the note
        rf"(?:(?:a|the|my) )?(?:(?:train|bus|cinema|concert|plane|coach|taxi|museum|theatre) )?"
        rf"(?P<bought>[a-z]+) (?:is|was|costs|cost|came to) {_COST} and i (?:pay|paid) "
        rf"(?:with )?(?:a |an )?{_PAID}(?: note)?",
        # `something cost £13.47 and I paid with a £20 note`
        rf"(?:something|an item|it|my shopping|the shopping) (?:cost|came to) {_COST} and i "
        rf"(?:paid|handed over|gave them) (?:with )?(?:a )?{_PAID}(?: note)?",
    )
)
_CHANGE_ASK = re.compile(
    r"^how much change(?: (?:should|do|will|would|did|must) i (?:get|receive|recieve|get back|"
    r"have got|have gotten|have received|have recieved)(?: back)?)?$"
    r"|^(?:what(?:'s| is)|whats) my change$"
    r"|^what change (?:should|do|will|would) i get(?: back)?$"
)
#: The ask first, then the one payment and the one price (`... from a £20 note if i spend £13.76`).
_CHANGE_ASKED_FIRST = re.compile(
    r"how much change (?:do|will|would|should) i get(?: back)? from (?:a |an )?"
    r"(?P<paid>[$£€]?\d+(?:\.\d{1,2})?)(?: note)? if i (?:spend|spent|pay|paid) "
    r"(?P<cost>[$£€]?\d+(?:\.\d{1,2})?)"
)
_WHEN = (
    r"(?:at|by|around) (?:\d{1,2}(?::\d{2})? ?(?:am|pm)|midnight|midday|noon|lunch|lunchtime|"
    r"dawn|dusk|breakfast|night|tea ?time)"
)
_WHEN_OPEN = (
    rf"(?: {_WHEN}| in the (?:morning|afternoon|evening)| this (?:morning|afternoon|evening)"
    r"| when i (?:left|got up|woke up)(?: for work)?(?: this (?:morning|afternoon|evening))?)?"
)
_DEGREES = r"(?: ?°c| ?° ?c| degrees(?: c| celsius)?| ?c)?"
_TEMPERATURE_FORMS = tuple(
    re.compile(f"^{form}$")
    for form in (
        rf"(?:it was|the temperature was) (?P<t>-?\d+(?:\.\d+)?){_DEGREES}(?P<start>{_WHEN_OPEN}),? and "
        rf"(?:it|the temperature) (?P<way>went up|rose|climbed|increased|warmed up|went down|"
        rf"dropped|fell|decreased|cooled) (?:by )?(?P<d>\d+(?:\.\d+)?){_DEGREES}(?P<end>{_WHEN_OPEN})",
        # `... and its gone up 12 degrees since`: the change up to now
        rf"(?:it was|the temperature was) (?P<t>-?\d+(?:\.\d+)?){_DEGREES}(?P<start>{_WHEN_OPEN}),? and "
        rf"(?:it's|its|it has|the temperature has|the temperature's) (?P<way>gone up|risen|climbed|"
        rf"increased|warmed up|gone down|dropped|fallen|decreased|cooled) (?:by )?"
        rf"(?P<d>\d+(?:\.\d+)?){_DEGREES}(?P<end>)(?P<since> since)",
    )
)
#: In the ask a bare hour is a time too (`how cold was it at 5`): it names no operand.
_ASKED_WHEN = rf"(?P<when> now| then| at \d{{1,2}}(?::\d{{2}})?|{_WHEN_OPEN})"
_TEMPERATURE_ASK = re.compile(
    rf"(?:(?:what(?:'s| is| was)|whats) (?:the temperature|the temp|it)"
    rf"|how (?:cold|warm|hot) (?:was|is) it|what temperature (?:was|is) it){_ASKED_WHEN}"
)
#: Names of one time of day, as an ask may say it again.
SAME_TIME = {"lunchtime": "lunch", "midday": "noon", "teatime": "tea time"}
#: One thing bought whole, whose price is what is paid (`the ticket is £14.60 and I pay with a
#: £20 note`): never a saving, a wage, a price per litre or per item (`petrol is 1.48`,
#: `apples cost 0.45`).
_BOUGHT_ONE = frozenset(
    ("ticket", "fare", "meal", "lunch", "dinner", "breakfast", "book", "magazine", "newspaper",
     "sandwich", "coffee", "tea", "pizza", "burger", "cake", "toy", "game", "present", "gift",
     "shirt", "t-shirt", "jacket", "coat", "dress", "hat", "scarf", "haircut", "shopping", "bill",
     "taxi", "cab", "card", "pen", "notebook", "umbrella", "film", "movie")
)  # fmt: skip
#: Words that count things rather than name one (`a 13.47 dozen`).
_QUANTITIES = frozenset(
    ("dozen", "pack", "pair", "set", "box", "bag", "lot", "batch", "case", "crate", "round",
     "bundle", "multipack", "each", "per", "total", "bill", "deposit", "voucher", "note", "refund",
     "credit", "discount", "tip", "fee", "gift")
)  # fmt: skip
_UP = frozenset(("went up", "rose", "climbed", "increased", "warmed up", "gone up", "risen"))


def read(text: str) -> FormedReading | None:
    """The grammar's reading of the change a story asks for and the form its answer must take
    (change is whole cents and not negative: `I paid with a £10 note for something that cost
    £13.47` has none), else None."""
    said = re.sub(r"\s*[?.!]*$", "", normal(text))
    if (asked_first := _CHANGE_ASKED_FIRST.fullmatch(said)) is not None:
        # `how much change do i get from a £20 note if i spend £13.76`: the story said after
        said = (
            f"i paid with a {asked_first['paid']} note for something that cost {asked_first['cost']}, "
        )
        said += "how much change do i get"
    # an ask of change typed straight on: cut before it (`... cost 13.65 what change should i get`)
    said = re.sub(r"(?<=\d) (?=(?:what|how much) change\b)", ", ", said)
    for cut in (", ", ". ", "? ", " - "):
        head, sep, ask = said.rpartition(cut)
        if not sep:
            continue
        head = head.rstrip(" ,.")
        if _CHANGE_ASK.fullmatch(ask) and (m := _first(_CHANGE_FORMS, head)) is not None:
            signs = {m["paid_sign"], m["cost_sign"]} - {None}
            if len(signs) > 1 or not _one_thing(m.groupdict().get("thing")) or not _priced(m):
                return None  # `a $20 note for something that cost £13.47`: which money?
            if m.groupdict().get("bought") not in (None, *_BOUGHT_ONE):
                return None  # `the saving is £4.60 and I pay with a £20 note`: nothing bought
            reading = natural.reading(f"what is {m['paid']} minus {m['cost']}")
            return None if reading is None else FormedReading(reading, "change")
        asked = _TEMPERATURE_ASK.fullmatch(ask)
        if asked and (m := _first(_TEMPERATURE_FORMS, head)) is not None and _at_end(m, asked):
            way = "plus" if m["way"] in _UP else "minus"
            reading = natural.reading(f"what is {m['t']} {way} {m['d']}")
            return None if reading is None else FormedReading(reading, "any")
    return None


def _one_thing(thing: str | None) -> bool:
    """`a 13.47 book`: one plain thing (not `a 13.47 dozen`, `a 13.47 pack`)."""
    return thing is None or (plain(thing) and thing not in _QUANTITIES)


def _priced(m: re.Match[str]) -> bool:
    """`a 13.47 book`: a thing named after its price is priced as money (`_money`)."""
    return m.groupdict().get("thing") is None or _money(m)


def _money(m: re.Match[str]) -> bool:
    """A price written as money: with its sign, or in pounds and pence (`13.47`); `a 12 inch`
    and `a 3 course` are sizes."""
    return bool(m["cost_sign"]) or re.fullmatch(r"\d+\.\d\d", m["cost"]) is not None


def _at_end(story: re.Match[str], asked: re.Match[str]) -> bool:
    """Whether the ask is of the time after the change: the story's own end time named again
    (`by lunchtime` … `at lunch`, `by 5am` … `at 5`), or `now`/`then` where the story gives
    none; never its start (`what was it at 7am`) or another time."""
    end, when = _hour(story["end"]), _hour(asked["when"])
    if story.groupdict().get("since"):
        # `gone up 12 degrees since. what was it (then)`: the start, or now?
        return when in (None, "now") and " was" not in asked.group(0)
    if when is not None and _same_hour(when, _hour(story["start"])):
        return False  # `at 11 am ... by 11 pm ... at 11`: which?
    if end is None:
        return when in (None, "now")  # `what was it then`: at the start, or after?
    return _same_hour(when, end)


def _hour(phrase: str | None) -> str | None:
    """A time as said, without its preposition and with one name per time (`by 5am` → `5`,
    `by lunchtime` → `lunch`); `now`/`then` as they are; None for no time."""
    words = (phrase or "").strip()
    if not words:
        return None
    words = re.sub(r"^(?:at|by|around) ", "", words)
    words = re.sub(r"^(\d{1,2})(?::00)? ?(am|pm)$", r"\1\2", words)
    return SAME_TIME.get(words, words)


def _same_hour(asked: str | None, said: str | None) -> bool:
    """`at 5` is `by 5am` or `by 5pm`; `at 5am` is not `by 5pm`."""
    if asked is None or said is None:
        return asked == said
    return asked == said or (asked.isdigit() and said.rstrip("apm") == asked)


def _first(forms: tuple[re.Pattern[str], ...], text: str) -> re.Match[str] | None:
    return next((m for m in (f.fullmatch(text) for f in forms) if m is not None), None)
