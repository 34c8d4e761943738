"""Amounts the asker lists as what they spent or went, then asks for in total: `I spent 4.75 on
coffee, 12.30 on lunch and 8.95 on a cab today. How much did I spend altogether?`, `On our road
trip we did 238 km on Monday, 175 on Tuesday and 96 on Wednesday. How many km is that
altogether?`, `At the shop I grabbed three things costing 4.75, 2.30 and 11.95. What do they add
up to?`.

The reading is their sum, and only where each part says exactly that (an audit of a first draft
found lists of prices, quotes, earnings, targets, odometer readings and other people's spending
read as the asker's):

- the list follows `i`/`we` and a verb of spending (`spent`, `paid`), of going (`ran`, `drove`,
  `did`: amounts of length only) or of buying a counted number of things (`bought three things
  costing`, the count matching the list), with nothing between them (`could have spent`,
  `was paid`, `my sister spent` are other stories); before that only where or when (`on our
  road trip`, `at the shop`, `today`);
- the ask is one of a few fixed forms of a total, by the same `i`/`we` where it names one, and
  of money only after spending or buying (`_MONEY_ASKS`), of distance only after going;
- the list is two or more amounts joined by commas and a last `and` (or by `and`s); each may be
  followed by its unit, one thing it was on or for or where (`on lunch`, `for a pen`, `at the
  cinema`: everyday purchases and ways of going, `_ITEMS`, none containing another) and when
  (`on Monday`), nothing else: no verb, rate, currency, repetition or whole (`in total`, `on
  the trip`, `on Mondays`, `in euros`); items that may overlap are refused (`_apart`);
- amounts of going carry one unit of length, the first saying so; money carries none.

`read` returns None where any part is not one of these.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.sentence_words import NOT_LITERAL
from reasoning_mesh.planner.units import UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

_DONE = r"(?:altogether|all together|in total|total|overall|in all)"
_WHO = r"(?P<who>i|we)"
#: Asks of money: after spending or buying only.
_MONEY_ASKS = tuple(
    re.compile(rf"^{ask}$")
    for ask in (
        rf"how much (?:did|have) {_WHO} (?:spend|spent|pay|paid)(?: {_DONE})?",
        rf"what did {_WHO} (?:spend|pay)(?: {_DONE})?",
        rf"how much (?:is|was|'s) (?:that|it) {_DONE}",
        r"what (?:do|does) (?:they|these|those|they all|all of them) (?:add up to|come to|total)"
        r"(?: altogether| in total)?",
        r"(?:what(?: is|'s)|whats) the total",
        rf"(?:what(?: is|'s)|whats) (?:that|it) {_DONE}",
    )
)
#: Asks of distance: after going only, in the list's own unit.
_GOING_ASKS = tuple(
    re.compile(rf"^{ask}$")
    for ask in (
        rf"how many (?P<unit>[a-z]+) (?:is|was|'s) (?:that|it) {_DONE}",
        rf"how (?:far|many (?P<unit2>[a-z]+)) (?:did|have) {_WHO} (?P<how>[a-z]+) {_DONE}",
    )
)
_SPENDING = frozenset(("spent", "paid"))
_GOING = frozenset(("ran", "walked", "cycled", "drove", "swam", "rode", "did", "travelled",
                    "traveled", "covered", "hiked"))  # fmt: skip
_BUYING = frozenset(("bought", "grabbed", "got"))
#: The ask's verb of going, by the list's: the same way of going (`ran` … `how far did i run`),
#: or any way for a general verb (`go`, `travel`); `did 3 km on foot and 40 on the bus, how
#: far did we walk` asks for a part.
_GENERAL_WAYS = frozenset(("go", "gone", "travel", "travelled", "traveled", "cover", "covered",
                           "do", "done"))  # fmt: skip
_WAYS = {
    "ran": {"run"}, "walked": {"walk", "walked"}, "cycled": {"cycle", "cycled"},
    "drove": {"drive", "driven"}, "swam": {"swim", "swum"}, "rode": {"ride", "ridden"},
    "hiked": {"hike", "hiked"},
}  # fmt: skip
#: What the amounts may be on or for: everyday purchases and ways of going that do not contain
#: one another (an open noun may be a category or a whole of another item: `40 on stationery
#: and 5 on pens`, `300 on the renovation and 80 on paint`).
_ITEMS = frozenset(
    ("coffee", "coffees", "tea", "teas", "lunch", "dinner", "breakfast", "cab", "taxi", "bus",
     "train", "tram", "tube", "fare", "fares", "parking", "petrol", "diesel", "tickets", "ticket",
     "popcorn", "cinema", "museum", "gym", "haircut", "flowers", "magazine", "newspaper",
     "notebook", "pen", "pens", "book", "books", "rent", "insurance", "hire", "admission", "entry",
     "foot", "bike", "bikes", "bicycle", "car", "track", "road", "treadmill", "trail", "beach",
     "boat", "ferry", "plane", "flight", "motorway", "canal", "river", "path", "groceries",
     "shopping", "food", "clothes", "shoes", "snacks", "drinks", "pizza", "shop", "shops",
     "supermarket", "market", "store", "gas")
)  # fmt: skip
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
#: Where or when, before the subject (`on our road trip`, `at the shop`, `today`): places and
#: occasions the amounts were spent or gone in, never a plan or a model of them (`in my
#: forecast`, `on our next trip`).
_SETTING = re.compile(
    r"(?:(?:on|at|in) (?:the|our|my) (?:road trip|trip|holiday|holidays|day out|shop|shops|market"
    r"|supermarket|fair|mall|cafe|pub|town|city|centre|center|weekend)|today|yesterday"
    r"|this morning|this afternoon|last night)?"
)
#: Never in the sentence: a rate, a share, a change, repetition, money or a unit the list does
#: not write, a whole the amounts are part of, a habit.
_DENY = frozenset(
    ("each", "every", "per", "apiece", "day", "daily", "week", "weekly", "month", "monthly",
     "year", "yearly", "hour", "times", "twice", "double", "half", "back", "refund", "refunded",
     "returned", "minus", "less", "off", "discount", "tax", "tip", "change", "left", "remaining",
     "owe", "owed", "split", "shared", "between", "among", "average", "except", "without", "not",
     "no", "but", "only", "than", "more", "extra", "fortnight", "holidays", "term", "repeat",
     "loop", "subscription", "time", "usually", "typically", "normally", "often", "always",
     "sometimes", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays",
     "sundays", "weekdays", "weekends",
     "nights", "mornings", "evenings", "afternoons", "schooldays", "workdays", "weeknights",
     "euros", "euro", "pounds", "pound", "dollars", "dollar", "cents", "cent", "pence", "p",
     "quid", "bucks", "yen", "miles", "mile", "points", "cash", "card", "credit", "budget",
     "target", "limit", "plan", "planned", "would", "could", "should", "might", "nearly",
     "almost", "if", "overall", "combined", "together", "jointly", "net", "gross", "max",
     "maximum", "tops", "entire", "full", "complete", "statement", "till", "receipt", "layaway",
     "hold", "tab", "approval", "trial", "loan", "account", "free", "forecast", "scenario",
     "simulation", "next", "tomorrow", "later", "once", "maybe", "supposedly", "phone", "watch",
     "app", "strava", "garmin", "fitbit", "tracker", "gps", "pedometer", "odometer", "finance",
     "preorder", "reserve", "reserved", "deposit", "installment", "installments", "instalment",
     "instalments", "tick", "voucher", "vouchers", "giftcard", "giftcards", "gift", "rrp",
     "list", "retail", "returns", "usd", "gbp", "eur", "rupees", "rupee", "pesos", "peso",
     "francs", "franc", "yuan", "won", "krona", "kronor", "rand", "dirham", "dirhams", "baht",
     "ringgit", "lira", "rubles", "roubles")
)  # fmt: skip
_DAYS = frozenset(("today", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday",
                   "saturday", "sunday"))  # fmt: skip
_WHEN = frozenset(("today", "yesterday", "tonight", "monday", "tuesday", "wednesday", "thursday",
                   "friday", "saturday", "sunday", "morning", "afternoon", "evening",
                   "night"))  # fmt: skip
_LENGTHS = frozenset(
    name
    for name, unit in UNIT_NAMES.items()
    if unit in {"millimetre", "centimetre", "metre", "kilometre"}
)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_HEAD = re.compile(
    rf"^(?P<setting>.*?)(?:(?P<who>i|we) )?(?P<verb>{'|'.join(sorted(_SPENDING | _GOING | _BUYING))})"
    r" (?P<list>.*)$"
)
_DETERMINERS = ("the", "a", "an", "my", "our")


def read(text: str) -> str | None:
    """The grammar's reading of `text` as listed amounts asked for in total, else None."""
    said = normal(text).rstrip(".?!")
    words = {w.strip(",.;:!?\"'()") for w in said.split()}
    if re.search(r"\d,\d", said) or (_DENY | NOT_LITERAL) & words:
        return None  # `1,200`: thousands, a decimal comma or a list?
    if any(w.endswith("ly") and len(w) > 3 for w in words):
        return None  # `cumulatively`, `regularly`, `hypothetically`: how, how often, if
    for m in re.finditer(r"[,.;:!?-]\s+", said):
        head, ask = said[: m.start()], said[m.end() :].strip(" ,.?!")
        if (reading := _read(head, ask)) is not None:
            return reading
    return None


def _read(head: str, ask: str) -> str | None:
    """The sum when `head` lists what was spent or gone and `ask` asks for its total."""
    m = _HEAD.match(head)
    if m is None or _SETTING.fullmatch(m.group("setting").strip().rstrip(",")) is None:
        return None
    who = m.group("who") or "i"  # `bought three things at the market, ...`: a diary's `i`
    verb, listed = m.group("verb"), m.group("list")
    if verb in _BUYING:
        listed = _bought(listed)
        verb = "spent" if listed is not None else verb
    if listed is None or verb not in _SPENDING | _GOING:
        return None
    asked = _asked(ask, verb, who)
    if asked is None:
        return None
    amounts, units = _items(listed.replace(",", " , ").split())
    if amounts is None or len(amounts) < 2 or not _units_fit(verb, amounts, units, asked):
        return None  # a list is two or more, of money (no unit) or of one length
    return natural.arithmetic("what is " + " + ".join(amounts))


def _asked(ask: str, verb: str, who: str) -> re.Match[str] | None:
    """The ask's form, when it asks for the total of what `who` did with `verb`."""
    asks = _MONEY_ASKS if verb in _SPENDING else _GOING_ASKS
    asked = next((m for a in asks if (m := a.match(ask)) is not None), None)
    if asked is None or asked.groupdict().get("who") not in (None, who):
        return None  # `i spent ..., how much did we spend`
    how = asked.groupdict().get("how")
    if how is not None and how not in _GENERAL_WAYS | _WAYS.get(verb, set()):
        return None  # `did 3 km on foot and 40 on the bus, how far did we walk`: a part
    return asked


def _units_fit(verb: str, amounts: list[str], units: list[str | None], asked: re.Match[str]) -> bool:
    """Money carries no unit (nor three decimals: `1.250` may be thousands); a distance one
    unit of length, the first amount saying so. An amount with no unit takes the first's
    (`238 km on monday, 175 on tuesday`) only after km, and only where it is written no longer
    (`1.5 km on monday and 400 on tuesday`: 400 m?)."""
    if verb in _SPENDING:
        return not any(units) and not any(re.fullmatch(r"\d+\.\d{3}", a) for a in amounts)
    unit = asked.groupdict().get("unit") or asked.groupdict().get("unit2") or units[0]
    width = len(amounts[0].split(".")[0])
    bare = [a for a, u in zip(amounts, units, strict=True) if u is None]
    # `400 m on monday and 1.5 on tuesday`: a bare amount follows only a first in km
    in_km = units[0] is not None and UNIT_NAMES[units[0]] == "kilometre"
    fits = (not bare or in_km) and all(len(a.split(".")[0]) <= width for a in bare)
    return _one_length(units, unit) and fits


def _bought(listed: str) -> str | None:
    """`three things costing 4.75, 2.30 and 11.95` → the list, when the count matches it."""
    m = re.match(
        r"^(?P<n>two|three|four|five|six) (?:things|items)(?: at the [a-z]+)?,? (?:costing |for |"
        r"at |priced at )?(?P<list>\d.*)$",
        listed,
    )
    if m is None or len(_NUMBER.findall(m.group("list"))) != _COUNTS[m.group("n")]:
        return None
    return m.group("list")


def _one_length(units: list[str | None], asked: str | None) -> bool:
    """Every amount in the one unit of length asked for, the first saying so."""
    named = {UNIT_NAMES[u] for u in units if u is not None}
    return (
        asked is not None and asked in _LENGTHS and units[0] is not None and named == {UNIT_NAMES[asked]}
    )


def _items(tokens: list[str]) -> tuple[list[str] | None, list[str | None]]:
    """The amounts of `238 km on monday , 175 on tuesday and 96 on wednesday` and the unit
    written after each; (None, []) where a word between them is not one of an item's."""
    amounts: list[str] = []
    units: list[str | None] = []
    said: list[list[str]] = []  # what each item's phrases name
    k, joined_by_and, commas = 0, False, False
    while k < len(tokens):
        if not _NUMBER.fullmatch(tokens[k]):
            return None, []
        amounts.append(tokens[k])
        k += 1
        unit = tokens[k] if k < len(tokens) and tokens[k] in UNIT_NAMES else None
        units.append(unit)
        said.append([])
        k = _phrases(tokens, k + (unit is not None), said[-1])
        if k >= len(tokens):
            break
        comma_and = tokens[k] == "," and k + 1 < len(tokens) and tokens[k + 1] == "and"
        if tokens[k] not in (",", "and") or (joined_by_and and tokens[k] == ","):
            return None, []  # `a and b, c`: a list ends with its `and`s
        if comma_and or tokens[k] == "and":
            if commas and joined_by_and:
                return None, []  # `a, b and c and d`
            joined_by_and = True
        commas = commas or (tokens[k] == "," and not comma_and)
        k += 2 if comma_and else 1
    return (amounts, units) if joined_by_and and _apart(said) else (None, [])


def _phrases(tokens: list[str], k: int, said: list[str]) -> int:
    """Past `on lunch`, `for a pen`, `at the bakery`, `on monday`, `today` after an amount:
    one noun a phrase, each appended to `said` (a place `at` it as `@place`)."""
    while k < len(tokens):
        if tokens[k] in _WHEN:
            said.append(tokens[k])
            k += 1
            continue
        if tokens[k] not in ("on", "for", "at"):
            return k
        j = k + 1 + (k + 1 < len(tokens) and tokens[k + 1] in _DETERMINERS)
        if j >= len(tokens) or not _item_noun(tokens[j]):
            return k
        said.append(f"@{tokens[j]}" if tokens[k] == "at" and tokens[j] not in _WHEN else tokens[j])
        k = j + 1
    return k


def _item_noun(word: str) -> bool:
    return word in _WHEN or word in _ITEMS


def _apart(said: list[list[str]]) -> bool:
    """Items that cannot overlap: no thing or place named twice (`60 at the market and 12 on
    fruit at the market`), things named by every item or by none (`60 at the mall and 25 on
    shoes`), and a day by every item or by none, each its own (`60 on saturday and 12.30 on
    lunch on saturday`, `400 km today and 120 km tonight`). A day after the last item may be
    the whole list's (`... and 8.95 on a cab today`)."""
    if len(said[-1]) > 1 and said[-1][-1] in _WHEN and not any(w in _WHEN for x in said[:-1] for w in x):
        said = [*said[:-1], said[-1][:-1]]
    # `60 on coffees and 10 on coffee`: one thing, whatever its number
    names = [w.lstrip("@").removesuffix("s") for words in said for w in words if w not in _WHEN]
    things = [any(w not in _WHEN and not w.startswith("@") for w in words) for words in said]
    times = [[w for w in words if w in _WHEN] for words in said]
    if len(names) != len(set(names)) or len(set(things)) > 1:
        return False
    if not any(times):
        return True
    days = [t[0] for t in times if len(t) == 1 and t[0] in _DAYS]
    return len(days) == len(said) == len(set(days))
