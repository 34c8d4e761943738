"""A fixed amount plus a rate and the total they came to, in the asker's own sentences
(`planner/fee_rate.py`): each number's part read from the words beside it, exactly one number
per part. Each refusal is a story whose equation is another: a second rate, an amount taken off
or kept back, a count nobody wrote, an ask of something else."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import fee_rate
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading", "form"),
    [
        (
            "Got paid 420 for a plumbing job. I charge a 60 callout fee plus 45 an hour. How many"
            " hours did I bill for?",
            "Solve 60 + 45*n = 420 for n.",
            "not_negative",
        ),
        (
            "I have $340 in savings and put away $45 every week. How many weeks until I reach $835?",
            "Solve 340 + 45*n = 835 for n.",
            "count",
        ),
        (
            "Van already has 380 kg on board. Crates are 41 kg each. How many crates can I add"
            " before it's at exactly 1200 kg?",
            "Solve 380 + 41*n = 1200 for n.",
            "count",
        ),
        (
            "Scarf pattern needs 140 rows. I've knitted 36 already and I manage 8 rows an evening."
            " How many more evenings till it's finished?",
            "Solve 36 + 8*n = 140 for n.",
            "count",
        ),
        (
            "Electric bill came to 54.40. That's a 12.40 standing charge plus 0.28 per kWh. How"
            " many kWh did we use?",
            "Solve 12.40 + 0.28*n = 54.40 for n.",
            "not_negative",
        ),
        (
            "Taxi was 3.50 flag fall plus 2.00 per mile and I paid 19.50 in total. How many miles"
            " was the trip?",
            "Solve 3.50 + 2.00*n = 19.50 for n.",
            "not_negative",
        ),
    ],
)
def test_fee_and_rate_read(question: str, reading: str, form: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert plan.final_check.answer_form == form


@pytest.mark.parametrize(
    "question",
    [
        # two rates, or a rate per something more
        "Phone plan is 12 a month plus 0.05 per text. Bill came to 15.40. How many texts?",
        "Dog walker charges a flat 10 fee per dog plus 15 per walk. The invoice is 115. How many walks?",
        # an amount kept back, taken off or left
        "I've got 230 m of yarn. Each hat takes 65 m and I keep 35 m back. How many hats?",
        "After paying 36 in fees we had 564 left. Tickets were 12 each - how many tickets?",
        "The taxi charges 3.50 to start plus 2 a mile, minus a 1.50 discount. I paid 19.50."
        " How many miles?",
        # a count of something other than what the rate is per
        "I charge a 60 callout fee plus 45 an hour and got paid 420. How many days did I work?",
        # a fourth number, or a number in words
        "Van hire was 40 a day plus 0.25 per mile. Had it for 3 days and the total was 157. How"
        " many miles?",
        "I charge a 60 callout fee plus 45 an hour for two of us and got paid 420. How many hours?",
        # the fourth audit: a count of the rate's own unit there already, a fee waived, an
        # amount matched or taken away, another measure
        "I've already worked 6 hours this week and I get 15 an hour, how many more hours to hit 300?",
        "Laser tag is 12 a player plus a 36 booking fee, but they waived the booking fee. We"
        " paid 144, how many players were there?",
        "I've got 300 saved already and put away 50 a week, and my flatmate matches it. How"
        " many weeks until we hit 1,300?",
        "I've already dropped 4 kg and I'm losing 0.5 kg a week, how many weeks until I reach 70 kg?",
        "Car hire is 45 a day plus a 90 refundable deposit. In the end we paid 225, how many"
        " days did we have it?",
        # no fee, or no total
        "I put away 45 every week and have 340 and 835. How many weeks?",
    ],
)
def test_fee_and_rate_refuse(question: str) -> None:
    assert fee_rate.read(question) is None
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_a_measure_is_answered_in_decimals() -> None:
    """Hours and miles are counted in decimals (`4.5` hours, not `9/2`): every step is due in
    decimal notation, and one that never ends fails at the verifier; a count of months is
    whole and exact."""
    hours = plan_question(
        "Plumber charged a £45 call-out fee plus £30 an hour and the bill came to £180. How many"
        " hours did he charge me for?"
    )
    assert {g.notation for g in hours.goals} == {"decimal"}
    months = plan_question(
        "gym charged me a 25 joining fee plus 18 a month and I've paid 187 total so far. how many"
        " months have I been a member?"
    )
    assert {g.notation for g in months.goals} == {"exact"}
    assert months.final_check.answer_form == "count"
