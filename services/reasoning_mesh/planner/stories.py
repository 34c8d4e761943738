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
from reasoning_mesh.planner.wrappers import normal

_CASH = r"[$£€]?(?P<{}>\d+(?:\.\d{{1,2}})?)"
_PAID = _CASH.format("paid")
_COST = _CASH.format("cost")
_CHANGE_FORMS = tuple(
    re.compile(f"^{form}$")
    for form in (
        # `I paid with a £20 note for something that cost £13.47`
        rf"i paid (?:with )?(?:a )?{_PAID}(?: note)? for (?:something|an item|a thing|it) "
        rf"(?:that|which) cost {_COST}",
        # `something cost £13.47 and I paid with a £20 note`
        rf"(?:something|an item|it|my shopping|the shopping) (?:cost|came to) {_COST} and i "
        rf"(?:paid|handed over|gave them) (?:with )?(?:a )?{_PAID}(?: note)?",
    )
)
_CHANGE_ASK = re.compile(
    r"^how much change (?:should|do|will|would|did|must) i (?:get|receive|recieve|get back)"
    r"(?: back)?$"
)
_WHEN = (
    r"(?:at|by|around) (?:\d{1,2}(?::\d{2})? ?(?:am|pm)|midnight|midday|noon|lunch|lunchtime|"
    r"dawn|dusk|breakfast|night|tea ?time)"
)
_WHEN_OPEN = (
    rf"(?: {_WHEN}| in the (?:morning|afternoon|evening)| this (?:morning|afternoon|evening)"
    r"| when i (?:left|got up|woke up)(?: for work)?)?"
)
_DEGREES = r"(?: ?°c| ?° ?c| degrees(?: c| celsius)?| ?c)?"
_TEMPERATURE_FORMS = tuple(
    re.compile(f"^{form}$")
    for form in (
        rf"(?:it was|the temperature was) (?P<t>-?\d+(?:\.\d+)?){_DEGREES}{_WHEN_OPEN},? and "
        rf"(?:it|the temperature) (?P<way>went up|rose|climbed|increased|warmed up|went down|"
        rf"dropped|fell|decreased|cooled) (?:by )?(?P<d>\d+(?:\.\d+)?){_DEGREES}{_WHEN_OPEN}",
    )
)
#: In the ask a bare hour is a time too (`how cold was it at 5`): it names no operand.
_ASKED_WHEN = rf"(?: now| then| at \d{{1,2}}(?::\d{{2}})?|{_WHEN_OPEN})"
_TEMPERATURE_ASK = re.compile(
    rf"(?:(?:what(?:'s| is| was)|whats) (?:the temperature|it)"
    rf"|how (?:cold|warm|hot) (?:was|is) it|what temperature (?:was|is) it){_ASKED_WHEN}"
)
_UP = frozenset(("went up", "rose", "climbed", "increased", "warmed up"))


def read(text: str) -> str | None:
    """The grammar's reading of the change a story asks for, else None."""
    said = re.sub(r"\s*[?.!]*$", "", normal(text))
    for cut in (", ", ". ", "? ", " - "):
        head, sep, ask = said.rpartition(cut)
        if not sep:
            continue
        head = head.rstrip(" ,.")
        if _CHANGE_ASK.fullmatch(ask) and (m := _first(_CHANGE_FORMS, head)) is not None:
            return _grammar(f"what is {m['paid']} minus {m['cost']}")
        if _TEMPERATURE_ASK.fullmatch(ask) and (m := _first(_TEMPERATURE_FORMS, head)) is not None:
            way = "plus" if m["way"] in _UP else "minus"
            return _grammar(f"what is {m['t']} {way} {m['d']}")
    return None


def _first(forms: tuple[re.Pattern[str], ...], text: str) -> re.Match[str] | None:
    return next((m for m in (f.fullmatch(text) for f in forms) if m is not None), None)


def _grammar(text: str) -> str | None:
    try:
        return natural.read(text)
    except natural.NotReadError:
        return None
