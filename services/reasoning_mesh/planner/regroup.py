"""Another route through the same expression, for the plan's fallback: a chain of products and
quotients as written is worked left to right (`a/b*c/d` → `((a/b)*c)/d`); regrouped, each
factor meets its own divisor first (`(a/b)*(c/d)`). Equal by the rules of rational arithmetic,
but the model is asked different, often smaller, steps — a fresh chance where resampling the
first route's failed step has saturated. A rearrangement only: nothing is evaluated."""

from __future__ import annotations

from reasoning_mesh.planner.expr import BinOp, Call, Neg, Node, Pow


def _chain(node: Node) -> list[tuple[str, Node]]:
    """`a/b*c/d` → [(*, a), (/, b), (*, c), (/, d)]: the left spine of a product chain."""
    if isinstance(node, BinOp) and node.op in "*/":
        return [*_chain(node.left), (node.op, node.right)]
    return [("*", node)]


def regroup(node: Node, shift: int = 0) -> Node:
    """The expression with every product chain regrouped into (factor / divisor) pairs; `shift`
    rotates which factor meets which divisor (`a*b/c`: `(a/c)*b`, shifted `(b/c)*a`)."""
    if isinstance(node, BinOp) and node.op in "*/":
        chain = [(op, regroup(x, shift)) for op, x in _chain(node)]
        factors = [x for op, x in chain if op == "*"]
        divisors = [x for op, x in chain if op == "/"]
        turn = shift % len(factors) if divisors else 0  # a bare product: rewording's job
        factors = factors[turn:] + factors[:turn]
        paired = min(len(factors), len(divisors))
        out: Node | None = None
        for i, factor in enumerate(factors):
            term = BinOp("/", factor, divisors[i]) if i < paired else factor
            out = term if out is None else BinOp("*", out, term)
        assert out is not None  # a chain always starts with a factor
        for divisor in divisors[paired:]:
            out = BinOp("/", out, divisor)
        return out
    if isinstance(node, BinOp):
        return BinOp(node.op, regroup(node.left, shift), regroup(node.right, shift))
    if isinstance(node, Neg):
        return Neg(regroup(node.inner, shift))
    if isinstance(node, Call):
        return Call(node.name, regroup(node.arg, shift))
    if isinstance(node, Pow):
        return Pow(regroup(node.base, shift), node.exponent)
    return node
