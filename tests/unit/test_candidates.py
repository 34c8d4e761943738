"""Answers the asker offers (`... - is it 6400 or 6500?`) are not operands: the question before
them is read alone; a claim about the maths itself is not such a question."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.candidates import without
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "My kid's worksheet says round 6,482 to the nearest hundred - is it 6400 or 6500?",
            "Round 6482 to the nearest hundred.",
        ),
        (
            "my son's homework says round 2.0719 to 2 decimal places, is it 2.07?",
            "Round 2.0719 to 2 decimal places.",
        ),
        ("what is 7 x 8, is it 54 or 56?", "What is 7*8?"),
        ("what is 3 + 4 - 2, is it 5", "What is 3 + 4 - 2?"),
        ("solve 2x + 1 = 7, is it 3?", "Solve 2*x + 1 = 7 for x."),
    ],
)
def test_offered_answers_come_off_and_the_question_is_read(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "i think 5 + 3 = 9, is that right?",  # a claim: yes or no
        "is 7499 rounded to the nearest thousand 7000 or 8000?",
        "what is 8 minus, is it 3",  # nothing left to read
        "is it 54 or 56?",
        "what is 10 - is it 5?",  # a minus or a dash: from an audit
        "what is 100 -- is it 50?",
        "What is 2 + 2" + ", is it 4" * 1000,  # offers come off once (no recursion)
    ],
)
def test_claims_and_bare_offers_are_not_read(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_only_bare_numbers_at_the_end_are_offers() -> None:
    assert without("what is 7 x 8, is it 54 or 56?") == "what is 7 x 8"
    assert without("what is 7 x 8, is it bigger than 50?") is None
    assert without("is it 54 or 56?") is None
