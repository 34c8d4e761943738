"""The rule every phrase the planner may take off a question is held to: it names no operation,
number, grouping, direction or rounding (the translation model's wrappers, `wrappers`' phrases,
`chatter`'s words)."""

from __future__ import annotations

import re

from reasoning_mesh.models.translator.masking import mask
from reasoning_mesh.planner import grounding, structure


def assert_names_no_maths(phrase: str) -> None:
    words = set(re.findall(r"[a-z']+", phrase))
    gate = {w for t in (grounding._STRONG, grounding._WEAK) for v in t.values() for w in v.split()}
    assert not words & (gate | grounding._BEYOND), phrase
    for pattern in (structure._REVERSING, structure._GROUPS, structure._ROUNDS, structure._OPERATION,
                    grounding._DIRECTED):  # fmt: skip
        assert not pattern.search(f" {phrase} "), (phrase, pattern.pattern)
    assert not mask(phrase).literals, phrase
    assert not re.search(r"\d", phrase), phrase
