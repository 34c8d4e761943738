"""Rounding questions (`Round -5271.2423 to the nearest 10.`, `What is 0.0025289 rounded to
4 dps?`) → the value as written and the decimal places (negative: the nearest 10^n).

A skill of its own (`round_number`): the base model never learnt it, a LoRA adapter does, and the
planner routes these goals to the newest loaded adapter. The learner reads user feedback
questions through the same parser, so a labelled question trains on the prompt the mesh sends.
"""

from __future__ import annotations

import re

from reasoning_mesh.models.reasoner.skills import ROUND_SKILL, round_prompt

__all__ = ["ROUND_SKILL", "parse_round", "round_question_prompt"]

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_NEAREST_WORDS = {
    "integer": 0, "whole number": 0, "ten": 1, "hundred": 2, "one hundred": 2,
    "thousand": 3, "one thousand": 3, "ten thousand": 4, "hundred thousand": 5,
    "one hundred thousand": 5, "million": 6, "one million": 6, "ten million": 7,
}  # fmt: skip
_VALUE = r"(?P<v>-?\d+(?:\.\d+)?)"
_PLACES = r"(?P<p>\d+|[a-z]+) (?:decimal places?|dps?)"
_TARGET = rf"(?:{_PLACES}|the nearest (?P<n>[a-z ]+?|1(?:0+)?))"
_FORMS = (
    re.compile(rf"^round {_VALUE} to {_TARGET}\.?$"),
    re.compile(rf"^what is {_VALUE} rounded to {_TARGET}\??$"),
)


def parse_round(question: str) -> tuple[str, int] | None:
    """`(value as written, places)`, or None when the question is not a rounding question."""
    text = " ".join(question.strip().lower().split())
    for form in _FORMS:
        m = form.match(text)
        if m is None:
            continue
        if m.group("p") is not None:
            p = m.group("p")
            places = int(p) if p.isdigit() else _SMALL.get(p)
            if places is None:
                return None
            return m.group("v"), places
        n = m.group("n")
        if n.isdigit():
            return m.group("v"), -(len(n) - 1)
        if n in _NEAREST_WORDS:
            return m.group("v"), -_NEAREST_WORDS[n]
    return None


def round_question_prompt(question: str) -> str | None:
    parsed = parse_round(question)
    return round_prompt(*parsed) if parsed else None
