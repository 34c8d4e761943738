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


#: What a scale is of: the recipe itself, never another dish (`doubling the frosting recipe`).
_RECIPE = r"(?:it|that|the recipe|the batch|my recipe)"
#: A scale of the recipe, said as the asker's own now (audit B: never `I doubled it`, `was
#: going to`): `making 2/3 of the batch`, `making two and a half batches`, `tripling it`,
#: `making it 2/3 size`, `scaling it up 2 and a half times` (never `scaling it up by a half`).
SCALE = re.compile(
    rf"\b(?:making|doing|baking|cooking)(?: only| just)? (?P<f>{AMOUNT}|half) "
    rf"(?:of )?(?:the |a |my |this )?(?:batch|recipe|it)\b"
    rf"|\b(?:making|doing|baking)(?: up)? (?P<n>{AMOUNT}) (?:batches|batch)\b"
    rf"|\b(?:making|doing|baking) (?:it|the recipe|the batch) (?P<s>{AMOUNT}) "
    rf"(?:size|times over|times)\b"
    rf"|\b(?:making|doing) (?P<t>{AMOUNT}) times (?:the (?:recipe|batch)|over)\b"
    rf"|\bscaling (?:it|the recipe|the batch) up (?:by )?(?P<u>{AMOUNT}) times\b"
    rf"|\b(?P<k>tripl|trebl|doubl|halv)ing {_RECIPE}(?![\w'])"
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
    rf"\b(?:{MEASURE}|mugs?|glass(?:es)?|bowls?|spoonfuls?|cartons?|packets?|packs?|"
    rf"boxes|box|pots?|jugs?|buckets?|scoops?|cans)\b"
)


def other_unit(words: list[str]) -> bool:
    """Whether any of `words` names a unit the knowledge base holds (`ml`, `grams`, `litre`)."""
    return any(w in UNIT_NAMES and w not in ("second", "us") for w in words)  # `the second coat`


#: How an answer is asked to be a fraction, anywhere in the question (`, as a fraction of a
#: cup,`, `fraction answer pls`, `(leave it as a fraction pls)`): the form an exact result has.
FRACTION_ASKED = re.compile(
    r"[,(]?\s*(?:(?:please|pls|plz|answer)\s+)?"
    r"(?:(?:can you\s+)?(?:give|leave|write|put|keep|express)\s+"
    r"(?:it|that|the answer|your answer)\s+)?(?:as|in)\s+(?:an?\s+)?(?:improper\s+)?fraction(?:\s+form)?"
    rf"(?:\s+of\s+(?:a|an|the)\s+(?P<m>{MEASURE}))?(?:\s+(?:please|pls|plz|is fine|is ok|thanks))?\s*\)?"
    r"|[,(]?\s*(?:an?\s+)?fraction\s+(?:answer\s+)?(?:please|pls|plz|is fine|is ok|is okay)\s*\)?"
    r"|[,(]?\s*(?:i'm\s+)?happy with a fraction\s*\)?"
    r"|[,(]?\s*(?:,\s*)?not (?:as )?a decimal\s*\)?"
)


#: What an ask may name (its measure written `msr`): the measure, a thing (`sugar`), or both.
_THING = (
    r"(?: msr| msr of (?:the |my )?[a-z]+| of (?:a|an|the) msr| of (?:the |my )?[a-z]+"
    r"| (?!more\b|else\b|extra\b|less\b|is\b|do\b|did\b|does\b|have\b|will\b|can\b)[a-z]+)?"
)
_TOTAL = r" (?:in total|altogether|overall|combined|total)"
#: The closed asks of each shape (audit A: an open ask let `for two batches`, `to buy`, `did
#: Tom use`, `in total today`, `to the nearest cup` through).
TOTAL_ASK = re.compile(
    rf"how (?:much|many){_THING}(?: (?:is that|do (?:i|we) need|have (?:i|we) used|did (?:i|we) use))?"
    rf"{_TOTAL}(?: in msr)?"
    rf"|how (?:much|many){_THING} (?:is that|do (?:i|we) need)(?: in msr)?"
    r"|what fraction of (?:a|the) msr (?:have|did) (?:i|we) used?(?: up)?(?: altogether| in total)?"
    r"|what fraction of (?:a|the) msr is that(?: altogether| in total)?"
)
LEFT_ASK = re.compile(
    rf"(?:how much{_THING}|what fraction of (?:a|the) msr) (?:is|is there|do (?:i|we) have"
    r"|have (?:i|we) got|will (?:i|we) have|will there be) (?:left|left over|remaining)(?: now)?"
)
MORE_ASK = re.compile(
    rf"how (?:much|many) (?:more|extra){_THING}(?: (?:do|will|should) (?:i|we)(?: still)? "
    r"(?:need|add|need to add|have to add|put in|need to put in))?(?: in msr)?"
    r"|how much (?:more )?(?:do|will) (?:i|we) still need(?: to add)?"
)
SCALE_ASK = re.compile(
    rf"how (?:much|many){_THING}(?: (?:do|will|should) (?:i|we)(?: actually| really)? (?:need|use|add"
    rf"|put in)| (?:is that|would that be|does that come to))?(?:{_TOTAL}| then| now)?(?: in msr)?"
)
FIT_ASK = re.compile(
    r"how many (?P<things>[a-z]+) (?:is that|can (?:i|we) (?:make|fill|do|get)|does that make"
    r"|will that (?:make|do|fill)|do (?:i|we) get)(?: out of (?:it|that))?"
)
SCOOPS_ASK = re.compile(
    rf"how many (?P<each>{AMOUNT})[ -](?P<m>{MEASURE}) (?:scoops?|measures?|spoons?|spoonfuls?)"
    rf"(?: of (?!each\b)[a-z]+)? (?:fit into|fit in|go into|make|are in|in) (?P<whole>.+)"
)
#: Who has an amount, and who uses or needs one (read in the words before it).
HAD = re.compile(
    r"\b(?:had|have|has|holds|i've got|ive got|we've got|got|there was|there's|there is|i've|we've)\b"
)
USED = re.compile(
    r"\b(?:used|uses|use|took|takes|take|went on|poured|tipped in|put in|added|needs|need|needed|"
    r"wants|want|calls for|called for|says|requires|mixed|mix)\b"
)
NEEDS = re.compile(r"\b(?:needs|need|needed|wants|calls for|called for|says|requires|uses)\b")
HAS_NOW = re.compile(
    r"\b(?:have|i've got|ive got|we've got|got|already (?:tipped in|put in|added)|tipped in|"
    r"put in|added)\b"
)
#: Every word of a story outside its amounts, scale, opening chatter, places and purposes (`on
#: the landing`, `for the dough`) and subjects (`the glaze needs`): audits A and B found open
#: words adding uses, people, times, corrections and other dishes (`my brother used`, `2/3 as
#: much`, `apart from the sugar`, `tomorrow`, `no wait`).
CLOSED = frozenset(
    ("and", "then", "but", "so", ",", "-", ".", ";", ":", "!", "the", "a", "i", "we", "i've",
     "we've", "ive", "i'm",
     "im", "it", "recipe", "pattern", "says", "said", "used", "uses", "use", "took", "takes",
     "take", "went", "on", "poured", "tipped", "in", "put", "added", "needs", "need", "needed",
     "wants", "want", "calls", "called", "for", "requires", "mixed", "mix", "qamt", "qscale")
)  # fmt: skip
#: Words each shape adds to `CLOSED`.
SHAPE_WORDS = {
    "total": frozenset(("another", "plus", "with", "then")),
    "left": frozenset(("had", "have", "got", "left", "there", "was")),
    "more": frozenset(("have", "got", "already", "so", "far", "only", "left", "i", "but")),
    "scale": frozenset(("only", "just", "normally", "each", "per", "batch")),
    "fit": frozenset(("had", "have", "got", "left", "each", "every", "one", "there's")),
}
#: The verbs of a recipe's need, and of the asker's use: a total is of one kind only (audit E:
#: never `The recipe wants 3/4 cup but I used 1/2 cup`).
NEED_KIND = re.compile(
    r"\b(?:needs|need|needed|wants|want|calls for|called for|says|requires|uses|takes|take)\b"
)
USE_KIND = re.compile(r"\b(?:used|use|took|went on|poured|put in|tipped in|added|mixed|ate)\b")
#: What an amount used up is: never one poured in or added (audit E: `tipped in 1/4 of a tub`).
USED_UP = re.compile(r"\b(?:used|took|went on|needs|need|wants|ate|used up)\b")
#: What a thing may be besides its name (`white sugar` is sugar; `peanut butter` is not butter).
KINDS = frozenset(
    ("white", "brown", "caster", "icing", "plain", "wholemeal", "granulated", "demerara",
     "cooked", "dry", "fresh", "melted", "soft", "light", "dark", "golden", "runny", "cold",
     "warm", "hot", "strong", "fine", "coarse", "rolled", "porridge", "chopped")
)  # fmt: skip
#: Measures sold whole: `how many more bags` asks whole bags to buy (audit E).
CONTAINERS = frozenset(("tin", "skein", "bag", "bottle", "jar", "tub", "sack", "ball", "beaker"))
#: Parts of a dish a scale may be of alone (`tripling the mix for the topping`).
PARTS = frozenset(
    ("topping", "icing", "glaze", "base", "sauce", "filling", "frosting", "crust", "sponge",
     "dough", "batter", "crumble", "coating", "decoration")
)  # fmt: skip
