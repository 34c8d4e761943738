"""Expression trees → one-operation sub-goals. The builder only rearranges: operands are literals
copied from the question as written or references to sub-goals whose answers the model will
supply; a literal's sign is toggled lexically when a term moves across `=` (`numbers.negated`).
Each goal asks for decimal notation when an operand is written as a decimal or comes from a
goal that does (`numbers.canonical`), exact notation otherwise.

A linear form `coef·x + const` is how equations become steps: both sides are linearised, then
`x = (const_R - const_L) / (coef_L - coef_R)` is planned as ordinary steps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reasoning_mesh.contracts.plans import GoalBudget, GoalNotation, SubGoal, is_ref, ref_goal
from reasoning_mesh.models.reasoner.numbers import is_decimal, negated
from reasoning_mesh.planner.expr import BinOp, Call, Neg, Node, Num, Pow, UnplannableError, Var

#: An operand: a literal as the question writes it (`-12`, `0.5`, `14/5`) or a reference `@gN`.
Operand = str


@dataclass(frozen=True)
class Lin:
    """Σ coef·unknown + const over the unknowns being solved for; missing entries are zero."""

    coefs: dict[str, Operand] = field(default_factory=dict)
    const: Operand | None = None

    @property
    def coef(self) -> Operand | None:
        (value,) = self.coefs.values() if len(self.coefs) == 1 else (None,)
        return value


@dataclass
class Function:
    param: str
    body: Node


@dataclass
class Builder:
    goals: list[SubGoal] = field(default_factory=list)
    env: dict[str, Operand] = field(default_factory=dict)
    functions: dict[str, Function] = field(default_factory=dict)

    #: Ids of the goals whose answers are due in decimals (what `notation` reads per operand).
    decimal_goals: set[str] = field(default_factory=set)

    def notation(self, *operands: Operand) -> GoalNotation:
        """Decimal when an operand is a decimal literal or the answer of a decimal goal."""
        for x in operands:
            if (ref_goal(x) in self.decimal_goals) if is_ref(x) else is_decimal(x):
                return "decimal"
        return "exact"

    def goal(
        self, op: str, a: Operand, b: Operand, note: str = "", notation: GoalNotation | None = None
    ) -> Operand:
        gid = f"g{len(self.goals)}"
        deps = [ref_goal(x) for x in (a, b) if is_ref(x)]
        self.goals.append(
            SubGoal(
                id=gid,
                kind="arith",
                op=op,  # type: ignore[arg-type]
                left=a,
                right=b,
                depends_on=sorted(set(deps)),
                note=note or f"{a} {op} {b}",
                budget=GoalBudget(),
                notation=notation or self.notation(a, b),
            )
        )
        if self.goals[-1].notation == "decimal":
            self.decimal_goals.add(gid)
        return "@" + gid

    def add_goal(self, goal: SubGoal) -> Operand:
        self.goals.append(goal)
        if goal.notation == "decimal":
            self.decimal_goals.add(goal.id)
        return "@" + goal.id

    # -- operations on possibly-zero operands; literals are rewritten, never evaluated ---------
    def neg(self, x: Operand | None) -> Operand | None:
        if x is None:
            return None
        # Moving a term across `=` flips its sign: a literal's or a reference's sign is toggled
        # lexically (`-@g3` is the goal's answer negated in the next step's prompt); the model
        # is poor at bare negation steps, and nothing is computed here.
        return negated(x)

    def add(self, x: Operand | None, y: Operand | None) -> Operand | None:
        if x is None:
            return y
        if y is None:
            return x
        return self.goal("+", x, y)

    def sub(self, x: Operand | None, y: Operand | None) -> Operand | None:
        if y is None:
            return x
        if x is None:
            return self.neg(y)
        return self.goal("-", x, y)

    def mul(self, x: Operand | None, y: Operand | None) -> Operand | None:
        if x is None or y is None:
            return None
        if x == "1":
            return y
        if y == "1":
            return x
        return self.goal("*", x, y)

    def div(self, x: Operand | None, y: Operand | None) -> Operand | None:
        if y is None:
            raise UnplannableError("division by zero in the question")
        if x is None:
            return None
        if y == "1":
            return x
        return self.goal("/", x, y)

    # -- trees → linear forms -----------------------------------------------------------------
    def linear(self, node: Node, unknowns: tuple[str, ...] = ()) -> Lin:  # noqa: PLR0911 - one return per node type
        if isinstance(node, Num):
            return Lin({}, node.text if node.value != 0 else None)
        if isinstance(node, Var):
            if node.name in unknowns:
                # A bare unknown (`- i`) is written with the implicit coefficient 1: read, not
                # computed; `-3*i - i` becomes the step `-3 - 1`.
                return Lin({node.name: "1"}, None)
            if node.name in self.env:
                value = self.env[node.name]
                return Lin({}, None if value == "0" else value)
            raise UnplannableError(f"{node.name!r} is not defined")
        if isinstance(node, Call):
            return self._call(node, unknowns)
        if isinstance(node, Neg):
            inner = self.linear(node.inner, unknowns)
            return self._map(inner, self.neg)
        if isinstance(node, Pow):
            return self._power(node, unknowns)
        return self._binop(node, unknowns)

    def _map(self, lin: Lin, f: Callable[[Operand | None], Operand | None]) -> Lin:
        coefs = {k: v for k, c in lin.coefs.items() if (v := f(c)) is not None}
        return Lin(coefs, f(lin.const))

    def _call(self, node: Call, unknowns: tuple[str, ...]) -> Lin:
        fn = self.functions.get(node.name)
        if fn is None:
            raise UnplannableError(f"function {node.name!r} is not defined")
        arg = self.linear(node.arg, unknowns)
        if arg.coefs:
            raise UnplannableError("a function of the unknown is not planned")
        saved = self.env.get(fn.param)
        self.env[fn.param] = arg.const or "0"
        try:
            return self.linear(fn.body, unknowns)
        finally:
            if saved is None:
                self.env.pop(fn.param, None)
            else:
                self.env[fn.param] = saved

    def _power(self, node: Pow, unknowns: tuple[str, ...]) -> Lin:
        base = self.linear(node.base, unknowns)
        if base.coefs:
            raise UnplannableError("a power of the unknown is not linear")
        if base.const is None:
            return Lin()
        out = base.const
        for _ in range(node.exponent - 1):  # x**3 is planned as x*x*x, one product a step
            out = self.goal("*", out, base.const)
        return Lin({}, out)

    def _combine(
        self, a: Lin, b: Lin, f: Callable[[Operand | None, Operand | None], Operand | None]
    ) -> Lin:
        coefs = {}
        for k in sorted(set(a.coefs) | set(b.coefs)):
            value = f(a.coefs.get(k), b.coefs.get(k))
            if value is not None:
                coefs[k] = value
        return Lin(coefs, f(a.const, b.const))

    def _binop(self, node: BinOp, unknowns: tuple[str, ...]) -> Lin:
        a, b = self.linear(node.left, unknowns), self.linear(node.right, unknowns)
        if node.op == "+":
            return self._combine(a, b, self.add)
        if node.op == "-":
            return self._combine(a, b, self.sub)
        if node.op == "*":
            if a.coefs and b.coefs:
                raise UnplannableError("a product of unknowns is not linear")
            if b.coefs:  # keep the written order unless the unknown is on the right
                a, b = b, a
            k = b.const
            return self._map(a, lambda x: self.mul(x, k))
        if b.coefs:
            raise UnplannableError("division by the unknown is not linear")
        k = b.const
        return self._map(a, lambda x: self.div(x, k))

    def value(self, node: Node) -> Operand:
        return self.linear(node).const or "0"

    def _standard(self, lhs: Node, rhs: Node, unknowns: tuple[str, ...]) -> Lin:
        """lhs = rhs as Σ coef·x = const."""
        left, right = self.linear(lhs, unknowns), self.linear(rhs, unknowns)
        coefs = self._combine(Lin(left.coefs), Lin(right.coefs), self.sub).coefs
        return Lin(coefs, self.sub(right.const, left.const))

    def solve(self, lhs: Node, rhs: Node, unknown: str) -> Operand:
        eq = self._standard(lhs, rhs, (unknown,))
        if unknown not in eq.coefs:
            raise UnplannableError(f"{unknown!r} cancels out of the equation")
        return self.div(eq.const or "0", eq.coefs[unknown]) or "0"

    def solve_pair(self, first: tuple[Node, Node], second: tuple[Node, Node], x: str, y: str) -> None:
        """Two linear equations in x, y, by Cramer's rule: x = (c1·b2 − c2·b1) / (a1·b2 − a2·b1),
        y = (a1·c2 − a2·c1) / (a1·b2 − a2·b1); binds both."""
        e1, e2 = self._standard(*first, (x, y)), self._standard(*second, (x, y))
        a1, b1, c1 = e1.coefs.get(x), e1.coefs.get(y), e1.const
        a2, b2, c2 = e2.coefs.get(x), e2.coefs.get(y), e2.const
        det = self.sub(self.mul(a1, b2), self.mul(a2, b1))
        if det is None:
            raise UnplannableError("the two equations do not fix both unknowns")
        self.env[x] = self.div(self.sub(self.mul(c1, b2), self.mul(c2, b1)), det) or "0"
        self.env[y] = self.div(self.sub(self.mul(a1, c2), self.mul(a2, c1)), det) or "0"
