"""Things bought, each named with its price, then asked for in total: `I bought a sandwich for
£3.45 and a coffee for £2.90, how much did I spend altogether?`, `bought bread 2.35, milk 1.19
and eggs 3.60 at the corner shop - what did that come to altogether`, `shopping list: bread
2.35, milk 1.19, eggs 3.60, cheese 4.25. what's the total`.

`totals` reads amounts said first (`spent 4.75 on lunch, ...`); here each item is said first.
The reading is the sum of the prices, and only where the sentence says nothing else:

- the asker (`i`/`we`, or no one: a diary's `bought ...`) bought or got the things, with only
  where or when before (`totals`' settings) and one shop after (`at the corner shop`);
- each item is one grocery or snack, at most with an article (`a sandwich`, `some milk`), from
  a closed list (an open noun may be a category or a payment of another item: `the cinema
  for 12 and the tickets for 12`), each named once, then its price, alone or after `for`
  (never `at`: `apples at £0.40` is a price each): one number, every price with the same
  currency sign, or none and two decimals each (`milk 95` may be pence, `eggs 12` a count);
- two or more items, joined by commas and a last `and`; nothing from `totals`' denied words (a
  rate, a discount, a change, a share, a habit) anywhere;
- the ask is one of `totals`' asks of money, or what it came to or cost altogether.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.sentence_words import NOT_LITERAL
from reasoning_mesh.planner.totals import _DENY, _MONEY_ASKS, _SETTING
from reasoning_mesh.planner.wrappers import normal

#: Groceries, snacks and small things bought by the item (none contains another).
_GROCERIES = frozenset(
    ("bread", "milk", "eggs", "cheese", "butter", "apples", "bananas", "oranges", "grapes",
     "sandwich", "crisps", "juice", "yoghurt", "yogurt", "cereal", "rice", "pasta", "tomatoes",
     "potatoes", "carrots", "onions", "chicken", "fish", "sausages", "bacon", "ham", "biscuits",
     "cookies", "chocolate", "sweets", "candy", "muffin", "croissant", "bagel", "burger", "chips",
     "fries", "salad", "soup", "pizza", "donut", "doughnut", "cake", "ice-cream", "icecream",
     "lemonade", "cola", "soda", "water", "shampoo", "soap", "toothpaste", "batteries",
     "sugar", "flour", "tea", "coffee", "jam", "honey", "lettuce", "cucumber", "pears", "peppers",
     "sauce", "magazine", "newspaper", "notebook", "pen", "pencil", "book",
     # clothes, bought by the item too
     "jacket", "coat", "jumper", "shirt", "t-shirt", "jeans", "trousers", "shorts", "skirt",
     "dress", "shoes", "trainers", "socks", "hat", "scarf", "gloves", "belt")
)  # fmt: skip
#: Things bought by the count at a price each (tickets, seats; groceries).
_COUNTED = frozenset(("tickets", "seats", "passes", "coffees", "teas", "sandwiches", "pizzas",
                      "burgers", "drinks", "books", "pens", "pencils", "notebooks", "magazines",
                      "cakes", "muffins", "croissants", "bagels", "donuts", "doughnuts"))  # fmt: skip
#: What a ticket may be for and still be meant by `tickets` alone (`a train ticket costs ...
#: how much would 5 tickets cost`); never a class or size of it (`family`, `child`, `large`).
_PLACES = frozenset(("train", "bus", "tram", "ferry", "cinema", "museum", "zoo", "theatre",
                     "theater", "concert", "football", "raffle"))  # fmt: skip
_ARTICLES = ("a", "an", "some", "the")
_AT_PRICE_EACH = re.compile(r"\b\d+ [a-z]+ at [$£€]?\d+(?:\.\d+)? each\b")
_PRICE = re.compile(r"(?P<sign>[£$€]?)(?P<n>\d+(?:\.\d{1,2})?)")
_BOUGHT = re.compile(
    r"^(?P<setting>.*?)(?:(?P<who>i|we) )?(?:bought|got|picked up|paid for) (?P<list>.+?)"
    r"(?: (?:at|from) (?:the|a) (?:[a-z]+ )?(?:shop|shops|store|supermarket|market|cafe|bakery"
    r"|kiosk|canteen|deli|newsagent|newsagents|garage))?$"
)
#: A list of prices said as such, before its items (the words `list` and a colon).
_LISTED = re.compile(r"^(?:my |our |the )?(?:shopping|grocery) list:\s+")
_ASKS = (
    *_MONEY_ASKS,
    re.compile(r"^what did (?:that|it|they|it all|that all) (?:come to|cost)"
               r"(?: altogether| in total)?$"),
    re.compile(r"^how much did (?:that|it|they|it all|that all|everything) (?:come to|cost)"
               r"(?: altogether| in total)?$"),
    re.compile(r"^how much(?: (?:is|was) (?:that|it))? (?:altogether|in total|all together)$"),
)  # fmt: skip


#: `I bought 3 coffees at 2.85 each`: one thing bought several times at one price each.
_AT_EACH = re.compile(
    r"^(?:(?P<who>i|we) )?(?:bought|got|ordered) (?P<n>\d+) (?P<things>[a-z]+)"
    r"(?: for (?:lunch|breakfast|dinner|the (?:team|office|kids|party)))? (?:at|for) "
    r"(?P<price>[$£€]?\d+(?:\.\d{1,2})?) each[,.;]? (?P<ask>.+)$"
)
#: `A train ticket costs $12.40. How much would 5 tickets cost?`: one price, several asked.
_PRICED_ONE = re.compile(
    r"^(?:a|an|one) (?:(?P<kind>[a-z]+) )?(?P<thing>[a-z]+) costs (?P<price>[$£€]?\d+(?:\.\d{1,2})?)"
    r"[,.;]? how much (?:would|will|do|does|did) (?P<n>\d+) (?:(?P<kind2>[a-z]+) )?(?P<things>[a-z]+) "
    r"cost(?: altogether| in total)?$"
)
#: `our team scored 87, 64 and 92 points in the last three games`: one side's points, the games
#: counted as the list is.
_SCORED = re.compile(
    r"^(?:we|(?:our|my) (?:team|side|club)) scored (?P<list>\d+(?:, \d+)*,? and \d+) points"
    r"(?: in (?:(?:our|the|the last|our last) )?(?P<games>two|three|four|five|six|[2-6])"
    r" (?:games|matches))?"
    r"[,.;]? (?P<ask>(?:what(?: is|'s)|whats) (?:the|our) total(?: score)?|how many points(?: is that|"
    r" did we score)?(?: altogether| in total))$"
)
_GAMES = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, **{str(n): n for n in range(2, 7)}}


def read(text: str) -> str | None:
    """The grammar's reading of `text` as priced items asked for in total (or a price times
    a count, or a team's points added), else None."""
    said = normal(text).rstrip(".?!")
    if (other := _each(said) or _scored(said)) is not None:
        return other
    listed = _LISTED.match(said)  # `shopping list: bread 2.35, milk 1.19 ...`
    if listed is not None:
        said = f"bought {said[listed.end() :]}"
    # `3 notebooks at 2.45 each`: the one `each` an item may say (`_priced`)
    words = {w.strip(",.;:!?\"'()") for w in _AT_PRICE_EACH.sub("", said).split()}
    if re.search(r"\d,\d", said) or (_DENY | NOT_LITERAL) & words:
        return None
    # the ask after punctuation, or typed straight on (`... socks for 7.49 what did i spend`)
    for m in re.finditer(r"[,.;:!?]\s+|\s+[-–—]\s+|\s+(?=(?:what|whats|how much)\b)", said):
        head, ask = said[: m.start()], said[m.end() :].strip(" ,.?!")
        asked = next((found for a in _ASKS if (found := a.match(ask)) is not None), None)
        who = asked.groupdict().get("who") if asked is not None else None
        if asked is not None and (prices := _prices(head, who, listed=listed is not None)) is not None:
            return natural.arithmetic("what is " + " + ".join(prices))
    return None


def _prices(head: str, asker: str | None, *, listed: bool) -> list[str] | None:
    """The prices of `a sandwich for £3.45 and a coffee for £2.90`, each item named once, when
    the ask is by who bought them (`we bought ..., how much did i spend` asks for a part).
    `listed`: a list set out as one (`shopping list: ...`) may be of commas alone."""
    m = _BOUGHT.match(head)
    if m is None or _SETTING.fullmatch(m["setting"].strip().rstrip(",")) is None:
        return None
    if asker not in (None, m["who"] or "i") or (parts := _parts(m["list"], listed=listed)) is None:
        return None
    priced = []
    for part in parts:
        if (item := _priced(part)) is None:
            return None
        priced.append(item)
    items, signs, amounts = zip(*priced, strict=True)
    if len(set(items)) != len(items) or len(set(signs)) != 1:
        return None  # `coffee 2.10 and coffees 4.20`; `£3.45 and 2.90`
    return list(amounts)


def _parts(listed_items: str, *, listed: bool) -> list[str] | None:
    """The items of a list: commas, then one `and` joining the last two (or commas alone in
    a list set out as one)."""
    parts = re.split(r",\s*and\s+|,\s*|\s+and\s+", listed_items)
    ands = len(re.findall(r",\s*and\s+|\s+and\s+", listed_items))
    if len(parts) < 2 or ands > 1 or (ands == 0 and not listed):
        return None
    if ands and re.search(r"\s+and\s+", listed_items.rsplit(",", 1)[-1]) is None:
        return None
    return parts


def _priced(part: str) -> tuple[str, str, str] | None:
    """The item, the currency sign and the price of `a sandwich for £3.45`, `milk 1.19`, or
    of `3 notebooks at 2.45 each` (the count times the price)."""
    found = re.fullmatch(
        rf"(?:(?:{'|'.join(_ARTICLES)}) )?(?P<item>[a-z-]+)(?: for|:| -)? (?P<price>\S+)", part
    )
    each = re.fullmatch(r"(?P<n>\d+) (?P<item>[a-z]+) at (?P<price>\S+) each", part)
    if each is not None and each["item"] in _COUNTED | _GROCERIES:
        found = each
    elif found is None or found["item"] not in _GROCERIES:
        return None  # `the cinema for 12 and the tickets for 12`: one payment?
    price = _PRICE.fullmatch(found["price"])
    if price is None or (not price["sign"] and not re.fullmatch(r"\d+\.\d\d", price["n"])):
        return None  # `milk 95`: pence? `eggs 12`: a dozen eggs?
    amount = f"{each['n']} times {price['n']}" if found is each else price["n"]
    return found["item"].removesuffix("s"), price["sign"], amount


def _each(said: str) -> str | None:
    """`3 coffees at 2.85 each` asked in total, or `5 tickets` at the price of one."""
    m = _AT_EACH.match(said) or _PRICED_ONE.match(said)
    if m is None or m["things"] not in _GROCERIES | _COUNTED:
        return None
    if "ask" in m.groupdict():  # bought at a price each: asked by who bought them
        asked = next((f for a in _ASKS if (f := a.match(m["ask"])) is not None), None)
        fits = asked is not None and asked.groupdict().get("who") in (None, m["who"] or "i")
    else:  # `a train ticket costs ... how much would 5 bus tickets cost`: another ticket
        same = m["kind2"] == m["kind"] or (m["kind2"] is None and m["kind"] in _PLACES)
        fits = m["things"] in (f"{m['thing']}s", f"{m['thing']}es") and same
    return natural.arithmetic(f"what is {m['n']} times {m['price'].lstrip('$£€')}") if fits else None


def _scored(said: str) -> str | None:
    """A team's points in a list, the games (where counted) as many as the points."""
    m = _SCORED.match(said)
    if m is None:
        return None
    points = re.findall(r"\d+", m["list"])
    if m["games"] is not None and _GAMES[m["games"]] != len(points):
        return None  # `23, 17 and 31 points in our four games`: a game missing
    return natural.arithmetic("what is " + " + ".join(points))


#: `a pack of 24 cans costs 9.60, how much is that per can?`: one price for a counted pack.
_PACK_PRICE = re.compile(
    r"^(?:a|one|the) (?:pack|box|bag|case|crate|tray|multipack|bundle|carton) of (?P<n>\d+) "
    r"(?P<things>[a-z]+) (?:costs|cost|is|was) (?P<price>[$£€]?\d+(?:\.\d{1,2})?)[,.;]? "
    r"(?:how much (?:is (?:that|it) )?(?:per|a|for each|for one) (?P<one>[a-z]+)"
    r"|how much (?:does|is) (?:each|one) (?P<one2>[a-z]+)(?: cost)?"
    r"|what(?:'s| is) the price (?:per|of one|of each) (?P<one3>[a-z]+))$"
)


def per_one(text: str) -> FormedReading | None:
    """One thing's price of a pack's (`9.60 / 24`), asked of that thing: whole cents (a price
    that does not divide into cents answers nothing)."""
    m = _PACK_PRICE.match(normal(text).rstrip(".?!"))
    if m is None:
        return None
    one = m["one"] or m["one2"] or m["one3"]
    if m["things"] not in (f"{one}s", f"{one}es") or m["n"] in ("0", "1"):
        return None  # `a pack of 24 cans ... per bottle`: another thing
    reading = natural.reading(f"what is {m['price'].lstrip('$£€')} divided by {m['n']}")
    return None if reading is None else FormedReading(reading, "cents")
