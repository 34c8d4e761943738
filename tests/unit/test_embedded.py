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
