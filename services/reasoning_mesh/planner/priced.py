"""So many things at a price each, and what they come to: `quick one before I send this invoice
- 3 items at £12.49 each plus £4.75 delivery, what's the total?`, `Sold 48 candles at the craft
market at £6.75 each, what did I take in total?`, `ordering 250 units at 3.20 each, what's the
cost before shipping?`, `filled the van with 41.6 litres at 1.45 a litre, what did that cost me`.

The reading is the count times the price, plus one charge named as delivery, postage or
shipping where there is one (`What is 3*12.49 + 4.75?`), each number as written; and only where
nothing else is said of them:

- the count is a whole number of a plural noun (one to three words: `craft kits`), or an
  amount of a unit that the price is per (`41.6 litres at 1.45 a litre`, `12 hrs at
  $18.40/hr`); the price follows `at` and is each (`each`, `apiece`, `a piece`) or per that unit;
- the words before are background (`background.plain_word`, or how things are bought or sold:
  `sold`, `ordering`, `filled the van with`), and after the count and price nothing but the ask
  of their total (`what's the total`, `what did I take`, `how much am I spending`), perhaps
  `before shipping` or `before VAT` (a charge not counted and not stated), then tail words;
- none of the words of `totals` that make a total something else (a share, a discount, change,
  a repeat, a rate per day) anywhere, and no currency but one.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import aside
from reasoning_mesh.planner.background import plain_word, spoken, tail_plain, tokens
from reasoning_mesh.planner.bills import one_measure
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import with_numerals
from reasoning_mesh.planner.priced_words import ASKERS, CONTAINERS, CONTENTS, TAXED
from reasoning_mesh.planner.units import UNIT_NAMES

_PRICE = r"(?P<cur>[£$€])?(?P<price>\d+(?:\.\d{1,2})?)"
_PRICED = re.compile(
    r"(?<![\w.,])(?P<n>\d+(?:\.\d+)?) (?P<things>(?:[a-z'-]+ of )?"
    r"(?:(?!today|tonight|yesterday)[a-z'-]+ ){0,2}"
    r"(?!today\b|tonight\b|yesterday\b)[a-z'-]+)"
    r"(?P<where> (?:at|in|on|from) (?:the |a |my |our )?(?:[a-z'-]+ ){0,2}[a-z'-]+)?"
    r"(?P<when> (?:this|last|yesterday) (?:morning|afternoon|evening|night|week|weekend)"
    r"| today| yesterday| tonight)? at "
    + _PRICE
    + r"(?: ?(?:each|apiece|a piece)|(?: a | per | ?/ ?)(?P<per>[a-z]+))"
    r"(?:,? (?:plus|and|\+) (?:a |the )?(?P<cur2>[£$€])?(?P<extra>\d+(?:\.\d{1,2})?)(?: for)?"
    r" (?P<charge>delivery|postage|shipping|p&p|postage and packing)(?: charge| fee)?)?"
    r"(?![\w.,]\d)"
)
#: The words of the ask of what they came to, after the count and price (`what did the
#: cupcakes bring in altogether`, `how much did I spend on the mugs`, `what were my takings`),
#: besides the words naming the things; it holds one of `_ASKS`.
_ASK_WORDS = frozenset(
    ("what", "what's", "whats", "how", "much", "did", "does", "do", "will", "would", "should",
     "that", "it", "they", "those", "these", "the", "this", "bring", "brought", "in", "come",
     "came", "to", "cost", "take", "took", "make", "made", "spend", "spent", "on", "total",
     "altogether", "overall", "were", "was", "is", "are", "my", "i", "takings", "grand", "be",
     "charge", "invoice", "bill", "owe", "so", "ok", "then", "me", "up", "all", "have", "has",
     "should've", "been", "amount", "ring", "we", "our", "receipt", "say")
)  # fmt: skip
_ASKS = frozenset(("what", "what's", "whats", "how", "total"))
#: A charge not counted and not stated, after the ask (`what's the total before delivery`).
_CHARGES = frozenset(("shipping", "postage", "delivery", "vat", "tax", "fees"))
#: How things are bought or sold, before the count (`sold 48 candles`, `ordering 250 units`).
_TRADING = frozenset(
    ("sold", "sell", "selling", "bought", "buy", "buying", "ordered", "order", "ordering",
     "orders", "got", "get", "getting", "need", "needs", "needed", "filled", "invoice",
     "invoicing", "charging", "charged", "pricing", "q", "quick", "with")
)  # fmt: skip
#: Words that make the total another (`totals._DENY` less the per-thing words read here).
_NOT_TOTAL = frozenset(
    ("every", "daily", "weekly", "monthly", "yearly", "times", "twice", "double", "half",
     "back", "refund", "refunded", "returned", "minus", "less", "off", "discount", "change",
     "left", "remaining", "owed", "split", "shared", "between", "among", "average", "except",
     "without", "not", "no", "but", "only", "than", "more", "extra", "free", "deposit",
     "each", "per", "%", "percent", "both", "same", "again", "another", "other", "others",
     "them", "us", "people", "person", "guests", "friends", "kids", "team",
     # shared, another thing, a charge named, things not sold (audit H)
     "we", "our", "we're", "we've", "mates", "flatmate", "flatmates", "housemate", "housemates",
     "colleague", "colleagues", "sister", "brother", "wife", "husband", "partner", "mum", "dad",
     "and", "&", "plus", "delivery", "postage", "shipping", "service", "fee", "vat", "tax",
     "tip", "unsold", "unused", "spare", "leftover", "broken", "damaged", "faulty", "of")
)  # fmt: skip
#: Asks of what was spent, and of what was taken: each fits only its side of the till.
_SPENT = frozenset(("cost", "owe", "spending", "spend", "spent", "charge", "invoice", "bill"))
_TAKEN = frozenset(("take", "took", "make", "made", "bring", "brought", "takings"))
_SOLD = frozenset(("sold", "sell", "selling", "invoice", "invoicing", "charging", "charged"))


#: `how much will that set me back`: what it costs, only the asker's (`Jo bought 4 tyres ...,
#: how much did that set me back`; audit R).
_SET_BACK = re.compile(r"\bset (me|us) back\b")
#: `filled up the car, 42.6 litres at £1.45 a litre`: one tank filled, once (never `filled up
#: the vans`, `filled up on monday ... filled up on friday`; audit R).
_FILLED_UP = re.compile(
    r"\bfilled up(?= (?:the|my|our) (?:car|van|tank|motor|truck)(?![\w'])| ?,"
    r"| this (?:morning|afternoon|evening)\b)"
)
#: `I run a little online shop and last month I sold ...`: `and` after the asker's own shop,
#: before when (never `a lamp and today 4 chairs`, `Jenny runs the shop and last month she
#: sold`; audit R).
_AND_CLAUSE = re.compile(
    r"^(?:(?:hi|hey),? )?(?:i|we) (?:run|have|own) (?:a|an|my|our) (?:[a-z]+ ){0,2}"
    r"(?:shop|stall|business|bakery|store) and (?=(?:last|this) (?:week|month|weekend|year) (?:i|we) )"
)


def read(text: str) -> FormedReading | None:
    said = with_numerals(spoken(text))  # `sold forty-eight candles at £7.25 each`
    if len(re.findall(r"\bfill", said)) == 1:
        said = _FILLED_UP.sub("filled", said)
    set_back = _SET_BACK.search(said) is not None
    said = _AND_CLAUSE.sub(lambda m: m[0].removesuffix("and "), _SET_BACK.sub(r"cost \1", said))
    found = list(_PRICED.finditer(said))
    m = found[0] if len(found) == 1 else None
    if m is None or not _told(said, m, set_back=set_back) or not one_measure(said, m):
        return None
    sum_ = f"{m['n']} * {m['price']}" + (f" + {m['extra']}" if m["extra"] else "")
    reading = natural.arithmetic(sum_)
    return None if reading is None else FormedReading(reading, "not_negative", decimal=True)


def _told(said: str, m: re.Match[str], *, set_back: bool = False) -> bool:
    """Whether `said` is only the count and its price, background before them and the ask of
    their total after, with nothing that makes the total another."""
    numbers = len(re.findall(r"\d+(?:\.\d+)?", said))
    currencies = {m["cur"], m["cur2"]} - {None}
    if numbers != (3 if m["extra"] else 2) or len(currencies) > 1 or m["cur2"] not in (None, m["cur"]):
        return False
    before, after = tokens(said[: m.start()]), said[m.end() :]
    named = tokens(m["things"]) + tokens(m["where"] or "") + tokens(m["when"] or "")
    asked_words, rest = _ask(tokens(after), named, extra=m["extra"] is not None)
    asked = set(asked_words)
    sold = bool(set(before) & _SOLD)
    others = [*before, *tokens(m["where"] or ""), *rest]
    of_per = _of_per(m)
    if any(
        (
            _ANOTHER_TIME.search(after),  # `how much did we take last year`
            sold and asked & {"they", "them"} and _WE & set(before),  # `we sold ..., did they take`
            asked & (_SPENT if sold else _TAKEN),  # `sold 48 ..., what did they cost me`
            m["extra"] and _before_stated(asked_words),  # `plus £4.75 delivery, ... before delivery`
            "before" in asked and TAXED & set(tokens(said)),  # `inclusive prices ... before tax`
            asked & _singular(m) - set(named),  # `3 tickets at 25 each, what will the ticket cost`
            set_back and before and not ASKERS & set(before),  # `Jo bought ..., set me back`
            "say" in tokens(after) and "receipt" not in asked,  # `what do you say?`: advice
            # `kennels for the dogs, 7 nights at £25 a night`: for how many dogs?
            m["per"] is not None and (_per_thing(m) or m["per"] in _TIMES) and _plurals(others),
            m["things"].split()[0] in _MULTIPLES,  # `three score candles`: counted in scores
            "with" in before[:-1],  # `with delivery, 3 items`; only `filled the van with 41.6 l`
        )
    ):
        return False
    return (
        bool(asked & _ASKS)
        and _counted(m)
        and _after_plain(rest)
        and all(plain_word(w) or w in _TRADING for w in before)
        and all(plain_word(w) or w in UNIT_NAMES or w in of_per for w in named)
        and not any(
            w in _NOT_TOTAL
            for w in [*before, *named, *_uncharged(asked_words)]
            if w not in of_per and not (w in _WE and _takings(sold, asked))
        )
    )


#: A time after the count and price (the tokens leave times out): the total of another time.
_ANOTHER_TIME = re.compile(
    r"\b(?:last|this|next|that|per|a|each|every) (?:year|week|month|weekend|season|term|day|night)"
    r"|\b(?:yesterday|tomorrow|weekly|monthly|yearly|annually|daily)\b"
)
#: The sellers, who take the total together (`we sold 156 cupcakes ..., how much did we take`).
_WE = frozenset(("we", "our", "we've", "we're"))


def _takings(sold: bool, asked: set[str]) -> bool:
    """Whether the ask is of what a seller took (`sold ... how much did we take in`), never of
    one seller's part (`we sold ... how much did I make`: a share)."""
    return sold and bool(asked & _TAKEN) and not asked & {"i", "me", "my", "each"}


def _of_per(m: re.Match[str]) -> frozenset[str]:
    """`of` and the thing counted, where the price is per that thing (`7 bags of flour at £1.35
    a bag`): words a count of a unit may not have."""
    if m["per"] is None and m["things"].split()[1:2] == ["of"]:
        return frozenset(("of",))  # `7 punnets of strawberries at £2.35 each`
    if m["per"] is None or not _per_thing(m):
        return frozenset()
    return frozenset(("of", m["things"].split()[0]))  # and the thing counted: `bags`, `nights`


def _ask(words: list[str], named: list[str], *, extra: bool) -> tuple[list[str], list[str]]:
    """The words of the ask right after the count and price (marks before it skipped): the
    longest run of words of asking, of the things named (never right after `total`: `total
    items?` counts them; never beside a charge: `what did the items cost` leaves it out) or of a
    charge not counted (`before delivery`); and the words after it."""
    i = 0
    while i < len(words) and words[i] in ",.;:-!":
        i += 1
    singular = {w.removesuffix("s") for w in named}
    end = i
    while end < len(words):
        w, before = words[end], words[end - 1]
        thing = (w in named or w in singular) and before != "total" and not extra
        charge = (w in _CHARGES and before == "before") or (
            w == "before" and words[end + 1 : end + 2] != [] and words[end + 1] in _CHARGES
        )
        if not (w in _ASK_WORDS or thing or charge):
            break
        end += 1
    return words[i:end], words[end:]


#: What a price may be per that each of several things may take (`vans for 3 days`).
_TIMES = frozenset(("day", "night", "week", "month", "year", "hour", "hr", "session", "lesson"))
#: Words ending in `s` that name no things (`this`, `was`, `thanks`).
_NOT_PLURAL = frozenset(
    ("this", "was", "has", "plus", "less", "thanks", "cheers", "always", "perhaps", "yes",
     "pls", "thus", "minus", "bonus", "class", "glass", "gas", "bus", "business", "boss",
     "address", "its", "it's", "his", "hers", "ours", "yours", "us", "is", "as", "does")
)  # fmt: skip


def _plurals(words: list[str]) -> bool:
    """Whether, besides the count and its price per unit or per night, plural things are named
    anywhere (`hired vans for 3 days`, `in the twin rooms`, `? booking rooms for friends`):
    the price may be per one of them."""
    return any(w.endswith("s") and len(w) > 3 and w not in _NOT_PLURAL for w in words)


#: Words that count in sets (`three score candles`, `4 dozen eggs`), not the things counted.
_MULTIPLES = frozenset(("score", "scores", "dozen", "dozens", "gross", "pair", "brace", "couple"))


#: Charges a delivery stated may be: an ask of the total before one of them leaves it out.
_STATED = frozenset(
    ("delivery", "postage", "shipping", "p&p", "packing", "fee", "fees", "charge", "charges")
)


def _before_stated(asked: list[str]) -> bool:
    """Whether the ask is of the total before a charge of the kind stated (`plus £4.75
    delivery, what's the total before delivery`), or before something unnamed; `before tax`
    leaves out a charge not stated."""
    after = [asked[k + 1 : k + 2] for k, w in enumerate(asked) if w == "before"]
    return any(not a or a[0] in _STATED or a[0] not in _CHARGES for a in after)


def _uncharged(asked: list[str]) -> list[str]:
    """The ask without the charge it leaves out (`before delivery`)."""
    return [w for k, w in enumerate(asked) if not (w in _CHARGES and asked[k - 1 : k] == ["before"])]


def _after_plain(rest: list[str]) -> bool:
    """What follows the ask: tail words (`for my invoice`, `please`, `? just the number pls`),
    or, after its sentence ends, the asker's asides (`? customer's waiting`)."""
    if tail_plain([w for w in rest if w not in _JUST]):
        return True
    return rest[:1] in (["?"], ["."], ["!"]) and aside(rest[1:])


_JUST = frozenset(("just", "number", "answer"))


def _counted(m: re.Match[str]) -> bool:
    """Whether the count is whole things priced each (`3 items at £12.49 each`), or an amount
    of the unit the price is per (`41.6 litres at 1.45 a litre`, `12 hrs at $18.40/hr`)."""
    words = m["things"].split()
    if m["per"] is None:  # never `3 kg of apples at £2 each`, `3 scores of nails`
        if any(w in UNIT_NAMES for w in words) or "." in m["n"]:
            return False
        if words[1:2] == ["of"]:  # `7 punnets of strawberries at £2.35 each`: each punnet
            # a price in pence may be of each thing inside (`4 punnets of strawberries at 0.12`)
            whole = not m["price"].startswith("0") and words[-1] in CONTENTS
            return len(words) > 2 and words[0] in CONTAINERS and words.count("of") == 1 and whole
        return words[-1].endswith("s") and "of" not in words
    unit, per = UNIT_NAMES.get(words[0]), UNIT_NAMES.get(m["per"])
    if _per_thing(m):  # `7 bags of flour at £1.35 a bag`, `6 nights at £48.50 a night`
        booked = re.search(r"\b(?:for|in)\s*$", m.string[: m.start()]) is not None
        return not booked and "." not in m["n"] and (len(words) == 1 or words[1] == "of")
    return len(words) == 1 and unit is not None and unit == per


def _singular(m: re.Match[str]) -> set[str]:
    """The things counted, in the singular (`ticket` of `3 tickets`, `box` of `3 boxes`)."""
    plurals = [w for w in tokens(m["things"]) if w.endswith("s")]
    return {w[:-1] for w in plurals} | {w[:-2] for w in plurals if w.endswith("es")}


def _per_thing(m: re.Match[str]) -> bool:
    """Whether the price is per the thing counted (`bags ... a bag`), no unit."""
    first = m["things"].split()[0]
    return m["per"] not in UNIT_NAMES and first in (f"{m['per']}s", f"{m['per']}es")
