"""A number written in thousands groups (`62,548`, `8,600`) beside a stated quantity: whether
it is one number here, or may be a list (`the samples weighed 120,135 g`) or a decimal comma
(`I ran 42,195 km`: a marathon?). English groups thousands with commas; a sentence about more
than one thing may list amounts with them, and a unit's decimal comma writes no trailing zeros
(`8,6 m`), so only `...00` beside a unit is read as thousands.
"""

from __future__ import annotations

import re

from reasoning_mesh.models.translator.masking import plain_thousands
from reasoning_mesh.planner.sentence_words import SLOTS, bare, noun, plain

#: Before a quantity in thousands groups: the words of one thing (`_many`).
_ONE_OF = frozenset(("i", "it", "my", "the", "our", "his", "her", "a", "an", "this", "that", "its"))
_IRREGULAR_PLURALS = frozenset(
    ("people", "children", "women", "men", "mice", "geese", "teeth", "feet", "staff", "sheep",
     "fish", "cattle", "deer", "police", "crew", "team", "family", "class", "group", "data")
)  # fmt: skip
_JOINERS = frozenset(
    ("and", "or", "nor", "vs", "versus", "plus", "with", "n", "&", "before", "after", "then",
     "both", "either", "neither", "minus", "than")
)  # fmt: skip
#: A whole number in thousands groups (`8,600`, `1,250,000`).
_THOUSANDS = re.compile(r"-?\d{1,3}(?:,\d{3})+")


def read(number: str, before: list[str], *, unit: bool) -> str:
    """`number` without its group commas where they group thousands of one thing (`34,752` to
    the nearest thousand, `8,600 m` in km), else as written (and so not read)."""
    if not _THOUSANDS.fullmatch(number) or _many(before) or (unit and not number.endswith("00")):
        return number
    return plain_thousands(number)


#: Things whose value a comma may split into decimals (`pH 7,245`, `Pi is 3,142`, `the dice
#: showed 3,456`: three dice?).
MEASURED_SO = frozenset(
    ("ph", "pi", "gpa", "latitude", "longitude", "coordinates", "coordinate", "density", "dice",
     "die", "version", "temperature", "degrees", "ratio", "index", "rate", "score", "list")
)  # fmt: skip


def _many(words: list[str]) -> bool:
    """Whether the words before a quantity may say it is of more than one thing (`the samples
    weighed`, `Tom and Sam ran`, `the mice weighed`, `my run vs walk was`), so that `120,135`
    may be a list: anything but determiners, possessives, `at`/`of`/`in`/`on` and singular
    names before the verb (`the stadium holds`, `I walked`, `the town's population is`, `the
    crowd at the match was`)."""
    return not all(
        w not in _JOINERS
        and w not in MEASURED_SO
        and (
            w in _ONE_OF
            or w in SLOTS
            or w in ("at", "of", "in", "on")
            or (w.endswith("'s") and noun(w.removesuffix("'s")))
            or (plain(w) and w not in _IRREGULAR_PLURALS and not _plural(w))
        )
        for w in map(bare, words)
    )


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def counted(word: str) -> bool:
    """A plural noun that says what a whole number counts (`people`, `steps`, `votes`)."""
    return word == "people" or (noun(word) and word.endswith("s") and not word.endswith("ss"))
