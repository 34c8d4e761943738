"""The words `measures` reads: an amount as written, the household measures it reads, and how a
fraction answer is asked for."""

from __future__ import annotations

import re

from reasoning_mesh.planner.numwords import (
    ONES,
    fraction_words_pattern,
    mixed_number_words_pattern,
    read_fraction_words,
    read_number_words,
)

#: Measures with no fact in the knowledge base, each only ever counted in itself.
MEASURE = r"cups?|tins?|skeins?|bags?|teaspoons?|tablespoons?|tsp|tbsp"
_ONES = "|".join(sorted(ONES, key=len, reverse=True))
#: An amount as written: `2 1/4`, `3/4`, `1.5`, `two and a half`, `three quarters`, `five`.
AMOUNT = (
    rf"(?<![\w/.,-])(?:\d+ [1-9]\d?/[1-9]\d?(?![\d/.])|\d+/[1-9]\d*|\d+(?:\.\d+)?(?![\d/])"
    rf"|{mixed_number_words_pattern()}|{fraction_words_pattern()}|\b(?:{_ONES})\b)"
)
_MIXED_WORDS = re.compile(mixed_number_words_pattern())
_FRACTION_WORDS = re.compile(fraction_words_pattern())


def amount_text(said: str) -> str | None:
    """An amount as the grammar reads it, its numbers as written: `2 1/4`, `3/4`; words read
    as the numbers they name (`two and a half` → `2 1/2`, `three quarters` → `3/4`); None for
    words that name no number (audit H: `three quarter cup`)."""
    try:
        if _MIXED_WORDS.fullmatch(said):
            whole, part = said.split(" and ", 1)
            whole = whole if whole.isdigit() else read_number_words(whole)
            return f"{whole} {read_fraction_words(part)}"
        if _FRACTION_WORDS.fullmatch(said):
            return read_fraction_words(said)
        return said if said[0].isdigit() else read_number_words(said)
    except ValueError:
        return None


#: How an answer is asked to be a fraction, anywhere in the question (`, as a fraction of a
#: cup,`, `fraction answer pls`, `(leave it as a fraction pls)`): the form an exact result has.
FRACTION_ASKED = re.compile(
    r"[,(]?\s*(?:(?:please|pls|plz|answer)\s+)?"
    r"(?:(?:can you\s+)?(?:give|leave|write|put|keep|express)\s+"
    r"(?:it|that|the answer|your answer)\s+)?(?:as|in)\s+(?:an?\s+)?(?:improper\s+)?fraction"
    rf"(?:\s+form)?(?:\s+of\s+(?:a|an|the)\s+(?P<m>{MEASURE}))?"
    r"(?:\s+(?:please|pls|plz|is fine|is ok|thanks))?\s*\)?"
    r"|[,(]?\s*(?:an?\s+)?fraction\s+(?:answer\s+)?(?:please|pls|plz|is fine|is ok|is okay)\s*\)?"
    r"|[,(]?\s*(?:i'm\s+)?happy with a fraction\s*\)?"
    r"|[,(]?\s*(?:,\s*)?not (?:as )?a decimal\s*\)?"
)
