"""Cross routes: how the verifier helps the model with a step on fractions (or decimals) it
could not answer.

`(-28/3)*-24` asks the model to multiply and reduce at once, and it rarely does (no sample of 16
was right); each half alone it does far better. So the operands are read as written (`-28/3`;
a decimal `23.75` as the digits `2375` and two places: nothing evaluated), the model multiplies
the numerators and the denominators (`part` goals; crossed for a quotient), answers the integer
division of the two, which a cancellation route can take over in turn, and shifts the decimal
places back (`* 10^k` or `/ 10^k`, which it gets right). A sum goes over a common denominator:
each numerator times the other's denominator, their sum, then the one division.
"""

from __future__ import annotations

from fractions import Fraction

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.verifier.routes import RouteGoals

MAX_DEPTH = 3


def as_written(text: str) -> tuple[int, int]:
    """(numerator, denominator) read off the operand's text: `-28/3` → (-28, 3), `23.75` →
    (2375, 100), `-4` → (-4, 1). A decimal's digits and places are read, not evaluated."""
    if "/" in text:
        num, den = text.split("/")
        return int(num), int(den)
    if "." in text:
        whole, frac = text.split(".")
        return int(whole + frac), int("1" + "0" * len(frac))  # the places counted as written
    return int(text), 1


def split_places(text: str) -> tuple[int, int, int]:
    """(numerator, denominator, decimal places) read off the text: `23.75` → (2375, 1, 2),
    `-28/3` → (-28, 3, 0). The value is numerator / denominator / 10^places."""
    if "." in text:
        whole, frac = text.split(".")
        return int(whole + frac), 1, len(frac)
    num, den = as_written(text)
    return num, den, 0


def _power(places: int) -> str:
    return "1" + "0" * places  # the places counted as written


def qualifies(g: SubGoal, a: Fraction | None, b: Fraction | None, depth: int) -> bool:
    if g.kind != "arith" or g.op is None or a is None or b is None or depth >= MAX_DEPTH:
        return False
    if g.op == "/" and b == 0:
        return False
    return a.denominator != 1 or b.denominator != 1


def route(g: SubGoal, a: str, b: str, first: int) -> list[SubGoal]:
    """The numerator's and the denominator's steps, their integer division, the decimal places
    shifted back; the last step is the `answer`."""
    (pa, qa), (pb, qb) = as_written(a), as_written(b)
    steps = RouteGoals(g, first)
    step = steps.add

    def product(x: int, y: int, what: str) -> str:
        if 1 in (x, y):  # nothing to multiply: the other factor as written
            return str(y if x == 1 else x)
        return step("*", str(x), str(y), f"{g.id}'s {what}: {x} × {y}")

    if g.op is None:
        raise ValueError(f"{g.id} has no operation")
    if g.op in ("*", "/"):
        # Decimal places are kept apart and shifted back last (`2.5*1440` is `25*1440`, then
        # `/10`): a shift by a power of ten is the step the model gets right, and an integer
        # division is left only where a denominator is written (`1405.743*(1/24)`).
        (na, da, ka), (nb, db, kb) = split_places(a), split_places(b)
        if g.op == "*":
            num, den, shift = product(na, nb, "numerator"), product(da, db, "denominator"), -ka - kb
        else:
            num, den, shift = product(na, db, "numerator"), product(da, nb, "denominator"), kb - ka
            if shift > 0:
                # A divisor's places go onto the dividend before the division (`21/1.75` is
                # `2100/175`, not `21/175` then `*100`): an exact quotient stays whole on the
                # way, where `21/175` asks for the decimal `0.12` the model rarely writes.
                num, shift = step("*", num, _power(shift), f"{g.id}'s dividend, {shift} places on"), 0
        value = num if den == "1" else step("/", num, den, f"{g.id} as one division")
        if shift:  # only a product's or a dividend's own places are left: shifted back down
            note = f"{g.id}: {-shift} decimal places shifted back (read as written)"
            step("/", value, _power(-shift), note)
        if not steps.goals:  # nothing left to ask in smaller steps (`1 * 7`): no route
            return []
        return steps.answered_by_last(f"{g.note or g.id}, crossed")
    if qa == qb:  # a sum over one denominator
        num, den = step(g.op, str(pa), str(pb), f"{g.id}'s numerator"), str(qa)
    else:
        left, right = product(pa, qb, "first numerator"), product(pb, qa, "second numerator")
        num = step(g.op, left, right, f"{g.id}'s numerator over {qa} × {qb}")
        den = product(qa, qb, "common denominator")
    step("/", num, den, f"{g.note or g.id}, as one division", role="answer")
    return steps.goals
