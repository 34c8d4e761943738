"""Closed word lists of `packed`: openings, the shapes of containers of so many things each,
and the asks of the things held."""

from __future__ import annotations

#: Containers counted whole, plural and singular.
_C = (
    r"(?P<c>boxes|pallets|crates|trays|rows|packs|cartons|bags|bundles|shelves|tubs|cases|packets|sacks)"
)
_CS = r"(?:box|pallet|crate|tray|row|pack|carton|bag|bundle|shelf|tub|case|packet|sack|one)"
_G = r"(?P<g>[1-9]\d*)"
_K = r"(?P<k>[1-9]\d*)"
_T = r"(?P<t>[a-z]+)"
_WHAT = r"(?: of (?P<what>[a-z]+))?"
#: Loose ones besides the full containers, in a few words.
_LOOSE = (
    r"(?:,? (?:plus|and) (?P<loose>[1-9]\d*) loose(?: ones| (?P<tl>[a-z]+))?"
    r"(?: in the tray| left over(?: from (?:yesterday|last week))?)?)?"
)
_EACH = rf"(?:in|on) each(?: (?P<each>{_CS}))?"
#: What each container holds, in the shapes people use.
BODIES = (
    # `9 full pallets with 144 bricks on each`, `14 rows with 27 seeds in each row`
    rf"{_G} (?:full )?{_C}{_WHAT} (?:with|holding|containing) {_K} {_T} {_EACH}{_LOOSE}",
    # `15 full boxes of 28 tablets plus 9 loose ones`
    rf"{_G} (?:full )?{_C} of {_K} {_T}(?: each)?{_LOOSE}",
    # `17 pallets, 48 boxes on each`, `14 pallets of bricks arrived, 1250 bricks on each pallet`
    rf"{_G} (?:full )?{_C}{_WHAT}(?: delivered| arrived| came in)?, {_K}(?: {_T})? {_EACH}{_LOOSE}",
)
#: Openings, tried in order, each followed by a mark.
LEADS = (
    r"(?:hi|hey|ok|morning|right)",
    r"(?:quick one|quick q|q)(?: from the [a-z]+(?: [a-z]+)?| for the [a-z]+ order)?",
    r"(?:(?:end of shift|doing the) )?(?:stock (?:take|check|count)|count)"
    r"(?: (?:at|on|in) the [a-z]+(?: [a-z]+)?)?",
    r"(?:warehouse|site|building site|farm|bakery|food bank) (?:q|question|delivery|count)",
    r"(?:site manager|site foreman|foreman|farmer|pharmacist) here",
)
#: Who holds them, before the count (`we've got`, `there are`).
OPENERS = (
    r"(?:(?:we've|we have|we|i've|i have|i) got|we have|we had|i have|i had|there are|there were"
    r"|we baked|i baked|we packed|i packed)?"
)
#: Asks of the things held (`asked`); never of the containers, which `packed` checks.
ASKS = (
    # never `do we need`: to buy, with some held already? (audit F, the review)
    r"how many (?P<asked>[a-z]+)(?: is that| are there| have we got| have i got| do we have"
    r"| do i have)?(?: in total| total| altogether| all together)?",
    r"total (?P<asked>[a-z]+)(?: count)?",
    r"(?:what's|whats|what is) the total (?P<asked>[a-z]+) count",
)
#: Words that never name the things held one by one: containers, measures and parts.
NOT_THINGS = frozenset(
    ("pallets", "pallet", "crates", "crate", "trays", "tray", "rows", "row", "shelves", "shelf",
     "strips", "strip", "sheets", "dozen", "dozens", "pairs", "pair", "sets", "lots", "more",
     "extra", "spare", "each", "per", "of", "full", "loose", "ones", "total", "grams", "kg",
     "litres", "liters", "ml", "metres", "meters", "hours", "minutes", "days", "weeks", "times",
     "volts", "watts", "amps", "ohms", "calories", "kcal", "degrees", "points", "pounds",
     "dollars", "pence", "euros", "cents", "percent", "miles", "inches", "feet", "ounces")
)  # fmt: skip
