"""Round fourteen: money as people write it, priced items asked in total, things given away or
packed, a fee on top of a price each, a phone plan, ages apart by years, a thing's price split,
and wider statements of one quantity. Each reads from fixed forms; each refusal is a sentence
whose reading would be another question's answer."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading", "form"),
    [
        ("what is $12.50 times 4", "What is 12.50*4?", "any"),
        ("round £12.345 to the nearest penny", "Round 12.345 to 2 decimal places.", "any"),
        ("what is £12.345 to the nearest pound", "Round 12.345 to the nearest integer.", "any"),
        (
            "the price works out at £12.345, what is that to the nearest penny",
            "Round 12.345 to 2 decimal places.",
            "any",
        ),
        (
            "My bill came to 23.786 dollars, round it to 2 dp pls",
            "Round 23.786 to 2 decimal places.",
            "any",
        ),
        (
            "the measurement is 2.996 cm, can you round it to 2dp for my lab report",
            "Round 2.996 to 2 decimal places.",
            "any",
        ),
        (
            "petrol is 1.479 a litre at the garage, what's that rounded to 2 dp",
            "Round 1.479 to 2 decimal places.",
            "any",
        ),
        (
            "The car travelled 356.48 km. Round that to the nearest ten.",
            "Round 356.48 to the nearest ten.",
            "any",
        ),
        ("roudn 1249 to nearest ten", "Round 1249 to the nearest ten.", "any"),
        (
            "we're away for 3 weeks, how many hours is that lol",
            "How many hours are there in 3 weeks?",
            "any",
        ),
        (
            "I need 2.4 kg of flour for the bakery order, how many grams is that",
            "How many grams are there in 2.4 kg?",
            "any",
        ),
        ("seven hundred and twelve minus two hundred and nintey-eight", "What is 712 - 298?", "any"),
        (
            "A number doubled plus 11 gives 35. What is the number?",
            "Solve (n*2) + 11 = 35 for n.",
            "any",
        ),
        (
            "a number divided by 6 then add 2 gives 7. what's teh number",
            "Solve (n/6) + 2 = 7 for n.",
            "any",
        ),
        (
            "I bought a sandwich for £3.45 and a coffee for £2.90, how much did I spend altogether?",
            "What is 3.45 + 2.90?",
            "any",
        ),
        (
            "bought bread 2.35, milk 1.19 and eggs 3.60 at the corner shop - what did that come to "
            "altogether",
            "What is 2.35 + 1.19 + 3.60?",
            "any",
        ),
        (
            "shopping list: bread 2.35, milk 1.19, eggs 3.60, cheese 4.25. what's the total",
            "What is 2.35 + 1.19 + 3.60 + 4.25?",
            "any",
        ),
        (
            "I have 250 stickers and give 38 to each of my 6 friends. How many do I have left?",
            "What is 250 - (38*6)?",
            "count",
        ),
        (
            "I had 3 boxes with 24 pencils in each and gave 17 away to the class. how many pencils do "
            "I have left",
            "What is (3*24) - 17?",
            "count",
        ),
        (
            "I've got 144 cupcakes to pack into boxes of 12, how many boxes do I need?",
            "What is 144/12?",
            "count",
        ),
        (
            "A pizza costs $14.75 and we split it equally between 5 people. How much does each person "
            "pay?",
            "What is 14.75/5?",
            "cents",
        ),
        (
            "Tickets cost $12 each plus a single $5 booking fee. I paid $65 in total. How many "
            "tickets did I buy?",
            "Solve 5 + (12*n) = 65 for n.",
            "count",
        ),
        (
            "My phone plan is $20 a month plus $0.15 per text. Last month's bill was $26.75. How many "
            "texts "
            "did I send?",
            "Solve 20 + (0.15*n) = 26.75 for n.",
            "count",
        ),
        (
            "Sam is 4 years older than his sister and their ages add up to 30. How old is his sister?",
            "Solve (n + 4) + n = 30 for n.",
            "count",
        ),
        ("minus eight times minus seven", "What is -8*-7?", "any"),
        ("I bought 3 coffees at 2.85 each, how much did i spend altogether?", "What is 3*2.85?", "any"),
        ("A train ticket costs $12.40. How much would 5 tickets cost?", "What is 5*12.40?", "any"),
        (
            "our team scored 87, 64 and 92 points in the last three games, whats the total",
            "What is 87 + 64 + 92?",
            "any",
        ),
        (
            "had £20, spent 7.45 on lunch and 3.60 on a magazine. how much have i got left",
            "What is 20 - 7.45 - 3.60?",
            "change",
        ),
        (
            "concert tickets cost 8 each plus a 5 booking fee for the whole order. I paid 61 in total, "
            "how many tickets did I buy?",
            "Solve 5 + (8*n) = 61 for n.",
            "count",
        ),
        (
            "taxi charges a 3 pound flat fee plus 1.50 per mile. my fare was 15 pounds, how many miles "
            "did i go",
            "Solve 3 + (1.50*n) = 15 for n.",
            "not_negative",
        ),
        (
            "Sam is 4 years older than his sister and their ages add up to 30. How old is Sam?",
            "Solve n + (n - 4) = 30 for n.",
            "count",
        ),
        (
            "six times a number equals twice the number plus 44. whats the number?",
            "Solve (6*n) = (2*n) + 44 for n.",
            "any",
        ),
        (
            "my 100m time was 12.487 seconds, what is that to 2dp",
            "Round 12.487 to 2 decimal places.",
            "any",
        ),
        (
            "If I triple a number and take away 14 I get 1, what was the number",
            "Solve (n*3) - 14 = 1 for n.",
            "any",
        ),
        (
            "I bought 3 notebooks at 2.45 each and a pen for 1.20, how much did I spend altogether?",
            "What is 3*2.45 + 1.20?",
            "any",
        ),
        ("a pack of 24 cans costs 9.60, how much is that per can?", "What is 9.60/24?", "cents"),
        (
            "had £20, spent £6.75 on lunch and £3.40 on coffee. how much have i got left",
            "What is 20 - 6.75 - 3.40?",
            "change",
        ),
        (
            "plumber charges 40 callout plus 25 an hour, the bill was 152.50. how many hours did he "
            "work?",
            "Solve 40 + (25*n) = 152.50 for n.",
            "not_negative",
        ),
        (
            "Jo is 4 years older than Sam and their ages add up to 30. How old is Sam?",
            "Solve (n + 4) + n = 30 for n.",
            "count",
        ),
        ("how much change do i get from a £20 note if i spend £13.76", "What is 20 - 13.76?", "change"),
        (
            "the plumber charges a 40 call-out fee plus 25 per hour. my bill was 165 — how many hours "
            "did he work?",
            "Solve 40 + (25*n) = 165 for n.",
            "not_negative",
        ),
    ],
)
def test_everyday_sentences_read(question: str, reading: str, form: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert plan.final_check.answer_form == form


@pytest.mark.parametrize(
    "question",
    [
        # money: a coin's rounding only of money stated (`12.6 kg to the nearest pound`: a unit)
        "12.6 kg to the nearest pound",
        "what is 12.6 kg to the nearest pound",
        # a thousands comma with a unit may be a decimal comma
        "the car did 1,356 km, round that to the nearest ten",
        # something that multiplies the amount
        "I need 2.4 kg of flour for each bakery order, how many grams is that",
        # riddles: which steps a bare step groups
        "a number plus 11 doubled gives 35. what is the number?",
        "a number doubled plus 11 doubled gives 35. what is the number?",
        # receipts: a count or a price each, mixed currencies, someone else's part
        "I bought 2 sandwiches for £3.45 and a coffee for £2.90, how much did I spend altogether?",
        "I bought a sandwich for £3.45 and a coffee for £2.90 each, how much did I spend altogether?",
        "I bought a sandwich for £3.45 and a coffee for 2.90, how much did I spend altogether?",
        "we bought a sandwich for £3.45 and a coffee for £2.90, how much did I spend altogether?",
        # leftovers: more giving than the form says, other things asked
        "I have 250 stickers and give 38 to each of my 6 friends and 2 to my mum. How many do I have "
        "left?",
        "I have 250 stickers and give 38 to my friend. How many pencils do I have left?",
        # word problems: another currency, someone not named in it
        "Tickets cost $12 each plus a single £5 booking fee. I paid $65 in total. How many tickets "
        "did I buy?",
        "Sam is 4 years older than his sister and their ages add up to 30. How old is Tom?",
        # audits of the drafts: money not sure of its currency or coin
        "My bill came to 345.6 cents, round it to the nearest dollar",
        "My bill is $23.786, round it to the nearest euro",
        "The parcel weighs 23.786 pounds, round it to the nearest penny",
        "Round £23.4 kg to the nearest pound",
        "What is $5 + €3?",
        "the car costs €12.500, round it to the nearest euro",
        "the car costs 12.500 dollars, round it to 2 dp",
        "My bill came to 23.786 dollars in cents, round it to 2 dp",
        # a time of day or clock-style hours; a unit rounded past its digits; calendar days
        "my alarm is 6.45 a m, round it to the nearest whole number",
        "we'll be there for 9.45, round it to the nearest whole number",
        "We flew 2.30 hours, how many minutes is that",
        "the tree is 4.56 m tall, round it to the nearest ten",
        "we're away for 1 month, how many days is that",
        "how many days are in 2 years",
        # receipts: pence beside pounds, a count, a price each, a payment that is an item's
        "bought bread 2.35, milk 95 and eggs 3.60 at the corner shop - what did that come to altogether",
        "bought eggs 12, milk 1.19 and bread 2.35, how much did I spend",
        "I bought apples at £0.40 and bananas at £0.25, how much did I spend?",
        "I paid for the cinema for £12 and the tickets for £12, how much did I spend?",
        # leftovers: a box given, 24 in all, my part of ours
        "I had 3 tins of 24 biscuits and gave 1 away to my mum. how many biscuits do I have left",
        "I had 3 boxes with 24 pencils and gave 17 away. how many pencils do I have left",
        "we have 250 stickers and give 38 to each of our 6 friends. How many do I have left?",
        # word problems: a fee that may be per ticket, another month's bill
        "Tickets cost $12 each plus a $3 entry fee. I paid $75 in total. How many tickets did I buy?",
        "My phone plan is $20 a month plus $0.15 per text. This month's bill was $26.75. How many texts "
        "did I send last month?",
        # the third audit: plus-minus, a ticket's class or size, an age below nothing
        "what is 10 plus minus 3",
        "what is 10 plus-minus 3",
        "what is 5 +- 2",
        "A family ticket costs 30. How much would 5 tickets cost?",
        "A child ticket costs 5. How much would 4 tickets cost?",
        "A large pizza costs 12. How much would 3 pizzas cost?",
        "Sam is 40 years older than his sister and their ages add up to 30. How old is Sam?",
        "I'm running a 10 km race on sunday, my 5k split was 24.5 minutes, how many seconds is that",
        # the fourth round: another thing's price, pence named, a step before the number
        "a pack of 24 cans costs 9.60, how much is that per bottle?",
        "my shopping bill came to 47.83 pence, round it to the nearest pound",
        "if i take away 14 and triple a number i get 1, what was the number",
        "had £20, spent $6.75 on lunch and £3.40 on coffee. how much have i got left",
        "I worked 7.30 to 4.15 on my shift",
        # the fourth audit: hours and minutes on a timesheet; a bare price may be pence
        "my timesheet: 36.45 + 32.30, what's the total",
        "I worked 37.45 hours, how many minutes is that",
        "the sweets cost 85, round it to the nearest pound",
        "the shopping came to 47.83 in yen, round it to the nearest pound",
        # the fifth round: someone not named, another currency's price
        "Jo is 4 years older than Sam and their ages add up to 30. How old is Tom?",
        "how much change do i get from a £20 note if i spend $13.76",
        # the fifth audit: an age below nothing asked of either, no one person after `than`
        "Jo is 4 years younger than Sam and their ages add up to 2. How old is Sam?",
        "Jo is 4 years older than cousins and their ages add up to 30. How old is Jo?",
        "Jo is 4 years older than usual and their ages add up to 30. How old is Jo?",
        # shares: a price each
        "A pizza costs $14.75 each and we split it equally between 5 people. How much does each "
        "person pay?",
    ],
)
def test_everyday_sentences_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)
