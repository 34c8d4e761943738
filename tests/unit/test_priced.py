"""So many things at a price each, and their total (`planner/priced.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnsupportedQuestionError


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("quick one before I send this invoice - 3 items at £12.49 each plus £4.75 delivery, "
         "what's the total?", "What is 3*12.49 + 4.75?"),
        ("Sold 48 candles at the craft market at £6.75 each, what did I take in total?",
         "What is 48*6.75?"),
        ("filled the van with 41.6 litres at 1.45 a litre, what did that cost me",
         "What is 41.6*1.45?"),
        ("3 tickets at £8.50 each, what's the total?", "What is 3*8.50?"),
        ("I bought 3 items at £12.49 each. What's the total?", "What is 3*12.49?"),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert {g.notation for g in plan.goals} == {"decimal"}


@pytest.mark.parametrize(
    "question",
    [
        "3 items at £12.49 each plus £4.75 delivery each, what's the total?",
        "3 items at £12.49 each, what's the total for both of us?",
        "Each of us bought 3 items at £12.49 each, total?",
        "3 items at £12.49 each - what's the total in dollars?",
        "3 dozen eggs at £2.10 each, what's the total?",
        "3 pairs of socks at £2 each, what's the total?",
        "3 items at £12.49 each plus £4.75 delivery, what's the total per item?",
        "Sold 48 candles at £6.75 each, what did I take after costs?",
        "3 tickets at £8.50 each, how much is that for the family?",
        "3 nights at £85 each per person, total?",
        "3 items at $12.49 each plus £4.75 delivery, what's the total?",
        "I bought 3 items at £12.49 each and my sister did too, what's the total?",
        "3 items at £12.49 each, how much change from a tenner?",
        "3 items at £12.49 each, what's the total with VAT?",
        "3 kids at £8.50 each, what's the total?",
    ],
)
def test_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


_AUDIT_H = Path(__file__).parent / "data" / "audit_h_misreads.txt"


@pytest.mark.parametrize("question", [q for q in _AUDIT_H.read_text().splitlines() if q.strip()])
def test_audit_h_misreads_are_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)
