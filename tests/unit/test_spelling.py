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


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("find teh difference between 50 and 8", "What is 50 - 8?"),
        ("how many grams are ther in 3 kg", "How many grams are there in 3 kg?"),
        ("waht is 7 times 6", "What is 7*6?"),
        ("pls solve 4k = 20 i keep geting the wrong anwser", "Solve 4*k = 20 for k."),
    ],
)
def test_common_slips_of_everyday_words_are_read_as_meant(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


def test_common_slips_touch_no_number_unit_or_variable_and_keep_the_rest() -> None:
    from reasoning_mesh.planner.natural import _vocabulary
    from reasoning_mesh.planner.spelling import COMMON_SLIPS, fix_slips

    assert not set(COMMON_SLIPS) & _vocabulary()  # no unit or number word is a slip
    assert all(len(k) > 1 and k.isalpha() for k in COMMON_SLIPS)  # never a lone letter
    assert fix_slips("Teh sum of 3 and 4, THER") == "the sum of 3 and 4, there"
    assert fix_slips("tehx = 3; other 5") == "tehx = 3; other 5"  # whole words only
