"""Skills the learner trains adapters for, and the generated examples it trains and tests them on.

`round_number` is the new skill: the base model never saw a rounding prompt. The base model's old
skills are its step kinds (`step_add`, `step_mul`, ...): the learner replays them while training
an adapter and the evaluation gate checks that none of them regresses.

Rounding prompts are `R:<value>,<places>=`: `places` decimal places, negative for "the nearest
10^-places" (`R:-94040350,-6=` → `-94000000`). Answers are canonical numbers, rounded half up.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from reasoning_mesh.models.reasoner.data import Example, step_example
from reasoning_mesh.models.reasoner.numbers import canon

ROUND_SKILL = "round_number"
OLD_SKILLS = ("step_add", "step_mul", "step_div", "step_frac", "step_conv")


def round_prompt(value: str, places: int) -> str:
    return f"R:{value},{places}="


def round_answer(value: str, places: int) -> str:
    quantum = Decimal(1).scaleb(-places)
    return canon(Fraction(Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP)))


def round_example(rng: random.Random, mode: str = "any") -> Example:
    """A number of 5-10 significant digits and a rounding that drops some of them. `mode`:
    "places" (decimal places), "nearest" (tens to millions) or "any"."""
    if mode == "any":
        mode = "places" if rng.random() < 0.55 else "nearest"
    sig = rng.randint(5, 10)
    if mode == "places":
        places = rng.randint(0, 7)
        lead = rng.randint(max(-6, -places - 1), 4)  # exponent of the leading digit
    else:
        places = -rng.randint(1, 6)
        lead = rng.randint(-places, 8)
    lowest = min(lead - sig + 1, -places - 1)  # at least one digit is dropped
    digits = rng.randint(10 ** (lead - lowest), 10 ** (lead - lowest + 1) - 1)
    value = Decimal(digits).scaleb(lowest)
    text = format(-value if rng.random() < 0.5 else value, "f")
    return Example(round_prompt(text, places), round_answer(text, places), ROUND_SKILL)


def _step_kind(kind: str) -> Callable[[random.Random], Example]:
    def make(rng: random.Random) -> Example:
        while True:
            ex = step_example(rng)
            if ex.kind == kind:
                return ex

    return make


MAKERS: dict[str, Callable[[random.Random], Example]] = {
    ROUND_SKILL: round_example,
    "round_places": lambda rng: round_example(rng, "places"),
    "round_nearest": lambda rng: round_example(rng, "nearest"),
    **{kind: _step_kind(kind) for kind in OLD_SKILLS},
}


def skill_examples(skill: str, n: int, seed: int) -> list[Example]:
    """`n` distinct generated examples of one skill."""
    if skill not in MAKERS:
        raise KeyError(f"unknown skill {skill!r}; known: {sorted(MAKERS)}")
    rng, seen, out = random.Random(seed), set[str](), list[Example]()
    while len(out) < n:
        ex = MAKERS[skill](rng)
        if ex.prompt not in seen:
            seen.add(ex.prompt)
            out.append(ex)
    return out
