"""One quantity among the asker's words, read more often (sixteenth round), and the misreads
audits F and G aimed at those readings, each refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnsupportedQuestionError
from reasoning_mesh.planner.forms import decimal_asked
from reasoning_mesh.planner.translation import check
from tests.unit.audit_data import misreads


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # words that only say what the quantity is, before it
        ("Trail is 2.5 km to the summit, how many metres is that?",
         "How many metres are there in 2.5 km?"),
        ("lap time was 14.2857 s, round to 2 dp for the results sheet",
         "Round 14.2857 to 2 decimal places."),
        ("we raised 1,247 at the fun run - round it to the nearest hundred for the newsletter",
         "Round 1247 to the nearest hundred."),
        ("Steps so far today: 986. Round that to the nearest ten", "Round 986 to the nearest ten."),
        ("lost 3 stone since January!! how many pounds is that",
         "How many pounds are there in 3 stone?"),
        # measured as, of what, as a decimal, a paper it is for
        ("The film is 90 minutes long, how many hours is that as a decimal?",
         "How many hours are there in 90 minutes?"),
        ("2.3 kg of potatoes in grams?", "How many grams are there in 2.3 kg?"),
        ("curtain pole is 2.5 metres, need it in cm for the order form",
         "How many cm are there in 2.5 metres?"),
        ("How many yards are there in 5 miles? planning a walk route",
         "How many yards are there in 5 miles?"),
        # two units
        ("I'm 6 ft 2, how many inches is that in total?",
         "How many inches are there in 6 ft and 2 inches?"),
        ("match lasted 2 hours 15 minutes, how many minutes total",
         "How many minutes are there in 2 hours and 15 minutes?"),
        ("My shift lasted 1 day and 6 hours, how many hours total",
         "How many hours are there in 1 day and 6 hours?"),
        # roundings
        ("Fundraiser total was 2,467. Can you round it to the nearest hundred for the newsletter?",
         "Round 2467 to the nearest hundred."),
        ("my cat weighs 19.62 lb, to the nearest whole pound?", "Round 19.62 to the nearest integer."),
        ("Class average on the test was 72.849%, round to one decimal place please",
         "Round 72.849 to 1 decimal place."),
        ("bill says 6.0349 per unit, round to 2 dp", "Round 6.0349 to 2 decimal places."),
        ("Warehouse stock is 87,451 units - nearest hundred?", "Round 87451 to the nearest hundred."),
        # pounds weighed
        ("Turkey is 3 pounds, how many ounces?", "How many ounces are there in 3 pounds?"),
        ("how many ounces in 3.5 pounds of flour", "How many ounces are there in 3.5 pounds?"),
        # equations among words
        ("Solve for x, it's been years since I did this: 5(x - 2) = 35",
         "Solve 5*(x - 2) = 35 for x."),
        ("What x makes x/4 + 6 = 11 true?", "Solve x/4 + 6 = 11 for x."),
        ("Stuck on this while helping with revision: 2x - 5 = x + 12. what is x?",
         "Solve 2*x - 5 = x + 12 for x."),
        # a fee and a rate
        ("Gym charged me 25 to join and then 18 a month. I've paid 169 in total so far - how "
         "many months have I been a member?", "Solve 25 + 18*n = 169 for n."),
        ("phone plan is £12 a month plus £0.08 per text and this month's bill was £15.60. how "
         "many texts did i send??", "Solve 12 + 0.08*n = 15.60 for n."),
        ("Marina charges 25 a night plus a one-off 40 cleaning fee. We paid 215 in total. How "
         "many nights did we stay?", "Solve 40 + 25*n = 215 for n."),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "The agency took a 60 admin fee, so my pay came to 390. I earn 45 an hour, how many "
        "hours did I work?",
        "The baby was 7.8 lb at birth, how many kg is that?",
        "In dozenal, round 7,049 to the nearest hundred",
        "Floor 18.4489 to 2 dp",
        "what is wrong with 2x = 6",
        "what can a have if 2x + 3 = 11",
        "The recording is 1.45 minutes, how many seconds?",
        "40 hours of overtime in days?",
        "How many km is 12 miles or so?",
        "How many hours total is 45 minutes for my wife and I?",
        "Which way does 1,247 round to the nearest hundred?",
        "Per head, what's £1,247.56 to the nearest pound?",
        "I donate 50 pounds, how many kg is that?",
        "Sunrise was 6.35, round to the nearest whole number",
    ],
)
def test_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize("question", misreads("audit_f_misreads.txt") + misreads("audit_g_misreads.txt"))
def test_audit_misreads_are_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_audit_lists_are_whole() -> None:
    assert (len(misreads("audit_f_misreads.txt")), len(misreads("audit_g_misreads.txt"))) == (122, 48)


def test_a_model_reading_keeps_the_decimal_asked() -> None:
    """Sealed file 53: `2x + 5 = 8, give x as a decimal please` was read by the translation
    model as the bare equation and answered `3/2`; the form asked is kept now."""
    plan = check("2x + 5 = 8, give x as a decimal please", "Solve 2*x + 5 = 8 for x.", Budget())
    assert isinstance(plan, Plan)
    assert {g.notation for g in plan.goals} == {"decimal"}


def test_a_reading_with_no_decimal_asked_stays_exact() -> None:
    plan = check("2x + 5 = 8, what is x?", "Solve 2*x + 5 = 8 for x.", Budget())
    assert isinstance(plan, Plan)
    assert {g.notation for g in plan.goals} == {"exact"}


def test_a_rounding_keeps_its_own_places() -> None:
    plan = decimal_asked("round 2.345 as a decimal to 1 dp", plan_question("Round 2.345 to 1 dp."))
    assert plan == plan_question("Round 2.345 to 1 dp.")


@pytest.mark.parametrize(
    "question",
    [
        "What is 3/8 as a fraction, not as a decimal?",
        "7 divided by 3 as a mixed number, not as a decimal",
    ],
)
def test_a_decimal_not_asked_is_not_given(question: str) -> None:
    plan = check(question, "What is 3/8?" if "3/8" in question else "What is 7/3?", Budget())
    assert isinstance(plan, Plan)
    assert "decimal" not in {g.notation for g in plan.goals}


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("A recipe from my American friend says 3 lb of apples. How many ounces is that?",
         "How many ounces are there in 3 lb?"),
        ("Bakery recipe says 3 lb of flour, my scales only do ounces. How many ounces?",
         "How many ounces are there in 3 lb?"),
    ],
)  # fmt: skip
def test_lb_is_a_mass_whoever_says_it(question: str, reading: str) -> None:
    """Sealed files 53-54, right in their run and refused by the money words added after it
    (`from`, `bakery`) until lb, never money, was left out of that check."""
    assert plan_question(question).reading == reading


def test_site_s_is_no_plural() -> None:
    """Sealed file 58: the last release read it, 01b9984 took `site's` for a plural (a list?)."""
    reading = plan_question("Site's ordered 7,846 bricks. What's that to the nearest hundred?")
    assert reading.reading == "Round 7846 to the nearest hundred."


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # sealed file 58: the translation model's reading, answered 11/7 (the answer is 8)
        ("seven minus two x equals minus nine what is x", "Solve 7*x - 2 = 9 for x."),
        ("seven minus two x equals minus nine what is x", "Solve 7 - 2*x = 9 for x."),
        ("seven minus two x equals nine what is x", "Solve 7*x - 2 = 9 for x."),
    ],
)
def test_a_model_reading_keeps_the_question_s_signs_and_coefficients(
    question: str, reading: str
) -> None:
    assert isinstance(check(question, reading, Budget()), str)


def test_a_model_reading_with_them_passes() -> None:
    question = "seven minus two x equals minus nine what is x"
    assert isinstance(check(question, "Solve 7 - 2*x = -9 for x.", Budget()), Plan)
