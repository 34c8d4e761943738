"""Sentences of the asker's own after a question (`? need it for the flyer`, `? helping my kid
with homework lol`, `? customer's waiting`): what a reader may leave out after the maths it
reads.

Plain words (`background.plain_word`) are not enough there: an audit of the first draft (audit
I, docs/audits/round19) found sentences of plain words that edit the maths (`swap them`, `ignore
the postage`, `drop the highest`), price it again (`they were bogof`, `drinks were free`), add to
it (`and delivery`), ask another measure (`in sterling`, `working`) or take it back (`oops
typo`). So each clause of an aside must open as asides do, by saying what the asker is doing or
why they ask (`for`, `need it`, `helping`, `measuring`, `just checking`, `my brain's gone`), and
may hold none of the words that act on the maths, whatever else it says.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner.background import TAIL_WORDS, plain_word

#: How an aside's clause may open: a purpose, what the asker is doing, how they feel.
_OPENERS = frozenset(
    ("for", "need", "needs", "needed", "asking", "helping", "help", "it's", "its", "this",
     "measuring", "planning", "trying", "doing", "checking", "just", "thanks", "thank",
     "cheers", "ta", "lol", "haha", "settling", "filling", "writing", "making", "sorting",
     "updating", "putting", "customer's", "brain", "brain's", "keep", "i", "i'm", "im", "i've", "ive",
     "my", "we", "we're", "can't", "cant", "still", "quick", "pls", "please", "ok", "okay",
     "x", "xx", "hope", "hoping", "thx", "ty")
)  # fmt: skip
#: What `my` may name at an aside's opening (`my brain's gone`; never `my sister is paying`).
_MINE = frozenset(("brain", "brain's", "brains", "calculator", "calculator's", "calculators",
                   "phone", "phone's", "head", "mind", "maths", "math", "kid", "kids", "son",
                   "daughter", "homework", "tables"))  # fmt: skip
#: Words that act on the maths or its amounts (audit I): an aside holding one is no aside.
_ACTING = frozenset(
    ("swap", "swapped", "switch", "switched", "flip", "flipped", "reverse", "reversed", "ignore",
     "ignoring", "ignored", "skip", "skipping", "skipped", "drop", "dropping", "dropped",
     "exclude", "excluding", "excluded", "except", "without", "waived", "free", "gift", "gifted",
     "typo", "oops", "correction", "wrong", "middle", "highest", "lowest", "first", "last",
     "biggest", "smallest", "discount", "discounted", "promo", "code", "bogof", "deal", "float",
     "included", "inclusive", "including", "incl", "built", "profit", "margin", "service",
     "charge", "charges", "delivery", "postage", "shipping", "parking", "commission", "add",
     "added", "plus", "also", "another", "extra", "more", "less", "fewer", "sterling", "lira",
     "aussie", "rand", "euro", "euros", "dollars", "pounds", "quid", "yen", "currency",
     "convert", "working", "weekdays", "weekends", "business", "nautical", "troy", "us", "uk",
     "imperial", "metric", "british", "american", "only", "mates", "rates", "paying", "pay",
     "paid", "hers", "his", "theirs", "split", "share", "each", "per", "half", "double",
     "twice", "both", "round", "rounded", "nearest", "approx", "roughly", "about", "around",
     "or", "tax", "vat", "tip", "tips", "net", "gross", "refund", "returned", "back", "off",
     "every", "not", "no", "never", "instead", "actually", "meant", "mean", "sorry", "should",
     "wait", "them", "these", "those", "minus", "times", "divide", "divided", "negative",
     "mistyped", "misprint", "deposit", "rest", "remaining", "left", "change", "other",
     "others", "separate", "exchange", "converted", "equivalent", "hold",
     # charges asked for, things taken out or cancelled (audit J)
     "fee", "fees", "surcharge", "insurance", "gratuity", "toll", "tolls", "removing", "remove",
     "removed", "forgetting", "cancelled", "canceled", "cancel", "cancelling", "returning",
     "return", "mine", "food", "drinks", "mains", "score", "dozen",
     # the result asked in coins (audit W: `I need the answer in dimes`)
     "dime", "dimes", "nickel", "nickels", "penny", "pennies", "pence", "cent", "cents",
     "quarters", "coin", "coins", "shillings")
)  # fmt: skip
#: What `in` may name in an aside: a place or a time of the asker's (`in my head`, `in the car`).
_IN_WHOSE = frozenset(("the", "a", "an", "my", "our", "his", "her", "their", "this", "that"))
_CLAUSE_MARKS = frozenset((".", "?", "!", ",", ";", ":", "-", "(", ")"))
_JOINERS = frozenset(("and", "but", "so", "though", "tho"))


def aside(words: list[str]) -> bool:
    """Whether `words` (after the question) are sentences of the asker's own only: each clause
    opens as an aside does, every word is plain or a tail word, and none acts on the maths."""
    if any(w in _ACTING or _negated(w) for w in words) or not _in_whose(words):
        return False
    if not all(
        plain_word(w) or w in TAIL_WORDS or w in _OPENERS or helped(words, i)
        for i, w in enumerate(words)
    ):
        return False
    clause: list[str] = []
    for w in [*words, "."]:
        if w not in _CLAUSE_MARKS:
            clause.append(w)
            continue
        opened = [c for c in clause if c not in _JOINERS]
        if opened and not _opens(opened):
            return False
        clause = []
    return True


def _opens(clause: list[str]) -> bool:
    first = clause[0]
    if first == "my":
        return clause[1:2] != [] and clause[1] in _MINE
    if first == "just":  # `just checking`, never `just the food`
        return clause[1:2] != [] and clause[1] in _JUST
    return first in _OPENERS


_JUST = frozenset(("checking", "asking", "wondering", "curious", "making", "double", "to", "need"))
#: Words of helping: `with` may follow them (`helping my kid with homework`), never `with tax`.
_HELPING = frozenset(("help", "helping", "helps", "helped", "struggling", "stuck"))


def helped(words: list[str], i: int) -> bool:
    """`with` up to three words after a word of helping (`helping my kid with homework`),
    never `with the fee`."""
    return words[i] == "with" and bool(_HELPING & set(words[max(0, i - 3) : i]))


def acting(words: list[str]) -> bool:
    """Whether any of `words` acts on the maths (`Swap these:`, `Skip the postage:`)."""
    return any(w in _ACTING for w in words)


#: The end of a saying's own clause.
_OWN_CLAUSE = r"(?=\s*(?:[,.;:!?]|\blol\b|$))"
#: Sayings of someone stuck, each read as `i'm stuck` (their words alone would act on the
#: maths: `different`, `wrong`, `every`, `these`), only as a clause of their own.
_STUCK = tuple(
    re.compile(saying + _OWN_CLAUSE)
    for saying in (
        r"\b(?:i |we )?(?:keep|kept|keeps) (?:on )?(?:getting|gettting|geting|ending up with|"
        r"coming up with) (?:a |the )?(?:wrong|different|differnt|diffrent|weird|strange|odd) "
        r"(?:answers?|results?|numbers?)(?: (?:every|each) time)?"
        r"(?: on (?:my|the) (?:phone|calculator))?",
        r"\b(?:where (?:am i|are we) going wrong|where did i go wrong|what am i doing wrong)",
        r"\bhow to do (?:these|this|them|it)(?: ones?| equations?)?\b",
    )
)


def unstuck(said: str) -> str:
    """`said` (lower case) with each saying of being stuck as `i'm stuck` (`i keep getting
    different answers` → `i'm stuck`)."""
    for stuck in _STUCK:
        said = stuck.sub("i'm stuck", said)
    return said


#: Words of another question, of the measure itself, of a result rounded or counted another
#: way, or of the units' system, after a conversion (audit C: `? like how many metres is 350
#: cm`, `? bump it up`, `? old money`, `? divvied up with my sister`, `? misread it, it's days`).
_NOT_PURPOSE = frozenset(
    ("how", "what", "what's", "whats", "which", "why", "fluid", "dry", "liquid", "decimal",
     "decimals", "fraction", "fractions", "exactly", "precisely", "statute", "survey", "short",
     "long", "english", "canadian", "australian", "standard", "conversion", "converting", "cup",
     "cups", "tablespoon", "teaspoon", "stone", "st", "dp", "sf", "figures", "places", "complete",
     "completed", "whole", "full", "next", "bump", "misread", "misremembered", "scrap", "scratch",
     "money", "system", "units", "measures", "shared", "divvied", "between", "shifts", "counting",
     "leave", "leaving", "include", "including", "plus", "start", "end", "working", "old",
     # working time and kinds of unit a purpose implies (audit F: `? holiday entitlement`,
     # `? office job`, `? weighing out bullion`, `? at sea`)
     "work", "office", "job", "shift", "rota", "holiday", "holidays", "entitlement", "pto",
     "contract", "weekday", "weekdays", "awake", "daylight", "school", "term", "business",
     "bullion", "gold", "silver", "platinum", "palladium", "jewellery", "jewelry", "pawn", "sea",
     "boat", "sailing", "mars", "moon", "sidereal", "apothecary")
)  # fmt: skip
#: Words a purpose says (`the order form`, `a big batch of tea`) that `plain_word` holds back
#: elsewhere, none of which changes what a unit is; never a time (audit C: `? working days`,
#: `? my water a day, for the week`).
_PURPOSE_WORDS = frozenset(
    ("form", "plan", "kids", "with", "season", "batch", "tea", "exact", "food", "using", "takes",
     "check", "gone")
)  # fmt: skip
#: What an asker is doing, said as one verb (`setting up an infusion`, `weighing out butter`).
_DOING = re.compile(r"\b(setting|signing|weighing|measuring|portioning|sorting|working) (?:up|out)\b")


def purpose(words: list[str], units: frozenset[str], numbers: frozenset[str]) -> bool:
    """Whether `words` after a unit conversion only say why the asker asks (`? setting up an
    infusion`, `? caravan season pass`): no opener is needed, since no purpose changes what a
    unit is; but no word acts on the maths (`_ACTING`: `uk`, `round`, `sorry`, `each`), names a
    unit or a time (`oz`, `litres`, `days`) or a number (`two`, `half`), asks again (`how`,
    `what`), asks the result in another measure (`in tenners`), or goes both ways (`to work and
    from work`)."""
    said = _DOING.sub(r"\1", " ".join(words).replace("double check", "check")).split()
    if not said or len(said) > 16 or not _in_whose(said) or {"to", "from"} <= set(said):
        return False
    return all(
        (
            w in _PURPOSE_WORDS
            or (w not in _ACTING and (plain_word(w) or w in TAIL_WORDS or w in _OPENERS))
        )
        and not _negated(w)
        and w not in _NOT_PURPOSE
        and w not in numbers
        and w not in units
        for w in said
    )


def _negated(word: str) -> bool:
    """`don't`, `isn't`, `won't` (never `can't`: `can't remember`): a negation of the maths."""
    return word.endswith("n't") and word != "can't"


def _in_whose(words: list[str]) -> bool:
    """Whether every `in` names a place or time of the asker's (`in my head`), never a measure
    the result is asked in (`need it in tenners`, `in kph`; audit Y)."""
    named = [words[i + 1] if i + 1 < len(words) else "" for i, w in enumerate(words) if w == "in"]
    return all(n in _IN_WHOSE for n in named)
