"""Operations said one after another: each step on the result before it, in the order said,
and only the four operations with a number of their own."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import steps
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("add 45 and 55 then times the result by 3", "What is (45 + 55)*3?"),
        # read by the grammar's `then` since the twenty-first round: the same value
        ("whats twelve times fifteen, and then take away seven from that", "What is 12*15 - 7?"),
        ("what is 3/4 + 1/6 then multiply by 12", "What is ((3/4) + (1/6))*12?"),
        ("add 5 to 12, then divide by 2 and take 3 away", "What is ((5 + 12)/2) - 3?"),
        ("add 5 to 12, then add 3 and multiply by 2", "What is ((5 + 12) + 3)*2?"),
        ("what's 9.8 take away 3.45?", "What is 9.8 - 3.45?"),
        ("45.50 + 12.75 + 8.20, what's the total", "What is 45.50 + 12.75 + 8.20?"),
        ("how much is 12.75 + 8.4 + 19.99 altogether", "What is 12.75 + 8.4 + 19.99?"),
        ("multiply 23 by 17 for me, calculator's dead lol", "What is 23*17?"),
        # multiplicative numerals name their number as `two` does
        ("12 + 3 then double it", "What is (12 + 3)*2?"),
        ("what is 5 plus 3, then double it", "What is (5 + 3)*2?"),
        ("so what is 3 + 4 then double it", "What is (3 + 4)*2?"),
    ],
)
def test_steps_in_the_order_said(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "12 + 3 then square it",  # no number of its own
        "round 3.456 to 1 dp then add 2",  # a rounding is no first step
        "add 5 to 12 then divide 20 by it",  # the result as the divisor: not a step here
        "add 5 to 12 then add 3 and 4",
        "what is 12 + 3 then take away 2 from 10",
        # From the fourth audit: a fraction taken off is a share of the amount.
        "60 then take off a third",
        "add 20 and 40 then take off a half",
        "I think of a number, take off a third and get 10. What is the number?",
        "i think of a number, add a quarter and get 10. what is the number",
        "7 x 3 then add 4 to the other one",
    ],
)
def test_any_other_step_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_the_steps_are_built_only_from_the_question() -> None:
    assert steps.then_steps("add 45 and 55 then times the result by 3") == "what is (45 + 55) times 3"
    assert steps.then_steps("12 + 3") is None
    assert steps.thought_of("i think of a number, add 7 and get 9. what is the number") == (
        "solve n plus 7 = 9 for n"
    )


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("144 divided by 16 = ?", "What is 144/16?"),
        ("2/3 times 9/14 =", "What is (2/3)*(9/14)?"),
        ("total of 1250, 378 and 96?", "What is 1250 + 378 + 96?"),
        ("what is 7951 when rounded to the nearest hundred", "Round 7951 to the nearest hundred."),
        ("Knock 125 off 500.", "What is 500 - 125?"),
        ("Increase 75 by 30, please.", "What is 75 + 30?"),
        ("Decrease 90 by 6", "What is 90 - 6?"),
        ("Share 90 equally between 6.", "What is 90/6?"),
        ("what number do you get if you add 17, 28 and 35", "What is 17 + 28 + 35?"),
    ],
)
def test_more_words_for_the_four_operations(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "3 + 4 = 8?",
        "x + 3 = ?",
        "increase 75 by 30%",
        "share 90 between 6 and 3",
        # `increase 40 by a quarter` is 50: whole amounts only.
        "increase 40 by a quarter",
        "increase 40 by 1/4",
        "decrease 60 by 1/3",
        "reduce 40 by a half",
        "knock a third off 60",
        "reduce 12/16 by 4",  # cancel?
    ],
)
def test_a_claim_an_unknown_or_a_percentage_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("round 0.8 to nearest whole", "Round 0.8 to the nearest integer."),
        ("rounding 149.7 to nearest 10?", "Round 149.7 to the nearest ten."),
        ("9.8765 cm. What is that to one decimal place?", "Round 9.8765 to 1 decimal place."),
        ("the trail is 8750 metres. how far is that in km", "How many km are there in 8750 metres?"),
        ("how many hours there are in 2 weeks", "How many hours are there in 2 weeks?"),
    ],
)
def test_clipped_roundings_and_indirect_conversions(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading
