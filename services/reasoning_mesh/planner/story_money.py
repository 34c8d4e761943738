"""Money beside counts in a story reading (pure): `Stall 27 at the market: sold 18 candles at
£6.50. Takings?` is never `(27*18)-6.50`. A price said with its currency sign (`£6.50`) is
an amount of money; a count times a count is a count, and money is never added to a count nor
subtracted from one, nor multiplied by money. The story model's heads choose a template by
the words around the numbers; this holds their choice to what the numbers are.
"""

from __future__ import annotations

import ast
import re

#: A number written with its currency sign (`£6.50`, `$ 12`, `€1,200`), or as a price by the
#: words after it (`12.50 an hour`, `3.50 each`).
_PRICED = re.compile(
    r"[£$€]\s*(\d[\d,]*(?:\.\d+)?)|(?<![\d.])(\d+\.\d\d)(?= (?:an? (?:hour|day|night)|each|per)\b)"
)
_NUMBER = re.compile(r"(?<![\d.,])\d[\d,]*(?:\.\d+)?")


def mixed(question: str, reading: str) -> str:
    """Why the reading mixes money with counts, or empty. A number is money only where every
    place it is written says so (`3 notebooks at £3 each`: which 3 is the reading's?)."""
    at = {m.start(1) if m[1] else m.start(2): m[1] or m[2] for m in _PRICED.finditer(question)}
    said = {n.replace(",", "") for n in at.values()}
    plain = {m[0].replace(",", "") for m in _NUMBER.finditer(question) if m.start() not in at}
    priced = {n: ("either" if n in plain else "money") for n in said}
    if "money" not in priced.values():
        return ""
    body = reading.removeprefix("What is ").rstrip("?")
    try:
        tree = ast.parse(body, mode="eval").body
    except SyntaxError:
        return ""
    return _kind_error(tree, body, priced)[1]


def _kind_error(node: ast.expr, body: str, priced: dict[str, str]) -> tuple[str, str]:
    """The kind of `node` (`money`, `count` or `any`) and why it mixes them (or empty),
    bottom up."""
    if isinstance(node, ast.UnaryOp):
        return _kind_error(node.operand, body, priced)
    if not isinstance(node, ast.BinOp):
        text = ast.get_source_segment(body, node) or ""
        return priced.get(text, "any"), ""
    left, why = _kind_error(node.left, body, priced)
    right, why_right = _kind_error(node.right, body, priced)
    return ("any", why or why_right) if why or why_right else _combined(node.op, left, right)


#: What an operation makes of its operands' kinds, where they do not mix.
_DIVIDED = {("money", "money"): "count", ("money", "count"): "money", ("money", "any"): "money"}


def _combined(op: ast.operator, left: str, right: str) -> tuple[str, str]:
    """The kind `op` makes of its operands' kinds, and why they mix (or empty)."""
    kinds = {left, right}
    if "either" in kinds:
        return "any", ""  # a number written both as a price and as a count: no kind
    if isinstance(op, ast.Add | ast.Sub):
        if kinds == {"money", "count"}:
            return "any", "the reading adds money to a count of things, or takes it from one"
        return next((k for k in ("money", "count") if k in kinds), "any"), ""
    if isinstance(op, ast.Mult):
        if left == right == "money":
            return "any", "the reading multiplies money by money"
        return ("money" if "money" in kinds else "count"), ""
    # a division: money by a count is money, money by money a count, a count by one any
    return _DIVIDED.get((left, right), "any"), ""
