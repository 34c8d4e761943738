"""A small parser for the expressions and equations questions are written in.

Shared by the planner (which turns the tree into sub-goals, never evaluating it) and the verifier
(which evaluates it exactly to *check* a candidate answer by substitution — accept or reject)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from reasoning_mesh.errors import NonRetryableError
from reasoning_mesh.models.reasoner.numbers import negated


class UnplannableError(NonRetryableError):
    code = "unplannable"


class UnsupportedQuestionError(UnplannableError):
    """A well-formed question of no shape the mesh can plan: answered `unsupported`, with this
    reason and no answer (never a guessed number), and not dead-lettered: nothing is wrong with
    the record."""

    code = "unsupported"


@dataclass(frozen=True)
class Num:
    """A number literal: its exact value (for checking) and its text as the question writes it
    (what prompts carry)."""

    value: Fraction
    text: str


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Call:
    name: str
    arg: Node


@dataclass(frozen=True)
class Neg:
    inner: Node


@dataclass(frozen=True)
class BinOp:
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Pow:
    base: Node
    exponent: int


Node = Num | Var | Call | Neg | BinOp | Pow

_TOKEN = re.compile(r"\s*(\d+\.\d+|\d+|[A-Za-z_]\w*|\*\*|[-+*/()=,])")


def tokenize(text: str) -> list[str]:
    tokens, pos, text = [], 0, text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise UnplannableError(f"unexpected {text[pos : pos + 10]!r} in {text!r}")
        tokens.append(m.group(1))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return tokens


class Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise UnplannableError(f"{self.text!r} ends too early")
        self.i += 1
        return tok

    def done(self) -> None:
        if self.peek() is not None:
            raise UnplannableError(f"unexpected {self.peek()!r} in {self.text!r}")

    def expr(self) -> Node:
        left = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            left = BinOp(op, left, self.term())
        return left

    def term(self) -> Node:
        left = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()
            left = BinOp(op, left, self.unary())
        return left

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            inner = self.unary()
            # A signed literal is one number as written, not an operation; `- -3` is read as `3`
            # by the lexical sign rule (`numbers.negated`), its digits untouched.
            return Num(-inner.value, negated(inner.text)) if isinstance(inner, Num) else Neg(inner)
        if self.peek() == "+":
            self.take()
            return self.unary()
        return self.power()

    def power(self) -> Node:
        base = self.atom()
        if self.peek() == "**":
            self.take()
            exp = self.take()
            if not exp.isdigit() or not 1 <= int(exp) <= 6:
                raise UnplannableError(f"only small whole powers are planned, not **{exp}")
            return Pow(base, int(exp))
        return base

    def atom(self) -> Node:
        tok = self.take()
        if tok == "(":
            inner = self.expr()
            if self.take() != ")":
                raise UnplannableError(f"unbalanced parentheses in {self.text!r}")
            return inner
        if tok[0].isdigit():
            return Num(Fraction(Decimal(tok)), tok)
        if tok[0].isalpha() or tok[0] == "_":
            if self.peek() == "(":
                self.take()
                arg = self.expr()
                if self.take() != ")":
                    raise UnplannableError(f"unbalanced call in {self.text!r}")
                return Call(tok, arg)
            return Var(tok)
        raise UnplannableError(f"unexpected {tok!r} in {self.text!r}")


def parse_expr(text: str) -> Node:
    p = Parser(text)
    node = p.expr()
    p.done()
    return node


def parse_equation(text: str) -> tuple[Node, Node]:
    if text.count("=") != 1:
        raise UnplannableError(f"not one equation: {text!r}")
    lhs, rhs = text.split("=")
    return parse_expr(lhs), parse_expr(rhs)


def variables(node: Node) -> set[str]:
    if isinstance(node, Var):
        return {node.name}
    if isinstance(node, Call):
        return variables(node.arg)
    if isinstance(node, Neg):
        return variables(node.inner)
    if isinstance(node, Pow):
        return variables(node.base)
    if isinstance(node, BinOp):
        return variables(node.left) | variables(node.right)
    return set()


def evaluate(node: Node, env: dict[str, Fraction]) -> Fraction | None:  # noqa: PLR0911
    """Exact value (None on division by zero or an unbound name). Used only to check."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Var):
        return env.get(node.name)
    if isinstance(node, Neg):
        v = evaluate(node.inner, env)
        return None if v is None else -v
    if isinstance(node, Pow):
        base = evaluate(node.base, env)
        return None if base is None else base**node.exponent
    if isinstance(node, BinOp):
        a, b = evaluate(node.left, env), evaluate(node.right, env)
        if a is None or b is None:
            return None
        if node.op == "+":
            return a + b
        if node.op == "-":
            return a - b
        if node.op == "*":
            return a * b
        return None if b == 0 else a / b
    return None  # calls are substituted by the planner before a check


def cancels(lhs: Node, rhs: Node, var: str) -> bool:
    """Whether the unknown of an equation in it alone cancels out (`x = x`, `2x = 2x + 1`: every
    number or none solves it): both sides' difference is the same at two values. Only a check;
    no number of the plan comes from it."""
    if variables(lhs) | variables(rhs) != {var}:
        return False
    differences = set()
    for at in (Fraction(1), Fraction(2)):
        left, right = evaluate(lhs, {var: at}), evaluate(rhs, {var: at})
        if left is None or right is None:
            return False
        differences.add(left - right)
    return len(differences) == 1
