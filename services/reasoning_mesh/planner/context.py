"""A sentence of background before a question that asks all its maths itself: `My commute is 45
minutes each way. What's 45 minutes in hours?`.

The last sentence is read alone, and only where the sentences before it cannot change what it
asks: they hold no number the question does not repeat (`I have 3 apples. What is 3 + 4?`
restates; `It costs 5. What is 3 + 4?` may mean something else), no `=`, and no word that sets
how numbers are read or what a name stands for (`working in base 6`, `let`, `mod`).
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
#: Words of background that change what a later question means: how numbers are read, what a
#: name stands for, how the answer is to be given. (Words of quantity do not: the question
#: states all its numbers itself.)
_SETTINGS = frozenset(
    ("base", "bases", "binary", "octal", "hex", "hexadecimal", "decimal", "decimals", "mod",
     "modulo", "modular", "roman", "clock", "let", "suppose", "assume", "assuming", "where",
     "if", "percent", "instead", "answer", "answers", "give", "write", "express", "expressed",
     "show", "format", "unit", "units", "round", "rounded", "rounding", "nearest", "places",
     "dp", "fraction", "fractions", "significant", "exact", "exactly", "estimate", "roughly",
     "approximately")
)  # fmt: skip


def question(text: str) -> str | None:
    """The last sentence of `text` where the sentences before it are background only."""
    parts = _SENTENCE_END.split(text.strip())
    if len(parts) < 2:  # background, then the question
        return None
    background, asked = " ".join(parts[:-1]), parts[-1]
    words = set(re.findall(r"[a-z]+", background.lower()))
    if "=" in background or "%" in background or words & _SETTINGS:
        return None
    if not set(_NUMBER.findall(background)) <= set(_NUMBER.findall(asked)):
        return None
    return asked
