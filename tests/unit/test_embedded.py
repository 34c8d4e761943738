"""An equation said inside a sentence, and the unknown named in words, are read only when
nothing but chatter surrounds them."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import chatter, embedded, grounding, natural
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.maths_words import MATHS_WORDS


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("my daughter has 9 = 2w - 5 on her worksheet, what's w", "Solve 9 = 2*w - 5 for w."),
        ("our class did 3(k + 2) = 21 today. what is k?", "Solve 3*(k + 2) = 21 for k."),
        ("four times a number plus three is 27. what is the number?", "Solve 4*n + 3 = 27 for n."),
        ("a number divided by 4 is 6, find the number", "Solve n/4 = 6 for n."),
        ("homework q: 6(p - 1) = 4p + 9", "Solve 6*(p - 1) = 4*p + 9 for p."),
    ],
)
def test_the_equation_inside_is_read(question: str, reading: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading and plan.plan_source == "rules"


@pytest.mark.parametrize(
    "question",
    [
        "i think 2x = 6 but my kid says x = 4, what is x",  # two equations: which one?
        "my son has 2x = 6 and 3 apples, what is x",  # a number outside the equation
        "my son has 2x = 6 doubled on his sheet, what is x",  # a word that changes it
        "she has 2x = 6 on sheet a, what is x",  # a letter that may be another unknown
        "my kid has 2x = 6, what is y",  # not its unknown
        "a number plus a number is 8. what is the number",  # the unknown named twice
        "a number plus x is 8. what is the number",  # a letter already in use
        "twice a number is more than 8. what is the number",
        "my kid got x = 4 on her sheet, what is x",  # an answer claimed, not an equation asked
    ],
)
def test_anything_but_chatter_around_it_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_the_helpers_build_only_from_the_question() -> None:
    assert embedded.around_equation("my kid has 2x = 6 on her sheet, what's x") == "2x = 6, what is x"
    assert embedded.around_equation("2x = 6 = 3x, what is x") is None
    riddle = "a number minus 4 is 9. find the number"
    assert embedded.unknown_in_words(riddle) == "solve n minus 4 = 9 for n"
    assert embedded.unknown_in_words("a number minus 4 is 9") is None


def test_no_chatter_word_is_a_maths_word() -> None:
    assert not chatter.CHATTER & MATHS_WORDS


def test_every_word_the_gate_reads_as_maths_is_a_maths_word() -> None:
    assert grounding.gate_words() <= natural.maths_words()


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("7/8 - 1/3 im getting so confused lol", "What is (7/8) - (1/3)?"),
        ("whats 14 times 12 i always forget my tables", "What is 14*12?"),
        ("my calculator died, 23.4 divided by 6?", "What is 23.4/6?"),
        ("recipe says 1.2 kg flour, how many grams is that", "How many grams are there in 1.2 kg?"),
        ("my lab sheet says 12.3456 g, round it to 1 dp", "Round 12.3456 to 1 decimal place."),
        ("hey what does 0.6 times 0.35 come to", "What is 0.6*0.35?"),
    ],
)
def test_the_askers_own_sentence_after_the_maths_comes_off(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "5 + 3 i want it in hex",  # a form of the answer
        "what is 12 + 7 i need it with tax",  # a qualifier
        "12 divided by 4 i mean times 4",  # a correction
        "what is 3.5 + 1.25 i need it as a fraction",
        "what is 6 + 2 i think it needs halving",
        "solve 2x = 6 i want x in cm",
        # From the audit: a sentence that says what is asked (a request) or names other maths.
        "what is 17 / 5 i only want the remainder",
        "what is 12 + 18 + 30 we want the average",
        "what is 24 + 36 i want the gcd",
        "what is 7/8 - 1/3 i need the common denominator",
        "whats 5 - 12 i need the magnitude",
        "what is 389 * 41 i need a rough answer",
        "whats 22 / 7 i need an approximation",
        "what is 17 divided by 5 i only need the whole part",
        "whats 15 * 7 i wonder whether its odd",
        "what is 391 / 17 i want the floor",
        # A question's own number is no operand.
        "hw q 5 (2 + 3)",
        "homework q 7 (4 - 1)",
        "hw q 3 x + 4 = 10, what is x",
        "q 5 (2 + 3)",
        "question 5 (2 + 3)",
        "problem 3 2 + 3",
        # From the second audit: any word outside chatter and the vetted asides stays on.
        "6 + 4 / 2 i forgot the brackets",
        "6 + 4 / 2 we ignore bodmas",
        "2 + 3 x 4 i'm using a basic calculator",
        "12 x 4 we treble it",
        "5 - 8 we flip the sign",
        "24 / 6 i'd swap them",
        "12 + 15 i'd love the avg",
        "17 / 5 we truncate",
        "59.99 + 20 we're including vat",
        "7/8 - 1/3 im getting confused with the denominators",
        # A claimed answer is not an equation to solve; `about` asks for an estimate.
        "my kid says x = 3/4",
        "teacher says 3/4 = x",
        "about half of 93",
    ],
)
def test_a_sentence_that_may_change_the_maths_stays_on(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("we pipetted 75 ml of sample, what is that in litres", "How many litres are there in 75 ml?"),
        ("we weighed 2.5 kg of flour, how many grams is that", "How many grams are there in 2.5 kg?"),
        ("my calculator says 27.38461538, round to 1 dp", "Round 27.38461538 to 1 decimal place."),
    ],
)
def test_a_quantity_stated_first_may_follow_plain_words(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "we doubled 75 ml, what is that in litres",  # a word that changes the quantity
        "we lost 75 ml and 3 ml, what is that in l",  # two quantities: which is `that`?
        "in binary 75 ml, what is that in litres",
        "we poured into the flask 75 ml, what is that in litres",  # after `into`: a qualifier
        "we pipetted 75 ml of sample, what is 3 ml in litres",  # not about the quantity stated
        # From the audit: what multiplies the quantity, or makes its unit another.
        "we drank a dozen 330 ml cans, how many litres is that",
        "we drank several 330 ml cans, how many litres is that",
        "we quadrupled the 75 ml, what is that in litres",
        "we diluted 75 ml tenfold, what is that in litres",
        "we trebled 75 ml, what is that in litres",
        "the recipe trebles 75 ml, what is that in litres",
        "we scaled 75 ml, what is that in litres",
        "5 km sq, what is that in m",
        "5 km cubic, what is that in m",
        # To a place, a unit may be a scale: `8.3m` is 8.3 million.
        "the population is 8.3m, round it to the nearest million",
        "round 2.45m to the nearest hundred thousand",
    ],
)
def test_a_quantity_after_words_that_may_change_it_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("the lorry weighs 37000 kg, whats that in tonnes", "How many tonnes are there in 37000 kg?"),
        (
            "the trail is 12500 metres long, how many km is that",
            "How many km are there in 12500 metres?",
        ),
        ("the crowd was 275, round it to the nearest hundred", "Round 275 to the nearest hundred."),
        (
            "my run was 15.62 km, round to the nearest whole number",
            "Round 15.62 to the nearest integer.",
        ),
        ("we ran 8500 m this morning!! what's that in km", "How many km are there in 8500 m?"),
        (
            "the kit needs 500 mg of the salt, what is that in grams",
            "How many grams are there in 500 mg?",
        ),
        (
            "measured 23.456 g on the balance, round to 2 dp for my write-up",
            "Round 23.456 to 2 decimal places.",
        ),
        ("the scale says 2.0987 g, teacher wants it to 1 dp", "Round 2.0987 to 1 decimal place."),
        (
            "I measured 18.273 and need it to the nearest whole number",
            "Round 18.273 to the nearest integer.",
        ),
    ],
)
def test_a_quantity_after_the_name_of_what_it_measures(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "The sample mass in our lab was 0.045 kg. What is this in grams?",
            "How many grams are there in 0.045 kg?",
        ),
        (
            "honestly stuck on 8x - 3 = 2x + 1 for my revision, what does x come out to",
            "Solve 8*x - 3 = 2*x + 1 for x.",
        ),
    ],
)
def test_a_name_with_a_place_in_it_and_what_is_this(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "half the crowd was 275, round it to the nearest hundred",  # which is `it`?
        "the crowd was 275, trebled, round it to the nearest hundred",  # after it: a change
        "the bill was 59.99 with vat, round it to 1 dp",
        "the bill was 59.99 for 2, round it to 1 dp",  # two quantities
        "the bill was 59.99, round it to 1 dp and add 2",
        "we had 75 ml of it trebled, what is that in l",
        "the bottle is 75 ml of it doubled, what is that in l",
        "the lorry weighs about 37000 kg, whats that in tonnes",  # an estimate
        "the lorry weighs over 37000 kg, whats that in tonnes",
        "the lorry x is 37000 kg, whats that in tonnes",  # a letter
        "the lorry weighs 37000 kg each, whats that in tonnes",
        "the crowd was 275, round it to the nearest hundred for each of us",
        "the price of 3 bags was 12.50, round it to the nearest whole number",
        "the weight of the half was 275 g, round it to the nearest ten",
        "the crowd in thousands was 45.5, round it to the nearest ten",
        # From the fifth audit: a list, a picture, an area, a rate.
        "the samples weighed 120,135,150 g. what's that in kg",
        "the readings were 250,500 ml, what is that in litres",
        "the height of the tower in the photo was 12 cm, what is that in metres",
        "the tower height in the photo was 12 cm, what is that in metres",
        "the size of the plot was 60 m, what is that in cm",
        "the plot size was 60 m, what is that in cm",
        "8 hours nightly, how long is that in weeks",
        "2 hours daily, what is that in weeks",
        "8.3 m, round it to the nearest whole number",  # metres or millions?
    ],
)
def test_words_between_that_may_change_the_quantity_are_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("3 weeks = how many days", "How many days are there in 3 weeks?"),
        ("1.2 m how many mm", "How many mm are there in 1.2 m?"),
        (
            "750 micrograms - how many milligrams is that",
            "How many milligrams are there in 750 micrograms?",
        ),
        ("36 hrs = ? days", "How many days are there in 36 hrs?"),
        ("4 centuries expressed in years", "How many years are there in 4 centuries?"),
        ("write 45 mins as hours", "How many hours are there in 45 mins?"),
    ],
)
def test_a_quantity_then_how_many(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("stuck on this one 3(x + 4) = 33", "Solve 3*(x + 4) = 33 for x."),
        (
            "can someone help me with 7 - 2x = 15 i keep getting the wrong sign",
            "Solve 7 - 2*x = 15 for x.",
        ),
        ("help!! 0.5x + 1.2 = 3.7 how do i get x", "Solve 0.5*x + 1.2 = 3.7 for x."),
        ("teacher set 0.2w - 3 = 1.4 and im stuck, w = ?", "Solve 0.2*w - 3 = 1.4 for w."),
        ("I need b in 2b + 7 = 5b + 1", "Solve 2*b + 7 = 5*b + 1 for b."),
        ("What must y be if y + 13 = 40?", "Solve y + 13 = 40 for y."),
    ],
)
def test_one_equation_in_one_unknown_among_chatter(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "2x = -6 whats the sign",  # the sign, not the value
        "3x + 2 = 9 what is the sign of x",
        "3x + 2 = 9 i forgot the brackets",
        "3x + 2 = 9 and treble it",
        "3x + 2 = 9, what is y",  # another unknown
        "3x + 2 = 9, y = ?",
        "what is a if 3x + 2 = 9",
        "3x + 2 = 9 give x as a decimal",  # a form of the answer
        "3x + 2 = 9 i want x as a percentage",
        "3x + 2 = 9 what is 2x",
        "3x + 2 = 9 what is x squared",
        "3x + y = 9, x = ?",  # two unknowns
        "what is y if y + 13 = 40 and x = 2",
        "my homework says 6 - 2p = 14, find p. I keep getting a positive number",
    ],
)
def test_an_equation_among_words_that_may_change_it_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("What number is 23 more than 19?", "What is 19 + 23?"),
        ("12 more than a number is 40. what's the number?", "Solve n + 12 = 40 for n."),
        ("what is 5 less than 12", "What is 12 - 5?"),
        ("what is 3/4 more than 2", "What is 2 + (3/4)?"),
        (
            "I think of a number, multiply it by six and add four and get 40. what was the number?",
            "Solve (n*6) + 4 = 40 for n.",
        ),
        (
            "i think of a number, add 7 then multiply by 3 and get 36. what is the number",
            "Solve (n + 7)*3 = 36 for n.",
        ),
    ],
)
def test_more_than_and_a_number_thought_of(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "3 less than 5?",  # is it? A value is asked outright: `what is 3 less than 5`
        "7 fewer than 20",
        # From the fourth audit: a product or quotient beside `more/less than` (which first?).
        "what is 20 divided by 4 more than 1",
        "what is 4 times 3 less than 20",
        "3 times 5 more than a number is 24. what is the number?",
        "5 more than a number times 3 is 30. what is the number?",
        "what is 10 less than 30 divided by 5",
        "is 23 more than 19?",  # yes or no
        "3 times more than 5",
        "i think of a number, multiply it by 6 and square it and get 40. what was the number?",
        "i think of a number, multiply it by 6 and add it to 4 and get 40. what was the number?",
        "i think of a number, multiply it by six and add four to 5 and get 40. what is the number",
        "i think of a number, add 7 and get 36. what is the number doubled",
    ],
)
def test_a_number_thought_of_with_other_steps_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    "question",
    [
        # From the third audit: a purpose that multiplies, a scale, a map, an area, a sign.
        "my daily dose is 250 mg, whats that in grams for the fortnight",
        "a serving is 250 g, whats that in kg for the family",
        "the film was 150 mins, how many hours is that for the trilogy",
        "the salary was 45.5 in thousands, round it to the nearest ten",
        "the crowd was 56712 in thousands, round it to the nearest thousand",
        "the distance on the map is 12 cm, whats that in km",
        "the map shows 12 cm, whats that in km",
        "the field is 3.5 km in area, how many m is that",
        "the balance was 456.78 in overdraft, round it to the nearest whole number",
        "revenue was 8.3mm, round it to the nearest whole number",
        # Mega or milli? And a fraction asked of a conversion, whose answer is a decimal.
        "500 ML = ? litres",
        "how many litres in 500 ML",
        "the orbit is 42 Mm, whats that in km",
        "45 mins = ? hours as a fraction",
        "convert 45 mins into hours as a fraction",
        "the meeting was 45 mins, whats that in hours in simplest form",
    ],
)
def test_a_quantity_that_stands_for_another_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)
