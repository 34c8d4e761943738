"""Cancellation routes: how the verifier helps the model with a reduction it could not answer.

Measured on the benchmark's plans, the model's most failed step is an integer division to lowest
terms whose operands share a factor (`-4448/1472` → `-139/46`): it copies coprime pairs without
a miss but rarely finds a large common factor, while it divides exactly by a small number well.
So when such a goal exhausts its attempts, the verifier asks the model to divide the shorter
operand by each prime of a fixed list (`trial` goals, one sampled attempt each), then the other
operand by the primes that divided it. A prime is common when the model's quotients of both
operands are verified integers; the model then divides out each
further common prime (`part` goals) and answers the smaller reduction (`answer`), whose
verified answer answers the goal. A reduced step the model misses again is cancelled again.
Exact quotients qualify too: a divisor with a small factor cancelled is a shorter one.

Every number stays the model's: the primes are a fixed list (never computed from the operands),
the trials divide the goal's own operands (the same literal or reference, so the prompt writes
the same text), a prime is common only where the model *wrote* an integer quotient of both, and
the answer is the model's answer to the reduced step, checked exactly like any other.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from reasoning_mesh.contracts.plans import GoalBudget, SubGoal
from reasoning_mesh.models.reasoner.data import ROUTE_PRIMES
from reasoning_mesh.models.reasoner.numbers import is_integer_text
from reasoning_mesh.verifier.routes import RouteGoals

#: Candidate common factors, the same the `routes` training mix divides by. Of the integer
#: divisions in the benchmark's plans the model missed greedily (500, common factor > 1), 81%
#: have a common factor made of these primes alone.
TRIAL_PRIMES = ROUTE_PRIMES
#: A reduced step may itself be cancelled, this many routes deep (2^4 needs four routes).
MAX_DEPTH = 4
#: A trial is one attempt, sampled (greedy halves `78/2` wrong, and one sample in two is right):
#: failing it only means the prime is not taken.
TRIAL_BUDGET = GoalBudget(samples=8, attempts=1, max_new_tokens=16)


def qualifies(g: SubGoal, a: Fraction | None, b: Fraction | None, depth_now: int) -> bool:
    """A division of integers by anything but ±1: reductions to lowest terms, and exact
    quotients too (`-405224/-74` cancelled by 2 asks the shorter `-202612/-37`)."""
    if g.kind != "arith" or g.op != "/" or a is None or b is None or depth_now >= MAX_DEPTH:
        return False
    return a.denominator == 1 and b.denominator == 1 and a != 0 and abs(b) > 1


def sides(g: SubGoal, a: Fraction, b: Fraction) -> tuple[str, str]:
    """(tried first, tried second) of `g`'s operands (`a`, `b` their values): the shorter first,
    whose trials the model gets right more often; the other only by the primes that divide the
    first (half the trials, mostly)."""
    left, right = g.left or "", g.right or ""
    return (right, left) if abs(b) <= abs(a) else (left, right)


def trials(g: SubGoal, operand: str, primes: Iterable[int], first: int) -> list[SubGoal]:
    """`operand/p` for each prime, as goals refining `g` (`operand` one of `g`'s own)."""
    route = RouteGoals(g, first)
    for p in primes:
        note = f"{g.id}: {operand} / {p}, is {p} a common factor?"
        route.add("/", operand, str(p), note, role="trial", budget=TRIAL_BUDGET)
    return route.goals


def dividing(kids: Iterable[SubGoal], verified: dict[str, str], operand: str) -> dict[int, str]:
    """prime → trial goal, for the trials of `operand` whose accepted answer the model wrote as
    a whole number (`verified`: goal id → accepted text)."""
    return {
        int(t.right or "0"): t.id
        for t in kids
        if t.role == "trial" and t.left == operand and is_integer_text(verified.get(t.id))
    }


def tried(kids: Iterable[SubGoal], operand: str) -> bool:
    return any(t.role == "trial" and t.left == operand for t in kids)


def common_primes(
    kids: list[SubGoal], verified: dict[str, str], g: SubGoal
) -> list[tuple[int, str, str]]:
    """(prime, numerator trial, denominator trial) for every prime both of whose trial
    quotients the model wrote as whole numbers and the verifier accepted, smallest first."""
    num, den = dividing(kids, verified, g.left or ""), dividing(kids, verified, g.right or "")
    return [(p, num[p], den[p]) for p in sorted(set(num) & set(den))]


def route(g: SubGoal, found: list[tuple[int, str, str]], first: int) -> list[SubGoal]:
    """Divide out each further common prime from both quotients of the first, then the reduced
    step, whose answer answers `g`."""
    steps = RouteGoals(g, first)
    num, den = f"@{found[0][1]}", f"@{found[0][2]}"
    for p, _, _ in found[1:]:
        num = steps.add("/", num, str(p), f"{num} / {p}: cancel {p} from {g.id}")
        den = steps.add("/", den, str(p), f"{den} / {p}: cancel {p} from {g.id}")
    primes = "·".join(str(p) for p, _, _ in found)
    steps.add("/", num, den, f"{g.note or g.id} with {primes} cancelled", role="answer")
    return steps.goals
