"""One quantity told among words of the asker's own: `Strava says I ran 12,500 m this week.
What's that in km?`, `Unit cost worked out at £18.4449. What is that to the nearest penny?`,
`We made 7,049 sales last quarter - nearest hundred?`.

The other readers take such sentences by their shape (a verb saying what the quantity is, a
few fixed asks). People's background has no fixed shape (an app, a project, a recipe), so this
reader judges the background by what is *not* in it instead: the question holds exactly one
number, and every other word is plain (`sentence_words.plain`: no word of maths, no number
word, no unit; nor a word that makes the amount stand for another, a map's or a model's, a
count of laps, a return trip: `NOT_LITERAL`, `CHANGES`, `_NOT_PLAIN`). With one number and no
word that could act on it, what can be asked is only that number in another unit or rounded,
and the ask must say which:

- a conversion names its unit once or more (`what's that in km`, `the site wants it in
  kilograms`), always the same unit, of the measure the quantity's unit is of, and never as a
  word before a noun (`how many ml glasses`) or after one that counts it (`a km`, `per km`);
  `how many grams do i need` (more? the rest?) is not read;
- a rounding names its place (`to 1 dp`, `to the nearest hundred`, `nearest penny` of an
  amount of money), and may name the quantity's own unit (`to the nearest kg`).

The reading is the grammar's own (`How many km are there in 12500 m?`), built from the
question's own words; `read` returns None where anything is not as above.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural, thousands
from reasoning_mesh.planner.background import (
    CURRENCY,
    WHOSE,
    number,
    plain_word,
    tail_plain,
    tokens,
)
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

_ASKS = frozenset(
    ("how", "many", "much", "what", "whats", "what's", "convert", "converting", "converted",
     "change", "turn", "express", "into", "in", "to", "as", "of")
)  # fmt: skip
#: After `how many <unit>`: what may follow the unit asked for (`how many km is that`).
_AFTER_HOW_MANY = frozenset(("is", "are", "was", "were", "would", "will", "in", "there",
                             "exactly", "that", "this", "it", "r"))  # fmt: skip
#: Before a unit: words that make it a quantity of its own (`a km`, `per km`).
_COUNTING = frozenset(("a", "an", "one", "per", "each", "every", "the"))


def converted(text: str) -> str | None:
    """`12,500 m ... what's that in km` → `How many km are there in 12500 m?`."""
    words = tokens(text)
    k = _only_number(words)
    if k is None or k + 1 >= len(words) or words[k + 1] not in UNIT_NAMES:
        return None
    value, unit = words[k], words[k + 1]
    rest = [(i, w) for i, w in enumerate(words) if i not in (k, k + 1)]
    asked = [i for i, w in rest if w in UNIT_NAMES]
    if "/" in value or value.startswith("-") or not _asked(words, asked, unit):
        return None
    if _rated_or_part(words, k + 1):
        return None
    if not all(_plain_here(w) or w in _ASKS for i, w in rest if i not in asked):
        return None
    value = _grouped(value, words[:k], unit=True)
    if "," in value:
        return None  # `42,195 km`: a decimal comma, or thousands? (`thousands`)
    return _grammar(f"{value} {unit}, how many {words[asked[0]]} is that", "How many")


def _rated_or_part(words: list[str], end: int) -> bool:
    """Whether what follows the quantity ending at `end` makes it a rate (`250 ml a pupil`,
    `2.5 L of water a workday`) or part of a named whole (`12,500 m of the route`)."""
    after = words[end + 1 :]
    rated = any(
        w in ("a", "an") and not number(n) and n not in UNIT_NAMES
        for w, n in zip(after, [*after[1:], "?"], strict=False)
    )
    return rated or (after[:1] == ["of"] and after[1:2] != [] and after[1] in WHOSE)


def _grouped(value: str, before: list[str], *, unit: bool) -> str:
    """`value` without its thousands commas where they can only be that: beside a decimal
    point (`1,237.486`), or where `thousands` reads them so; else as written."""
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+\.\d+", value):
        return value.replace(",", "")
    return thousands.read(value, before, unit=unit)


def _plain_here(word: str) -> bool:
    """Plain, or a word that, beside one number and no other, can only say what it is (`my
    average is 7.65`, `the calculator gives 12.97`, `it cost 18.4449`, `the scale said`)."""
    return plain_word(word) or word in _SAYING_WHAT_IT_IS


#: Words of maths or of price that say what the one number is; never before it (`log 100`).
_SAYING_WHAT_IT_IS = frozenset(
    ("average", "avg", "averaged", "averaging", "gives", "gave", "takes", "took", "cost",
     "costs", "price", "priced", "scale", "log", "logged", "logs")
)  # fmt: skip


def _only_number(words: list[str]) -> int | None:
    """Where the one number of `words` is; None for none, more, or one a sign may change:
    a dash before it (`- 3.7`), brackets round it (`(£18.4449)`, an account's minus), a dash
    after it that asks nothing (`18.4449-`, `12,500 m - the cooldown`)."""
    at = [i for i, w in enumerate(words) if number(w)]
    if len(at) != 1 or (at[0] > 0 and words[at[0] - 1] in ("-", "(")):
        return None
    k = at[0]
    if k > 1 and words[k - 1] in CURRENCY and words[k - 2] == "(":
        return None
    if k > 0 and words[k - 1] in ("log", "logs", "average", "avg"):
        return None  # `log 100`, `average 7.65`: a function of it?
    end = k + 1 if k + 1 < len(words) and words[k + 1] in UNIT_NAMES else k
    if words[end + 1 : end + 2] == ["-"] and words[end + 2 : end + 3] not in _DASH_ASKS:
        return None
    return k


#: What may follow a dash after the quantity (`650 mm — what's that in cm?`).
_DASH_ASKS = (["what"], ["what's"], ["whats"], ["how"], ["round"], ["rounded"], ["nearest"],
              ["to"], ["convert"], ["in"], ["can"], ["could"], ["pls"], ["please"],
              [","])  # fmt: skip


def _asked(words: list[str], asked: list[int], unit: str) -> bool:
    """Whether the units at `asked` name one unit, of the measure `unit` is of, and each is
    the one asked for."""
    targets = {UNIT_NAMES[words[i]] for i in asked}
    if len(targets) != 1:
        return False
    target, stated = targets.pop(), UNIT_NAMES[unit]
    if target == stated or DIMENSION_OF[target] != DIMENSION_OF[stated]:
        return False
    return all(_asked_unit(words, i) for i in asked)


def _grammar(said: str, kind: str) -> str | None:
    reading = natural.reading(said)
    return reading if reading is not None and reading.startswith(kind) else None


def _asked_unit(words: list[str], i: int) -> bool:
    """Whether the unit at `i` is the one asked for: after `how many`, or at the end of its
    clause after `in`/`into`/`to` or a verb (`the site wants kilograms`), never counted."""
    before = words[i - 1] if i > 0 else ""
    after = words[i + 1] if i + 1 < len(words) else "?"
    if before in _COUNTING:
        return False
    if words[max(0, i - 2) : i] == ["how", "many"]:
        if after in ("do", "does", "did"):  # `how many kg does that make`, not `do i need`
            return words[i + 2 : i + 3] in (["that"], ["this"], ["it"])
        then = words[i + 2 : i + 3]
        if after in ("is", "are", "was", "were", "in") and not (
            then in ([], ["that"], ["this"], ["it"], ["there"], ["in"], ["?"], ["."], [","])
            or (then and number(then[0]))
        ):
            return False  # `how many mm is the lid`: of what?
        return after in _AFTER_HOW_MANY or not re.match(r"[a-z]", after)
    return not re.match(r"[a-z]", after) or after in ("for", "please", "pls", "then", "thanks")


_PLACES = re.compile(
    r"(?:(?:round(?:ed|ing)?(?: (?:it|that|this|off))?|to|at|in) )*"
    r"(?:(?P<dp>\d|one|two|three|four|five|a single|a) ?"
    r"(?:decimal places?|dec(?:imal)? pl(?:aces?)?|dps?|d\.p\.?s?|decimals?)"
    r"|(?:the )?nearest (?P<near>whole number|whole|integer|ten thousand|hundred thousand"
    r"|thousand|hundred|ten|tenth|hundredth|thousandth|penny|cent|pound|dollar|euro|[a-zµ]+))"
    r"(?![\w.])"
)
_DIGIT_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "a single": "1",
                "a": "1"}  # fmt: skip
_COINS = frozenset(("penny", "cent"))
_NOTES = frozenset(("pound", "dollar", "euro"))
#: The currency signs each coin and note is of (`$18.44 to the nearest pound` is none).
_COINED = {"penny": "£", "pound": "£", "cent": "$€", "dollar": "$", "euro": "€"}
_WHOLE_PLACES = {"ten": 2, "hundred": 3, "thousand": 4, "ten thousand": 5, "hundred thousand": 6}


def rounded(text: str) -> str | None:
    """`The invoice app shows £18.4449. What is that to the nearest penny?` → `Round 18.4449
    to 2 decimal places.`"""
    said = " ".join(tokens(text))
    found = list(_PLACES.finditer(said))
    if len(found) != 1 or re.match(r"\s*of\b", said[found[0].end() :]):
        return None  # no place, two, or a place of a part (`nearest thousand of the fans`)
    spec = found[0]
    words = tokens(said[: spec.start()] + " , " + said[spec.end() :])
    k = _only_number(words)
    if k is None or "/" in words[k] or _other_rounded(words, k):
        return None
    value = words[k]
    money = words[k - 1] if k > 0 and words[k - 1] in CURRENCY else None
    unit = words[k + 1] if k + 1 < len(words) and words[k + 1] in UNIT_NAMES else None
    skip = {k, k - 1} if money is not None else {k}
    if unit is not None:
        skip |= {k + 1}
        if words[k + 2 : k + 3] == ["per"] and words[k + 3 : k + 4] != []:
            skip |= {k + 2, k + 3}  # `72.45 miles per day`: what the quantity is
    plain_rest = all(
        _plain_here(w) or w in ("round", "rounded", "rounding", "to", "of", "as")
        for i, w in enumerate(words)
        if i not in skip
    ) and tail_plain(tokens(said[spec.end() :]))  # `nearest hundred online?`
    places = _places(spec, unit, money=money) if plain_rest else None
    if places is None or (places in _WHOLE_PLACES and _short(value, places)):
        return None
    value = _grouped(value, words[:k], unit=unit is not None)
    place = f"to {places} decimal places" if places.isdigit() else f"to the nearest {places}"
    return None if "," in value else _grammar(f"{value}, round it {place}", "Round")


def _other_rounded(words: list[str], k: int) -> bool:
    """`round my height`, `round the adults`: a rounding of something that may not be the
    quantity at `k`."""
    rounds = ("round", "rounded", "rounding")
    return any(
        w in rounds and i + 1 != k and words[i + 1] not in _ROUNDED_ONES
        for i, w in enumerate(words[:-1])
    )


_ROUNDED_ONES = frozenset(("it", "that", "this", "off", ",", "to", "?", ".", "!", "-", "pls",
                           "please"))  # fmt: skip


def _places(spec: re.Match[str], unit: str | None, *, money: str | None) -> str | None:
    """The place rounded to, as the grammar writes it: `2` (decimal places), `ten`, ...,
    `whole number`; None where the place names another unit or a coin of no money."""
    if spec["dp"] is not None:
        return _DIGIT_WORDS.get(spec["dp"], spec["dp"])
    near = spec["near"]
    if near in _COINS or near in _NOTES:
        coined = money is not None and money in _COINED[near]
        return ("2" if near in _COINS else "whole number") if coined else None
    if near in ("whole", "whole number", "integer"):
        return "whole number"
    if near in _WHOLE_PLACES or near in ("tenth", "hundredth", "thousandth"):
        return near
    # `to the nearest kg`: a whole number of the quantity's own unit
    same = unit is not None and UNIT_NAMES.get(near) == UNIT_NAMES[unit]
    return "whole number" if same else None


def _short(value: str, place: str) -> bool:
    """Fewer whole digits than the place rounded to (`4.56` to the nearest ten): a slip for
    a tenth as likely as a question whose answer is 0."""
    return len(value.lstrip("-").replace(",", "").split(".")[0]) < _WHOLE_PLACES[place]


#: `what's the deposit to the nearest penny`: an ask that names a thing other than the one
#: quantity stated; only these name it (`what's the total to 2 dp`).
_ASKED_THING = re.compile(r"\bwhat(?:'s| is|s) (?:the|my|our|his|her|their) (?P<thing>[a-z']+)")
_IT = frozenset(("total", "answer", "number", "figure", "value", "result", "amount", "reading"))


def read(text: str) -> str | None:
    thing = _ASKED_THING.search(" ".join(tokens(text)))
    if thing is not None and thing["thing"] not in _IT:
        return None
    return converted(text) or rounded(text)
