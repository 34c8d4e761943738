"""A bill of a few priced lines, in fixed tellings: `Invoice check before I send it: 3 units at
$14.75 each plus a $6.20 delivery fee. What should the total be?`, `plumber's invoice is 3 hrs
at $42.50/hr plus $18.75 in parts. what's the total?`, `customer has 3 paperbacks at £2.50 each
and 4 tops at £1.75 each. what do i charge her in total`, `I bought 3 notebooks at 2.35 each
and a pen for 1.10. How much did I spend altogether?`.

The reading is each count times its price, plus a thing bought singly or one charge (delivery,
parts, a booking fee), each number as written (`What is 3*14.75 + 4*1.75 + 6.20?`). `priced`
reads one line among any plain words; here the words are closed, because a bill's open words
change it (`3 boxes of 12 at 2 each`, `a voucher for 5`, `split between us`, `my sister
bought ... how much did I spend`): an opening from a fixed list, who buys in a few words, lines
of fixed shapes (the things counted in plain words, never a unit, a multiple or a container of
counted things), and an ask of the total from a fixed list that agrees with who bought.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import money, natural, tellings
from reasoning_mesh.planner.background import spoken, tokens
from reasoning_mesh.planner.bill_words import (
    ASKS,
    BUYERS,
    GOODS,
    HYPHENED,
    LEADS,
    MODIFIERS,
    NOT_THINGS,
    ONE_NOT,
    SINGLE_CONTAINERS,
    TAX_WORDS,
)
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.priced_words import CONTENTS
from reasoning_mesh.planner.units import UNIT_NAMES

_CUR = r"(?P<cur>[£$€])?"
#: Money as a bill writes it: whole, or with pence (`2.5`, `7.30` at a booking: a time?).
_P = r"(?P<p>\d+(?:\.\d\d)?)(?![\d.,])"
_WORDS = r"(?P<things>[a-z-]+(?: [a-z-]+)?)"
#: A line of so many things at a price each (`3 units at $14.75 each`).
_MANY = re.compile(rf"(?P<n>[1-9]\d*) {_WORDS} (?:at|@) ?{_CUR}{_P} ?(?:each|apiece|a piece)")
#: Hours of work at a rate (`3 hours labour at 42.50 an hour`, `3 hrs at $42.50/hr`); whole or
#: a half (`2.45 hrs`: 2 h 45 min?).
_HOURS = re.compile(
    rf"(?P<n>[1-9]\d*(?:\.5)?) (?:hours|hrs)(?: of labour| labour)? (?:at|@) ?{_CUR}{_P}"
    r"(?: an hour| per hour| an hr| per hr| ?/ ?hr| ?/ ?hour)"
)
#: One thing bought singly, after the counted lines (`a pen for 1.10`), or one more of them
#: after `plus` (`plus one at $8.40`).
_ONE = re.compile(rf"(?:a|an|one|1) (?P<thing>[a-z-]+(?: of [a-z]+| [a-z-]+)?) (?:for|at) {_CUR}{_P}")
_ONE_MORE = re.compile(rf"(?:one|1)(?: more)?(?: item| unit)? at {_CUR}{_P}")
#: One charge, last (`a $6.20 delivery fee`, `18.75 for parts`, `the 45 call-out charge`).
_CHARGES = tuple(
    re.compile(shape)
    for shape in (
        # `a 6.15 delivery`: at 6.15? only bare, or a charge or fee
        rf"{_CUR}{_P} (?:delivery|postage|shipping)(?: charge| fee)?",
        rf"(?:a |the )?{_CUR}{_P} (?:delivery|postage|shipping|booking|call-out|callout) (?:charge|fee)",
        rf"{_CUR}{_P} (?:(?:for|in) (?:parts|materials)|labour)",
        rf"(?:delivery|postage|shipping) (?:is|of) {_CUR}{_P}",
    )
)
#: Between lines: `and`, `plus`, a comma (kept: `plus one at` is one more, `, one at` one of them).
_JOIN = re.compile(r"(,? (?:and|plus|\+) |, )")
_LEADS = tellings.leads(LEADS, mark=False)  # `hey can u check my invoice maths`: no mark
_ASKS = tellings.asks(ASKS)
#: `for` before a number in words: a count of people (`a table for six`), never a price.
_FOR_WORDS = re.compile(
    r"\bfor (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple|a few)\b"
)


def read(text: str) -> FormedReading | None:
    """The total of a bill told in one of the fixed tellings, with its answer's form."""
    if _FOR_WORDS.search(spoken(text)):
        return None  # `a pizza for two`: for two people, or a price of 2?
    m = tellings.asked(tellings.said(text, numerals=True), _ASKS)
    if m is None:
        return None
    if m.groupdict().get("before") and set(re.findall(r"[a-z]+", m["head"])) & TAX_WORDS:
        return None  # `3 tax-inclusive tickets ..., the total before tax`
    asker = "seller" if m.groupdict().get("seller") else m.groupdict().get("who")
    whom, told = m.groupdict().get("whom"), re.findall(r"\b(?:he|she)\b", m["head"])
    if told and whom in ("her", "him") and {"she": "her", "he": "him"}[told[0]] != whom:
        return None  # `he wants 3 coffees ... what do i charge her`: whose bill?
    sum_ = _bill(m["head"], asker, before=bool(m.groupdict().get("before")))
    reading = None if sum_ is None else natural.arithmetic(sum_)
    return None if reading is None else FormedReading(reading, "not_negative", decimal=True)


def _bill(head: str, asker: str | None, *, before: bool = False) -> str | None:
    """The sum of `head`'s lines, where it is an opening, a buyer and lines in the fixed
    shapes, and the ask's asker agrees with the buyer; else None."""
    head = tellings.without_leads(head, _LEADS)
    buyer = None
    for name, pattern in BUYERS:
        if (m := re.match(rf"{pattern} ", head)) is not None:
            buyer, head = name, head[m.end() :]
            break
    if not _agrees(buyer, asker):
        return None
    pieces = _JOIN.split(head)
    currencies: set[str] = set()
    singles: list[str] = []
    lines: list[tuple[str, re.Match[str]]] = []
    for at in range(0, len(pieces), 2):
        joined = pieces[at - 1].strip(" ,") if at else ""
        kind, found = _line(pieces[at], after_plus=joined in ("plus", "+"))
        if found is None or (singles and kind in ("many", "hours")):
            return None  # a counted line after a single thing or a charge
        if kind in ("one", "charge"):
            if not lines or kind in singles:
                return None  # `a pen for 1.10` first, two charges: a bill of another shape
            singles.append(kind)
        currencies |= {found["cur"]} - {None}
        lines.append((kind, found))
    named = [
        m["things"] if kind == "many" else "hours" for kind, m in lines if kind in ("many", "hours")
    ]
    if len(named) != len(set(named)) or {n.split()[-1] for n in named if " " in n} & set(named):
        return None  # `5 units ... and 2 units`, `4 tickets ... and 2 comp tickets`: others?
    if before and any(kind == "one" for kind, _ in lines):
        return None  # `a gst at 3 ... before tax`: before which?
    return None if len(currencies) > 1 or not _one_money(lines) else _sum(lines)


def _sum(lines: list[tuple[str, re.Match[str]]]) -> str:
    """Each counted line's count times its price, and each single price, added."""
    return " + ".join(f"{m['n']} * {m['p']}" if k in ("many", "hours") else m["p"] for k, m in lines)


def _one_money(lines: list[tuple[str, re.Match[str]]]) -> bool:
    """Whether every price is in one money: a currency on all or none (`25 each and a toy for
    $2`: cents?), and, with none, all whole or all with pence (`5 apples at 32 each and a bag
    for 0.05`, `3 mugs at 2.50 each plus 85 postage`: 32p, 85p?; audits B and E)."""
    marked = {m["cur"] is not None for _, m in lines}
    if marked == {True}:
        return True
    if marked != {False} or len({"." in m["p"] for _, m in lines}) != 1:
        return False
    # `a screening at 7.30`, `a melon at 2` (2p?): one thing `at` a price only in a currency
    at_bare = any(k == "one" and " at " in m[0] for k, m in lines)
    # all whole: `3 pens at 99 each plus 2 postage` (99p?)
    return not at_bare and not money.tenfold(*(m["p"] for _, m in lines))


def _line(part: str, *, after_plus: bool) -> tuple[str, re.Match[str] | None]:
    """What kind of line `part` is (`many`, `hours`, `one`, `charge`) and its match."""
    if (m := _MANY.fullmatch(part)) is not None:
        return "many", m if _things(m["things"]) else None
    if (m := _HOURS.fullmatch(part)) is not None:
        return "hours", m
    if (m := _ONE_MORE.fullmatch(part)) is not None:
        return "one", m if after_plus else None  # `3 pens at 2 each, one at 1.50`: of them?
    if (m := _ONE.fullmatch(part)) is not None:
        # `for` a whole number and no currency may count people or years (`a table for 6`, `a
        # birthday card for 18`): a price for one thing has pence, a currency, or `at`
        counted = part.split()[-2] == "for" and m["cur"] is None and "." not in m["p"]
        return "one", m if _thing(m["thing"]) and not counted else None
    return "charge", next((m for c in _CHARGES if (m := c.fullmatch(part))), None)


#: A state of a thing put as a word of its own (`unsold`, `unpaid`, `prepaid`, `unspent`).
_UNDONE = re.compile(r"(?:un|non|pre|post)[a-z]*(?:ed|id|ld|ne|nt|able|ible)")


#: Endings of a state or a payment (`refunded`, `repayment`, `cancellation`, `payback`,
#: `payout`, `writeoff`: audit E, round 26).
_STATES = ("ed", "ment", "ments", "tion", "tions", "back", "backs", "out", "outs", "off", "offs")


def _plain(word: str) -> bool:
    """A word that may name a thing bought or its kind: no state of it (`refunded`,
    `back-ordered`, `unsold`, `pre-paid`), no word that pays, pays back, repeats or counts in
    sets."""
    if "-" in word:
        return word in HYPHENED
    if (word.endswith(_STATES) and word not in GOODS) or _UNDONE.fullmatch(word):
        return False
    return word not in NOT_THINGS


def _things(things: str) -> bool:
    """Whether `things` names things counted one by one (`paperbacks`, `adult tickets`), never
    a unit, a multiple, a visit or a thing that pays or pays back; a kind before them only from
    a closed list."""
    words = things.split()
    if any(w in UNIT_NAMES or not _plain(w) for w in words):
        return False
    if len(words) == 2 and words[0] not in MODIFIERS:
        return False
    return words[-1].endswith("s") and not words[-1].endswith("ss")


def _thing(thing: str) -> bool:
    """Whether `thing` names one thing bought (`pen`, `birthday card`, `bag of apples`)."""
    words = thing.split()
    if any(w in UNIT_NAMES or w in ONE_NOT or not _plain(w) for w in words if w != "of"):
        return False
    if "of" in words:  # `a bag of apples`; never `a bag of for 2.00`
        return len(words) == 3 and words[0] in SINGLE_CONTAINERS and words[2] in CONTENTS
    return len(words) == 1 or words[0] in MODIFIERS


def _agrees(buyer: str | None, asker: str | None) -> bool:
    """Whether the ask is of the buyer's own bill (`I bought ... how much did I spend`,
    `customer has ... what do I charge her`); a neutral ask (`what's the total`) fits any."""
    if asker is None:
        return True
    if asker == "seller":
        return buyer in (None, "customer")
    return buyer in (None, asker)


#: `plus the 6.15 delivery`, `a 6.15 delivery`: the delivery at 6.15, a time, or its charge?
_THE_TIME = re.compile(r"\b(?:the|a) [£$€]?\d+\.\d+ (?:delivery|postage|shipping)\b(?! charge| fee)")


#: Words a bill's lines never count but one line at a price may (`14 hrs at $37.50/hr`, `14
#: pallets of blocks at £236 a pallet`, `144 bread rolls at 0.35 each`).
_PRICED_ALONE = frozenset(
    ("hours", "hrs", "minutes", "days", "nights", "weeks", "months", "years", "pallets", "rolls",
     "trays", "bundles", "cases", "sets", "packs", "pages", "sheets")
)  # fmt: skip
#: Measures of time whose decimals may be minutes or seconds (`2.45 hrs`, `2.30 mins`).
_CLOCKED = frozenset(("hour", "hr", "hours", "hrs", "h", "min", "mins", "minute", "minutes"))


def one_measure(said: str, m: re.Match[str]) -> bool:
    """Whether `priced`'s match `m` of `said` counts and prices in one measure each (audits
    A, B and E, round 26):
    things counted one by one (never `3 doz eggs`, `3 payments`, `3 strips`), hours whole or
    a half (`2.45 hrs`: 2 h 45 min?), no clock time for a charge, and pence never beside
    pounds (`3 pens at 99 each plus 2.50 postage`)."""
    if set(tokens(m["things"])) & (NOT_THINGS - _PRICED_ALONE) or _THE_TIME.search(said):
        return False
    if m["per"] in _CLOCKED and "." in m["n"] and not m["n"].endswith(".5"):
        return False
    if m["extra"] is None:
        return True
    if (m["cur"] is None) != (m["cur2"] is None):
        return False  # `$12.99 each plus 399 shipping`: cents? (the review)
    if m["cur"] is not None:
        return True
    # pence beside pounds (`2.50 each plus 85 postage`, `99 each plus 2 postage`: 85p, 99p?)
    return ("." in m["price"]) == ("." in m["extra"]) and not money.tenfold(m["price"], m["extra"])
