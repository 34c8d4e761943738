"""Arithmetic questions → a DAG of one-operation sub-goals, innermost first.

Parsing reads the question's structure only: operands are literals from the question or
references to earlier sub-goals, whose values will be the model's verified answers. The planner
never computes a result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from reasoning_mesh.errors import NonRetryableError


class UnplannableError(NonRetryableError):
    code = "unplannable"


@dataclass(frozen=True)
class Ref:
    goal: int


Operand = Fraction | Ref


@dataclass(frozen=True)
class SubGoal:
    id: int
    op: str
    left: Operand
    right: Operand
    depends_on: tuple[int, ...]


_LEAD = re.compile(
    r"^(what is the value of|what is|calculate|evaluate|compute|work out)\s+", re.IGNORECASE
)
_TOKEN = re.compile(r"\s*(\d+\.\d+|\d+|[-+*/()])")


def expression_of(question: str) -> str:
    text = _LEAD.sub("", question.strip()).rstrip("?.").strip()
    if not text or not re.fullmatch(r"[\d\s.+\-*/()]+", text):
        raise UnplannableError(f"not an arithmetic expression: {question!r}")
    return text


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = self._lex(text)
        self.i = 0
        self.goals: list[SubGoal] = []

    @staticmethod
    def _lex(text: str) -> list[str]:
        tokens, pos = [], 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if not m:
                raise UnplannableError(f"unexpected character at {pos} in {text!r}")
            tokens.append(m.group(1))
            pos = m.end()
            while pos < len(text) and text[pos].isspace():
                pos += 1
        return tokens

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise UnplannableError("expression ends too early")
        self.i += 1
        return tok

    def goal(self, op: str, left: Operand, right: Operand) -> Ref:
        deps = tuple(x.goal for x in (left, right) if isinstance(x, Ref))
        self.goals.append(SubGoal(len(self.goals), op, left, right, deps))
        return Ref(len(self.goals) - 1)

    def expr(self) -> Operand:
        left = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            left = self.goal(op, left, self.term())
        return left

    def term(self) -> Operand:
        left = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()
            left = self.goal(op, left, self.unary())
        return left

    def unary(self) -> Operand:
        if self.peek() == "-":
            self.take()
            inner = self.unary()
            if isinstance(inner, Fraction):
                return -inner  # a signed literal, as written
            return self.goal("*", Fraction(-1), inner)
        if self.peek() == "+":
            self.take()
            return self.unary()
        return self.atom()

    def atom(self) -> Operand:
        tok = self.take()
        if tok == "(":
            inner = self.expr()
            if self.take() != ")":
                raise UnplannableError("unbalanced parentheses")
            return inner
        if tok[0].isdigit():
            return Fraction(Decimal(tok))
        raise UnplannableError(f"unexpected {tok!r}")


def plan_expression(question: str) -> tuple[list[SubGoal], Operand]:
    """Sub-goals in dependency order, and the operand holding the final answer."""
    parser = _Parser(expression_of(question))
    result = parser.expr()
    if parser.peek() is not None:
        raise UnplannableError(f"unexpected {parser.peek()!r} after the expression")
    return parser.goals, result
