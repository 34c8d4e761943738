"""Equal shares (`planner/shares.py`): what is read, what is refused, and the answer's form the
verifier holds the result to (a share of counted things is whole, of money whole cents)."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.shares import read

READ = [
    ("48 cookies shared evenly between 6 kids, how many does each get", "What is 48/6?", "whole"),
    (
        "If I split 864 stickers evenly between 12 kids, how many does each kid get?",
        "What is 864/12?",
        "whole",
    ),
    (
        "We baked 144 cookies for the school fair and want to split them equally between 16 kids. "
        "How many does each kid get?",
        "What is 144/16?",
        "whole",
    ),
    (
        "15 of us are splitting 420 quid evenly for the cottage, how much each?",
        "What is 420/15?",
        "cents",
    ),
    (
        "I'm splitting a bill of 84 dollars evenly between 7 friends, how much does each person pay?",
        "What is 84/7?",
        "cents",
    ),
    (
        "If we split a $156 restaurant bill evenly between 12 friends, how much does each person pay?",
        "What is 156/12?",
        "cents",
    ),
    (
        "Four of us had dinner and the bill came to 87.32, we're splitting it evenly. How much does "
        "each person pay?",
        "What is 87.32/4?",
        "cents",
    ),
    (
        "we're splitting the 120 dollar rent 4 ways, how much does each of us pay",
        "What is 120/4?",
        "cents",
    ),
    (
        "6 of us went out for dinner and the bill was 143.46. if we split it evenly how much "
        "does each person pay?",
        "What is 143.46/6?",
        "cents",
    ),
    # `what does each ... pay/get` asks of either (an audit found it crashing a draft)
    ("split the $120 bill evenly between 4 friends, what does each pay?", "What is 120/4?", "cents"),
    (
        "if i split 864 stickers evenly between 12 kids, what will each kid get?",
        "What is 864/12?",
        "whole",
    ),
    (
        "share 90 marbles equally among 5 children, how many does each child get?",
        "What is 90/5?",
        "whole",
    ),
]

REFUSED = [
    "split 30 sweets between 5 kids and me, how many each",  # six shares
    "split 30 sweets between 5 kids and the dog, how many each",
    "split 30 sweets between 5 kids, how many does each get after i eat 2",
    "48 cookies split between 6 kids, how much does each get",  # `how much` of things
    "split 48 dollars between 6 kids, how many does each get",  # `how many` of money
    "48 litres split between 6 kids, how many does each get",  # a measure, not things
    "48 cookies split between 6 kids, 2 are left over, how many does each get",
    "split the 60 pound bill between 4 friends plus a tip, how much does each pay",
    "48 cookies split between 6 kids but tom gets half, how many does each get",
    "split 48 cookies between 6 kids, how many do i get",  # not each
    "6 kids each have 48 cookies and share them, how many does each get",
    "split 48 cookies between 6 pairs of kids, how many does each get",
    "split 48 cookies into groups of 6, how many does each get",
    "split 48 cookies between 6 kids, how many does each dog get",  # who asks is not a share
    "split 48 cookies between 6 kids, how many does each kid get to the nearest ten",
    "split 1 cookie between 6 kids, how much does each get",
    "split 48 cookies between 1 kid, how many does each get",
    "share 48 cookies between 6 kids per day, how many does each get",
    "share 48 cookies and 12 cakes between 6 kids, how many does each get",
    "split 48 cookies between 6 kids in 2 classes, how many does each get",
    "what is 48 cookies split between 6 kids",
    # from the audits of this round: open words that change the shares or the amount
    "split 60 sweets between 4 kids, and their teacher, how many does each get",
    "split 60 sweets evenly between 4 kids, but Tom gets none, how many does each get",
    "split 60 sweets unevenly between 4 kids, how many does each get",
    "split 60 sweets evenly between 4 teams, how many does each person get",
    "split 8 dozen eggs evenly between 4 families, how many does each get",
    "split 8 score marbles evenly between 4 kids, how many does each kid get?",
    "split $12,000 evenly between 4 friends, how much does each get",
    "split 84 dollars a head evenly between 7 friends, how much does each pay",
    "split the $120 per-person bill evenly between 4 friends, how much does each pay?",
    "split $20 notes evenly between 4 friends, how much does each get?",
    "split 85 euro cents evenly between 4 kids, how much does each get",
    "four of us had dinner and the bill came to 87.32 before the drinks, we're splitting it evenly. "
    "how much does each person pay?",
    "Tom ate 4 of the sweets first. Split 60 sweets evenly between 4 kids, how many each?",
]


@pytest.mark.parametrize(("question", "reading", "form"), READ)
def test_equal_shares_are_read_with_the_answer_form_due(question: str, reading: str, form: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert plan.final_check.answer_form == form
    (goal,) = plan.goals
    assert goal.op == "/" and (goal.notation == "decimal" or form == "whole")


@pytest.mark.parametrize("question", REFUSED)
def test_shares_said_otherwise_are_not_read(question: str) -> None:
    assert read(question) is None
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_a_quotient_when_dividing_must_be_whole() -> None:
    """School's quotient when dividing is a whole number with a remainder: `17 / 5` does not
    answer `the quotient when 17 is divided by 5`, so the verifier fails a result that is not
    whole (`936 / 24` = 39 answers its question)."""
    for question in (
        "what is the quotient when 17 is divided by 5",
        "what is the quotient when 936 is divided by 24",
    ):
        plan = plan_question(question)
        assert plan.final_check.answer_form == "whole"
    assert plan_question("what is the quotient of 17 and 5").final_check.answer_form == "any"


def test_a_difference_between_two_numbers_is_not_negative() -> None:
    """People's `difference between 1,250 and 3,875` is 2625: the reading keeps the order said
    (`1250 - 3875`) and the plan asks the verifier for an answer that is not negative, so the
    request fails rather than answer -2625 (sealed file 19 counted that answer wrong)."""
    plan = plan_question("What's the difference between 1,250 and 3,875?")
    assert (plan.reading, plan.final_check.answer_form) == ("What is 1250 - 3875?", "not_negative")
