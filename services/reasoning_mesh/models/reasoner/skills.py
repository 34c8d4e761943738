"""Skills the learner trains adapters for, and the generated examples it trains and tests them on.

`round_number` is the new skill: the base model never saw a rounding prompt. The base model's old
skills are its step kinds (`step_add`, `step_mul`, ...): the learner replays them while training
an adapter and the evaluation gate checks that none of them regresses.

Rounding prompts mark where the rounding cuts the value (`round_prompt`): `R:-94|040350=` →
`-94000000`. Answers are canonical numbers, rounded half away from zero.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from reasoning_mesh.models.reasoner.data import Example, format2_step_example
from reasoning_mesh.models.reasoner.numbers import canon

ROUND_SKILL = "round_number"
OLD_SKILLS = ("step_add", "step_mul", "step_div", "step_frac", "step_conv")


def round_prompt(value: str, places: int) -> str:
    """`R:<kept>|<dropped>=`: the value as written, with a bar where the rounding cuts it
    (`14.1443798` to 3 places: `R:14.144|3798=`; `-94040350` to the nearest million:
    `R:-94|040350=`). Where the cut falls is the question's structure, read like its digits;
    the rounding itself (the carry, the zeros, the canonical form) is the model's to do. A
    small model cannot count digit positions reliably; it can round at a marked place."""
    sign, digits = ("-", value[1:]) if value.startswith("-") else ("", value)
    whole = digits.split(".", 1)[0]
    cut = len(whole) + (places + 1 if places > 0 else places)  # index into `digits`
    if places == 0:
        cut = len(whole)
    if cut <= 0:  # rounding above the leading digit: write the zeros that make the place visible
        digits, cut = "0" * (1 - cut) + digits, 1
    return f"R:{sign}{digits[:cut]}|{digits[cut:]}="


def round_answer(value: str, places: int) -> str:
    quantum = Decimal(1).scaleb(-places)
    return canon(Fraction(Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP)))


#: Share of examples with 2-4 significant digits. People round short numbers (`847` to the
#: nearest ten, `8.6` to a whole number); a model taught only 5-10 digits (the benchmark's
#: lengths) failed them. The benchmark's rounding prompts all have 5 or more, so these cannot
#: meet a test prompt.
SHORT_SHARE = 0.35
#: Share whose kept digits end in nines and whose dropped part rounds up: the carry runs through
#: the nines (`6.996` → `7`, `9.999` → `10`), which uniform digits almost never draw.
CARRY_SHARE = 0.15
#: Share of decimal-place roundings whose kept decimals are all zeros (`5.0049` to 2 places →
#: `5`): the zeros drop from the canonical answer, and uniform digits almost never draw them
#: (the natural-questions files' rounding misses were of this kind).
ZEROS_SHARE = 0.1


def round_example(rng: random.Random, mode: str = "any") -> Example:
    """A number of 2-10 significant digits and a rounding that drops some of them. `mode`:
    "places" (decimal places), "nearest" (tens to millions) or "any"."""
    if mode == "any":
        mode = "places" if rng.random() < 0.55 else "nearest"
    if rng.random() < SHORT_SHARE:
        return _short_example(rng, mode)
    sig = rng.randint(5, 10)
    if mode == "places":
        places = rng.randint(0, 7)
        lead = rng.randint(max(-6, -places - 1), 4)  # exponent of the leading digit
    else:
        places = -rng.randint(1, 6)
        lead = rng.randint(-places, 8)
    lowest = min(lead - sig + 1, -places - 1)  # at least one digit is dropped
    digits = rng.randint(10 ** (lead - lowest), 10 ** (lead - lowest + 1) - 1)
    if rng.random() < CARRY_SHARE:
        digits = _carrying(rng, digits, dropped=-places - lowest)
    elif places > 0 and rng.random() < ZEROS_SHARE:
        digits = _zeroing(rng, digits, dropped=-places - lowest, places=places)
    return _example(rng, digits, lowest, places)


def _short_example(rng: random.Random, mode: str) -> Example:
    """2-4 significant digits, one or two of them dropped (`384` to the nearest ten, `6.996` to
    2 places, `0.00456` to 3), written as people write them: no trailing zero."""
    if mode == "places":
        places = rng.randint(0, 3)
        lowest = -places - rng.randint(1, 2)
    else:  # a whole number written with all its digits (`847`), now and then a decimal
        places = -rng.randint(1, 3)
        lowest = 0 if rng.random() < 0.8 else -1
    lead = max(lowest + rng.randint(2, 4) - 1, -places - (rng.random() < 0.2))  # `891` → `1000`
    digits = rng.randint(10 ** (lead - lowest), 10 ** (lead - lowest + 1) - 1)
    if rng.random() < CARRY_SHARE:
        digits = _carrying(rng, digits, dropped=-places - lowest)
    elif places > 0 and rng.random() < ZEROS_SHARE:
        digits = _zeroing(rng, digits, dropped=-places - lowest, places=places)
    digits += digits % 10 == 0  # `38.40` is written `38.4`
    return _example(rng, digits, lowest, places)


def _example(rng: random.Random, digits: int, lowest: int, places: int) -> Example:
    value = Decimal(digits).scaleb(lowest)
    text = format(-value if rng.random() < 0.5 else value, "f")
    return Example(round_prompt(text, places), round_answer(text, places), ROUND_SKILL)


def _carrying(rng: random.Random, digits: int, dropped: int) -> int:
    """`digits` with 1-4 nines just above the cut and a first dropped digit of 5-9."""
    text = str(digits)
    cut = len(text) - dropped  # index of the first dropped digit
    nines = min(rng.randint(1, 4), cut)
    first = str(rng.randint(5, 9))
    return int(text[: cut - nines] + "9" * nines + first + text[cut + 1 :])


def _zeroing(rng: random.Random, digits: int, dropped: int, places: int) -> int:
    """`digits` with zeros for the `places` kept decimals and a first dropped digit of 1-4,
    where a digit above them is kept (`5.0049`); else `digits` as they are."""
    text = str(digits)
    cut = len(text) - dropped  # index of the first dropped digit
    if cut - places < 1:
        return digits
    first = str(rng.randint(1, 4))  # not 0: `17675.00` to 1 place is not how it is written
    return int(text[: cut - places] + "0" * places + first + text[cut + 1 :])


def _step_kind(kind: str) -> Callable[[random.Random], Example]:
    def make(rng: random.Random) -> Example:
        while True:
            ex = format2_step_example(rng)
            if ex.kind == kind:
                return ex

    return make


MAKERS: dict[str, Callable[[random.Random], Example]] = {
    ROUND_SKILL: round_example,
    "round_places": lambda rng: round_example(rng, "places"),
    "round_nearest": lambda rng: round_example(rng, "nearest"),
    **{kind: _step_kind(kind) for kind in OLD_SKILLS},
}


def skill_examples(skill: str, n: int, seed: int, exclude: set[str] | None = None) -> list[Example]:
    """`n` distinct generated examples of one skill, none of whose prompts is in `exclude` (a
    set trained on: an evaluation set must not meet it; short step prompts recur across seeds)."""
    if skill not in MAKERS:
        raise KeyError(f"unknown skill {skill!r}; known: {sorted(MAKERS)}")
    rng, seen, out = random.Random(seed), set(exclude or ()), list[Example]()
    while len(out) < n:
        ex = MAKERS[skill](rng)
        if ex.prompt not in seen:
            seen.add(ex.prompt)
            out.append(ex)
    return out
