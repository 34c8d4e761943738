"""Equations among the asker's words and fixed-plus-rate stories read more often (eighteenth
round), and what each reading must still refuse."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import spoken_equations
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnsupportedQuestionError
from tests.unit.audit_data import misreads


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # asked to solve it: how do I, can someone, for me, with the asker's asides
        ("Forum question: how do I solve 4(2x + 1) = 3(x + 8)? What does x come out as?",
         "Solve 4*(2*x + 1) = 3*(x + 8) for x."),
        ("solve 3x + 7 = 25 for me pls, my brain is fried", "Solve 3*x + 7 = 25 for x."),
        ("can someone solve 3x + 7 = 31 for me, brain is fried", "Solve 3*x + 7 = 31 for x."),
        ("can someone explain how to get x in x/4 - 3 = 5? what's the value of x?",
         "Solve x/4 - 3 = 5 for x."),
        ("For my spreadsheet formula I need the x that makes 7x + 4 = 3x + 32, what is it?",
         "Solve 7*x + 4 = 3*x + 32 for x."),
        # the letter asked with `= ?`
        ("sticky note: x/4 + 6 = 11 -> x = ?", "Solve x/4 + 6 = 11 for x."),
        # sayings of someone stuck, before, between and after
        ("my kid's homework says 3x + 7 = 40 and I genuinely cannot remember how to do these "
         "lol. what's x?", "Solve 3*x + 7 = 40 for x."),
        ("Forum help pls: 4(2x + 1) = 3x + 29, i keep gettting the wrong answer, what is x",
         "Solve 4*(2*x + 1) = 3*x + 29 for x."),
        ("5(x - 2) = 35 ... what does x come out as? I keep getting a different answer every "
         "time", "Solve 5*(x - 2) = 35 for x."),
        ("Can't solve 7 - 2x = -11, where am I going wrong? what should x be",
         "Solve 7 - 2*x = -11 for x."),
        ("helping my kid with homework and i've totally forgotten how to do this lol. "
         "3x + 7 = 31, what's x?", "Solve 3*x + 7 = 31 for x."),
        ("Note to self: double check 5(x - 4) = 35. What's x?", "Solve 5*(x - 4) = 35 for x."),
        # a fraction asked where the exact answer is one
        ("Solve (x + 3)/5 = 2x - 6, answer as a fraction if it isn't a whole number",
         "Solve (x + 3)/5 = 2*x - 6 for x."),
        # two portions of one thing, put together or one taken from the other
        ("Cookie recipe calls for 3/4 cup white sugar and 2/3 cup brown sugar. How much sugar "
         "is that altogether, as a fraction of a cup?", "What is (3/4) + (2/3)?"),
        ("Used 3/4 of a tin of paint on the hallway and 2/3 of a tin on the landing. How many "
         "tins is that altogether? Give it as a fraction please, not a decimal.",
         "What is (3/4) + (2/3)?"),
        ("Had 5/6 of a bag of compost in the shed and used 1/4 of a bag on the tomatoes. What "
         "fraction of a bag is left?", "What is (5/6) - (1/4)?"),
        ("Had 1 1/2 tins of paint, used 5/8 of a tin on the skirting boards. How much is left? "
         "(fraction pls)", "What is (1 + (1/2)) - (5/8)?"),
        # a rate per class asked as classes (its stem had lost an s)
        ("Membership costs 25 to join and 7.50 per class. Spent 100 so far, how many classes "
         "have I done?", "Solve 25 + 7.50*n = 100 for n."),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # asked to solve it for something that is not its letter
        "can anyone solve 7x - 4 = 3x + 18 for the total",
        # a clause about the equation, not the asker, between it and its ask
        "3x + 7 = 25 and it's the teacher's version, what's x",
        # an aside that names a decimal form where the equation has decimals
        "Solve 0.5x + 1.5 = 4, answer as a fraction",
        # a monthly fee with a bill that is not one month's; cents beside dollars
        "My dance studio charges a £20 monthly fee plus £6 per class. I paid £154 this year - "
        "how many classes did I go to?",
        "my phone bill is $30 a month plus 10 cents per text. this month it was $37.40. how "
        "many texts did I send?",
        # fixed-plus-rate stories a first draft read, each misread by audit M in other words
        # (`the balance came to 59`, `the cake was on the house`, `(no tip, but tolls)`)
        "car hire was 35 up front plus 0.20 a mile, our bill came to 59 - how many miles did we do?",
        "taxi was 3.50 flag fall + 2.25 per mile and I paid 21.50 total (no tip). how many miles "
        "was the ride?",
        "I run a small home bakery. I charge £2.50 for delivery plus £1.75 per cupcake. A "
        "customer's bill came to £23.50 - how many cupcakes did she order?",
        # portions of other things, or of a portion, or scaled
        "3/4 cup of sugar and 2/3 cup of flour, how much sugar is that altogether",
        "I've got a piece that's 2/5 of a 3/4 metre board, what fraction of a metre altogether",
        "used 3/4 of a tin each on two walls and 2/3 of a tin on the door, how many tins in total",
        "had 3/4 of a tin of paint and used 1/4 of it, how much is left",
        # `so far` is the total paid as often as what was there already
        "Membership is 50 upfront and 15 a month. I've paid 170 so far, how many months is that?",
    ],
)
def test_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_sayings_of_someone_stuck_are_one_aside() -> None:
    said = spoken_equations.plain_said("2x = 6, i keep getting a different answer every time")
    assert said == "2x = 6, i'm stuck"
    assert spoken_equations.plain_said("x/4 + 6 = 11 -> x = ?") == "x/4 + 6 = 11, what is x?"


@pytest.mark.parametrize(
    "question", [q for name in ("l", "m", "n") for q in misreads(f"audit_{name}_misreads.txt")]
)
def test_audit_misreads_are_refused(question: str) -> None:
    """Audits L, M and N (docs/audits/round20): every misread they found that the last
    release did not read the same way, and most of those it did, refused."""
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_audit_lists_are_whole() -> None:
    counts = [len(misreads(f"audit_{name}_misreads.txt")) for name in ("l", "m", "n")]
    assert counts == [225, 122, 166]
