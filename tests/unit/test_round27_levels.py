"""A level that rises or falls steadily to a target, in fixed tellings (twenty-fifth round):
savings put away each week, rows knitted each night, a bag filling or running, a temperature
warming or cooling; and what must still be refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import levels
from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading", "form"),
    [
        (
            "Saving for a laptop: I've got 90 already and I'm putting away 20 a week. After how "
            "many weeks will I have 450?",
            "Solve 90 + 20*n = 450 for n.",
            "count",
        ),
        (
            "i'm saving £30 a week for a new phone and already have £75. How many weeks until "
            "I've got £315?",
            "Solve 75 + 30*n = 315 for n.",
            "count",
        ),
        (
            "Knitting update: I've done 24 rows and I knit 6 rows a night. How many more nights "
            "until I'm at 90 rows?",
            "Solve 24 + 6*n = 90 for n.",
            "count",
        ),
        (
            "My scarf is at 52 cm and I knit 3.5 cm each evening. It needs to be 150 cm long. How "
            "many more evenings of knitting?",
            "Solve 52 + 3.5*n = 150 for n.",
            "count",
        ),
        (
            "Chem lab: the solution starts at -8 °C and warms by 2 degrees every minute. After how "
            "many minutes does it reach 17 °C?",
            "Solve -8 + 2*n = 17 for n.",
            "not_negative",
        ),
        (
            "The water butt has 40 l in it and the hose is adding 6 l every minute. After how many "
            "minutes will it hold 97 l?",
            "Solve 40 + 6*n = 97 for n.",
            "not_negative",
        ),
        (
            "Nurse here. A 500 ml bag is running at 80 ml per hour and there's 140 ml left in it. "
            "How many hours has it been running?",
            "Solve 500 - 80*n = 140 for n.",
            "not_negative",
        ),
        (
            "The drip bag started at 1000 ml and runs at 150 ml per hour. After how many hours "
            "will there be 400 ml left?",
            "Solve 1000 - 150*n = 400 for n.",
            "not_negative",
        ),
        (
            "Pharmacy question: we have 300 tablets in stock and dispense 16 a day. After how "
            "many days will there be exactly 76 left?",
            "Solve 300 - 16*n = 76 for n.",
            "count",
        ),
        (
            "My blanket is 20 cm long right now and I knit another 5 cm every evening. After how "
            "many evenings will it be 120 cm?",
            "Solve 20 + 5*n = 120 for n.",
            "count",
        ),
        (
            "Cab fare is £2.80 to start plus £1.40 a mile. A passenger paid exactly £16.80 (no "
            "tip). How many miles was the journey?",
            "Solve 2.80 + 1.40*n = 16.80 for n.",
            "not_negative",
        ),
    ],
)
def test_reads(question: str, reading: str, form: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert plan.final_check is not None and plan.final_check.answer_form == form


@pytest.mark.parametrize(
    "question",
    [
        # approximate rates; someone else's; a rate per another period than the one asked
        "I've got 120 saved and I'm putting away about 15 a week. After how many weeks will I have 300?",
        "I've got 120 saved and my sister puts away 15 a week. After how many weeks will I have 300?",
        "I've got 120 saved and I'm putting away 15 a week. After how many months will I have 300?",
        # a target that is an increment; a second question; units or currencies that differ
        "I've got 120 saved and I'm putting away 15 a week. After how many weeks will I have 300 more?",
        "I've got 120 saved and I'm putting away 15 a week. How many weeks until I hit 300? And 600?",
        "My scarf is at 35 cm and I knit 4 mm a night. It needs to be 95 cm long. How many more nights?",
        "I've got £120 saved and I'm putting away 15 a week. After how many weeks will I have £300?",
        # a container's size where it fills; an amount left of a level that rises
        "The tank is 500 l and fills at 20 l a minute. After how many minutes will it hold 800 l?",
        "I've got 120 saved and I put away 15 a week. After how many weeks will there be 300 left?",
        # running since when? a bag not put up full
        "The bag has 600 ml in it and runs at 100 ml per hour. There's 200 ml left. How many "
        "hours has it been running?",
        # a rate of nothing: no number of miles reaches the fare
        "Taxi is £3 plus £0 a mile. Fare was £25. How many miles was the trip?",
        # two containers
        "The bag started at 1000 ml and the bottle runs at 125 ml per hour. After how many hours "
        "will there be 375 ml left?",
    ],
)
def test_refuses_what_is_no_such_story(question: str) -> None:
    assert levels.read(question) is None
    assert_refused(question)


def test_reads_no_story_told_after_its_ask() -> None:
    """The ask ends the story: what follows it is another's to read (`fee_rate` reads this one)."""
    assert (
        levels.read("I've got 120 saved. How many weeks until I hit 300? I put away 15 a week.") is None
    )


def test_a_count_that_never_comes_out_whole_is_no_answer() -> None:
    """`350 + 40n = 1000` has no whole n: the reading stands, and its `count` form refuses
    the 65/4 the verifier finds (never a rounded guess of 16 or 17)."""
    found = levels.read(
        "I've already saved 350 and I put away 40 a week, how many weeks until I have 1000?"
    )
    assert found is not None and found.form == "count"


@pytest.mark.parametrize("question", audits_misreads("at", "au", "av", "aw", "ba"))
def test_refuses_the_audits_misreads(question: str) -> None:
    assert_refused(question)
