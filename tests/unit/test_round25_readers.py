"""Amounts of one household measure (a cup, a tin, a skein, a bag) added, taken away, scaled or
divided within it, a unit conversion followed by the asker's purpose, and one number rounded
among more of the asker's words (twenty-third round); and what must still be refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading", "form"),
    [
        # a total of amounts used or needed
        ("Baking class q - the recipe wants 3/4 cup white sugar and 2/3 cup brown sugar. How "
         "much sugar is that in total? Leave it as a fraction please", "What is (3/4) + (2/3)?",
         "any"),
        ("Painting update: used 3/4 of a tin on the hallway and 2/3 of a tin on the landing. How "
         "many tins is that altogether?", "What is (3/4) + (2/3)?", "any"),
        ("knitting update: used 1/3 of the skein on the front and 1/4 on the back. what "
         "fraction of the skein have I used up?", "What is (1/3) + (1/4)?", "any"),
        ("punch recipe says 3/8 cup of syrup, 1/2 cup of juice and 1/4 cup of lime. how "
         "many cups is that all together, as a fraction", "What is (3/8) + (1/2) + (1/4)?", "any"),
        ("Recipe says 3/4 cup of flour for the dough and another 2/3 cup for dusting the counter. "
         "How much flour do I need in total?", "What is (3/4) + (2/3)?", "any"),
        # what is left, what more is needed
        ("Allotment note to self: had 5/6 of a bag of compost, used 1/4 of a bag on the leeks. "
         "what fraction of a bag is left", "What is (5/6) - (1/4)?", "not_negative"),
        ("Had 5/6 of a tin of gloss left, used half a tin on the door. how much of a tin is "
         "left? as a fraction pls", "What is (5/6) - (1/2)?", "not_negative"),
        ("Baking class q: the recipe needs 5/6 cup of sugar and I've already tipped in 1/4 cup. "
         "how much more do I add?", "What is (5/6) - (1/4)?", "not_negative"),
        ("Baking tonight, I've got 1 1/2 cups of flour but the recipe needs 3 2/3 cups. How many "
         "more cups do I need? as a fraction", "What is (3 + 2/3) - (1 + 1/2)?", "not_negative"),
        # a scaled amount
        ("Recipe wants 2/3 cup of sugar but I'm only making half a batch. How much sugar is "
         "that, as a fraction of a cup?", "What is (2/3)*(1/2)?", "any"),
        ("recipe says 5/6 cup sugar and I'm tripling it for the party, how many cups of sugar do "
         "I need? fraction is fine", "What is (5/6)*3?", "any"),
        ("I'm making two and a half batches of cookies and each batch needs 3/4 tsp of salt - "
         "how much salt is that in total, as a fraction of a teaspoon?",
         "What is (3/4)*(2 + 1/2)?", "any"),
        ("recipe says 3/4 cup of flour but im making it 2/3 size. how much flour do i need? "
         "fraction pls", "What is (3/4)*(2/3)?", "any"),
        # how many fit: a whole count
        ("how many 3/8 cup scoops fit into 3/4 of a cup", "What is (3/4)/(3/8)?", "whole"),
        # a conversion, then the asker's purpose
        ("How many ml is 2.5 litres? Setting up an infusion and my head's gone.",
         "How many ml are there in 2.5 litres?", "any"),
        ("How many weeks is 91 days? caravan season pass", "How many weeks are there in 91 days?",
         "any"),
        ("Prescription says 0.25 g. How many mg is that? Want to double check before I dispense",
         "How many mg are there in 0.25 g?", "any"),
        # one number rounded, where and when it was counted, the paper it is for
        ("Charity shop raised £4,675 this year. For the newsletter I want to round it to the "
         "nearest hundred.", "Round 4675 to the nearest hundred.", "any"),
        ("58,950 people came to the county show over the weekend — what's that to the nearest "
         "thousand?", "Round 58950 to the nearest thousand.", "any"),
        ("Caravan park had 15,750 visitors last summer, round to nearest thousand",
         "Round 15750 to the nearest thousand.", "any"),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str, form: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert (plan.final_check.answer_form if plan.final_check else "any") == form


@pytest.mark.parametrize(
    "question",
    [
        # the amounts of different things, one asked
        "The recipe wants 3/4 cup of flour and 2/3 cup of sugar. How much flour is that in total?",
        # a whole amount unsaid (1 - a - b), or part of what was left
        "I used 2/5 of a tin of paint on the hall and 1/3 of the tin on the landing. What "
        "fraction of the tin is left?",
        "there was 3/4 of a bag of compost left and Maureen used 2/3 of what was left. What "
        "fraction of a whole bag did she use?",
        # another number, another measure, an amount spilled or guessed
        "cooking for 20 tomorrow, the sauce needs 1/3 cup white sugar and 1/4 cup brown sugar. "
        "how much sugar is that in total?",
        "The recipe wants 3/4 cup of sugar and 2 tablespoons of honey. How many cups is that?",
        "I used 3/4 cup of sugar and spilled 1/4 cup. How much sugar is that in total?",
        "The recipe wants about 3/4 cup of sugar and 2/3 cup more. How much sugar in total?",
        # a scale of people, not of the recipe
        "Recipe serves 4 and uses 3/4 cup of sugar. I'm making it for 6. How much sugar do I need?",
        # had and used read the other way round
        "I used 1/4 of a bag on the leeks and had 5/6 of a bag. How much is left?",
        # a purpose that names a time, a round trip, a system of units, a rounding (audit C)
        "How many days in 6 weeks? working days",
        "How many km is 5 miles? to work and from work",
        "How many weeks is 100 days? bump it up",
        # a number's clause that goes on to another amount (audit D)
        "My salary was raised by £1,247.50 so my new salary, to the nearest hundred?",
        "Charity shop raised £4,675. For the newsletter, what was it last year, to the nearest hundred?",
        # parts of one bag past the bag, an amount of nothing said, pence beside pounds, a zero
        # below a fraction (the review)
        "I used 3/4 of the bag on the roses and then 1/2 on the tulips. What fraction of the bag "
        "have I used?",
        "The recipe needs 3/4 cup of butter and 1/2 cup for dusting the counter. How much butter "
        "do I need?",
        "The taxi charges £3.50 plus 180 per mile. The fare was £21.50. How many miles was the trip?",
        "The recipe needs 1/0 cup of sugar and I've got 1/4 cup. How much more do I need?",
        "Waiting time included. The taxi charges £3.50 plus £1.80 per mile. The fare was £21.50. "
        "How many miles was the trip?",
    ],
)
def test_refuses(question: str) -> None:
    assert_refused(question)


@pytest.mark.parametrize(
    "question",
    audits_misreads("ad", "ae", "af", "ag", "ah", "ai", "aj", "ak", "al"),
)
def test_refuses_the_audits_misreads(question: str) -> None:
    """Every misread of audits A-I of this round (`ad` to `al`) that the mends refuse; those
    still read are named in docs/audits/round25/README.md (each the base's own, or debatable)."""
    assert_refused(question)
