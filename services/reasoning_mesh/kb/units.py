"""Generate the unit-conversion knowledge base (`infra/kb/units.jsonl`).

Every fact is exact (fractions, printed as terminating decimals where they terminate) and names
each unit with its spellings and symbol, because questions say "metres", "meters" and "m" alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

# unit key -> (singular, plural, symbol, alternative spellings, size in the dimension's base unit)
Unit = tuple[str, str, str, tuple[str, ...], Fraction]

_N, _U, _M, _C = Fraction(1, 10**9), Fraction(1, 10**6), Fraction(1, 1000), Fraction(1, 100)

DIMENSIONS: dict[str, dict[str, Unit]] = {
    "length": {
        "nm": ("nanometre", "nanometres", "nm", ("nanometer", "nanometers"), _N),
        "um": ("micrometre", "micrometres", "µm", ("micrometer", "micrometers", "micron"), _U),
        "mm": ("millimetre", "millimetres", "mm", ("millimeter", "millimeters"), _M),
        "cm": ("centimetre", "centimetres", "cm", ("centimeter", "centimeters"), _C),
        "m": ("metre", "metres", "m", ("meter", "meters"), Fraction(1)),
        "km": ("kilometre", "kilometres", "km", ("kilometer", "kilometers"), Fraction(1000)),
        # The international yard and pound (1959) define the imperial units exactly in metric.
        "inch": ("inch", "inches", "in", (), Fraction(254, 10**4)),
        "ft": ("foot", "feet", "ft", (), Fraction(3048, 10**4)),
        "yd": ("yard", "yards", "yd", ("yds",), Fraction(9144, 10**4)),
        "mi": ("mile", "miles", "mi", (), Fraction(1609344, 1000)),
    },
    "mass": {
        "ng": ("nanogram", "nanograms", "ng", (), _N),
        "ug": ("microgram", "micrograms", "µg", ("mcg",), _U),
        "mg": ("milligram", "milligrams", "mg", (), _M),
        "g": ("gram", "grams", "g", (), Fraction(1)),
        "kg": ("kilogram", "kilograms", "kg", ("kilo", "kilos", "kgs"), Fraction(1000)),
        "t": ("tonne", "tonnes", "t", ("metric ton",), Fraction(10**6)),
        "oz": ("ounce", "ounces", "oz", (), Fraction(28349523125, 10**9)),
        "lb": ("pound", "pounds", "lb", ("lbs",), Fraction(45359237, 10**5)),
        "st": ("stone", "stone", "st", ("stones",), 14 * Fraction(45359237, 10**5)),
    },
    "volume": {
        "nl": ("nanolitre", "nanolitres", "nl", ("nanoliter", "nanoliters"), _N),
        "ul": ("microlitre", "microlitres", "µl", ("microliter", "microliters"), _U),
        "ml": ("millilitre", "millilitres", "ml", ("milliliter", "milliliters"), _M),
        "cl": ("centilitre", "centilitres", "cl", ("centiliter", "centiliters"), _C),
        "dl": ("decilitre", "decilitres", "dl", ("deciliter", "deciliters"), Fraction(1, 10)),
        "l": ("litre", "litres", "l", ("liter", "liters"), Fraction(1)),
        "kl": ("kilolitre", "kilolitres", "kl", ("kiloliter", "kiloliters"), Fraction(1000)),
    },
    "time": {
        "ns": ("nanosecond", "nanoseconds", "ns", (), _N),
        "us": ("microsecond", "microseconds", "µs", (), _U),
        "ms": ("millisecond", "milliseconds", "ms", (), _M),
        "s": ("second", "seconds", "s", ("sec", "secs"), Fraction(1)),
        "min": ("minute", "minutes", "min", ("mins",), Fraction(60)),
        "h": ("hour", "hours", "h", ("hr", "hrs"), Fraction(3600)),
        "day": ("day", "days", "d", (), Fraction(86400)),
        "week": ("week", "weeks", "wk", ("wks",), Fraction(7 * 86400)),
        # Calendar units are measured in years (a month is a twelfth of one), see CALENDAR.
        "month": ("month", "months", "mo", (), Fraction(1, 12)),
        "year": ("year", "years", "yr", ("yrs",), Fraction(1)),
        "decade": ("decade", "decades", "dec", (), Fraction(10)),
        "century": ("century", "centuries", "c", (), Fraction(100)),
        "millennium": ("millennium", "millennia", "ky", ("millenniums",), Fraction(1000)),
    },
    # A pint is 568 ml in Britain and 473 ml in America, but a gallon is eight pints in both:
    # these convert among themselves only, never to litres.
    "liquid": {
        "pt": ("pint", "pints", "pt", (), Fraction(1)),
        "qt": ("quart", "quarts", "qt", (), Fraction(2)),
        "gal": ("gallon", "gallons", "gal", (), Fraction(8)),
    },
}

#: Imperial and US units. From one to a metric unit the factor is exact (1 inch = 2.54 cm);
#: the other way it never ends (1 cm = 50/127 inch), so the knowledge base holds no such fact.
IMPERIAL = frozenset(
    ("inch", "foot", "yard", "mile", "ounce", "pound", "stone", "pint", "quart", "gallon")
)
#: Symbols that are everyday words too (`in`, `pt` for a point, `gal`, `st` for street or 1st):
#: the knowledge base prints them, questions must spell these units out.
SYMBOLS_NOT_READ = frozenset(("in", "pt", "gal", "st"))

#: Time units before `month` are measured in seconds, the calendar ones in years: two scales
#: that are only linked through days per year, a fact the school questions never rely on.
CALENDAR = ("month", "year", "decade", "century", "millennium")


def fmt(value: Fraction) -> str:
    """Exact decimal when it terminates, else a reduced fraction."""
    if value.denominator == 1:
        return str(value.numerator)
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = value * 10**places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


def _names(unit: Unit) -> str:
    _singular, plural, symbol, alts, _ = unit
    return ", ".join(dict.fromkeys([plural, symbol, *alts]))


def _comparable(dimension: str, a: Unit, b: Unit) -> bool:
    if a[0] not in IMPERIAL and b[0] in IMPERIAL:
        return False  # metric to imperial: no factor that ends
    if dimension != "time":
        return True
    return (a[0] in CALENDAR) == (b[0] in CALENDAR)


def facts() -> Iterator[dict[str, Any]]:
    for dimension, units in DIMENSIONS.items():
        for a, ua in units.items():
            for b, ub in units.items():
                if a == b or not _comparable(dimension, ua, ub):
                    continue
                factor = ua[4] / ub[4]
                text = (
                    f"Unit conversion ({dimension}): 1 {ua[0]} = {fmt(factor)} {ub[1]}. "
                    f"To convert {ua[1]} to {ub[1]}, multiply by {fmt(factor)}. "
                    f"({ua[0]}: {_names(ua)}; {ub[0]}: {_names(ub)})"
                )
                yield {
                    "id": f"unit-{dimension}-{a}-to-{b}",
                    "text": text,
                    "metadata": {
                        "kind": "unit_conversion",
                        "dimension": dimension,
                        "from_unit": ua[0],
                        "to_unit": ub[0],
                        "factor": fmt(factor),
                    },
                }


def render() -> str:
    return "".join(json.dumps(f, ensure_ascii=False, sort_keys=True) + "\n" for f in facts())


def write(path: Path) -> int:
    text = render()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text.count("\n")
