"""One quantity rounded among words of the asker's own: `The invoice app shows £18.4449.
What is that to the nearest penny?`, `We made 7,049 sales last quarter - nearest hundred?`.

The background is judged as `gist` judges it (one number, every other word plain); the place
rounded to is named once (`to 1 dp`, `to the nearest hundred`, `nearest penny` of an amount in
pounds), right after the quantity or `it`/`that` (never `online sales to the nearest hundred`),
followed only by the asker's own words; a place may name the quantity's own unit (`to the
nearest kg`). A time of day (`the bus is at 10.45`), millions (`8.3mm`) and a rounding of
something else (`round my height`) are not read.
"""

from __future__ import annotations

import re

from reasoning_mesh.models.translator.masking import plain_thousands
from reasoning_mesh.planner import doubtful, natural, thousands
from reasoning_mesh.planner.ambiguity import CLOCK_WORDS
from reasoning_mesh.planner.background import CURRENCY, describes, number, tail_plain, tokens
from reasoning_mesh.planner.gist import asks_another, grouped, only_number, plain_here
from reasoning_mesh.planner.statement_places import WHOLE_PLACES, short
from reasoning_mesh.planner.units import UNIT_NAMES

_PLACES = re.compile(
    r"\b(?:(?:round(?:ed|ing)?(?: (?:it|that|this|off))?|to|at|in) )*"
    r"(?:(?P<dp>\d|one|two|three|four|five|a single) ?"
    r"(?:decimal places?|dec(?:imal)? pl(?:aces?)?|dps?|d\.p\.?s?|decimals?)"
    r"|(?:the )?nearest (?P<near>whole number|whole (?P<whole>[a-zµ]+)|whole|integer"
    r"|ten thousand|hundred thousand"
    r"|thousand|hundred|ten|tenth|hundredth|thousandth|penny|cent|pound|dollar|euro|[a-zµ]+))"
    r"(?![\w.])"
)
_DIGIT_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                "a single": "1"}  # fmt: skip
_COINS = frozenset(("penny", "cent"))
_NOTES = frozenset(("pound", "dollar", "euro"))
#: The currency signs each coin and note is of (`$18.44 to the nearest pound` is none).
_COINED = {"penny": "£", "pound": "£", "cent": "$€", "dollar": "$", "euro": "€"}


#: An amount said in another scale than the one it is stated in.
_IN_SCALE = re.compile(r"\bin (?:radians|celsius|fahrenheit|kelvin|centigrade|gradians)\b")


def read(text: str) -> str | None:  # noqa: PLR0911, PLR0912 - one refusal per check
    """`The invoice app shows £18.4449. What is that to the nearest penny?` → `Round 18.4449
    to 2 decimal places.`"""
    said = " ".join(tokens(text))
    if _IN_SCALE.search(said):
        return None  # `35.67 degrees in radians, round it`: converted first (audit I)
    found = list(_PLACES.finditer(said)) if not asks_another(text) else []
    if len(found) != 1 or re.match(r"\s*of\b", said[found[0].end() :]):
        return None  # no place, two, or a place of a part (`nearest thousand of the fans`)
    spec = found[0]
    words = tokens(said[: spec.start()] + " , " + said[spec.end() :])
    placed = len(tokens(said[: spec.start()]))  # where the place was: the `,` put there
    k = only_number(words)
    if k is None or "/" in words[k] or _other_rounded(words, k) or "which" in words:
        return None  # `which way does 1,247 round`: a direction asked
    if _goes_on(words, k) or _PAPER_THEN_TIME.search(text.lower()) or _OTHER_FIGURE.search(said):
        return None  # `Collected £4,675 at the match so the gate, ...`, `For the poster, what
        # is it this year` (audit D)
    if doubtful.one_quantity(words, k) is not None or not _rounds_it(said, spec.start()):
        return None
    if (
        not _asks_only(words[k + 1 : placed])
        or not _asks_it(_sentence_before(words, k))
        or words[k + 1 : k + 2] == ["and"]  # `Population is 87,451 and suburbs,`
    ):
        return None  # `Sales were 7,049; the revenue, to the nearest hundred?`
    value = words[k]
    money = words[k - 1] if k > 0 and words[k - 1] in CURRENCY else None
    unit = words[k + 1] if k + 1 < len(words) and words[k + 1] in UNIT_NAMES else None
    skip = {k, k - 1} if money is not None else {k}
    if unit is not None:
        skip |= {k + 1}
        if words[k + 2 : k + 4] == ["/", "h"] or (
            words[k + 2 : k + 3] == ["per"] and k + 3 < len(words)
        ):
            skip |= {k + 2, k + 3}  # `12.345 km/h`, `72.45 miles per day`: what the quantity is
    elif words[k + 1 : k + 2] == ["%"]:
        skip |= {k + 1}  # `72.849%` rounded: its digits, the sign its unit
    elif k + 1 < len(words) and (words[k + 1] in _COUNTED or thousands.counted(words[k + 1])):
        skip |= {k + 1}  # `2,587 people`, `87,451 units`: what it counts
    # after the place, the tail's own check (`for the poster`)
    skip |= set(range(placed + 1, len(words)))
    plain_rest = all(
        plain_here(w)
        or w in ("round", "rounded", "rounding", "to", "of", "as")
        or describes(words, k, i)
        or _per_one(words, k, i)
        or _setting(words, i, k)
        for i, w in enumerate(words)
        if i not in skip
    ) and tail_plain(tokens(said[spec.end() :]))  # `nearest hundred online?`
    if unit in ("m", "mm", "k") or (unit is None and _clock(value, words)):
        return None  # `revenue was 8.3mm`: millions? `the bus is at 10.45`: a time of day
    places = _places(spec, unit, money=money) if plain_rest else None
    if places is None or (places in WHOLE_PLACES and short(value.replace(",", ""), places)):
        return None
    if _THOUSANDS.fullmatch(value) and (places not in WHOLE_PLACES or _many(_sentence_before(words, k))):
        return None  # `62,548 people to 2 dp`: 62.548? `The scores were 120,135`: a list?
    value = grouped(value, words[:k], unit=unit is not None)
    if unit is None and _THOUSANDS.fullmatch(value):
        # `we raised 1,247 ... nearest hundred`: a number rounded to a whole place is one
        # number in thousands groups (a decimal comma, 1.247 to the nearest hundred, or a
        # list of two, has no such rounding); `1,249 to 1 dp` stays refused
        value = plain_thousands(value)
    place = f"to {places} decimal places" if places.isdigit() else f"to the nearest {places}"
    return None if "," in value else natural.reading_as(f"{value}, round it {place}", "Round")


_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")
_JOINERS = frozenset(("and", "or", "&", "plus", "vs", "versus", "with", "between", "both"))
_ENDS = frozenset((".", "?", "!", ";", ":"))


def _sentence_before(words: list[str], k: int) -> list[str]:
    start = max((i + 1 for i in range(k) if words[i] in _ENDS), default=0)
    return words[start:k]


def _many(before: list[str]) -> bool:
    """`Tom and Sam ran 120,135`, `The test scores were 120,135`, `Scores: 1,247`: the number
    may be a list of one each, or a decimal of something measured so (`pH 7,245`)."""
    return any(
        w in _JOINERS
        or w in thousands.MEASURED_SO
        or (thousands.counted(w) and not w.endswith("'s"))  # never `Site's ordered 7,846`
        or w in ("people", "kids")
        for w in before
    )


#: Between a quantity and the place asked: only asking, never a thing (`the revenue`,
#: `per guest`, `Quarterly,`).
_ASK_WORDS = frozenset(
    (",", "-", ";", ".", "?", "!", ":", "what", "what's", "whats", "is", "was", "that", "it",
     "this", "round", "rounded", "rounding", "can", "could", "would", "will", "you", "u", "i",
     "we", "please", "pls", "plz", "if", "so", "then", "need", "needs", "want", "wants", "have",
     "has", "to", "report", "give", "show", "do", "does", "just", "only", "hey", "ok", "okay",
     "me", "be", "get", "tell", "quick", "question", "q", "off")
)  # fmt: skip


def _asks_it(before: list[str]) -> bool:
    """Whether a question word before the quantity asks for its rounding (`what do I get if I
    round`), not for what rounding it changes (`what's lost if you round`, `what error do I
    get if I round`)."""
    wh = [i for i, w in enumerate(before) if w in ("what", "what's", "whats", "how", "why")]
    return not wh or all(
        w in _ASK_WORDS or w in ("if", "when", "did", "i", "get", "got") for w in before[wh[0] :]
    )


def _asks_only(between: list[str]) -> bool:
    """Whether the words after the quantity's own clause, up to the place, only ask (`, can
    you round it`), naming nothing else to round (`; the revenue,`), perhaps for a paper of the
    asker's (`. For the newsletter I want to round it`)."""
    ends = [i for i, w in enumerate(between) if w in _ENDS or w in (",", "-")]
    if not ends:
        return True
    said = " ".join(between[ends[0] :])
    rest = re.sub(rf"\bfor (?:the|my|our) (?:{'|'.join(_PAPERS)})\b", " ", said).split()
    if rest != said.split() and {"what", "what's", "whats"} & set(rest) and _OTHER_TIME & set(rest):
        return False  # `. For the newsletter, what was it last year` (audit D)
    return all(w in _ASK_WORDS for w in rest)


#: A figure other than the one said: a target, a forecast or a matched sum (audit F: `What does
#: it need to be`, `what will it be`, `The council matches what the shop raised`).
_OTHER_FIGURE = re.compile(
    r"\bwhat(?:'s|s)?\b.*\b(?:need|needs|have|has|will|would|should)\b"
    r"|\b(?:matches|matched|matching|tops|doubles|doubled)\b"  # never `at the match`
)
#: After a paper, a question of another time (`For the poster, what is it this year`).
_PAPER_THEN_TIME = re.compile(
    r"\bfor (?:the|my|our) [a-z-]+\b.*\bwhat\b.*\b(?:this|last|next) (?:year|week|month|season"
    r"|summer|winter|quarter)\b"
)
#: After a paper, words of a question about another figure (`what was it`, `what do we need`).
_OTHER_TIME = frozenset(("was", "were", "need", "needs", "have", "has", "will", "do", "does", "be"))


#: Papers a rounded number is asked for (`for the newsletter`, `for the AGM slide`).
_PAPERS = ("newsletter", "poster", "slide", "agm slide", "report", "write-up", "website",
           "flyer", "leaflet", "notes", "noticeboard", "board", "summary", "presentation")  # fmt: skip


def _per_one(words: list[str], k: int, i: int) -> bool:
    """`per game`, `per unit`: the rate the one quantity at `k` is, said right after it
    (`6.0349 per unit`) or inside the clause that states it (`goals per game came out at`);
    never opening a clause (`Per guest, to the nearest penny?`), per a number (`per 100 g`)
    or a word of maths."""
    j = i if words[i] == "per" else i - 1
    if j < 0 or words[j] != "per" or j + 1 >= len(words) or not _rate_noun(words[j + 1]):
        return False
    if j > k:
        return j in (k + 1, k + 2)
    marks = [m for m in range(j) if words[m] in _ENDS or words[m] in (",", "-")]
    opens = j == (marks[-1] + 1 if marks else 0)
    return not opens and not any(w in _ENDS or w in (",", "-") for w in words[j:k])


#: Where a one number was counted, said before it (`Charity shop raised £4,675`, `Taxi meter
#: says`); papers it is for, and times, said anywhere (`for the write-up`, `this season`): beside
#: one number and a place to round it to, none can be another number or change this one.
_BEFORE = frozenset(("raised", "used", "collected", "meter"))
_SETTING = frozenset(("write-up", "newsletter", "poster", "slide"))
#: Times a `quarter`, `over` or `last` names (`this quarter`, `over the weekend`, `last summer`).
_PERIODS = frozenset(("week", "weekend", "month", "quarter", "year", "season", "summer", "winter"))


def _setting(words: list[str], i: int, k: int) -> bool:
    """Whether `words[i]` says where or when the one number at `k` was counted: a word of
    `_BEFORE` before it, a paper, `page` of `page views`, or a time (`this quarter`, never `a
    quarter of`; `over the weekend`, `last summer`, `this season`). `read` has already refused
    a clause that goes on to another amount (`_goes_on`; audit D: `raised by £1,247.50 so my new
    salary`)."""
    w, before, after = words[i], words[i - 1 : i], words[i + 1 : i + 3]
    if w in _BEFORE:  # right before it (`raised £4,675`), never `raised to`, `raised by` (audit F)
        right_before = i == k - 1 or (i == k - 2 and words[k - 1] in CURRENCY)
        return right_before and after[:1] not in (["to"], ["by"])
    if w in _SETTING or (w == "page" and after[:1] == ["views"]):
        return True
    if w in _PERIODS and w != "quarter":
        return before in (["this"], ["last"], ["the"], ["that"])
    if w == "quarter":
        return before in (["this"], ["last"], ["that"]) and after[:1] != ["of"]
    if w == "over":
        return after[:1] == ["the"] and after[1:2] != [] and after[1] in _PERIODS
    return w == "last" and after[:1] != [] and after[0] in _PERIODS


#: Words that take a clause on from its number to another amount (`... so my new salary`).
_ON = frozenset(("so", "but", "before", "after", "than", "then", "if", "because", "when", "while"))


def _goes_on(words: list[str], k: int) -> bool:
    """Whether the number's clause goes on past it to something else (`so`, `but`, `before`)."""
    end = next(
        (j for j in range(k + 1, len(words)) if words[j] in _ENDS or words[j] in (",", "-")), len(words)
    )
    return any(w in _ON for w in words[k + 1 : end])


def _rate_noun(word: str) -> bool:
    return plain_here(word) or word in ("unit", "game", "match", "lap", "person", "head")


def _rounds_it(said: str, start: int) -> bool:
    """Whether the place named at `start` is that of the quantity (`... , nearest hundred`,
    `round it to`, `what's that to 1 dp`), not of another (`online sales to the nearest
    hundred`, `wants prices to 2 dp`)."""
    before = said[:start].split()
    if before and before[-1] in _ASKER and said[start:].startswith("round"):
        # `can you round it to`, `if I round it to`; never `what's lost if you round it`
        sentence = before[max((i + 1 for i, w in enumerate(before) if w in _ENDS), default=0) :]
        return not any(w in ("what", "what's", "whats", "how", "why") for w in sentence)
    return not before or before[-1] in _ROUNDED_BEFORE or number(before[-1])


_COUNTED = frozenset(("people", "units", "items"))
_ASKER = frozenset(("you", "u", "i", "we", "ya", "pls", "please"))


_ROUNDED_BEFORE = frozenset(
    (",", "-", ":", ";", ".", "?", "!", "that", "it", "this", "is", "was", "round", "rounded",
     "rounding", "number", "figure", "total", "answer", "value", "result", "amount", "want",
     "wants", "need", "needs", "please", "pls", "write", "put", "takes", "only", "just",
     "then", "and", "so", "what's", "whats", "off", "report", "quote", "give", "show",
     "display", "record", "enter")
)  # fmt: skip


def _clock(value: str, words: list[str]) -> bool:
    """A bare two-decimal number where a time of day may be meant (`we'll be there for 9.45`)."""
    decimals = value.partition(".")[2]
    return len(decimals) == 2 and decimals < "60" and any(w in CLOCK_WORDS for w in words)


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
    if spec["whole"] is not None or (unit is not None and near in UNIT_NAMES):
        # `to the nearest whole mile`, `to the nearest pound` of `19.62 lb`: its own unit
        same = unit is not None and UNIT_NAMES.get(spec["whole"] or near) == UNIT_NAMES[unit]
        return "whole number" if same else None
    if near in _COINS or near in _NOTES:
        coined = money is not None and money in _COINED[near]
        return ("2" if near in _COINS else "whole number") if coined else None
    if near in ("whole", "whole number", "integer"):
        return "whole number"
    if near in WHOLE_PLACES or near in ("tenth", "hundredth", "thousandth"):
        return near
    return None
