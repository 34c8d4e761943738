"""Cardinal numbers written in words → the numeral they name (`twenty-five` → `25`,
`one hundred and five` → `105`). Reading a word is not computing: each word names a fixed value
and the grammar of English numerals (tens + ones, × hundred, × thousand) says how they join."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

ONES = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
#: `one point eight`: the digits after `point` are said one by one. Not in `WORDS`: the
#: translation model's masking reads those, and a change there is a retrain.
POINT = "point"
WORDS = (*ONES, *TENS, *_SCALES)
_DIGITS = {w: str(v) for w, v in ONES.items() if v < 10}


def names_a_number(words: str) -> bool:
    """Whether `words` are one well-formed cardinal (`forty-two`, `a hundred and six`)."""
    try:
        read_number_words(words)
    except ValueError:
        return False
    return True


def read_number_words(text: str) -> str:
    """The numeral `text` names; ValueError when it is not one well-formed cardinal."""
    raw = [w for w in re.split(r"[\s-]+", text.strip().lower()) if w]
    if not raw or "and" in (raw[0], raw[-1]):
        raise ValueError(f"no one number in {text!r}")
    if POINT in raw:  # `one point eight` → `1.8`, `zero point zero five` → `0.05`
        return _decimal(raw, text)
    words = [w for w in raw if w != "and"]
    total, group, last = 0, 0, ""
    for word in words:
        if word in ONES:
            if last in ONES or (last in TENS and ONES[word] >= 10):
                raise ValueError(f"{text!r} is not one number")
            group += ONES[word]
        elif word in TENS:
            if last in ONES or last in TENS:
                raise ValueError(f"{text!r} is not one number")
            group += TENS[word]
        elif word == "hundred":
            if group == 0 or group >= 100:
                raise ValueError(f"{text!r} is not one number")
            group *= 100
        elif word in _SCALES:
            if group == 0:
                raise ValueError(f"{text!r} is not one number")
            total += group * _SCALES[word]
            group = 0
        else:
            raise ValueError(f"{word!r} is not a number word")
        last = word
    return str(total + group)


def _decimal(raw: list[str], text: str) -> str:
    at = raw.index(POINT)
    digits = raw[at + 1 :]
    if not digits or any(d not in _DIGITS for d in digits):
        raise ValueError(f"{text!r}: after `point` come single digits")
    return f"{read_number_words(' '.join(raw[:at]))}.{''.join(_DIGITS[d] for d in digits)}"


#: Fractions written in words name their numerator and denominator: `five sixths` is `5/6`,
#: `a quarter` is `1/4`. `second` is a unit of time, never a denominator here.
DENOMINATORS = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
    "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7,
    "eighth": 8, "eighths": 8, "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10,
    "eleventh": 11, "elevenths": 11, "twelfth": 12, "twelfths": 12, "hundredth": 100,
    "hundredths": 100, "thousandth": 1000, "thousandths": 1000,
}  # fmt: skip


def _alternation(words: Iterable[str]) -> str:
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


@cache
def fraction_words_pattern() -> str:
    """A numerator word (or `a`, `an`) and a denominator word: `two thirds`, `a half`."""
    number = _alternation((*ONES, *TENS))
    numerator = rf"(?:an?|{number}(?:-{number})?)"
    return rf"\b{numerator}[ -]{_alternation(DENOMINATORS)}\b"


def read_fraction_words(text: str) -> str:
    """`five sixths` → `5/6`, `a half` → `1/2`; ValueError when `text` is not one such fraction.
    One of something is singular (`one third`), more are plural (`two thirds`)."""
    *numerator, denominator = re.split(r"[\s-]+", text.strip().lower())
    if denominator not in DENOMINATORS or not numerator:
        raise ValueError(f"{text!r} is not a fraction in words")
    if numerator[-1] in TENS and text.strip().lower().endswith(f"-{denominator}"):
        raise ValueError(f"{text!r} is an ordinal (sixty-fourths), not a fraction in words")
    top = "1" if numerator in (["a"], ["an"]) else read_number_words(" ".join(numerator))
    if top == "0" or (top == "1") == denominator.endswith("s"):
        raise ValueError(f"{text!r} is not a fraction in words")
    return f"{top}/{DENOMINATORS[denominator]}"


@cache
def mixed_number_words_pattern() -> str:
    """`one and a half`, `2 and three quarters`: a mixed number (read only where no operation
    takes two operands: `the product of one and a half` would be 1 × 1/2)."""
    number = rf"(?:{_alternation((*ONES, *TENS))}(?:-{_alternation(ONES)})?|\d+)"
    part = rf"(?:an?|{_alternation(ONES)})"  # a part in words: `2 and 3 quarters` is not one
    return rf"\b{number} and {part} {_alternation(DENOMINATORS)}\b"


#: `1 2/3`, `4 1/2`: a whole number, one space, a fraction of one or two digits each (`3 200/400`
#: may be 3200/400, a space between thousands): a mixed number to people (a
#: product to a parser; only the grammar reads it, as `(1 + 2/3)`, and only where the part is
#: less than one: `1 5/3` and `-1 1/2` (minus the sum, or minus the whole only?) stay refused).
MIXED_DIGITS = r"(?<![\w.,/-])\d+ [1-9]\d?/[1-9]\d?(?![\w./])"
#: The same as the grammar sees it, joined (`1_2/3`): one token only a mixed number reads (the
#: grammar would read `1 (2/3)` as a product).
MIXED_DIGITS_JOINED = r"\d+_[1-9]\d*\/[1-9]\d*"


def read_mixed_number_words(text: str) -> str:
    """`one and a half` → `(1 + 1/2)`, `7 and three quarters` → `(7 + 3/4)`, `4 1/2` →
    `(4 + 1/2)`: the whole and the part each read as written, and the `and` (or the space) between
    them is the sum English means by it (a step the model takes and the verifier checks, not a
    value computed here)."""
    said = text.strip().lower().replace("_", " ")
    if re.fullmatch(MIXED_DIGITS, said):
        whole, part = said.split(" ")
        top, bottom = part.split("/")
    else:
        whole, part = said.split(" and ", 1)
        top, bottom = read_fraction_words(part).split("/")
    number = whole if whole.isdigit() else read_number_words(whole)
    if int(top) >= int(bottom):
        raise ValueError(f"{text!r}: the part of a mixed number is less than one")
    return f"({number} + {top}/{bottom})"


#: `nought`, British for zero: read as `zero` where it is read (never in `ONES`, which the
#: translation model's masking reads: a change there is a retrain).
NOUGHT = re.compile(r"\bnought\b")


@cache
def cardinals_pattern() -> str:
    """A run of number words that may be one cardinal (`forty-two`, `one hundred and five`,
    `two point five`): `and` joins only after a scale word (`sixty and four` is two)."""
    word = _alternation((*WORDS, POINT))
    scale_and = "(?:(?<=hundred)|(?<=thousand)|(?<=million)) and "
    return rf"\b{word}(?:(?:-| |{scale_and}){word})*\b"


def with_numerals(text: str) -> str:
    """`text` with each cardinal in words written as its numeral (`sold forty-eight candles` →
    `sold 48 candles`), for readers that match numbers in digits; runs of words that are not
    one number (`two three`) stay as written."""

    def numeral(m: re.Match[str]) -> str:
        return read_number_words(m[0]) if names_a_number(m[0]) else m[0]

    return re.sub(cardinals_pattern(), numeral, NOUGHT.sub("zero", text))
