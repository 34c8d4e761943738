"""Distribution routes: how the verifier helps the model with a product it could not answer.

The model multiplies by one digit (and by a power of ten) far more reliably than by two (`-26*-26`
passed no sample of 16, `-21*-16` two). So when a product of integers exhausts its attempts, the
verifier splits one factor into its place values as written (`-326` → `-300`, `-20`, `-6`:
the digits of the question's own number, nothing evaluated), the model multiplies the other
factor by each (`part` goals) and adds the partial products up (`part` sums, the last one the
`answer`), each step checked exactly. A partial product missed again is distributed again.
"""

from __future__ import annotations

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.models.reasoner.numbers import is_integer_text
from reasoning_mesh.verifier.routes import RouteGoals

#: A partial product may itself be distributed, this many routes deep.
MAX_DEPTH = 3


def place_values(written: str) -> list[str]:
    """The non-zero place values of an integer as written, largest first, with its sign: each
    digit followed by as many zeros as digits stand after it (`-326` → `-300`, `-20`, `-6`).
    Read off the text, nothing evaluated."""
    sign, digits = ("-", written[1:]) if written.startswith("-") else ("", written)
    return [sign + d + "0" * (len(digits) - 1 - i) for i, d in enumerate(digits) if d != "0"]


def split(g: SubGoal, a: str, b: str) -> tuple[str, list[str]] | None:
    """(the operand of `g` kept whole, the other's place values; `a`, `b` as written): the
    factor with fewer non-zero digits is split, so the model makes as few partial products as
    possible; None if neither factor has two (or either is not written as an integer)."""
    if not (is_integer_text(a) and is_integer_text(b)):
        return None
    options = [(g.right or "", b, place_values(a)), (g.left or "", a, place_values(b))]
    fits = [(keep, text, parts) for keep, text, parts in options if len(parts) >= 2]
    if not fits:
        return None
    keep, _, parts = min(fits, key=lambda o: (len(o[2]), len(o[1].lstrip("-"))))
    return keep, parts


def route(g: SubGoal, keep: str, parts: list[str], first: int) -> list[SubGoal]:
    """`keep × part` for each place value, then their running sum; the last goal answers `g`."""
    steps = RouteGoals(g, first)
    partials = [
        steps.add("*", keep, part, f"partial product {keep} × {part} of {g.id} (split as written)")
        for part in parts
    ]
    total = partials[0]
    for partial in partials[1:]:
        total = steps.add("+", total, partial, f"sum of {g.id}'s partial products")
    return steps.answered_by_last(f"{g.note or g.id}, summed")
