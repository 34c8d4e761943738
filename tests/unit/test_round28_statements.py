"""One quantity stated, then rounded or converted (twenty-sixth round): the place said first
(`To the nearest thousand, how many is that?`), in digits (`to nearest 10`) or counted in the
statement's own unit (`to the nearest ten miles`), an amount named before a colon, when it was
(`over the weekend`, `in the last hour`) and what was done to it (`used`, `born`, `left`);
and what must still be refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "Lab result: 12.96 g. Our teacher wants it to one decimal place, what do I write?",
            "Round 12.96 to 1 decimal place.",
        ),
        (
            "my spreadsheet shows 347 orders, what's that to the nearest 10",
            "Round 347 to the nearest ten.",
        ),
        (
            "My step count was 1996 in the last hour, what is that to the nearest ten",
            "Round 1996 to the nearest ten.",
        ),
        (
            "Our mailing list has 7499 people. To the nearest thousand, how many is that?",
            "Round 7499 to the nearest thousand.",
        ),
        (
            "Bakery scales say 47.62 kg of flour used this week. What's that to the nearest whole kg?",
            "Round 47.62 to the nearest integer.",
        ),
        ("taxi did 238 miles today, round to nearest 10", "Round 238 to the nearest ten."),
        ("Caravan trip was 153.45 miles. To the nearest ten miles?", "Round 153.45 to the nearest ten."),
        (
            "Dance school raised £27.35 at the bake sale, round to the nearest ten pounds",
            "Round 27.35 to the nearest ten.",
        ),
        (
            "Farm had 1,049 lambs born this year. Round to the nearest 100",
            "Round 1049 to the nearest hundred.",
        ),
        (
            "We had 2,467 visitors at the open day. What's that to the nearest hundred for the "
            "newsletter?",
            "Round 2467 to the nearest hundred.",
        ),
        (
            "We had 2,467 visitors at the open day. Rounded to the nearest hundred, what should I "
            "write in the newsletter?",
            "Round 2467 to the nearest hundred.",
        ),
        (
            "The overnight low was -3.76 degrees. What is that to the nearest whole degree?",
            "Round -3.76 to the nearest integer.",
        ),
        (
            "avg heart rate on todays ride was 72.38 bpm, round it to the nearest whole number?",
            "Round 72.38 to the nearest integer.",
        ),
        (
            "Weighing a sample on the lab balance: 47.96 g. Round it to 1 decimal place for the "
            "results table.",
            "Round 47.96 to 1 decimal place.",
        ),
        (
            "We've got 674 bricks left on the pallet. Round to the nearest hundred for the stock sheet.",
            "Round 674 to the nearest hundred.",
        ),
        (
            "Farm yield was 3849 kg - round that to the nearest hundred kg for the report",
            "Round 3849 to the nearest hundred.",
        ),
        (
            "Recipe wants 750 ml of stock, my jug only has litres on it. How many litres is that?",
            "How many litres are there in 750 ml?",
        ),
        (
            "Recipe calls for 1.2 litres of stock but my jug only has ml markings. How many ml do I "
            "need?",
            "How many ml are there in 1.2 litres?",
        ),
        (
            "The train journey is 135 minutes. How many hours is that as a decimal?",
            "How many hours are there in 135 minutes?",
        ),
        (
            "in cooking class we weighed out 450 g of butter - what's that in kg?",
            "How many kg are there in 450 g?",
        ),
    ],
)
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # money counted in another currency than the amount's, in its small coin, or with
        # no sign that says which money it is (audit H: counts, weights, yen)
        "Charity shop took 1284.60 over the weekend. To the nearest ten pounds, what was that?",
        "Charity shop took 1284.60 pence over the weekend. To the nearest ten pounds, what was that?",
        "Charity shop took $1284.60 over the weekend. To the nearest ten pounds, what was that?",
        "Charity shop took €1284.60 over the weekend. To the nearest ten pounds, what was that?",
        "Charity shop took 1284.60 euros over the weekend. To the nearest ten pounds, what was that?",
        "Dance school raised £27.35 at the bake sale, round to the nearest ten pence",
        # a place counted in another unit than the amount's: a conversion first
        "Caravan trip was 153.45 miles. To the nearest ten km?",
        "Caravan trip was 153.45 km. To the nearest ten miles?",
        "taxi did 238 miles today, round to nearest 10 km",
        "The overnight low was -3.76 degrees Fahrenheit. What is that in Celsius to the nearest "
        "whole degree?",
        # where it is written says it is another amount
        "We had 2,467 visitors at the open day. Rounded to the nearest hundred, what should I "
        "write in the weekly column?",
        # a rate, a share or a part of the amount
        "Farm had 1,049 lambs born per year. Round to the nearest 100",
        "Farm had 1,049 lambs born each year. Round to the nearest 100",
        "We've got 674 bricks left on each pallet. Round to the nearest hundred.",
        "We've got 674 bricks left on the pallet, half of them red. Round to the nearest hundred.",
        "My step count was 1996 in the last hour, what is that per minute to the nearest ten",
        "Bakery scales say 47.62 kg of flour used this week. What's that to the nearest whole kg "
        "per day?",
        "Recipe wants 750 ml of stock for each person, my jug only has litres on it. How many "
        "litres is that?",
        "I weighed out 480 grams of oats twice - what is that in kilograms?",
        # a label that is no name of the amount
        "Discount: 12.96. Round it to one decimal place.",
        "Half: 12.96. Round it to one decimal place.",
        "Each: 12.96. Round it to one decimal place.",
        "Per person: 12.96. Round it to one decimal place.",
        # a thousands comma beside a unit may be a decimal comma
        "Farm produced 12,651 litres of milk this month, whats that to the nearest thousand",
    ],
)
def test_refuses(question: str) -> None:
    assert_refused(question)


@pytest.mark.parametrize("question", audits_misreads("bb", "bc", "bd"))
def test_refuses_the_audits_misreads(question: str) -> None:
    """Audits H (roundings), I (conversions; five older misreads of `rounded` and `gist`
    among them: a time of day after a label, ounces of milk, `11.6 stone`, degrees `in`
    another scale) and review J (`what should it be`, papers named by a scale or a period,
    fluid ounces of buttermilk, a pace in decimal minutes)."""
    assert_refused(question)
