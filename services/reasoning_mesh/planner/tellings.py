"""What the readers of whole questions in fixed tellings (`bills`, `stock`, `packed`) share: the
question as they read it, openings from a closed list taken off its front, and its story
split from an ask of a closed list at its end. Patterns are compiled once, at import: these
readers run on every question the others leave.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reasoning_mesh.planner.background import spoken
from reasoning_mesh.planner.numwords import with_numerals

#: A mark between an opening or a story and what follows (`invoice check:`, `... - how many`).
SEP = r"(?:[.,?!:;]| -)"


def said(text: str, *, numerals: bool = False) -> str:
    """`text` as the readers of background read it (`spoken`), its end marks off; numbers in
    words as numerals where `numerals` (`twenty-five boxes` → `25 boxes`)."""
    words = spoken(text)
    return re.sub(r"[\s?!.]*$", "", with_numerals(words) if numerals else words)


def leads(patterns: Iterable[str], *, mark: bool = True) -> tuple[re.Pattern[str], ...]:
    """Each opening, at the front, followed by a mark (optional unless `mark`) and a space."""
    return tuple(re.compile(rf"^{p}{SEP}{'' if mark else '?'} ") for p in patterns)


def without_leads(said_: str, openings: tuple[re.Pattern[str], ...]) -> str:
    """`said_` with each opening taken off its front once, in order (`hey,` then `can u check
    my invoice maths -`)."""
    for opening in openings:
        said_ = opening.sub("", said_)
    return said_


def asks(patterns: Iterable[str]) -> tuple[re.Pattern[str], ...]:
    """Each ask as the end of a whole question: the story (`head`), a mark, then the ask."""
    return tuple(re.compile(rf"(?P<head>.+?){SEP} (?:so )?{p}") for p in patterns)


def asked(said_: str, patterns: tuple[re.Pattern[str], ...]) -> re.Match[str] | None:
    """The first ask of `patterns` that ends `said_` with a story before it, else None."""
    return next((m for p in patterns if (m := p.fullmatch(said_)) is not None), None)
