"""Money written as people write it, for the readers that read numbers only: `round £12.345 to
the nearest penny`, `what is $12.50 times 4`, `my bill came to 23.786 dollars, round it`.

A currency sign before a number says what the number counts, never its value, so it comes off;
and a rounding to a coin of the money stated is a rounding to a place (`the nearest penny` or
`cent` is two decimal places, `the nearest pound`, `dollar` or `euro` a whole number). Only
where the question is sure of its money (an audit of a first draft found each of these read):

- one currency throughout (`$5 + €3` adds no two numbers of one kind), by its signs and its
  words (`dollars`, `euros`, `quid`, `bucks`; never `pounds`, which may weigh a parcel);
- a coin's rounding only of that currency's own coin (`$23.786 to the nearest euro` needs a
  rate), and never of an amount in its small coin (`345.6 cents to the nearest dollar` is 3);
- no sign before a unit (`£23.4 kg`), and no amount that may be written with a thousands point
  (`€12.500`, `12.500 dollars`): the text is left as written, which no reader reads.

Readers of spending and sharing (`totals`, `shares`) read the signs themselves and are given the
text as written.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.planner.numwords import names_a_number
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

_SIGN = re.compile(r"(?<![\w.])[$£€](?=-?\d)")
_SIGNS = {"£": "gbp", "$": "usd", "€": "eur"}
_WORDS = {"dollar": "usd", "dollars": "usd", "bucks": "usd", "buck": "usd", "euro": "eur",
          "euros": "eur", "quid": "gbp"}  # fmt: skip
#: Small coins: an amount in them is not rounded to a coin (`345.6 cents to the nearest dollar`).
_SMALL = ("pence", "penny", "p", "cent", "cents")
_AMOUNT = re.compile(r"(?P<sign>[$£€])?(?P<n>-?\d+(?:\.\d+)?)(?:\s+(?P<word>[a-z]+))?", re.IGNORECASE)
#: The coins a rounding may name, and the currency each belongs to (`cent`: either's).
_COINS = (
    (re.compile(r"\bnearest (?:penny|pence)\b", re.IGNORECASE), "nearest hundredth", {"gbp"}),
    (re.compile(r"\bnearest cent\b", re.IGNORECASE), "nearest hundredth", {"usd", "eur"}),
    (re.compile(r"\bnearest (?:pound|quid)\b", re.IGNORECASE), "nearest whole number", {"gbp"}),
    (re.compile(r"\bnearest (?:dollar|buck)\b", re.IGNORECASE), "nearest whole number", {"usd"}),
    (re.compile(r"\bnearest euro\b", re.IGNORECASE), "nearest whole number", {"eur"}),
)


#: A place counted in money (`to the nearest ten pounds`): of the amount's own currency only,
#: said by its sign (audit H: `we sold 4,675 tickets`, `1284 pennies`, `weighed 23.4`, each
#: `to the nearest hundred pounds`, are no amounts of pounds).
_PLACE_MONEY = re.compile(
    r"\bnearest (?:ten|hundred|thousand|10{1,3}) (?P<money>pounds|quid|dollars|bucks|euros)\b",
    re.IGNORECASE,
)
_PLACE_CURRENCY = {"pounds": "gbp", "quid": "gbp", "dollars": "usd", "bucks": "usd", "euros": "eur"}


def unsigned(text: str) -> str:
    """`text` with currency signs off its numbers and a coin's rounding named as its place;
    `text` itself where it states no money, or where its money is not sure."""
    currencies, small, unsure, signed = set(), False, False, False
    for m in _AMOUNT.finditer(text):
        word = (m["word"] or "").lower()
        if m["sign"]:
            signed = True
            currencies.add(_SIGNS[m["sign"]])
            unsure = unsure or word in UNIT_NAMES  # `£23.4 kg`
        if word in _WORDS:
            currencies.add(_WORDS[word])
        small = small or word in _SMALL
        money = bool(m["sign"]) or word in _WORDS
        # `€12.500`, `12.500 dollars`: twelve and a half, or twelve thousand five hundred?
        unsure = unsure or (money and re.fullmatch(r"-?\d+\.\d00", m["n"]) is not None)
        unsure = unsure or (m["sign"] == "€" and re.fullmatch(r"-?\d+\.\d{3}", m["n"]) is not None)
    if not currencies and not small:
        currencies = _bare_price_coin(text)
    if len(currencies) != 1 or unsure:
        return text
    for m in _PLACE_MONEY.finditer(text):
        if small or not signed or currencies != {_PLACE_CURRENCY[m["money"].lower()]}:
            return text  # `$1284.60 ... to the nearest ten pounds` needs a rate
    # `£27.35 ... to the nearest ten pounds`: a place counted in the signed amount's own money
    text = _PLACE_MONEY.sub(lambda m: m[0][: -len(m["money"]) - 1], text)
    for coin, place, of in _COINS:
        if coin.search(text) and (small or not currencies <= of):
            return text  # another currency's coin, or an amount in small coins
        text = coin.sub(place, text)
    return _SIGN.sub("", text)


#: A price said as one, right before its amount (`my bill was 23.48`, `came to 47.83`).
_PRICE_SAID = re.compile(
    r"\b(?:(?:bill|total|price|cost|fare|tab|invoice|receipt|shopping|meal|dinner|lunch)"
    r"(?: was| is| came to| comes to| of| totalled| totaled)?|came to|comes to|spent|paid|cost|costs"
    r"|sold for|charged(?: me)?) [$£€]?\d+\.\d\d\b",
    re.IGNORECASE,
)
#: What is weighed when carried or grown (`my luggage total was 23.48`, `i gained 2.35`).
_CARRIED = frozenset(
    ("luggage", "suitcase", "suitcases", "bag", "bags", "case", "scale", "scales", "load",
     "cargo", "payload", "gained", "gain", "lost", "loss", "baby", "parcel", "package")
)  # fmt: skip
#: Words that may follow a bare price before its question (`my bill was 23.48, round it`).
_AFTER_PRICE = frozenset(
    ("so", "and", "what", "whats", "how", "round", "rounded", "can", "pls", "please")
)


def _bare_price_coin(text: str) -> set[str]:
    """The currency of a whole coin (`the nearest dollar`) a bare price is rounded to, where
    the price is sure to count that coin: one amount in the question, written with exactly two
    decimals (a price in pence or cents has none: `the sweets cost 85`), nothing after it but
    the question; empty otherwise."""
    amounts = re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)", text)
    coins = [of for coin, place, of in _COINS if place.endswith("whole number") and coin.search(text)]
    price = r"(?<![\w.])\d+\.\d\d(?!\w|\.\d)(?P<after>[,.?!]|\s*$|\s+(?P<word>[a-z]+))"
    m = re.search(price, text, re.IGNORECASE)
    if len(amounts) != 1 or len(coins) != 1 or m is None:
        return set()
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words & (_WEIGHED | _CARRIED) or not _PRICE_SAID.search(text):
        # `the baby weighs 3.45`, `my suitcase is 23.48`, `my luggage total was 23.48`, to the
        # nearest pound: kilograms, perhaps; only an amount said to be a price is money (two
        # audits found weights read)
        return set()
    if m["word"] is not None and m["word"].lower() not in _AFTER_PRICE:
        return set()
    return set(coins[0])


#: The words of a conversion asked outright (`how many ounces are there in 3 pounds`, `convert
#: 150 lbs to kg pls`): with units and numbers, all a question may say for `pounds` to be read
#: as a mass without saying it is weighed.
_ASKING = frozenset(
    ("how", "many", "much", "are", "is", "there", "in", "into", "to", "convert", "change",
     "turn", "express", "what", "whats", "s", "the", "of", "a", "an", "one", "please", "pls",
     "plz", "hey", "hi", "quick", "q", "question", "can", "could", "you", "u", "tell", "me", "i",
     "need", "know", "help", "with", "equals", "equal", "so", "ok", "okay", "thanks", "that",
     "does", "do", "make", "makes", "up", "as", "written", "expressed", "converted", "give",
     "get", "find", "work", "out")
)  # fmt: skip
#: Words that say pounds are weighed (`the turkey weighs 12 pounds`).
_WEIGHED = frozenset(
    ("weigh", "weighs", "weighed", "weighing", "weight", "heavy", "heavier", "lighter", "mass")
)


_MASSES = frozenset(u for u, kind in DIMENSION_OF.items() if kind == DIMENSION_OF["pound"])
#: Words that speak of money: with one, `pounds` may be sterling whatever is asked of them.
_MONEY_SAID = frozenset(
    ("cost", "costs", "costing", "price", "prices", "priced", "paid", "pay", "pays", "paying",
     "spent", "spend", "spending", "bill", "bills", "note", "notes", "sale", "sales", "sold",
     "sell", "sells", "buy", "buys", "bought", "cash", "change", "tip", "fee", "fees", "charge",
     "charged", "budget", "earn", "earned", "earns", "wage", "wages", "salary", "won", "win",
     "prize", "fine", "rent", "fare", "ticket", "tickets", "bet", "loan", "lent", "lend",
     "borrow", "borrowed", "owe", "owed", "coin", "coins", "wallet", "purse", "account", "bank",
     "invoice", "receipt", "meal", "came", "worth", "save", "saved", "savings", "afford",
     "discount", "tax", "vat", "refund", "deposit", "pocket", "allowance", "money", "quid",
     "pence", "penny", "sterling", "gbp", "cheque", "shop", "shopping", "order", "donated",
     "donation", "raised", "reward", "bonus", "pension", "income", "profit", "loss", "debt",
     "value", "valued", "deal", "offer", "voucher", "gift", "spare", "each", "per", "till",
     "cheap", "cheaper", "pricey", "expensive", "dear", "bargain", "steal", "affordable",
     "post", "posting", "send", "sending", "courier", "breeder", "bakery", "butcher", "market",
     "from", "jackpot", "inherited", "invested", "winnings", "grant", "stake", "penalty",
     "premium", "takings", "subscription", "tuition", "postage", "fundraiser", "auction",
     "tipped", "sponsorship", "busker", "donate", "collected", "gave", "give", "given", "mum",
     "dad", "charity",
     "kitty", "jar", "have", "has", "had", "got", "gets", "left", "ve", "d")
)  # fmt: skip


_BIRTH = frozenset(
    ("baby", "babies", "birth", "born", "newborn", "birthweight", "arrived", "delivery",
     "delivered", "twins", "triplets", "girl", "boy")
)  # fmt: skip
#: Things people weigh in pounds (`Turkey is 3 pounds`, `a 5 pound bag of potatoes`): besides
#: `pounds of <something>`, only with one of these are bare `pounds` read as a mass.
_WEIGHED_THINGS = frozenset(
    ("turkey", "chicken", "ham", "joint", "roast", "bird", "goose", "duck", "fish", "salmon",
     "beef", "pork", "lamb", "meat", "flour", "sugar", "butter", "potatoes", "spuds", "rice",
     "apples", "cheese", "bag", "sack", "box", "parcel", "package", "suitcase", "luggage",
     "case", "dog", "cat", "puppy", "kitten", "pumpkin", "cake", "dough", "fruit", "veg",
     "vegetables", "carrots", "onions", "tomatoes", "dumbbell", "dumbbells", "weights",
     "kettlebell", "plate", "plates", "bale", "hay", "feed", "seed", "compost")
)  # fmt: skip
#: Pounds of pressure or of force, never a mass (`my tyres are at 32 pounds`).
_NOT_WEIGHED = frozenset(
    ("pressure", "tyre", "tyres", "tire", "tires", "psi", "torque", "boiler", "compressor",
     "inflate", "inflated", "pump", "pumped", "wrench", "force", "thrust", "pull", "tension",
     "draw", "bow", "crossbow")
)  # fmt: skip
_COINED = re.compile(r"\bpounds? of change\b|\bpound (?:notes?|coins?)\b", re.IGNORECASE)
_POUNDS_POINT = re.compile(r"\d\.\d{1,2}\s*(?:lbs?|pounds?)\b", re.IGNORECASE)


def pounds_as_money(question: str, plan: Plan) -> str:
    """Why a conversion from pounds (the mass) may be of money (`the meal came to 45 pounds, how
    many kg`, `a 20 pound note is how many grams`): pounds are read as a mass only in a
    conversion asked outright or of something weighed."""
    facts = [g.filters for g in plan.goals if g.kind == "fact" and g.filters]
    converted = {f.get("from_unit") for f in facts}
    words = set(re.findall(r"[a-z]+", question.lower()))
    if "pound" in converted and _COINED.search(question):
        return "pounds that may be money (pounds of change, a pound note or coin)"
    if "pound" in converted and words & _BIRTH and _POUNDS_POINT.search(question):
        return "a birth weight in pounds and ounces (7.8 lb: 7 lb 8 oz), or a decimal?"
    if "pound" not in converted or words & _WEIGHED or not words & {"pound", "pounds"}:
        return ""  # `3 lb of apples`: lb is a mass, whoever's recipe it is
    told = {w for w in words - _ASKING if w not in UNIT_NAMES and not names_a_number(w)}
    if not told and not re.search(r"[£$€]", question):
        return ""
    # `Turkey is 3 pounds, how many ounces?`: pounds asked in another mass are weighed, unless
    # the question speaks of money at all (`the meal came to 45 pounds, how many kg`)
    into = {f.get("to_unit") for f in facts if f.get("from_unit") == "pound"}
    weighed = words & _WEIGHED_THINGS or re.search(r"\bpounds? of [a-z]", question.lower())
    spoken_of = words & (_MONEY_SAID | _NOT_WEIGHED) or re.search(r"[£$€]|\bp\b", question)
    if into <= _MASSES and weighed and not spoken_of:
        return ""
    return "pounds that may be money (a price, a note, a sale): a mass only where it is weighed"


def tenfold(*amounts: str) -> bool:
    """Whether one amount is ten times another or more, or nothing (`3 plus 80 a mile`, `3
    pens at 99 each plus 2 postage`): where no currency is written, pounds may stand beside
    pence. A check of what was said, never a step of an answer."""
    values = [abs(float(n.replace(",", ""))) for n in amounts]
    return min(values) == 0 or max(values) >= 10 * min(values)
