"""A question the asker says twice, or corrects, in one message: read from both tellings.

`What's 144 divided by 0.4? Like, how many 0.4s fit into 144?` is one question in two phrasings;
`what's 1234 + 5678... sorry, typo, I meant 1234 + 5687` replaces a
number. The words after the marker (`i.e.`, `like,`, `basically`, `in other words`, `I meant`)
are read on their own, and they are used only where the two tellings cannot disagree:

- a restatement must read the same as the first telling (two readings that agree, as
  independent samples of the model must). Where the first telling is a story no reader takes,
  the asker's formula is not taken either (audit W): it may leave out a number (`3 broke`), a
  unit asked (`how many km is that? i.e. 3 × 7`), a rounding or a whole count;
- a correction replaces the first telling only where that reads, and the two have the same
  shape: the same operations on as many numbers (`1234 + 5678` → `1234 + 5687`), so nothing
  the first telling asked is left out or added.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reasoning_mesh.models.translator.masking import PLACEHOLDER, mask

#: Where a clause opens: the start, or after the punctuation that ends one (`...`, `?`, `,`).
_OPEN = r"(?:^|(?<=[.?!,;:])|(?<=\.\.\.))\s*"
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

Read = Callable[[str], "str | None"]


def read(said: str, reading: Read) -> str | None:
    """The reading of `said` from both its tellings, or None. `reading` reads one telling."""
    if (m := _CORRECTING.search(said)) is not None and m.start() > 0:
        return _corrected(said[: m.start()], said[m.end() :], reading)
    if (m := _RESTATING.search(said)) is not None and m.start() > 0:
        return _restated(said[: m.start()], said[m.end() :], reading)
    return None


def _restated(first: str, again: str, reading: Read) -> str | None:
    said_again = reading(again)
    if said_again is None or _CORRECTING.search(again) or _RESTATING.search(again):
        return None
    return said_again if reading(first) == said_again else None


def _corrected(first: str, again: str, reading: Read) -> str | None:
    said_first, said_again = reading(first), reading(again)
    if said_first is None or said_again is None or _RESTATING.search(again):
        return None
    if _BESIDES.search(again):
        return None  # `I meant 8 ÷ 40 as well`: a second question, not a correction (audit Y)
    return said_again if _shape(said_first) == _shape(said_again) else None


def _shape(reading: str) -> str:
    """The reading with its numbers as placeholders: what a corrected number leaves alone."""
    return PLACEHOLDER.sub("#", mask(reading).text)
