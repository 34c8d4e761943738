"""People's phrasings → the planner's own: each read by the grammar, operands as written."""

from __future__ import annotations

import contextlib
import re

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.natural import NotReadError, read
from reasoning_mesh.planner.numwords import (
    fraction_words_pattern,
    read_fraction_words,
    read_number_words,
)

READINGS = [
    ("What is 56 plus 29?", "What is 56 + 29?"),
    ("Subtract 18 from 73.", "What is 73 - 18?"),
    ("What's 9 times 13?", "What is 9*13?"),
    ("what is 91 divided by 7", "What is 91/7?"),
    ("Add 345 and 278.", "What is 345 + 278?"),
    ("What is the product of 12 and 15?", "What is 12*15?"),
    ("Find the product of 7, 8 and 2.", "What is 7*8*2?"),
    ("What is the sum of 19, 23 and 41?", "What is 19 + 23 + 41?"),
    ("What is the difference between 100 and 37?", "What is 100 - 37?"),
    ("What is the quotient of 56 and 8?", "What is 56/8?"),
    ("what is the quotient when 936 is divided by 24", "What is 936/24?"),
    ("what is the result when 12 is added to 30", "What is 12 + 30?"),
    ("find the difference when 7 is subtracted from 20", "What is 20 - 7?"),
    ("the product when 6 is multiplied by 3", "What is 6*3?"),
    ("Multiply 12 by 11.", "What is 12*11?"),
    ("Take 7 away from 20", "What is 20 - 7?"),
    ("How much is 64 / 16 + 3?", "What is 64/16 + 3?"),
    ("What is 7 minus 3 times 2?", "What is 7 - 3*2?"),
    ("what is twenty-five plus seventeen", "What is 25 + 17?"),
    ("What is one hundred and five minus six?", "What is 105 - 6?"),
    ("Simplify 3(a - 2) when a = 5.", "Let a = 5. What is 3*(a - 2)?"),
    ("If 2x + 9 = 15, what is x?", "Solve 2*x + 9 = 15 for x."),
    ("Solve for n: 3n - 4 = 11.", "Solve 3*n - 4 = 11 for n."),
    ("Find w if 5w = 45.", "Solve 5*w = 45 for w."),
    ("Find x: 3x + 5 = 20", "Solve 3*x + 5 = 20 for x."),
    ("What is b when 4b + 1 = 2b + 9?", "Solve 4*b + 1 = 2*b + 9 for b."),
    ("Solve 2(c + 3) = 14.", "Solve 2*(c + 3) = 14 for c."),
    ("y/3 = 7; find y.", "Solve y/3 = 7 for y."),
    ("x/4 = 6. What is x?", "Solve x/4 = 6 for x."),
    ("For what value of r is 20 - 4r = 8?", "Solve 20 - 4*r = 8 for r."),
    ("What value of n satisfies 2n - 7 = 9?", "Solve 2*n - 7 = 9 for n."),
    ("How many grams are in 2.4 kilograms?", "How many grams are there in 2.4 kilograms?"),
    ("How many kilometres is 4200 metres?", "How many kilometres are there in 4200 metres?"),
    ("Convert 3.2 metres to centimetres.", "How many centimetres are there in 3.2 metres?"),
    ("What is 600 seconds in minutes?", "How many minutes are there in 600 seconds?"),
    ("Express 1.5 litres in millilitres.", "How many millilitres are there in 1.5 litres?"),
    ("Change 250 centimetres into metres.", "How many metres are there in 250 centimetres?"),
    ("convert 2.5 kg to g", "How many g are there in 2.5 kg?"),
    ("How many meters are in 3 kilometers?", "How many meters are there in 3 kilometers?"),
    ("How many seconds in an hour?", "How many seconds are there in 1 hour?"),
    ("Round 2.71828 to 3 decimal places.", "Round 2.71828 to 3 decimal places."),
    ("Round 8.6 to the nearest whole number.", "Round 8.6 to the nearest integer."),
    ("What is 3456 to the nearest hundred?", "Round 3456 to the nearest hundred."),
    ("Round 12.345 to one decimal place.", "Round 12.345 to 1 decimal place."),
    ("Round 7.25 to 1 dp", "Round 7.25 to 1 decimal place."),
    ("What is 45.678 rounded to the nearest tenth?", "Round 45.678 to 1 decimal place."),
    # A fraction written as one number (`1/2`, no spaces) is one operand of a worded operation.
    ("add 1/2 and 1/3", "What is (1/2) + (1/3)?"),
    ("Divide 3 by 1/2.", "What is 3/(1/2)?"),
    ("what is 1/2 divided by 1/4", "What is (1/2)/(1/4)?"),  # 2, not 1/8
    ("what is 7 × (15 − 8)", "What is 7*(15 - 8)?"),
    ("the product of 2/3, 3/4 and 5", "What is (2/3)*(3/4)*5?"),
    ("subtract -1/4 from 2", "What is 2 - (-1/4)?"),
    # Polite lead-ins, abbreviations, the place named first.
    ("can you solve 6(a - 2) = 18 for a", "Solve 6*(a - 2) = 18 for a."),
    ("Could you please add 5 and 3?", "What is 5 + 3?"),
    ("90 mins in hours?", "How many hours are there in 90 mins?"),
    ("convert 3 hrs to secs", "How many secs are there in 3 hrs?"),
    ("nearest ten for 247?", "Round 247 to the nearest ten."),
    # Fractions in words, gerunds, `equals`, numerals for the place, conversions said shortly.
    ("Please calculate five sixths minus one quarter.", "What is (5/6) - (1/4)?"),
    ("what is two thirds plus a half", "What is (2/3) + (1/2)?"),
    ("three-quarters times 8", "What is (3/4)*8?"),
    ("dividing 3/4 by 9/10", "What is (3/4)/(9/10)?"),
    ("what's 3/4 ÷ 3/8", "What is (3/4)/(3/8)?"),
    ("n over 2 minus n over 3 equals 4, what is n", "Solve n/2 - n/3 = 4 for n."),
    ("Solve the equation 10 = 4c + 1", "Solve 10 = 4*c + 1 for c."),
    ("(2/3)n = 10 so n = ?", "Solve (2/3)*n = 10 for n."),
    ("how do you round -47 to the nearest 10", "Round -47 to the nearest ten."),
    ("What's 1234 rounded off to the nearest ten?", "Round 1234 to the nearest ten."),
    ("number of hours in 2 weeks?", "How many hours are there in 2 weeks?"),
    ("hrs in 3 weeks", "How many hrs are there in 3 weeks?"),
    ("12 - 5(r + 1) = -13, r = ?", "Solve 12 - 5*(r + 1) = -13 for r."),
    # The quantity first, then the question about it; what is measured named in between.
    ("1.2 kg flour, how many grams is that", "How many grams are there in 1.2 kg?"),
    ("425 g of sugar. what is that in kg", "How many kg are there in 425 g?"),
    ("round 12.3456 g to 1 decimal place", "Round 12.3456 to 1 decimal place."),
    ("12.3456 g, round it to 1 dp", "Round 12.3456 to 1 decimal place."),
    ("7.849, round that to the nearest tenth", "Round 7.849 to 1 decimal place."),
    ("nearest hundred: 950", "Round 950 to the nearest hundred."),
    ("to 2 dp: 3.14159", "Round 3.14159 to 2 decimal places."),
    ("negative nine times seven", "What is -9*7?"),
    ("convert one point eight litres to millilitres", "How many millilitres are there in 1.8 litres?"),
    ("0.6666 round to two decimal places", "Round 0.6666 to 2 decimal places."),
    # A bare equation asks for its one unknown.
    ("x + 3/4 = 2", "Solve x + (3/4) = 2 for x."),
]


@pytest.mark.parametrize(("question", "reading"), READINGS)
def test_phrasings_read_as_the_planner_writes_them(question: str, reading: str) -> None:
    assert read(question) == reading
    plan = plan_question(question)
    assert plan.question == " ".join(question.split())
    assert plan.reading in (None, reading)  # None: the planner reads the phrasing itself
    assert plan.plan_source == "rules"


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:\.\d+)?", text))


@pytest.mark.parametrize(("question", "reading"), READINGS)
def test_every_number_in_a_reading_is_written_in_the_question(question: str, reading: str) -> None:
    words = re.findall(r"[a-z]+(?:[- ](?:and )?[a-z]+)*", question.lower())
    named = set()
    for phrase in words:
        for start in range(len(phrase.split())):
            for end in range(start + 1, len(phrase.split()) + 1):
                chunk = " ".join(phrase.split()[start:end])
                with contextlib.suppress(ValueError):
                    named.add(read_number_words(chunk))
    named |= {"1"} if re.search(r"\b(an?|one|tenth)\b", question.lower()) else set()
    for m in re.finditer(fraction_words_pattern(), question.lower()):
        named |= set(read_fraction_words(m.group()).split("/"))
    assert _numbers(reading) <= _numbers(question) | named


@pytest.mark.parametrize(
    "question",
    [
        "What colour is the sky?",
        "Tell me a joke.",
        "What is the integral of sin(x)?",
        "qwerty uiop",
        "Who is the president of the United States?",
        "List the primes below 20.",
    ],
)
def test_what_it_cannot_read_is_unsupported(question: str) -> None:
    with pytest.raises(NotReadError):
        read(question)
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_the_benchmarks_own_phrasings_need_no_reading() -> None:
    plan = plan_question("Solve -3*w + 18 = 2*w - 7 for w.")
    assert plan.reading is None and plan.shape == "linear"


@pytest.mark.parametrize(
    ("words", "numeral"),
    [("seven", "7"), ("twenty-five", "25"), ("one hundred and five", "105"),
     ("three thousand two hundred", "3200"), ("nineteen", "19")],
)  # fmt: skip
def test_number_words_read_as_numerals(words: str, numeral: str) -> None:
    assert read_number_words(words) == numeral


@pytest.mark.parametrize(
    ("words", "numeral"),
    [("one point eight", "1.8"), ("zero point zero five", "0.05"), ("twenty one point five", "21.5")],
)
def test_decimals_in_words_read_digit_by_digit(words: str, numeral: str) -> None:
    assert read_number_words(words) == numeral


@pytest.mark.parametrize(
    "words",
    ["twenty twenty", "five four", "hundred", "seven and", "point five", "one point", "one point twenty",
     "one point eight point two"],
)  # fmt: skip
def test_malformed_number_words_are_not_numbers(words: str) -> None:
    with pytest.raises(ValueError):
        read_number_words(words)


@pytest.mark.parametrize(
    ("question", "reading"),
    [("3/4 of 56?", "What is (3/4)*56?"), ("what is half of 93", "What is (1/2)*93?"),
     ("two thirds of 12", "What is (2/3)*12?"), ("a quarter of twenty", "What is (1/4)*20?")],
)  # fmt: skip
def test_a_fraction_of_a_number_is_its_product(question: str, reading: str) -> None:
    """`half` reads `1/2` as `a half` does: the reading of a word, not a number computed."""
    assert read(question) == reading


@pytest.mark.parametrize("question", ["half of 10 + 4", "(3 + 4) of 5", "2 of 5", "3/4 of 56 + 1"])
def test_a_part_of_anything_but_one_number_is_not_read(question: str) -> None:
    with pytest.raises(NotReadError):
        read(question)


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("What is the sum of 1,00 and 2?", "comma between digits"),  # not a thousands group
        ("the sum of 2,5 and 3", "comma between digits"),
        ("What is 5!?", "factorials"),
        ("What is 10 - 3!?", "factorials"),
        ("What is the sum of 2 and 3 divided by 5?", "ambiguous"),
        ("add 3 / 5 and 2", "ambiguous"),  # spaced: `3 / 5` is an operation, not one number
        ("what is 6 ÷ 1/2", "ambiguous"),  # 12 or 3: calculators and textbooks disagree
        ("what is 3/4 / 3/8", "ambiguous"),  # one sign for both: `3/4/3/8` to a calculator
        ("what is 2 ÷ 1/2 ÷ 1/4", "ambiguous"),  # `2 ÷ 1/2` is `6 ÷ 1/2` again
        ("what is (3 + 4)!", "factorials"),
        ("what is 1 + .5", "leading 0"),
        ("the product of 2 and 3 plus 4", "ambiguous"),
        ("how many grams in kilogram", "not a phrasing"),
        # What is measured may not be a word that changes what is asked.
        ("1.2 kg per, how many grams is that", "may change what is asked"),
        ("1.2 kg less, how many grams is that", "may change what is asked"),
        ("1.2 kg each, how many grams is that", "may change what is asked"),
        ("3 km, round it to the nearest m", "not a phrasing"),
        ("What is " + " plus ".join(["1"] * 200) + "?", "longer than people write"),
    ],
)
def test_what_would_change_a_number_or_guess_a_grouping_is_not_read(question: str, why: str) -> None:
    with pytest.raises(NotReadError, match=why):
        read(question)


@pytest.mark.parametrize(
    ("words", "fraction"),
    [("five sixths", "5/6"), ("a half", "1/2"), ("one quarter", "1/4"), ("three-quarters", "3/4"),
     ("an eighth", "1/8"), ("seven hundredths", "7/100")],
)  # fmt: skip
def test_fractions_in_words_read_as_written(words: str, fraction: str) -> None:
    assert read_fraction_words(words) == fraction


@pytest.mark.parametrize("words", ["one thirds", "two third", "zero halves", "five seconds", "a"])
def test_malformed_fraction_words_are_not_fractions(words: str) -> None:
    with pytest.raises(ValueError):
        read_fraction_words(words)
