"""A statement of a quantity before a question that names it again is read past; any other
background is not (instructions, number systems, forms of the answer, second questions)."""

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
        (
            "The lorry is carrying 2.5 tonnes of sand. How many kilograms are in 2.5 tonnes?",
            "How many kilograms are there in 2.5 tonnes?",
        ),
    ],
)
def test_a_stated_quantity_asked_about_again_is_read_past(text: str, reading: str) -> None:
    assert plan_question(text).reading == reading


@pytest.mark.parametrize(
    "text",
    [
        "It costs 5. What is 3 + 4?",  # a number the question does not name
        "I have 3 apples. What is 3 + 4?",  # no statement of a quantity with its name
        "I ran 5 km twice today. How many m is 5 km?",  # `twice`
        "My commute is 45 minutes. What's 45 seconds in hours?",
        "Working in base 6. What is 5 + 1?",
        "Give answers to 2 dp. What is 10/4?",
        "We work mod 7 today. What is 5 + 4?",
        "x = 3 here. What is 2 + 3?",
        # from the audit of the first draft: instructions, corrections, systems, forms, a
        # second question
        "Double the result. What is 3 + 4?",
        "Sorry I meant minus. What is 9 + 5?",
        "We are working in ternary. What is 2 + 2?",
        "As a percentage. What is 3 / 4?",
        "What is 45 minutes in hours? And 45 minutes in seconds?",
        "Tom ate 4 of the sweets first. Split 60 sweets evenly between 4 kids, how many each?",
    ],
)
def test_any_other_background_is_not_read_past(text: str) -> None:
    assert question(text) is None
    with pytest.raises(UnsupportedQuestionError):
        plan_question(text)
