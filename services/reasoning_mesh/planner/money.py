"""Money written as people write it, for the readers that read numbers only: `round £12.345 to
the nearest penny`, `what is $12.50 times 4`, `my bill came to 23.786 dollars, round it`.

A currency sign before a number says what the number counts, never its value, so it comes off;
and a rounding to a coin of the money stated is a rounding to a place (`the nearest penny` or
`cent` is two decimal places, `the nearest pound`, `dollar` or `euro` a whole number), only where
the question states money by a sign before its number or a currency word after it (`12.6 kg to
the nearest pound` asks for another unit, and is not read so). Readers of spending and sharing
(`totals`, `shares`) read the signs themselves and are given the text as written.
"""

from __future__ import annotations

import re

_SIGN = re.compile(r"(?<![\w.])[$£€](?=-?\d)")
_CURRENCY = r"(?:dollars?|pounds?|euros?|quid|bucks|pence|cents?)"
#: A number the question states as money.
_MONEY = re.compile(rf"[$£€]-?\d|\d (?:{_CURRENCY})\b", re.IGNORECASE)
_COINS = (
    (re.compile(r"\bnearest (?:penny|pence|cent)\b", re.IGNORECASE), "nearest hundredth"),
    (re.compile(r"\bnearest (?:pound|dollar|euro|quid|buck)\b", re.IGNORECASE), "nearest whole number"),
)


def unsigned(text: str) -> str:
    """`text` with currency signs off its numbers and a coin's rounding named as its place;
    `text` itself where it states no money."""
    if not _MONEY.search(text):
        return text
    for coin, place in _COINS:
        text = coin.sub(place, text)
    return _SIGN.sub("", text)
