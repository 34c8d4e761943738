"""Sums among the asker's words, mixed numbers in digits, things at a price each and lists
read more often (seventeenth round), and what each reading must still refuse."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnsupportedQuestionError
from reasoning_mesh.planner.forms import without_fraction_asked
from reasoning_mesh.planner.numwords import read_mixed_number_words, with_numerals
from tests.unit.audit_data import misreads


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # mixed numbers in digits: a whole number, a space, a fraction less than one
        ("what is 1 2/3 plus 2 3/4", "What is (1 + 2/3) + (2 + 3/4)?"),
        ("whats 1 1/2 divided by 3/4", "What is (1 + 1/2)/(3/4)?"),
        ("what is 2 times 1 1/2", "What is 2*(1 + 1/2)?"),
        ("how many grams in 2 3/8 kg", "How many grams are there in (2 + 3/8) kg?"),
        # an answer asked as a fraction, in a clause of its own
        ("Can you add 1 2/3 and 2 3/4 for me? leave it as an improper fraction pls",
         "What is (1 + 2/3) + (2 + 3/4)?"),
        ("what is 3/8 of 2/5? give it as a fraction pls", "What is (3/8)*(2/5)?"),
        # a sum asked by its question mark after a heading, or by `work out`
        ("farm maths: 327 times 24?", "What is 327*24?"),
        ("Quick sanity check: -36 divided by 4?", "What is -36/4?"),
        ("note to self: work out 144 divided by 0.6", "What is 144/0.6?"),
        # then sentences of the asker's own, plain words only
        ("quick one, what's 1/2 minus 5/6? helping my kid with homework and we disagree lol",
         "What is (1/2) - (5/6)?"),
        ("What is 0.25 x 84? I keep getting 2.1 and that feels wrong lol", "What is 0.25*84?"),
        ("10 inches in cm? measuring a pot for the allotment", "How many cm are there in 10 inches?"),
        # `nought`, and a filler that is also a unit's symbol
        ("okay so um what is two point four divided by nought point nought six",
         "What is 2.4/0.06?"),
        # things at a price each: asks in more words, a time, a price per the thing counted
        ("Bakery counter sold 48 cheese scones this morning at £1.35 each. How much did they "
         "bring in?", "What is 48*1.35?"),
        ("Market stall today: sold forty-eight candles at £7.25 each. What were my takings?",
         "What is 48*7.25?"),
        ("Bakery order: 7 bags of flour at £1.35 a bag. What's the total? just the number pls",
         "What is 7*1.35?"),
        ("I've ordered 150 mugs from my supplier at £2.36 each. What's the total cost before "
         "delivery?", "What is 150*2.36?"),
        ("3 coats at £59.99 each plus £4.99 delivery, total please", "What is 3*59.99 + 4.99?"),
        ("3 items at £12.49 each, what's the total for my invoice?", "What is 3*12.49?"),
        # an equation, a clause of the asker's own, then its letter asked (as a decimal too)
        ("my daughter's homework has 3x + 7 = 25 and i've totally forgotten how to do these, "
         "what's x", "Solve 3*x + 7 = 25 for x."),
        ("Our bakery van driver set the puzzle of the week on the whiteboard: 3x + 7 = 25. "
         "What is x?", "Solve 3*x + 7 = 25 for x."),
        ("6(x + 2) = 4x + 30 — whats x", "Solve 6*(x + 2) = 4*x + 30 for x."),
        # a fee plus a rate: a pick-up fee, `per person ... how many people`, `spent`
        ("Cab charges a 3.50 pick-up fee plus 1.20 per mile. My fare was 15.50 - how many miles "
         "was the trip?", "Solve 3.50 + 1.20*n = 15.50 for n."),
        ("Library room hire is 50 flat plus 4 per person. The invoice says 122. How many people "
         "came to book club?", "Solve 50 + 4*n = 122 for n."),
        ("I charge a £4 delivery fee plus £2.50 per loaf. A customer's bill came to £19. How "
         "many loaves did they order?", "Solve 4 + 2.50*n = 19 for n."),
        ("Dance classes cost £6 a session plus a one-off £15 registration fee. I've spent £93 "
         "so far in total. How many sessions have I been to?", "Solve 15 + 6*n = 93 for n."),
        # a temperature, then how it changed
        ("thermometer in the greenhouse said -6 at 6am and its gone up 11 degrees since. what "
         "does it read now", "What is -6 + 11?"),
        ("Science lab: the sample was at -4.5 degrees C and then dropped by another 2.3 degrees. "
         "What's the new temperature?", "What is -4.5 - 2.3?"),
        ("temp at dawn on the boat was minus 4 degrees it went up 11 by noon then dropped 9 by "
         "midnight what was it at midnight", "What is -4 + 11 - 9?"),
        # (`stories` reads one change only; `temperatures` reads each in its order)
        ("it was 3 degrees and it dropped 9 degrees then rose 2, what is it now", "What is 3 - 9 + 2?"),
        # sums asked among more of people's words
        ("hey google what is negative fourteen plus nine minus twenty three", "What is -14 + 9 - 23?"),
        ("Doing my kid's homework with them and blanked - what's 7/8 minus 1/3?",
         "What is (7/8) - (1/3)?"),
        ("sticky note on the fridge: -84 / 7 = ?  (checking Maya's answer)", "What is -84/7?"),
        ("can someone in this thread check my homework, what is 1/2 minus 5/6? I keep getting a "
         "weird answer", "What is (1/2) - (5/6)?"),
        ("What is two thirds of three fifths?", "What is (2/3)*(3/5)?"),
        ("The bakery sold 48 loaves today at 3.25 each, how much did we take in?", "What is 48*3.25?"),
        ("on the till: 12 bananas at 0.85 each, what do I ring up?", "What is 12*0.85?"),
        # money taken on a shift: its decimals are not times of day
        ("taxi shift so far: 12.40, 8.75, 23.10 and 6.50. total takings?",
         "What is 12.40 + 8.75 + 23.10 + 6.50?"),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # mixed numbers that are not proper, signed, or beside a division sign
        "what is -1 1/2 plus 2",
        "what is 1 5/3 plus 2",
        "what is 1 1/2 ÷ 3/4",
        "what is 3 1/2/4",
        # a fraction asked of a decimal; a letter's form asked (`give x as a fraction`)
        "what is 0.5 + 0.25 as a fraction",
        "what is 1/2 + 1/3 as a mixed number",
        # after the sum, a sentence that is not plain: another number (a correction of the same
        # shape is read since the twenty-first round: test_round23_readers)
        "What is 0.25 x 84? I keep getting 2.1 and 3",
        "what is 3 + 4? i got 7 then doubled it",
        "what's 12 + 8? with tax",
        "In base 8: 17 + 5?",
        "Round to the nearest ten: 327 times 24?",
        # a question, then words that say what it measures or take it back
        "How many pints in 2 gallons? UK gallons",
        "How many km is 5 miles? there and back",
        # things at a price: the count asked, the items without the charge, profit
        "3 items at £12.49 each, total items?",
        "3 items at £12.49 each plus £4.75 delivery, what did the items cost?",
        "sold 48 candles at £6.75 each, what was my profit?",
        "sold 48 candles at £6.75 each, how much did i make per day?",
        # an equation, then words that go on with it, doubt it or take it back
        "x + 3 = 7 - the fee, find x",
        "x/2 = 7 to and from, what's x",
        "3x + 7 = 25 isn't right, what's x",
        "3x + 7 = 25 or close enough, what's x",
        "my son has 3x + 7 = 25 and he totally forgot the rest, what's x",
        "what a makes 2x + 3 = 11 true",
        # a story's plain words between the equation and its ask (of what, then?)
        "Someone on our cycling club forum posted 5(x - 2) = 3x + 14 as the puzzle for this "
        "month's newsletter. What is x?",
        "2x + 5 = 8, give x as a decimal please",
        "she has 2x = 6 on sheet a, what is x",
        "2x + 5 = 8, give x to 2 decimal places",
        # a temperature asked at its start, changed again without a number
        "it was -4 degrees at dawn and went up 5 degrees by noon. what was it at dawn",
        "it was -4 degrees at dawn, went up 5 degrees by noon and the same by 3pm. what is it now",
        # sellers' takings asked of one of them
        "we sold 48 candles at £3 each, how much did I make?",
        # a unit's kind the knowledge base does not hold, said anywhere
        "How many km is 10 miles? nautical",
        "Troy: 3 oz in grams?",
        "How many grams in 2 ounces? gold",
        # a shift's decimals beside hours are times of day
        "shift today 7.30 to 4.15, total takings 85.50?",
    ],
)
def test_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_hours_of_a_fee_plus_a_rate_are_decimals() -> None:
    """Sealed file 63: `$65 call-out fee plus $48 per hour ... $281` answered `9/2` hours."""
    plan = plan_question(
        "plumber charges a $65 call-out fee plus $48 per hour. the bill came to $281. how many "
        "hours did he work?"
    )
    assert {g.notation for g in plan.goals} == {"decimal"}


def test_mixed_numbers_are_read_as_their_sum_as_written() -> None:
    assert read_mixed_number_words("4_1/2") == "(4 + 1/2)"
    assert read_mixed_number_words("seven and three quarters") == "(7 + 3/4)"
    with pytest.raises(ValueError, match="less than one"):
        read_mixed_number_words("1_5/3")


def test_number_words_are_written_as_numerals_only_where_one_number() -> None:
    said = "sold forty-eight candles, one hundred and five, two three, nought point two five"
    assert with_numerals(said) == "sold 48 candles, 105, two three, 0.25"


def test_a_fraction_asked_comes_off_only_as_a_clause_of_its_own() -> None:
    assert without_fraction_asked("what is 3/4 + 1/8? give it as a fraction") == "what is 3/4 + 1/8"
    assert without_fraction_asked("x - 3/4 = 5/6, give x as a fraction") is None
    assert without_fraction_asked("what is 0.5 + 0.25 as a fraction") is None


@pytest.mark.parametrize(
    "question", [q for name in ("i", "j", "k") for q in misreads(f"audit_{name}_misreads.txt")]
)
def test_audit_misreads_are_refused(question: str) -> None:
    """Audits I, J and K (docs/audits/round19): every misread they found, refused."""
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_audit_lists_are_whole() -> None:
    counts = [len(misreads(f"audit_{name}_misreads.txt")) for name in ("i", "j", "k")]
    assert counts == [138, 33, 53]
