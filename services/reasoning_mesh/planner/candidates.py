"""Answers the asker offers after the question: `round 6,482 to the nearest hundred - is it 6400
or 6500?`, `round 2.0719 to 2 decimal places, is it 2.07?`.

The candidates are what the asker thinks the result may be, never operands: the question before
them is read on its own and its result is worked out and verified as always, whichever
candidate (if any) it matches. Only a question whose maths ends before a fixed ask of one or
two bare numbers is taken (`is it`, `would it be`, `do i get`); a claim about the maths itself
(`i think 5 + 3 = 9, is that right?`, `is 7499 rounded to the nearest thousand 7000 or 8000?`)
is not one, and stays with the readers that refuse it.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner.background import plain_word, tokens

_NUMBER = r"-?\d[\d,]*(?:\.\d+)?"
_DASHES = "-\u2013\u2014"
_OFFERED = re.compile(
    r"^(?P<question>.*?[^\s,.;:?!\-\u2013\u2014])\s*(?P<cut>[,.;:?!\-\u2013\u2014]+)\s*(?:so\s+|and\s+)?"
    r"(?:is it|is that|would it be|should it be|will it be|is the answer|do i get|do we get|"
    r"does it come to|do i put|do i write)"
    rf"\s+(?:{_NUMBER})(?:\s+or\s+(?:{_NUMBER}))?\s*[?.!]*$",
    re.IGNORECASE,
)


#: The asker's own attempt, in a sentence after a question mark: `What is 0.25 x 84? I keep
#: getting 2.1 and that feels wrong lol`; then only plain words (`background.plain_word`).
_ATTEMPT = re.compile(
    r"^(?P<question>.*?[^\s,.;:?!\-\u2013\u2014])\s*\?\s*(?:but\s+|and\s+|so\s+)?"
    r"i\s*(?:keep|kept|am|'m|was)?\s*(?:getting|got|get)"
    rf"\s+(?P<number>{_NUMBER})(?P<rest>(?:\s+[a-z'\s,]*)?)[?.!]*$",
    re.IGNORECASE,
)


def without(text: str) -> str | None:
    """`text` without the answers offered at its end, or None where it offers none."""
    if (tried := _ATTEMPT.match(text.strip())) is not None:
        rest = tokens(tried["rest"])  # nothing, or `and that feels wrong`: no count of things
        doubted = rest[:1] in (["and"], ["but"]) and rest[1:2] in (["that"], ["it"], ["which"])
        plain = not rest or (doubted and all(plain_word(w) or w == "wrong" for w in rest))
        return f"{tried['question']}?" if plain else None
    m = _OFFERED.match(text.strip())
    if m is None or (m["question"][-1].isdigit() and set(m["cut"]) & set(_DASHES)):
        return None  # `what is 10 - is it 5?`: a minus, or a dash?
    return m["question"]
