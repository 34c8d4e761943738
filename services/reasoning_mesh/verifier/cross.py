"""Cross routes: how the verifier helps the model with a product or quotient of fractions (or
decimals) it could not answer.

`(-28/3)*-24` asks the model to multiply and reduce at once, and it rarely does (no sample of 16
was right); each half alone it does far better. So the operands are read as written (`-28/3`;
a decimal `23.75` as `2375/100`: its digits, nothing evaluated), the model multiplies the
numerators and the denominators (`part` goals; crossed for a quotient) and answers the integer
division of the two (`answer`), which a cancellation route can take over in turn.
"""

from __future__ import annotations

from fractions import Fraction

from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.models.reasoner.numbers import canon

MAX_DEPTH = 3


def as_written(value: Fraction) -> tuple[int, int]:
    """(numerator, denominator) as the operand is written in a prompt: `-28/3` → (-28, 3),
    `23.75` → (2375, 100), `-4` → (-4, 1)."""
    text = canon(value)
    if "/" in text:
        num, den = text.split("/")
        return int(num), int(den)
    if "." in text:
        whole, frac = text.split(".")
        return int(whole + frac), 10 ** len(frac)
    return int(text), 1


def qualifies(g: SubGoal, a: Fraction | None, b: Fraction | None, depth: int) -> bool:
    if g.kind != "arith" or g.op not in ("*", "/") or a is None or b is None or depth >= MAX_DEPTH:
        return False
    if g.op == "/" and b == 0:
        return False
    return a.denominator != 1 or b.denominator != 1


def route(g: SubGoal, a: Fraction, b: Fraction, first: int) -> list[SubGoal]:
    """The numerator's product, the denominator's, then their integer division (`answer`)."""
    (pa, qa), (pb, qb) = as_written(a), as_written(b)
    sides = {"numerator": (pa, pb), "denominator": (qa, qb)}
    if g.op == "/":
        sides = {"numerator": (pa, qb), "denominator": (qa, pb)}
    common = {"budget": g.budget, "skill": g.skill, "adapter_id": g.adapter_id, "refines": g.id}
    goals: list[SubGoal] = []
    operands: dict[str, str] = {}
    for side, (x, y) in sides.items():
        if 1 in (x, y):  # nothing to multiply: the other factor as written
            operands[side] = str(x * y)
            continue
        gid = f"g{first + len(goals)}"
        goals.append(
            SubGoal(
                id=gid,
                kind="arith",
                op="*",
                left=str(x),
                right=str(y),
                note=f"{g.id}'s {side}: {x} × {y}",
                role="part",
                **common,
            )
        )
        operands[side] = f"@{gid}"
    num, den = operands["numerator"], operands["denominator"]
    goals.append(
        SubGoal(
            id=f"g{first + len(goals)}",
            kind="arith",
            op="/",
            left=num,
            right=den,
            depends_on=[x[1:] for x in (num, den) if x.startswith("@")],
            note=f"{g.note or g.id}, as one division",
            role="answer",
            **common,
        )
    )
    return goals
