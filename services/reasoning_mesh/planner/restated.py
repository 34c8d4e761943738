"""A question the asker says twice, or corrects, in one message: read from both tellings.

`What's 144 divided by 0.4? Like, how many 0.4s fit into 144?` is one question in two phrasings;
`what's 1234 + 5678... sorry, typo, I meant 1234 + 5687` replaces a number. The words after the
marker (`i.e.`, `like,`, `basically`, `in other words`, `I meant`) are read on their own, and are
used only where the two tellings cannot disagree:

- a restatement must read the same as the first telling, the form of its answer too (a share
  must come out whole whichever way it is said): two readings that agree, as independent
  samples of the model must. Where the first telling is a story no reader takes, the asker's
  formula is not taken either (audit W): it may leave out a number (`3 broke`), a unit asked
  (`how many km is that? i.e. 3 × 7`), a rounding or a whole count;
- a correction replaces the first telling only where that reads, and the two have the same
  shape and form: the same operations on as many numbers (`1234 + 5678` → `1234 + 5687`), and
  no second question added (`I meant 8 ÷ 40 as well`: audit Y).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reasoning_mesh.models.translator.masking import PLACEHOLDER, mask
from reasoning_mesh.planner.forms import FormedReading

#: Where a clause opens: the start, or after the punctuation that ends one (`...`, `?`, `,`).
_OPEN = r"(?:^|(?<=[.?!,;:]))\s*"
_RESTATING = re.compile(
    _OPEN + r"(?:(?:so|or|and)\s+)?(?:i\.?e\.?|like,|basically|in other words|put another way"
    r"|to put it another way|that is to say|sorry,? i mean|i mean)[\s,:]+",
    re.IGNORECASE,
)
_CORRECTING = re.compile(
    _OPEN + r"(?:(?:sorry|oops|whoops)[\s,!]+)?(?:(?:typo|my bad|correction)[\s,:!]+)?"
    r"(?:i meant|meant to (?:say|write|type))[\s,:]+",
    re.IGNORECASE,
)

#: Words that add a question to the first telling instead of replacing it.
_BESIDES = re.compile(r"\b(?:as well|too|also|both|and)\b", re.IGNORECASE)

#: A telling's reading and the form its answer must take (None: any form).
Told = tuple[str | None, FormedReading | None]
Read = Callable[[str], Told]


def read(said: str, reading: Read) -> Told | None:
    """The reading of `said` from both its tellings, or None. `reading` reads one telling."""
    if (m := _CORRECTING.search(said)) is not None and m.start() > 0:
        return _corrected(said[: m.start()], said[m.end() :], reading)
    if (m := _RESTATING.search(said)) is not None and m.start() > 0:
        return _restated(said[: m.start()], said[m.end() :], reading)
    return None


def _restated(first: str, again: str, reading: Read) -> Told | None:
    if _CORRECTING.search(again) or _RESTATING.search(again):
        return None
    said_again = reading(again)
    if said_again[0] is None or _form(said_again) != _form(said_first := reading(first)):
        return None
    return said_again if said_first[0] == said_again[0] else None


def _corrected(first: str, again: str, reading: Read) -> Told | None:
    if _RESTATING.search(again) or _BESIDES.search(again):
        return None
    said_first, said_again = reading(first), reading(again)
    if said_first[0] is None or said_again[0] is None or _form(said_first) != _form(said_again):
        return None
    return said_again if _shape(said_first[0]) == _shape(said_again[0]) else None


def _form(told: Told) -> tuple[str, bool] | None:
    formed = told[1]
    return None if formed is None else (formed.form, formed.decimal)


def _shape(reading: str) -> str:
    """The reading with its numbers as placeholders: what a corrected number leaves alone."""
    return PLACEHOLDER.sub("#", mask(reading).text)
