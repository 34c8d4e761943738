"""Questions as people write them, generated with the planner's reading of each (masked).

Each family is a list of templates over one kind of intent: arithmetic of two or three terms,
linear equations, unit conversions, rounding, and questions the mesh cannot answer (their
reading is `-`). A template's slots `{a}` `{b}` … are operands; `{eq}` `{v}` `{to}` `{from}`
`{w}` are filled per intent. Every fifth template of each family is **held out**: it never
trains the model and is what `held_out()` draws from, so a figure on it measures phrasings the
model has not seen. No template is taken from `../shared/benchmarks/` (a test checks that none of
its questions is generated).
"""

from __future__ import annotations

import itertools
import random
import re
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from reasoning_mesh.models.translator import fillers, masking
from reasoning_mesh.models.translator.fillers import converse
from reasoning_mesh.models.translator.masking import PLACEHOLDER, mask
from reasoning_mesh.models.translator.templates import FAMILIES, FRACTION_SHARE, NEAREST_UNITS, Template

_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
_ONES += "fifteen sixteen seventeen eighteen nineteen"
ONES = _ONES.split()
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


@dataclass(frozen=True)
class Pair:
    question: str  # as a person might write it
    masked: str  # what the model reads
    target: str  # what it must write: the planner's phrasing, with placeholders, or `-`
    family: str
    template: int


def held_out_template(family: str, index: int) -> bool:
    return index % 5 == 4


def _words(n: int) -> str:
    if n < 20:
        return ONES[n]
    tens, ones = divmod(n, 10)
    return TENS[tens - 2] + (f"-{ONES[ones]}" if ones else "")


def _number(rng: random.Random, *, decimals: bool = True, words: bool = True) -> str:
    r = rng.random()
    if words and r < 0.15:
        return _words(rng.randint(0, 99))
    if decimals and r < 0.35:
        whole = rng.choice([rng.randint(0, 9), rng.randint(10, 999), rng.randint(1000, 99999)])
        return f"{whole}.{rng.randint(1, 10 ** rng.randint(1, 4) - 1)}"
    digits = rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8])
    return str(rng.randint(10 ** (digits - 1) if digits > 1 else 0, 10**digits - 1))


def _style(rng: random.Random, text: str) -> str:
    """Case, spacing and end punctuation as people vary them."""
    r = rng.random()
    if r < 0.55:
        text = text[:1].upper() + text[1:]
    elif r < 0.6:
        text = text.upper()
    end = rng.choice(["?", "?", ".", "", "", "!", " ?"])
    if end == "!" and text.rstrip(".?!")[-1:].isdigit():
        end = ""  # `… 49!` reads as a factorial, which no reader guesses
    text = text.rstrip(".?!") + end if text[-1:] in ".?!" or end else text
    wrap = rng.random()
    if wrap < 0.06:
        text = "please " + text
    elif wrap < 0.1:
        text = "quick question: " + text
    elif wrap < 0.13:
        text = text.rstrip("?.! ") + ", thanks"
    elif wrap < 0.16:
        text = "hi, " + text
    return text


def _pairs(rng: random.Random, keep: Callable[[str, int], bool]) -> Iterator[Pair]:
    names = sorted(FAMILIES)
    while True:
        family = rng.choice(names)
        templates = FAMILIES[family]
        choices = [i for i in range(len(templates)) if keep(family, i)]
        if not choices:
            continue
        index = rng.choice(choices)
        pair = _render(rng, family, index, templates[index])
        if pair is not None:
            yield pair


_LEADS = ("what would be ", "calculate ", "work out ", "tell me ", "can you tell me ", "compute ",
          "please find ", "what's ", "i want to know ", "please give me ")  # fmt: skip


def _lead(rng: random.Random, text: str, template: str) -> str:
    """A lead-in before a bare phrase (`{a} plus {b}`, `the sum of …`), as people add one."""
    if template.startswith(("{a}", "{b}", "{n}", "the ")) and rng.random() < 0.35:
        return rng.choice(_LEADS) + text
    return text


def _render(rng: random.Random, family: str, index: int, t: Template) -> Pair | None:
    text, reading, slots = t.fill(rng, _number)
    # Placeholders are numbered in question order: slots in the order the text names them.
    order = sorted(slots, key=lambda name: text.index("{" + name + "}"))
    target, number = reading, 0
    for name in order:
        surface, as_read = slots[name]
        if surface[-1:].isalpha() and re.search(re.escape("{" + name + "}") + r"[-\w]", text):
            return None  # `twenty-fives`, `eightx`: a number word glued to more letters
        text = text.replace("{" + name + "}", surface)
        found = len(mask(surface).literals)
        sign = "-" if surface.startswith(("-", "negative ")) else ""
        if found == 2 and FRACTION.fullmatch(surface.removeprefix("negative ").lstrip("-")):
            number += 2  # a fraction is one number of the question, bracketed as one
            as_read = f"({sign}#{number - 1}/#{number})"
        elif found > 1:
            return None
        elif found == 1:
            number += 1
            as_read = f"{sign}#{number}"
        target = target.replace("{" + name + "}", as_read)
    if "k" in slots and slots["k"][0] in ("1", "one") and rng.random() < 0.7:
        text = re.sub(r"\bplaces\b", "place", text)  # `to one decimal place`, as people write it
    led = _lead(rng, text, t.text)
    bare = led == text and t.text.startswith(("{a}", "{b}", "{n}", "the "))
    question = _style(rng, converse(rng, led, bare=bare))
    m = mask(question)
    if len(m.literals) != number:
        return None  # a template word read as a number: skip it, never mislabel it
    return Pair(question, m.text, target, family, index)


def training(seed: int) -> Iterator[Pair]:
    """An endless stream from the training templates."""
    return _pairs(random.Random(seed), lambda f, i: not held_out_template(f, i))


def held_out(n: int, seed: int = 7) -> list[Pair]:
    """`n` questions from the held-out templates only."""
    stream = _pairs(random.Random(seed), held_out_template)
    return [next(stream) for _ in range(n)]


WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
FRACTION = re.compile(r"\d+/\d+")


def words_of(masked: str) -> set[str]:
    """The words of a masked question: placeholders and single letters (variables, `x` for
    times) aside."""
    return {w for w in WORD.findall(PLACEHOLDER.sub(" ", masked)) if len(w) > 1}


def vocabulary(seed: int, n: int = 200_000) -> list[str]:
    """Every word the training stream of `seed` shows the model in its first `n` questions."""
    seen: set[str] = set()
    for pair in itertools.islice(training(seed), n):
        seen |= words_of(pair.masked)
    return sorted(seen)


def fingerprint() -> int:
    """Changes when any template, wrapper or masking rule changes (what decides the questions
    and their labels): stored in the checkpoint's manifest."""
    text = "\n".join(f"{f}:{t.text}=>{t.reading}" for f in sorted(FAMILIES) for t in FAMILIES[f])
    text += "\n" + "\n".join("|".join(w) for w in fillers.wrappers())
    text += "\n" + "\n".join(p.pattern for p in masking.rules())
    text += f"\nfractions {FRACTION_SHARE}\nnearest {NEAREST_UNITS}"  # slot values (@3)
    return zlib.crc32(text.encode())
