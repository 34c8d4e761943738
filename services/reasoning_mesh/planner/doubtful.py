"""What makes a question of one quantity doubtful, whatever its words (`gist`): it asks yes or
no, names more than one time it happens, counts things of that size, pours it from somewhere,
asks another measure of it, states a ratio, or writes it in a notation that is no decimal
(`5.11 ft`, `2.30 hours`, `1430 hours`, `12.500 m`). Each was an audit's misread; `None` where
none holds, else why.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner.ambiguity import notation
from reasoning_mesh.planner.background import CURRENCY, DAYS, YES_NO
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.units import UNIT_NAMES

_YES_NO = YES_NO | {"isn't", "aren't", "doesn't"}
_TIMES = DAYS | frozenset(
    ("morning", "noon", "afternoon", "evening", "night", "breakfast", "lunch", "dinner", "tea",
     "supper", "bedtime", "waking", "today", "yesterday", "tomorrow", "tonight", "weekend")
)  # fmt: skip
_TOGETHER = re.compile(
    r"\b(?:so did|so does|as well|as did|me and|and me|for me and|and from|and back|by how)\b"
)
_FROM = frozenset(("into", "from", "onto", "out"))
_OTHER_MEASURE = re.compile(r"\bhow (?:wide|tall|long|high|deep|heavy|far|big|thick|old)\b")
_RATIO = re.compile(r"^\W*[a-z]+ to [a-z]+ (?:is|are|was|were)\b")


def one_quantity(words: list[str], k: int) -> str | None:
    """Why the question of the one quantity at `k` (its unit after it, if any) is doubtful."""
    unit = words[k + 1] if k + 1 < len(words) and words[k + 1] in UNIT_NAMES else None
    said = " ".join(words)
    checks = (
        (words[0] in _YES_NO, "a question of yes or no"),
        (sum(w in _TIMES for w in words) > 1 or bool(_TOGETHER.search(said)), "more than once"),
        (unit is not None and _counted(words[k + 2 : k + 3]), "things of that size, counted"),
        (any(w in _FROM for w in words[max(0, k - 3) : k]), "poured from or into something"),
        (bool(_OTHER_MEASURE.search(said) or _RATIO.search(said)), "another measure, a ratio"),
        (k > 1 and words[k - 1] in CURRENCY and words[k - 2] == "-", "a sign before its money"),
    )
    return next((why for doubt, why in checks if doubt), None) or notation(words[k], unit)


def _counted(after: list[str]) -> bool:
    """`12,500 m rides`, `50 g bars`: a plural noun right after the unit."""
    if not after:
        return False
    w = after[0]
    return (
        re.fullmatch(r"[a-z]{3,}s", w) is not None
        and not w.endswith("ss")
        and w not in CHATTER
        and w not in UNIT_NAMES
    )
