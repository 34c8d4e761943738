"""Distribution routes: how the verifier helps the model with a product it could not answer.

The model multiplies by one digit (and by a power of ten) far more reliably than by two (`-26*-26`
passed no sample of 16, `-21*-16` two). So when a product of integers exhausts its attempts, the
verifier splits one factor into its place values as written (`-326` → `-300`, `-20`, `-6`:
the digits of the question's own number, nothing evaluated), the model multiplies the other
factor by each (`part` goals) and adds the partial products up (`part` sums, the last one the
`answer`), each step checked exactly. A partial product missed again is distributed again.
"""

from __future__ import annotations

from fractions import Fraction

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.models.reasoner.numbers import canon
from reasoning_mesh.verifier.routes import RouteGoals

#: A partial product may itself be distributed, this many routes deep.
MAX_DEPTH = 3


def place_values(n: int) -> list[int]:
    """The non-zero place values of `n` as written, largest first, with its sign."""
    sign = -1 if n < 0 else 1
    digits = str(abs(n))
    return [sign * int(d) * 10 ** (len(digits) - 1 - i) for i, d in enumerate(digits) if d != "0"]


def split(a: Fraction | None, b: Fraction | None) -> tuple[Fraction, list[int]] | None:
    """(the factor kept whole, the other's place values): the factor with fewer non-zero digits
    is split, so the model makes as few partial products as possible; None if neither factor
    has two (or either is not an integer)."""
    if a is None or b is None or a.denominator != 1 or b.denominator != 1:
        return None
    parts_a, parts_b = place_values(int(a)), place_values(int(b))
    options = [(b, parts_a), (a, parts_b)]
    options = [(keep, parts) for keep, parts in options if len(parts) >= 2]
    if not options:
        return None
    return min(options, key=lambda o: (len(o[1]), len(str(abs(o[0])))))


def route(g: SubGoal, keep: Fraction, parts: list[int], first: int) -> list[SubGoal]:
    """`keep × part` for each place value, then their running sum; the last goal answers `g`."""
    steps = RouteGoals(g, first)
    partials = [
        steps.add("*", canon(keep), str(part), f"partial product {canon(keep)} × {part} of {g.id}")
        for part in parts
    ]
    total = partials[0]
    for partial in partials[1:]:
        total = steps.add("+", total, partial, f"sum of {g.id}'s partial products")
    return steps.answered_by_last(f"{g.note or g.id}, summed")
