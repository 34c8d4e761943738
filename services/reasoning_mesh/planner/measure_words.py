"""The words `measures` reads: an amount as written, the household measures it reads, a scale
of a recipe, the words that change an amount, and how a fraction answer is asked for."""

from __future__ import annotations

import re

from reasoning_mesh.planner.numwords import (
    ONES,
    fraction_words_pattern,
    mixed_number_words_pattern,
    read_fraction_words,
    read_number_words,
)
from reasoning_mesh.planner.units import UNIT_NAMES

#: Measures with no fact in the knowledge base, each only ever counted in itself.
MEASURE = (
    r"cups?|tins?|skeins?|bags?|beakers?|bottles?|teaspoons?|tablespoons?|tsp|tbsp|jars?|tubs?|"
    r"sacks?|balls?"
)
_ONES = "|".join(sorted(ONES, key=len, reverse=True))
#: An amount as written: `2 1/4`, `3/4`, `1.5`, `two and a half`, `three quarters`, `two`.
AMOUNT = (
    rf"(?<![\w/.,-])(?:\d+ [1-9]\d?/[1-9]\d?(?![\d/.])|\d+/\d+|\d+(?:\.\d+)?(?![\d/])"
    rf"|{mixed_number_words_pattern()}|{fraction_words_pattern()}|\b(?:{_ONES})\b)"
)
_MIXED_WORDS = re.compile(mixed_number_words_pattern())
FRACTION_WORDS = re.compile(fraction_words_pattern())


def amount_text(said: str) -> str:
    """An amount as the grammar reads it, its numbers as written: `2 1/4`, `3/4`; words read
    as the numbers they name (`two and a half` → `2 1/2`, `three quarters` → `3/4`)."""
    if _MIXED_WORDS.fullmatch(said):
        whole, part = said.split(" and ", 1)
        whole = whole if whole.isdigit() else read_number_words(whole)
        return f"{whole} {read_fraction_words(part)}"
    if FRACTION_WORDS.fullmatch(said):
        return read_fraction_words(said)
    return said if said[0].isdigit() else read_number_words(said)


_RECIPE = (
    r"(?:it|that|the recipe|the batch|the amount|the mix|the mixture"
    r"|my(?: [a-z']+){0,3} recipe|the(?: [a-z']+){0,2} recipe)"
)
#: A scale of the recipe: `making 2/3 of the batch`, `making two and a half batches`,
#: `tripling it`, `making it 2/3 size`, `scaling it up 2 and a half times`.
SCALE = re.compile(
    rf"\b(?:making|make|doing|do|baking|bake|cooking|cook)(?: only| just)? (?P<f>{AMOUNT}|half) "
    rf"(?:of )?(?:the |a |my |this )?(?:batch|recipe|amount|quantity|mix|mixture|it)\b"
    rf"|\b(?:making|make|doing|baking|bake)(?: up)? (?P<n>{AMOUNT}) (?:batches|batch|lots)\b"
    rf"|\b(?:making|make|doing|baking|bake) (?:it|the recipe|the batch) (?P<s>{AMOUNT}) "
    rf"(?:size|times over|times)\b"
    rf"|\b(?:making|make|doing) (?P<t>{AMOUNT}) times (?:the (?:recipe|batch|amount)|over)\b"
    rf"|\bscal(?:e|ing) (?:it|the recipe|the batch) up (?:by )?(?P<u>{AMOUNT})(?: times)?\b"
    rf"|\b(?P<k>tripl|trebl|doubl|halv)(?:ing|e|ed) {_RECIPE}"
)
_MULTIPLES = {"tripl": "3", "trebl": "3", "doubl": "2", "halv": "a half"}


def scale_text(m: re.Match[str]) -> str:
    """The scale as the grammar reads it (`half` → `a half`; `tripling` → `3`, a multiplicative
    numeral like `twice`)."""
    if m["k"]:
        return _MULTIPLES[m["k"]]
    said = m["f"] or m["n"] or m["s"] or m["t"] or m["u"]
    return "a half" if said == "half" else amount_text(said)


#: Words that change an amount or what is counted, or leave it open: a question with one is
#: not read (`spilled 1/4 cup`, `a pinch more`, `about 2/3 cup`, `3/4 cup each`).
CHANGING = re.compile(
    r"\b(?:half|halves|twice|double|doubled|triple|tripled|treble|halve|halved|times|extra|less|"
    r"fewer|minus|without|except|not|never|instead|n't|spill|spilled|spilt|waste|wasted|lost|"
    r"lose|dropped|(?:put|gave|give|brought|came|went|poured|tipped|took) back|returned|saved|"
    r"again|whole|full|empty|all|none|some|few|little|lot|lots|bit|pinch|"
    r"dash|handful|splash|drop|drops|heaped|heaping|level|rounded|scant|generous|"
    r"least|most|or|either|if|percent|"
    r"divided|split|share|shared|sharing|between|among|serves|serving|servings|people|guests|"
    r"portion|portions|dozen|quarter|quarters|third|thirds|fifth|fifths|sixth|sixths|eighth|"
    r"eighths|refill|refilled|topped|top|another one|other one|same|instead|wrong|correction|"
    r"sorry|meant|typo|reckon|says it's|thinks|think|guess)\b|[%=×*+]|\bx\b"
)
#: A bound or a guess of an amount (`about 2/3 cup`, `just over half a tin`): never exact.
APPROXIMATE = re.compile(
    r"\b(?:about|roughly|around|approx|approximately|nearly|almost|over|under|up to|like|maybe|"
    r"ish|or so)\s+qamt\b|\bqamt\s+(?:or so|ish|odd|at most|at least|max|min)\b"
)
#: `each`, `every`, `per`: a count times an amount, read only where a shape says so.
EACH = re.compile(r"\b(?:each|every|per|apiece)\b")

#: Other measures and units: any but the story's one measure refuses it.
OTHER_MEASURES = re.compile(
    rf"\b(?:{MEASURE}|mugs?|glass(?:es)?|bowls?|spoonfuls?|cans?|cartons?|packets?|packs?|"
    rf"boxes|box|pots?|jugs?|buckets?|scoops?|loaf|loaves)\b"
)


def other_unit(words: list[str]) -> bool:
    """Whether any of `words` names a unit the knowledge base holds (`ml`, `grams`, `litre`)."""
    return any(w in UNIT_NAMES and w not in ("second", "us") for w in words)  # `the second coat`


#: How an answer is asked to be a fraction, anywhere in the question (`, as a fraction of a
#: cup,`, `fraction answer pls`, `(leave it as a fraction pls)`): the form an exact result has.
FRACTION_ASKED = re.compile(
    r"[,(]?\s*(?:(?:please|pls|plz)\s+)?(?:(?:can you\s+)?(?:give|leave|write|put|keep|express)\s+"
    r"(?:it|that|the answer|your answer)\s+)?(?:as|in)\s+(?:an?\s+)?(?:improper\s+)?fraction(?:\s+form)?"
    rf"(?:\s+of\s+(?:a|an|the)\s+(?:{MEASURE}))?(?:\s+(?:please|pls|plz|is fine|is ok|thanks))?\s*\)?"
    r"|[,(]?\s*(?:an?\s+)?fraction\s+(?:answer\s+)?(?:please|pls|plz|is fine|is ok|is okay)\s*\)?"
    r"|[,(]?\s*(?:i'm\s+)?happy with a fraction\s*\)?"
    r"|[,(]?\s*(?:,\s*)?not (?:as )?a decimal\s*\)?"
)
