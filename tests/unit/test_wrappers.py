"""What people write around a question comes off its ends; nothing that could change it does."""

from __future__ import annotations

import re

import pytest

from reasoning_mesh.planner import wrappers
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from tests.unit.gate import assert_names_no_maths


@pytest.mark.parametrize(
    ("question", "core"),
    [
        ("can u work out 7 × (15 − 8) for me", "work out 7 × (15 − 8)"),
        ("quick one - 0.00456 correct to 3 decimal places", "0.00456 correct to 3 decimal places"),
        ("stuck on this one: 9 = 3q + 12", "9 = 3q + 12"),
        ("quick one, (12 + 8) x 3 = ?", "(12 + 8) x 3 = ?"),
        ("multiply 2/5 by 15/4, answer as a fraction", "multiply 2/5 by 15/4"),
        ("what 48 plus 27 comes to", "48 plus 27"),
        ("hey there, can you tell me what is 3 plus 4 thanks", "what is 3 plus 4"),
        ("Help me with 3 + 4 pls", "3 + 4"),
        # Before an ask, `one` is a pronoun with no separator: `1 whats ...` is no number.
        ("quick one whats 847 + 389", "whats 847 + 389"),
        ("homework q: 6(p - 1) = 4p + 9", "6(p - 1) = 4p + 9"),
        ("7/8 times 4/21 simplest form", "7/8 times 4/21"),
    ],
)
def test_wrappers_come_off_the_ends(question: str, core: str) -> None:
    assert wrappers.unwrap(question) == core


@pytest.mark.parametrize(
    "question",
    [
        "quick one plus two",  # `one` is the number here: no separator ends an opener
        "next one 3 + 4",
        "quick one 3 + 4",
        "3 + 4 as a decimal",  # asks for another form of the answer
        "my teacher says 3 + 4 then square it",  # the opener comes off; what is left is unread
    ],
)
def test_nothing_else_comes_off(question: str) -> None:
    core = wrappers.unwrap(question)
    assert question.removeprefix("so ").endswith(core.removeprefix("so "))
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def _phrases() -> list[str]:
    return (
        [
            p.strip().rstrip(":,?!").removesuffix(" one")
            for p in (
                *wrappers._MORE_OPENERS,
                *wrappers._ONE_OPENERS,
                *wrappers._MORE_TAILS,
                *wrappers._FRACTION_TAILS,
                "giving c as a fraction",
                "fraction answer is fine",  # the bracketed note, its words
            )
        ]
        + [
            w
            for group in (wrappers._WHO, wrappers._PAPER, wrappers._ASKING)
            for w in re.split(r"[|()?:]+", group)
        ]
        + [part.strip() for frame in wrappers._MORE_FRAMES for part in frame.split("{}") if part.strip()]
    )


@pytest.mark.parametrize("phrase", _phrases())
def test_an_added_wrapper_names_no_operation_number_grouping_or_rounding(phrase: str) -> None:
    """The same rule the model's wrappers are held to (`test_translator_phrasing`)."""
    assert_names_no_maths(phrase)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("can u work out 7 × (15 − 8) for me", "What is 7*(15 - 8)?"),
        ("stuck on this one: 4(a + 1) = 2(a - 5)", "Solve 4*(a + 1) = 2*(a - 5) for a."),
        ("quick one - 0.00456 correct to 3 decimal places", "Round 0.00456 to 3 decimal places."),
        ("hey, 73,419 to the nearest ten thousand?", "Round 73419 to the nearest ten thousand."),
        ("teacher wants 872 rounded to the nearest hundred", "Round 872 to the nearest hundred."),
        ("my son's homework says 6 = 2z - 8. what's z?", "Solve 6 = 2*z - 8 for z."),
        ("my daughter needs help dividing 3/4 by 9/10", "What is (3/4)/(9/10)?"),
        ("I've got 250 mg, what is that in grams", "How many grams are there in 250 mg?"),
        ("Solve the equation 10 = 4c + 1, giving c as a fraction.", "Solve 10 = 4*c + 1 for c."),
    ],
)
def test_the_planner_reads_what_is_inside(question: str, reading: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading and plan.plan_source == "rules"


def test_a_wrapped_question_it_cannot_read_is_still_refused() -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question("hey quick one: what is the capital of France? thanks")


@pytest.mark.parametrize(
    "question",
    [
        # The audit's cases (each was read, wrongly, by an earlier draft or before this change).
        "1 1/2 ÷ 3/4",  # a mixed number, not 1 × 1/2
        "my daughter needs help with 1 1/2 ÷ 3/4",
        "hey - 5 + 3",  # a dash or a minus
        "what is 0.75 as a fraction",  # asks for a form the answer would not have
        "what is 0.5 + 0.25 as a fraction",
        "solve 4c + 1 = 2.5, giving c as a fraction",
        "what is 0.333... as a fraction",
        "what is sixty-fourths plus 1",  # an ordinal, not 60/4
        "the product of one and a half",  # 1 × 1/2 or 1½
        "add two and a half",
        "what is sixty and four times two",  # `and` joins number words only after a scale
        "3/4 ÷ 3/8 x 2",  # a chain after a fraction division
        "quick one -5 + 3",  # `1 - 5 + 3` or `-5 + 3`
        "easy one -2 * 3",
    ],
)
def test_what_the_audit_found_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("can u -5 + 3", "What is -5 + 3?"),  # the minus stays with its number
        ("my son's homework says -2(x + 1) = 8", "Solve -2*(x + 1) = 8 for x."),
        ("teacher wants -0.5 to the nearest whole number", "Round -0.5 to the nearest integer."),
        ("quick one - 5 + 3", "What is 5 + 3?"),  # not `1 - 5 + 3`
        ("this one - 3 x 4", "What is 3*4?"),
        ("2/3 + 1/6 as a fraction", "What is (2/3) + (1/6)?"),
        ("I'm stuck on 5/6 - 1/4, what's the answer as a fraction", "What is (5/6) - (1/4)?"),
    ],
)
def test_signs_and_pronouns_survive_the_wrappers(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading
