"""Typos in the grammar's long keywords are read as the keyword; nothing else is corrected."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.spelling import _one_edit, correct


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("whats the diffrence between 1287 and 905", "What is 1287 - 905?"),
        ("what is the prodcut of 3 and 4", "What is 3*4?"),
        ("what is the quotent of 12 and 4", "What is 12/4?"),
        ("round 3.14159 to 2 decimel places", "Round 3.14159 to 2 decimal places."),
        ("12 devided by 4", "What is 12/4?"),
    ],
)
def test_a_misspelt_keyword_is_read_as_the_keyword(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "two thousnd plus 3",
        "sixten plus 2",
        "5 kilometrs in metres",
        "12 dividend by 4",
        "multiple 6 by 4",
    ],
)
def test_numbers_units_and_real_words_are_never_corrected(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_one_edit_and_ambiguity() -> None:
    assert _one_edit("diffrence", "difference") and _one_edit("quotinet", "quotient")
    assert not _one_edit("divide", "divide") and not _one_edit("dvdd", "divided")
    # Two keywords one edit away: left as written.
    assert correct("abcdef", ["abcdeg", "abcdeh"], []) == "abcdef"
    assert correct("abcdef", ["abcdeg"], ["abcdef"]) == "abcdef"  # a known word stays
