"""Numbers out, placeholders in: what the translation model reads and writes.

The model never sees or writes a number. Every number in a question (a numeral as written, or a
run of number words such as `twenty-five`) becomes `#1`, `#2`, … in order of appearance; the
model writes its reading with those placeholders; `unmask` puts the literals back, copied from
the question (a number word becomes the numeral it names: reading, not computing). So a reading
can only contain operands the question has, and the model's length limits never touch a digit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from reasoning_mesh.planner.numwords import WORDS, names_a_number, read_number_words

PLACEHOLDER = re.compile(r"#(\d+)")
NUMERAL = re.compile(r"\d+(?:\.\d+)?")
#: What the model writes for a question it reads as none of the mesh's shapes.
NO_READING = "-"


class UnmaskError(ValueError):
    """The model's output names a placeholder the question does not have, or writes a digit."""


@dataclass(frozen=True)
class Masked:
    text: str  # lower case, numbers as placeholders
    literals: tuple[str, ...]  # placeholder k (1-based) → the numeral, as written or as read


@cache
def _numbers() -> re.Pattern[str]:
    word = "(?:" + "|".join(sorted(WORDS, key=len, reverse=True)) + ")"
    # `and` joins only after a scale word (`one hundred and five`); `twenty and five` is two.
    scale_and = "(?:(?<=hundred)|(?<=thousand)|(?<=million)) and "
    words = rf"\b{word}(?:(?:-| |{scale_and}){word})*\b"
    return re.compile(rf"(?P<num>{NUMERAL.pattern})|(?P<words>{words})")


#: `one` as a pronoun in an opener (`quick one: …`, `hi, another one: …`), never elsewhere: after
#: an operation (`plus another one`) or in a sentence (`right one plus two`) it is the number 1.
_OPENER_ONE = re.compile(
    r"^\W*(?:(?:hi|hey|ok|okay|so|right|well)\W+)?"
    r"(?:quick|easy|simple|tricky|hard|another|next|last|new|this) (one)\s*[:!]"
)


def rules() -> tuple[re.Pattern[str], ...]:
    """The patterns that decide what is a number (for the data fingerprint)."""
    return (_numbers(), _OPENER_ONE)


#: `48,752`, `3,499,612.5`: commas between groups of three digits are thousands separators (the
#: English convention); one number, its digits as written. `1,5`, `1,2345` stay unread. Generated
#: training questions never write one, so this cannot change the model's data.
THOUSANDS = re.compile(r"(?<![\d.,])[1-9]\d{0,2}(?:,\d{3})+(?![\d,])")


def plain_thousands(text: str) -> str:
    return THOUSANDS.sub(lambda m: m.group().replace(",", ""), text)


#: A fraction written without spaces (`3/4`, `3/4.` at a sentence's end), not part of a longer
#: run of slashes, a decimal or a word.
_TIGHT = re.compile(r"(?<![\w./)#])(#?\d+/#?\d+)(?![\w/(#]|\.\d)")
#: `-(1/4)` where the minus is a sign (after an opening, an operator, `=` or a word).
_SIGNED = re.compile(r"(^|[(=*/+-]\s*|[a-z]{2}\s)-\((#?\d+/#?\d+)\)")
#: The minus sign people type (U+2212); an en dash stays a dash (`1914–1918` is a range).
_MINUS = str.maketrans({"\u2212": "-"})


def bracket_fractions(text: str) -> str:
    """`3/4 ÷ 3/8` → `(3/4) ÷ (3/8)`: a fraction written as one number stays one operand
    (`6 ÷ 1/2` is 12, not 3). Works on numerals and on placeholders (`#1/#2`)."""
    return _SIGNED.sub(r"\1(-\2)", _TIGHT.sub(r"(\1)", text))


def plain_minus(text: str) -> str:
    return text.translate(_MINUS)


def mask(question: str) -> Masked:
    text = plain_thousands(plain_minus(" ".join(question.strip().lower().split())))
    literals: list[str] = []

    def placeholder(m: re.Match[str]) -> str:
        if m.group("num") is not None:
            literal = m.group("num")
        elif m.group("words") == "one" and (o := _OPENER_ONE.match(text)) and o.start(1) == m.start():
            return "one"
        else:
            try:
                literal = read_number_words(m.group("words"))
            except ValueError:  # `hundred` alone, `and`: words, not one number
                return m.group(0)
        literals.append(literal)
        return f"#{len(literals)}"

    return Masked(_numbers().sub(placeholder, text), tuple(literals))


def unmask(output: str, masked: Masked) -> str | None:
    """The reading with its literals, or None when the model declined (`-`)."""
    out = output.strip()
    if out == NO_READING:
        return None
    if re.search(r"\d", PLACEHOLDER.sub("", out)):
        raise UnmaskError(f"the model wrote a digit of its own: {out!r}")
    if re.search(r"#\d+\s*#|#\d+\.(?=[#\d])|[\d.]#", out):
        raise UnmaskError(f"the model joined placeholders into a new number: {out!r}")
    for m in _numbers().finditer(PLACEHOLDER.sub(" ", out.lower())):
        if m.group("words") and names_a_number(m.group("words")):
            raise UnmaskError(f"the model wrote a number word of its own: {m.group('words')!r}")

    def literal(m: re.Match[str]) -> str:
        k = int(m.group(1))
        if not 1 <= k <= len(masked.literals):
            raise UnmaskError(f"placeholder #{k} is not in the question ({len(masked.literals)})")
        return masked.literals[k - 1]

    return PLACEHOLDER.sub(literal, out)


def placeholders(output: str) -> set[int]:
    return {int(k) for k in PLACEHOLDER.findall(output)}
