"""Background before a question that states all its maths itself is read past; background that
may change what the question means is not."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.context import question
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        (
            "My commute is 45 minutes each way. What's 45 minutes in hours?",
            "How many hours are there in 45 minutes?",
        ),
        ("I have 3 apples. What is 3 + 4?", "What is 3 + 4?"),
        (
            "checking my sons homework and i think hes wrong... 5/6 - 2/9 is what",
            "What is (5/6) - (2/9)?",
        ),
        ("I ran 5 km twice today. How many m is 5 km?", "How many m are there in 5 km?"),
    ],
)
def test_background_is_read_past(text: str, reading: str) -> None:
    assert plan_question(text).reading == reading


@pytest.mark.parametrize(
    "text",
    [
        "It costs 5. What is 3 + 4?",  # a number the question does not repeat
        "Working in base 6. What is 5 + 1?",
        "Give answers to 2 dp. What is 10/4?",
        "Answers as fractions please. What is 0.5 + 0.25?",
        "We work mod 7 today. What is 5 + 4?",
        "x = 3 here. What is 2 + 3?",
        "Assume nothing. What is 2 + 3?",
    ],
)
def test_background_that_may_change_the_question_is_not(text: str) -> None:
    assert question(text) is None
    with pytest.raises(UnsupportedQuestionError):
        plan_question(text)
