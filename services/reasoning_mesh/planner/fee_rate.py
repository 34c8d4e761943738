"""A fixed amount plus a rate, and the total they came to, told in the asker's own words: `Got
paid 420 for a plumbing job. I charge a 60 callout fee plus 45 an hour. How many hours did I bill
for?`, `I have $340 in savings and put away $45 every week. How many weeks until I reach $835?`,
`Van already has 380 kg on board. Crates are 41 kg each. How many crates can I add before it's
at exactly 1200 kg?`.

`word_problems` reads such problems in a few fixed sentences; this reader reads any sentences
by the part each number plays, from the words right beside it, and declines unless each part is
played by exactly one number:

- the rate is followed by `a`/`an`/`per`/`every` and what it is per (`45 an hour`, `8 rows an
  evening`), or by `each` after the things it prices (`crates are 41 kg each`); no other `a`,
  `per` or `each` may stand anywhere (`a 10 fee per person` is a second rate);
- the fixed amount has a word of a fee or of what is there already right beside it (`callout
  fee`, `to start`, `flag fall`, `already`, `in savings`, `on top`);
- the total has a word of a total, a bill or a target right before it (`came to`, `paid`,
  `reach`, `needs`, `costs`, `exactly`);

the question asks how many of what the rate is per (`how many more evenings`), or, for a price
each, how many (`how many do we need to sell`); every other word is plain (`background`), so
nothing is taken off, kept back or left. The reading is the equation they state (`Solve 60 +
45*n = 420 for n.`), each number as written; a count of things or months must come out whole.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import fee_words, money, natural
from reasoning_mesh.planner.background import CURRENCY, number, plain_word, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

_PER = frozenset(("a", "an", "per", "every"))
_WHENS = re.compile(r"\b((?:this|last) (?:week|month|year))'s\b")
_FIXED = frozenset(
    ("fee", "charge", "callout", "call-out", "fixed", "flat", "standing", "joining", "admin",
     "booking", "bonus", "start", "flag", "fall", "already", "savings", "saved", "top", "base",
     "basic", "join", "donation", "tips", "one-off", "pick-up", "pickup", "registration")
)  # fmt: skip
_TOTAL = frozenset(
    ("to", "paid", "was", "is", "reach", "hit", "needs", "need", "costs", "cost", "exactly",
     "total", "bill", "fare", "invoice", "paycheck", "took", "of", "at", "says", "said",
     "shows", "showed", "reads", "spent")
)  # fmt: skip
#: Words this reader reads the parts by (besides plain ones).
_OWN = _FIXED | _TOTAL | _PER | frozenset(
    ("each", "plus", "then", "and", "how", "many", "more", "until", "till", "before", "so",
     "far", "in", "on", "after", "that", "came", "comes", "overall", "altogether", "up", "put",
     "away", "when", "get", "got", "i've", "ive", "trip", "journey", "ride", "add", "page",
     "weekend", "member", "also", "pay", "one-off", "plan", "tariff")
)  # fmt: skip
#: What a rate may be per whose count is whole (a time or a distance may be a fraction).
_MEASURED = frozenset(
    ("hour", "hours", "hr", "hrs", "mile", "miles", "km", "kwh", "minute", "minutes", "mins")
)  # fmt: skip


#: A cab's fare in one closed telling (audit G: a free telling let surcharges, tolls, shared
#: rides, other miles and a wrong fare through): `Taxi in town is £3.20 to get in plus £1.80 per
#: mile. Last night's fare was £21.20, how many miles was the trip?`, `The taxi charges £3.50
#: plus £1.80 per mile. The fare was £21.50. How many miles was the trip?`.
_MONEY = r"([£$€]?)(\d+(?:\.\d{1,2})?)"
_CAB = re.compile(
    r"(?:(?:the|my|our|local) )?(?:taxi|cab|minicab)(?: in town| firm| meter| company)?"
    rf" (?:is|costs|charges) {_MONEY}(?: to get in)? plus {_MONEY} (?:per|a) mile[.,]"
    rf" (?:(?:my|the|last night's|my last) )?fare (?:was|came to) {_MONEY}(?: exactly)?"
    r"(?:[.,]| -)(?: so)? how many miles was (?:the|my) (?:trip|ride|journey)\??"
)


def _cab(text: str) -> FormedReading | None:
    """A cab's fare told in `_CAB`'s words only, and nothing before (the review: `Waiting time
    included.`, `Airport run -` may add a charge): the miles, `Solve fixed + rate*n = fare for n.`"""
    said = " ".join(text.lower().split())
    found = _CAB.fullmatch(said)
    if found is None:
        return None
    if len({found[1], found[3], found[5]}) != 1 or (not found[1] and money.tenfold(found[2], found[4])):
        return None  # `£3.50 plus 180 per mile`, `3 plus 80 a mile`: pence? (the review, audit C)
    reading = natural.reading_as(f"solve {found[2]} + {found[4]}*n = {found[6]} for n", "Solve")
    return None if reading is None else FormedReading(reading, "not_negative", decimal=True)


def read(text: str) -> FormedReading | None:
    if (fare := _cab(text)) is not None:
        return fare
    said = _WHENS.sub(r"\1", text.lower())  # `this month's bill`: `this month` is when
    words = tokens(said)
    parts = _parts(words, said)
    if parts is None:
        return None
    (fixed, rate, total), per = parts
    a, b, c = (words[i].replace(",", "") for i in (fixed, rate, total))
    reading = natural.reading_as(f"solve {a} + {b}*n = {c} for n", "Solve")
    if reading is None:
        return None
    if per in _MEASURED:  # hours, miles: counted in decimals (`4.5` hours)
        return FormedReading(reading, "not_negative", decimal=True)
    return FormedReading(reading, "count")


def _parts(  # noqa: PLR0911 - one refusal per part
    words: list[str], said: str
) -> tuple[tuple[int, int, int], str] | None:
    """Where the fixed amount, the rate and the total are, and what the rate is per; None
    unless each part is played by exactly one number and the ask is of what the rate is per."""
    at = [i for i, w in enumerate(words) if number(w)]
    if len(at) != 3 or any(words[i].startswith("-") or "/" in words[i] for i in at):
        return None
    rates = {i: found for i in at if (found := _per(words, i)) is not None}
    period = _this_period(words, rates, said)
    rates = {i: r for i, r in rates.items() if i != period}
    if len(rates) != 1:
        return None
    ((rate, (per, said_at)),) = rates.items()
    if any(w in ("per", "each", "every") and j != said_at for j, w in enumerate(words)):
        return None  # `a flat 10 fee per dog`: a second rate, or a count, behind it
    others = [i for i in at if i != rate]
    fixed = [period] if period is not None else [i for i in others if _beside(words, i, _FIXED)]
    totals = [
        i
        for i in others
        if i not in fixed and (_before(words, i, _TOTAL) or _after(words, i, _TOTAL_AFTER))
    ]
    if len(fixed) != 1 or len(totals) != 1 or _counts_per(words, fixed[0], per):
        return None
    if any(w in fee_words.TAKEN for w in words[max(0, fixed[0] - 4) : fixed[0]]):
        return None  # `the agency took a 60 admin fee, so my pay came to 390`: taken off
    after, spent = (
        words[totals[0] + 1 : totals[0] + 4],
        "spent" in words[max(0, totals[0] - 3) : totals[0]],
    )
    if (
        (spent and "on" in after)
        or {"since", "labour", "labor", "subs", "alone"} & set(after)
        or _BESIDES & set(words)
        or (_MORE.search(" ".join(words)) and {"fee", "charge", "joining"} & set(words))
    ):
        return None  # `spent £95 on the gym and swimming`, `since the fee`, `besides me` (audit J)
    if not _plain(words, per) or not _asks_for(words, per) or _doubtful(words, per):
        return None
    return (fixed[0], rate, totals[0]), per


#: `how many more months` after a fee: more than what is paid so far, toward which total?
_MORE = re.compile(r"\bhow many (?:more|extra|further)\b")
#: Someone the count leaves out (`how many people besides me`).
_BESIDES = frozenset(("besides", "apart", "except", "excluding"))
#: Pay a worker gets: with a fee beside it, the fee may come off the pay.
_EARNED = re.compile(
    r"\b(?:i|we|she|he|they) (?:get|gets|earn|earns|earned|make|makes)\b|\bpays? (?:me|us)\b"
    r"|\b(?:agency|employer|boss|company|firm|client) pays\b"
    r"|\b(?:paycheck|paycheque|wage|wages|salary|payslip)\b"
)
#: Who may charge `to start` (a cab's flag fall; a gym's `to start` may be its first month).
_CABS = frozenset(("taxi", "cab", "minicab", "uber", "fare", "ride", "trip", "journey"))


def _counts_per(words: list[str], i: int, per: str) -> bool:
    """`I've already worked 6 hours ... 15 an hour`: the amount there already is a count of
    what the rate is per (hours), not of what it pays (money), so it is no fixed amount."""
    after = words[i + 1 : i + 2]
    stem = per.removesuffix("s")
    if not after:
        return False
    if after[0].removesuffix("s") == stem:
        return True
    both = after[0] in UNIT_NAMES and per in UNIT_NAMES
    return both and DIMENSION_OF[UNIT_NAMES[after[0]]] == DIMENSION_OF[UNIT_NAMES[per]]


def _doubtful(words: list[str], per: str) -> bool:
    """An equation other than `fixed + rate × n = total` may be meant: a fee beside a price
    each (per item, or once?), someone else sharing it, a gym's first month `to start`, two
    currencies, a rate `per cent`, or work asked of the asker when another charges it."""
    said = " ".join(words)
    once = any(w in ("single", "one-off", "once", "whole") for w in words)
    fee = any(w in ("fee", "charge", "charges") for w in words)
    earned = _EARNED.search(said) is not None and re.search(r"\bi (?:charge|bill)", said) is None
    worked = re.search(r"\b(?:did|have|do) i (?:work|do)\b", said) is not None
    charged = re.search(r"\bi (?:charge|charged|get|got|earn|bill|billed)\b", said) is not None
    return any(
        (
            words.count("each") and fee and not once,  # `tickets are 9 each plus a fee of 6`
            any(w.removesuffix("'s") in fee_words.OTHERS for w in words),
            per in ("cent", "cents", "percent"),
            # `how many more months until a year?`, `130 before the call-out`
            re.search(r"\buntil (?:a|an|the|next)\b|\bbefore the\b", said) is not None,
            # `how many more weeks after that`: beyond the total? (audit A, round 27)
            re.search(r"\bhow many (?:more )?[a-z]+ after that\b", said) is not None,
            re.search(r"\blabou?r (?:on|was|came|cost|costs|total)\b", said) is not None,
            any(w == "more" and words[i - 1 : i] != ["many"] for i, w in enumerate(words)),
            earned and fee,  # `I get 15 an hour; the union fee is 60. Paycheck 240`: taken off?
            "start" in words and not any(w in _CABS for w in words),
            len({w for w in words if w in CURRENCY}) > 1,
            worked and not charged,
        )
    )


_LINKS = frozenset(("for", "with", "by", "from", "of", "to", "into", "over", "or", "per"))


def _per(words: list[str], i: int) -> tuple[str, int] | None:
    """What the number at `i` is a rate per (`45 an hour` → `hour`; `8 rows an evening` →
    `evening`; `crates are 41 kg each` → `crates`) and where its `a`/`per`/`each` is, or None."""
    between = words[i + 1 : i + 2]
    # `8 rows an evening`, `41 kg each`: one noun between; not `420 for a plumbing job`
    noun = (
        bool(between)
        and re.fullmatch(r"[a-z]+", between[0]) is not None
        and between[0] not in _OWN | _LINKS
    )
    for j in (i + 1, i + 2) if noun else (i + 1,):
        if words[j : j + 1] and words[j] in _PER and words[j + 1 : j + 2]:
            after = words[j + 1]
            return (after, j) if re.fullmatch(r"[a-z]+", after) else None
        if words[j : j + 1] == ["each"]:
            subject = [w for w in words[max(0, i - 4) : i] if re.fullmatch(r"[a-z]+s", w)]
            return (subject[-1], j) if subject else None
    return None


def _plain(words: list[str], per: str) -> bool:
    """Every word plain, one this reader reads by, a unit, or what the rate is per."""
    stem = per.removesuffix("s")
    return all(
        number(w) or w in CURRENCY or plain_word(w) or w in _OWN or w in UNIT_NAMES
        or w.removesuffix("s") == stem or w.removesuffix("es") == stem or _plural(per, w)
        for w in words
    )  # fmt: skip


#: Plurals not made with `s` (`4 per person ... how many people`, `a loaf ... loaves`).
_PLURALS = {"person": "people", "loaf": "loaves", "child": "children", "half": "halves"}


def _plural(per: str, word: str) -> bool:
    return _PLURALS.get(per) == word


def _beside(words: list[str], i: int, kind: frozenset[str]) -> bool:
    near = [*words[max(0, i - 2) : i], *words[i + 1 : i + 3]]
    return any(w in kind for w in near)


#: Right after a total (`handed over 85 altogether`).
_TOTAL_AFTER = frozenset(("altogether", "overall", "total", "in"))


def _after(words: list[str], i: int, kind: frozenset[str]) -> bool:
    after = words[i + 1 : i + 3]
    return bool(after) and after[0] in kind and (after[0] != "in" or after[1:] == ["total"])


_PERIODS = frozenset(("month", "week", "year", "day", "quarter"))


def _this_period(words: list[str], rates: dict[int, tuple[str, int]], said: str) -> int | None:
    """`£12 a month plus £0.08 per text, this month's bill was £15.60`: of two rates, one a
    period's whose total is of one such period (`this month`): where that one is, a fixed
    amount."""
    if len(rates) != 2:
        return None
    fixed = [
        i
        for i, (per, _) in rates.items()
        if per in _PERIODS and re.search(rf"\b(?:this|last) {per}(?:'s)?\b", said)
    ]
    if len(fixed) != 1 or words.count("per") + words.count("a") + words.count("an") > 2:
        return None
    return fixed[0]


def _before(words: list[str], i: int, kind: frozenset[str]) -> bool:
    before = [w for w in words[max(0, i - 3) : i] if w not in CURRENCY]
    return any(w in kind for w in before[-2:])


def _asks_for(words: list[str], per: str) -> bool:
    """`how many (more) <per>`, or `how many do we ...` where the rate prices things each."""
    said = " ".join(words)
    m = re.search(r"\bhow many (?:more )?(?P<w>[a-z]+)", said)
    if m is None:
        return False
    asked = m["w"]
    stem = per.removesuffix("s")
    if asked.removesuffix("s") == stem or asked.removesuffix("es") in (stem, per) or _plural(per, asked):
        return True
    return per.endswith("s") and asked in ("do", "did", "can", "could", "will", "would", "should")
