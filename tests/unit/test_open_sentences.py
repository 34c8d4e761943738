"""People's own sentences around one quantity, one riddle or one equation (`statement`,
`riddles`, `equations`): what each reads, and the sentences each must refuse."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "Ran 12.4 km this morning before work, how many metres is that?",
            "How many metres are there in 12.4 km?",
        ),
        (
            "recipe wants 0.6 kilograms of flour but my scale only shows grams, how many grams do i"
            " weigh out",
            "How many grams are there in 0.6 kilograms?",
        ),
        (
            "lab protocol calls for 0.025 L of buffer - how many mL do I pipette?",
            "How many ml are there in 0.025 l?",
        ),
        (
            "My flight is listed as 2.25 hours. How many minutes is that?",
            "How many minutes are there in 2.25 hours?",
        ),
        (
            "I'm running a 10 km race on sunday, how many metres is that?",
            "How many metres are there in 10 km?",
        ),
        (
            "The class average came out as 58.3749 - what is that rounded to two decimal places?",
            "Round 58.3749 to 2 decimal places.",
        ),
        (
            "I got 2.71828 as my answer but the teacher wants it to 4 d.p.",
            "Round 2.71828 to 4 decimal places.",
        ),
        (
            "ran the experiment and got a mean of 12.3456 ms, my supervisor wants it to 3 d.p.",
            "Round 12.3456 to 3 decimal places.",
        ),
        (
            "I measured the leaf at 9.8765 cm for my biology project. What is that to one"
            " decimal place?",
            "Round 9.8765 to 1 decimal place.",
        ),
    ],
)
def test_a_stated_quantity_asked_about_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "A number is multiplied by 6 and then decreased by 9, giving 33. What is the number?",
            "Solve (n*6) - 9 = 33 for n.",
        ),
        (
            "When 9 is subtracted from three times a number, the result is 24. Find the number.",
            "Solve (3*n) - 9 = 24 for n.",
        ),
        ("The sum of a number and 17 is -4. What is the number?", "Solve (n + 17) = -4 for n."),
        (
            "Three times a number, minus 8, is equal to the number plus 14. Find the number.",
            "Solve (3*n) - 8 = n + 14 for n.",
        ),
        ("If three times a number plus 5 equals 2, what is the number?", "Solve 3*n + 5 = 2 for n."),
        (
            "a number is divided by 3 and then 4 is subtracted, giving 5. what is the number?",
            "Solve (n/3) - 4 = 5 for n.",
        ),
    ],
)
def test_number_riddles_in_sentences_read(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("My algebra homework has 9 - 2a = 1 and I'm stuck. What's a?", "Solve 9 - 2*a = 1 for a."),
        (
            "tutoring a kid tonight and the sheet says 7 = (c + 5)/2, whats c",
            "Solve 7 = (c + 5)/2 for c.",
        ),
        (
            "Doing my budget spreadsheet and ended up with 12 + 0.1s = 15.5 for my phone bill. What"
            " does s come out as?",
            "Solve 12 + 0.1*s = 15.5 for s.",
        ),
    ],
)
def test_an_equation_among_open_words_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # a rate, a count of them, a share, a purpose that multiplies
        "I ran 5 km twice this morning, how many metres is that?",
        "I swam 50 m lengths this morning, how many km is that",
        "the recipe needs 750 ml of stock per person, how many litres is that",
        "the recipe needs 750 ml of stock, how many litres is that for the family",
        "my commute is 8750 metres each way, how far is that in km",
        "I ran 5 km on monday and tuesday, how many metres is that?",
        "I'm running a 10 km race three times, how many metres is that",
        "I need 0.025 litres of buffer for each tube, how many ml do i pipette",
        "I need 0.025 litres of buffer - how many ml do i pipette into each tube",
        # not the real amount, a changed amount, a sign
        "the map shows 12 cm, how many km is that",
        "the photo shows a 12 cm tower, how many metres is that",
        "we trebled 75 ml, how many litres is that",
        "half the recipe needs 750 ml, how many litres is that",
        "I halved the recipe which needs 750 ml, how many litres is that",
        "the bill came to 47.368 before the discount, round it to 2 dp",
        "the loss was 47.368, round it to 2 dp",
        # a clause that says more than the unit, an ask that is not the quantity
        "recipe wants 0.6 kg of flour but i already have some grams, how many grams do i weigh out",
        "recipe wants 0.6 kg of flour but my scale only shows grams, how many more grams do i need",
        "i got 2.71828 as my answer but she doubled it and wants it to 4 dp",
        "the reading was 12.3456 ms and my supervisor wants it in seconds to 3 d.p.",
        # riddles with a number the question does not write, or grouping commas may change
        "When a number is halved and 4 is added, the result is 17. Find the number.",
        "I'm thinking of a number. I double it, take away 9, and end up with 3. What was my number?",
        "A number plus 8, times 3, is 30. What is the number?",
        # equations corrected, claimed or with another letter
        "the sheet says 7 = (c + 5)/2 but the sign is wrong, whats c",
        "the sheet says 7 = (c + 5)/2 and the teacher says c = 9, whats c",
        "my kid wrote x = 4 on the worksheet, whats x",
        "my homework has 3x + 2 = 11 twice, whats x",
        "the worksheet has 3x + 2 = 11 and y, whats x",
        # from the audit: a clause on the ask, a need not stated, a pack, `it` for another
        # thing, a changed number, a picture, a sign, a quantifier, equations doubted or scaled
        "the recipe needs 0.6 kg of flour, how many grams do i need with the family",
        "I got 0.6 kg of flour, how many grams do i need",
        "I bought a 330 ml four-pack, how many litres is that",
        "I poured 0.6 kg of flour from the bag, how heavy is it in grams",
        "I got 2.71828, she negated it and wants it to 4 dp",
        "the painting shows a 4 cm tree, how many m is that",
        "my bank balance is 84.567 in debit, round it to 2 dp",
        "every kid ran 5 km, how many metres is that",
        "my homework has 3x + 2 = 11 but i mistyped it, whats x",
        "the sheet has something like 3x + 2 = 11, whats x",
        "my homework has 3x + 2 = 11 grand, whats x",
        "Three times a number plus 8, is 20. What is the number?",
    ],
)
def test_open_sentences_that_may_change_the_question_are_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)
