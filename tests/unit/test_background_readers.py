"""Round seventeen: one quantity, a list or a sum told among background nobody listed (an app,
an invoice, a hobby), judged by what the background is not (`gist`, `listed`, `amid`). Each
refusal is a sentence whose background could change the maths: a second amount nobody wrote,
a part, a rate, an answer form, a sign or a word of maths in a form no list holds."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import amid, gist, listed, rounded
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "Strava says I ran 12,500 m this week. What's that in km?",
            "How many km are there in 12500 m?",
        ),
        (
            "I need 5 yards of fabric for the curtains, how many feet is that?",
            "How many feet are there in 5 yards?",
        ),
        (
            "Parcel weighs 1.85 kg but the courier's website wants it in grams. What do I type in?",
            "How many grams are there in 1.85 kg?",
        ),
        (
            "The tiles are 45 cm wide - the spec sheet wants millimetres. What do I put?",
            "How many millimetres are there in 45 cm?",
        ),
        (
            "Our layover is 96 hours in total — how many days is that?",
            "How many days are there in 96 hours?",
        ),
        (
            "Raffle sold 4,768 tickets. Round that to the nearest hundred for the newsletter please",
            "Round 4768 to the nearest hundred.",
        ),
        (
            "Got 2.996 as my density in lab, what's that to two decimal places?",
            "Round 2.996 to 2 decimal places.",
        ),
        (
            "lab result is 0.0847, my teacher wants it to 2 d.p., what is it?",
            "Round 0.0847 to 2 decimal places.",
        ),
        (
            "The invoice app shows £18.4449. What is that to the nearest penny?",
            "Round 18.4449 to 2 decimal places.",
        ),
        (
            "quick one before I send this invoice - line items are 14.50, 23.75 and 8.20."
            " whats the total?",
            "What is 14.50 + 23.75 + 8.20?",
        ),
        (
            "Logged 7.5 hrs Monday, 6.25 Tuesday and 8 on Wednesday. How many hours is that altogether?",
            "What is 7.5 + 6.25 + 8?",
        ),
        (
            "My spreadsheet column has -12, 7, -3 and 15 in it. What should the SUM cell show?",
            "What is -12 + 7 + -3 + 15?",
        ),
        ("Chem lab: I need 0.6 times 0.35 for my concentration calc, what's that?", "What is 0.6*0.35?"),
        ("helping my nephew and blanked — what's seventeen times twenty-four?", "What is 17*24?"),
        ("my spreadsheet has decided to stop working lol, what's 48 times 25", "What is 48*25?"),
        (
            "Stuck on this one from my evening class: 2(x - 4) = 18. what is x?",
            "Solve 2*(x - 4) = 18 for x.",
        ),
        ("6(x + 2) = 4x + 30 — whats x", "Solve 6*(x + 2) = 4*x + 30 for x."),
    ],
)
def test_background_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # a number with nothing done to it is no question of maths
        "Who won the world cup in 1998?",
        "Can you recommend a good filling for a 3 egg omelette?",
        "what is 98.6 fahrenheit in celsius",
        # a word of maths in a form no list holds, an answer form, a sign
        "Exponentiated, what is 6 plus 3?",
        "what is 9 squared in words",
        "what is neg 3 squared",
        "round - 3.7 to the nearest whole number",
        # something other than the quantity rounded, or a part of it
        "i weigh 72.68 kg, round my height to one decimal",
        "attendance at the match was 28,512, nearest thousand of the home fans pls",
        "the town has 1,284,600 people, round the adults to the nearest hundred thousand",
        # an amount twice over, a rate, a count, a model's or a plan's scale
        "i ran 8500 metres yesterday and today how many km is that",
        "Need 480 cm of wire and the shop sells it by the metre - how many metres is that?",
        "how many ml glasses can I fill from a 2 litre bottle",
        "The flower bed on the plan is 350 cm long, what's that in metres?",
        "A marathon is 42,195 km. How many metres is that?",
        # a list with something taken away, counted or priced between the amounts
        "we started with 250, sold 87 and 64 came in. total?",
        "we got -4, 7, -2 and 10 across the four rounds. What's our total score?",
        "3 items at 14.75 and a 6.20 fee, what is the total",
        "Cycled 23.4 km and 17.85 miles, total?",
        # a share is the share readers' to read, with its form
        "split 100 between 3 ppl",
        # from the audits: a repeat, a rate, a part, a count, a form, a sign nobody wrote
        "I walked 3.5 km into town and the same home, how many metres in total?",
        "I walk 1.2 km to the shop and home, how many metres is that?",
        "I swim 1.5 km Monday to Friday, what's that in metres?",
        "I ran 12,500 m last week and this week. What's that in km?",
        "Amoxicillin 500 mg tds, how many g is that?",
        "250 ml a pupil, what's that in litres for the class?",
        "My tablets are 250 mg, how many g is the bottle?",
        "12,500 m of the route is uphill; the flat bit in km?",
        "I ran 12,500 m - the cooldown. What's that in km?",
        "Balance shows (£18.4449), to the nearest penny?",
        "$18.44 to the nearest pound?",
        "We made 7,049 sales - nearest hundred online?",
        "What's 18.4449 to 2 dp in French?",
        "Round 18.4449 upwards to 2 dp",
        "Receipts: 45.20, 12.80 and 10 refunded. What's the total?",
        "Line items are 14.50, 23.75 and 8.20. How many items total?",
        "Tickets 14.50, 23.75 and 8.20 - total for the twins?",
        "Donations 14.50, 23.75 and 8.20, total still needed?",
        "£20 and $20, total?",
        "Man Utd beat City 3-1, who scored?",
        "Final score 3 - 2, total goals?",
        "What's 12 + 8 in dozenal?",
        "What's 7 × 8 backwards?",
        "What's 12.50 + 8.75 including GST?",
        "x + 5 = 12, what's x in English?",
        "Anyone able to help? - x/4 + 6 = 1 and I keep getting different answers for x",
        # the third audit: a setting before the maths, a change over time, a slip of a word
        # of maths, notation that is no decimal, a yes or no, a part, a list with more in it
        "In dozenal, what's 12 × 8?",
        "On a basic calculator, what's 2 + 3 × 4?",
        "She put on 450 g this week, what is she now in kg?",
        "I ran 12,500 m twise, how many km is that?",
        "250 ml pr pupil, what's that in litres for the class?",
        "What's dubble 12 + 8?",
        "I'm 5.11 ft tall, what's that in cm?",
        "My swim took 1.30 hours, what's that in minutes?",
        "We made 7,049 sales; online sales to the nearest hundred?",
        "A tenner, 14.50 and 23.75, total?",
        "Total profit: 14.50, 23.75 and 8.20",
        "Babies weighed 7.8 and 6.12 lb, total?",
        "The recipe says 750 g, what did I use in kg?",
        "I cycle 12 km to work and from work, how many m is that?",
    ],
)
def test_background_refuses(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    "question",
    [
        "The school run is 2.5 km each way. How many metres is one way?",
        "I've got 0.6 kg, how many grams do i need",
        "how many grams do i need for 0.6 kg",
    ],
)
def test_gist_reads_no_count_and_no_need(question: str) -> None:
    """`each way` counts the amount; `how many grams do i need` may ask for more or the rest."""
    assert gist.read(question) is None


def test_the_readers_read_no_question_the_others_refuse_for_a_sign() -> None:
    """A dash before the only number may be its sign: none of the three reads it."""
    for question in ("hey - 5 + 3", "it's - 4.67 degrees, round to 1 dp", "- 5 km in metres?"):
        assert gist.read(question) is None
        assert rounded.read(question) is None
        assert listed.read(question) is None
        assert amid.read(question) is None
