"""Closed word lists of `priced`: who may be set back by a price, prices that hold their tax,
and containers sold whole with what they hold (audits R and S, docs/audits/round21)."""

from __future__ import annotations

#: Who may be set back by a price (`I need 17 pieces`, `we ordered`), or no one named.
ASKERS = frozenset(("i", "i'm", "i've", "im", "ive", "we", "we're", "we've"))
#: Prices said to hold their tax already: the total `before tax` is no sum of them (audit R).
TAXED = frozenset(
    ("inclusive", "include", "includes", "included", "including", "inc", "incl", "taxed", "gross")
)
#: What containers hold, sold by the container (never stamps, tickets, coins, cakes or
#: animals, each of which may be priced; audit S).
CONTENTS = frozenset(
    ("strawberries", "raspberries", "blueberries", "cherries", "grapes", "tomatoes", "potatoes",
     "apples", "carrots", "onions", "flour", "sugar", "rice", "pasta", "compost", "soil", "paint",
     "wallpaper", "tape", "track", "wood", "timber", "paper", "honey", "jam", "beans", "coffee",
     "tea", "seeds", "nails", "screws", "crisps", "water", "milk", "juice", "chocolates")
)  # fmt: skip
#: Containers sold whole at a price each (`7 punnets of strawberries at £2.35 each`); never a
#: tray, crate, book or strip, whose `each` may be each thing inside, nor kinds (audit R).
CONTAINERS = frozenset(
    ("punnets", "bags", "boxes", "packs", "packets", "bottles", "jars", "tins", "tubs", "rolls",
     "pieces", "cans", "sacks", "pots")
)  # fmt: skip
