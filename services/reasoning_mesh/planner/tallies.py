"""A score or a bank balance, then what was won or lost, paid in or taken out, in order: `playing
a quiz game with my nephew, I scored 25 points, then lost 40 on a wrong answer, then won 12 back.
what's my score now?`, `My bank balance was -132.50 and then I paid in 200.75. What's the
balance now?`.

The reading is the start with each change added or taken away in the order said (`what is 25
minus 40 plus 12`), every number the story's own. The sentences are fixed: the start names the
score or the balance of the one who asks, each change is a verb that says its direction
(`lost`, `won`, `paid in`, `took out`) with its own number, and may say where it happened in a
few plain words (`on a wrong answer`, `in round two`); the ask is that score or balance now.
A change by someone else, a repeat (`each`, `twice`), a rate or another number declines.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import embedded, natural
from reasoning_mesh.planner.wrappers import normal

_N = r"-?\d+(?:\.\d+)?"
_STARTS = {
    "score": re.compile(
        rf"^(?:(?:i|we) (?:scored|had|was on|were on|started on|started with)|(?:my|our) score "
        rf"was) (?P<n>{_N})(?: points?)?$"
    ),
    "balance": re.compile(rf"^(?:my|our) (?:bank )?balance (?:was|stood at) (?P<n>{_N})$"),
}
_CHANGES = {
    "score": {"lost": "minus", "dropped": "minus", "won": "plus", "gained": "plus", "scored": "plus",
              "got": "plus", "picked up": "plus"},
    "balance": {"paid in": "plus", "deposited": "plus", "put in": "plus", "took out": "minus",
                "withdrew": "minus"},
}  # fmt: skip
_CHANGE = re.compile(
    r"^(?:and )?(?:then )?(?:(?:i|we) )?(?P<verb>[a-z]+(?: in| out| up)?) (?:another )?"
    r"(?P<n>\d+(?:\.\d+)?)(?: points?)?(?: back)?(?P<where>(?: [a-z']+){0,4})$"
)
_ASK = re.compile(r"^(?:so )?(?:what(?:'s| is)|whats) (?:my|our|the) (?P<what>score|balance)(?: now)?$")
_CUT = re.compile(r",\s*(?:and\s+)?(?=then\b)|\s+and\s+(?=then\b)|,\s*")
_WHERE = re.compile(r"^(?:on|in|for|at) (?:a|an|the|my|our|round) ")
_WHERE_WORDS = frozenset(
    ("a", "an", "the", "my", "our", "on", "in", "for", "at", "round", "wrong", "answer", "question")
)


def read(text: str) -> str | None:
    """The grammar's reading of the score or balance a tally story asks for, else None."""
    said = re.sub(r"\s*[?.!]*$", "", normal(text))
    head, sep, ask = said.rpartition(". ") if ". " in said else said.rpartition(", ")
    asked = _ASK.fullmatch(ask.strip()) if sep else None
    if asked is None:
        return None
    parts = [p.strip() for p in _CUT.split(head.strip(" ,.")) if p.strip()]
    what = asked["what"]
    start = next((i for i, p in enumerate(parts) if _STARTS[what].fullmatch(p)), None)
    if start is None or start > 1 or (start == 1 and not _setting(parts[0])):
        return None
    expression = _STARTS[what].fullmatch(parts[start])["n"]  # type: ignore[index]
    changes = parts[start + 1 :]
    for change in changes:
        m = _CHANGE.fullmatch(change)
        if m is None or (way := _CHANGES[what].get(m["verb"])) is None or not _plain(m["where"]):
            return None
        expression = f"{expression} {way} {m['n']}"
    return natural.reading(f"what is {expression}") if changes else None


def _plain(where: str) -> bool:
    """`on a wrong answer`, `in round two`: where a change happened, in plain words."""
    where = where.strip()
    if not where:
        return True
    return _WHERE.match(f"{where} ") is not None and all(
        w in _WHERE_WORDS or (w.isalpha() and not embedded.maths_word(w)) for w in where.split()
    )


def _setting(part: str) -> bool:
    """`playing a quiz game with my nephew`: what the asker was doing, in plain words."""
    words = part.split()
    return words[0] in ("playing", "doing", "in", "at", "during") and all(
        w in ("a", "an", "the", "my", "our", "with", "in", "at")
        or (not embedded.maths_word(w) and w.isalpha() and w not in ("each", "every"))
        for w in words
    )
