"""People's own sentences around one quantity, one riddle, one equation or one list of amounts
(`statement`, `riddles`, `equations`, `totals`): what each reads, and the sentences each must
refuse."""

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
            "i walked 8400 m today according to my phone, how many km is that",
            "How many km are there in 8400 m?",
        ),
        (
            "Our flight to Singapore is 630 minutes long. How many hours is that?",
            "How many hours are there in 630 minutes?",
        ),
        (
            "I ran 21.0975 km today, what's that to the nearest whole km?",
            "Round 21.0975 to the nearest integer.",
        ),
        (
            "my calculator says 0.6666667 but the teacher wants answers to 2 decimal places, what"
            " do i write",
            "Round 0.6666667 to 2 decimal places.",
        ),
        (
            "The balance read 72.4851 g and the lab sheet wants masses to two decimal places."
            " What do I record?",
            "Round 72.4851 to 2 decimal places.",
        ),
        (
            "my recipe says 0.3 L of milk but my jug is only marked in ml, how many ml do I pour?",
            "How many ml are there in 0.3 l?",
        ),
        (
            "The recipe needs 750 ml of stock but my measuring jug only shows litres - how many"
            " litres is that?",
            "How many litres are there in 750 ml?",
        ),
        (
            "The attendance at the match was 34,752. What's that to the nearest thousand for my report?",
            "Round 34752 to the nearest thousand.",
        ),
        ("33cl to ml?", "How many ml are there in 33 cl?"),
        # Round ten: `each way` of a length or time is the amount said; `away`, `apart`, `ago`;
        # verbs of carrying, lasting, taking, counting; a comma groups thousands beside a unit
        # where the digits after it end in zeros (`8,600 m`; a decimal comma would write `8,6`);
        # a count after a whole number rounded to tens; `but I need it to 2 dp`.
        (
            "my commute is 8750 metres each way, how far is that in km",
            "How many km are there in 8750 metres?",
        ),
        ("My holiday is 6 weeks away, how many days is that?", "How many days are there in 6 weeks?"),
        (
            "The lorry is carrying 2.5 tonnes of sand. How many kilograms is that?",
            "How many kilograms are there in 2.5 tonnes?",
        ),
        (
            "the film lasts 150 minutes, how many hours is that",
            "How many hours are there in 150 minutes?",
        ),
        (
            "I walked 8,600 m today according to my watch. What's that in km?",
            "How many km are there in 8600 m?",
        ),
        (
            "The stadium holds 62,548 people, what's that to the nearest thousand?",
            "Round 62548 to the nearest thousand.",
        ),
        (
            "I measured 2,864 steps on the trail, round it to the nearest ten please",
            "Round 2864 to the nearest ten.",
        ),
        (
            "my calculator shows 19.867 but I need it to 2 decimal places",
            "Round 19.867 to 2 decimal places.",
        ),
        # Round eleven (from sealed file 18): `round to` and `how many <unit>` with no pronoun,
        # `one way` after the ask, who wants the weight in grams, `of` between names, a log
        (
            "my commute is 90 minutes each way - how many hours is that one way",
            "How many hours are there in 90 minutes?",
        ),
        (
            "parcel weighs 1.75 kg and the courier website wants the weight in grams",
            "How many grams are there in 1.75 kg?",
        ),
        (
            "a water bottle holds 1.5 l. how many centilitres?",
            "How many centilitres are there in 1.5 l?",
        ),
        (
            "population of our town is 48,372 - round it to the nearest thousand for my essay",
            "Round 48372 to the nearest thousand.",
        ),
        (
            "the bag of flour weighs 0.665 kg, round to 2 decimal places",
            "Round 0.665 to 2 decimal places.",
        ),
        (
            "my watch says i ran 5.437 km, round to one decimal place for my log",
            "Round 5.437 to 1 decimal place.",
        ),
        # Round twelve (from sealed file 19): `is showing`, `to the nearest cm` of cm, a bare
        # noun who wants it rounded, `my jug only does ml` as its own clause
        (
            "calculator is showing 0.0049871, what is it rounded to 3 decimal places?",
            "Round 0.0049871 to 3 decimal places.",
        ),
        (
            "I measured the board at 93.48 cm, round it to the nearest cm for me",
            "Round 93.48 to the nearest integer.",
        ),
        (
            "attendance at the match was 62,550 - newspaper wants it to the nearest hundred",
            "Round 62550 to the nearest hundred.",
        ),
        (
            "recipe says 0.75 l of stock, my jug only does ml. how many ml is that?",
            "How many ml are there in 0.75 l?",
        ),
        ("how many dl is 0.6 l", "How many dl are there in 0.6 l?"),
    ],
)
def test_a_stated_quantity_in_more_words_reads(question: str, reading: str) -> None:
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
    ("question", "reading"),
    [
        (
            "I spent 4.75 on coffee, 12.30 on lunch and 8.95 on a cab today. How much did I spend"
            " altogether?",
            "What is 4.75 + 12.30 + 8.95?",
        ),
        (
            "On our road trip we did 238 km on Monday, 175 on Tuesday and 96 on Wednesday. How"
            " many km is that altogether?",
            "What is 238 + 175 + 96?",
        ),
        (
            "At the shop I grabbed three things costing 4.75, 2.30 and 11.95. What do they add up to?",
            "What is 4.75 + 2.30 + 11.95?",
        ),
        (
            "bought three things at the shop, 4.99 and 12.50 and 7.25, whats the total",
            "What is 4.99 + 12.50 + 7.25?",
        ),
        ("i ran 5 km on monday and 7 km on tuesday, how far did i go in total", "What is 5 + 7?"),
    ],
)
def test_amounts_listed_then_asked_for_in_total_read(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # thousands or decimal commas in a list
        "I spent 1,200 on rent and 300 on food. How much did I spend altogether?",
        "I spent 4,75 on coffee, 2,30 on cake and 12 on lunch. How much did I spend?",
        # someone else's, money coming in, prices, quotes, plans, spending that did not happen
        "My sister spent 4.75 on coffee, 12.30 on lunch and 8.95 on a cab. How much did I spend"
        " altogether?",
        "I spent 4.75 on coffee and 12.30 on lunch. How much did they spend altogether?",
        "I was paid 40 on Monday, 55 on Tuesday and 60 on Wednesday. How much did I spend?",
        "The three quotes were 450, 520 and 610. What did I pay?",
        "Prices are 4.75 for a coffee and 2.30 for a cookie. How much did I pay?",
        "I could have spent 4.75 on coffee and 12.30 on lunch. How much did I spend?",
        "My targets were 5 km on Monday and 7 km on Tuesday. How far did I go in total?",
        "The odometer readings were 238 km on Monday and 413 km on Tuesday. How far did I go in total?",
        # an ask that does not fit the amounts, a currency or unit in a phrase, a whole
        "We drove 238 on Monday, 175 on Tuesday and 96 on Wednesday. How much did we spend?",
        "I spent 4.75 in euros, 12.30 in pounds and 8.95 in dollars. How much did I spend?",
        "We did 238 km on Monday and 175 in miles on Tuesday. How many km is that altogether?",
        "I spent 4.75 on coffee and 16.05 in total. How much did I spend?",
        "We did 238 km on Monday and 413 km on the trip. How many km is that altogether?",
        # repetition, a rate, a scale drawing, a count that does not match
        "I ran 5 km on Mondays and 7 km on Thursdays, how far did I go in total?",
        "I spent 4.75 on coffee, 12.30 on lunch and 8.95 on a cab each day. How much did I"
        " spend altogether?",
        "On the map we did 23.8 cm on Monday, 17.5 on Tuesday and 9.6 on Wednesday. How far did"
        " we go in total?",
        "bought three things at the market, 4.75 and 11.60. what did i spend in total",
        "I spent 4.75, got 2.30 back and 8.95. How much did I spend altogether?",
        # the stated quantity: a list, a kind it is not, a part, a drawing's scale
        "The samples weighed 120,135,150 g, how many kg is that?",
        "The samples weighed 120,135 g, how many kg is that?",
        "I measured the leaf at 12.34567 cm, the lab sheet wants masses to two decimal places."
        " What do I record?",
        "The radius is 3.14159 cm, the teacher wants answers to 2 dp. What do I write?",
        "The prescription says 0.3 L in total, how many ml do I give?",
        "The label says 0.3 L, how many ml do I pour?",
        "The trail is 3.5 cm long according to the scale, how many km is that?",
        "The lid weighs 0.6 kg according to the box, how heavy is it in grams?",
        "I ran 21.0975 km today, what's that to the nearest whole m?",
        "Flour to sugar is 2.5 kg, how many grams is that?",
        # from the second audit: a whole or a total among the items, items that may overlap,
        # payment not made, a plan, an amount of another unit, a screen's length, a clock time
        "I spent 40 on food and 95 on food overall. What's the total?",
        "We did 238 km on Monday and 651 km on the entire route. How many km is that altogether?",
        "I spent 4.75 on coffee and 16.05 on my bank statement. How much did I spend?",
        "I spent 60 on saturday and 12.30 on lunch on saturday. What's the total?",
        "We drove 400 km today and 120 km tonight. How far did we go in total?",
        "I spent 60 at the market and 12 on fruit at the market. What's the total?",
        "I spent 60 at the mall and 25 on shoes. What's the total?",
        "We cycled 80 km on the ride and 20 km on the climb. How far did we cycle in total?",
        "I bought two things for 40 and 55 on layaway. How much did I pay?",
        "I got two items for 40 and 55 on finance. How much did I pay?",
        "In my forecast we spent 40 on food and 55 on fuel. What's the total?",
        "I swam 1.5 km on monday and 400 on tuesday. How far did I swim in total?",
        "I spent 4.75 on coffee and 12.30 on rupees. How much did I spend?",
        "The trail is 3.5 cm long according to my phone, how many km is that?",
        "The bus to town is 10.45, round it to the nearest whole number",
        "The pH came out as 7.2345 and the sheet wants prices to 2 dp",
        "I got 1.23456 kg of flour at the shop but the teacher wants answers to 2 dp",
        "I got 1.23456 kg and the sheet wants answers to 2 dp",
        "My calculator says 1,667 but the teacher wants answers to 2 dp",
        # a comma in a number after a plural may part a list (`120, 135`); beside a unit, a
        # decimal comma (`21,097 km`: a half marathon?)
        "I ran 21,097 km today, how many m is that?",
        "my baby weighed 3,250 kg at birth, how many grams is that",
        "Tom and Sam ran 12,150 m, how many km is that",
        "Sam and I walked 8,600 m today, what's that in km",
        "my run, my walk came to 12,150 m, how many km is that",
        "my sister and I counted 2,864 steps, round it to the nearest ten",
        "the mice weighed 20,100 mg, what is that in grams?",
        "my run versus walk was 8,600 m, what is that in km?",
        "the dog or cat weighed 3,400 g, what is that in kg",
        "parcel weighs 1.75 kg and the courier website wants the time in grams",
        "parcel weighs 1.75 kg and the website wants double in grams",
        "half of the bag weighs 0.665 kg, round to 2 decimal places",
        # from the third audit of this round
        "the journey there and back took 3 hours, how many minutes one way",
        "the box is 30 cm wide, the courier wants the length in mm",
        "the empty box weighs 0.3 kg, the courier wants the weight in grams",
        "the lid of the box weighs 0.3 kg, how heavy is it in grams",
        "the answer came out as 2.30258, round it to 2 dp for the natural log",
        "the stadium holds 62.548 people, round to the nearest thousand",
        "I measured the board at 93.48 cm, round it to the nearest mm",  # converts first
        "the price is 12.345, round it to the nearest penny",
        "attendance at the match was 62,550 - nobody wants it to the nearest hundred",
        "attendance was 62,550 - doesnt want it to the nearest hundred",
        "recipe says 0.75 l of stock, my jug only does cl. how many ml is that?",
        "My runs were 12,150 m, how many km is that?",
        "The teams scored 12,150 points, round it to the nearest hundred",
        "The stadium holds 62,548 people, what's that to 2 dp?",
        "The stadium holds 62,548 people each week, what's that to the nearest thousand?",
        "The recipe says 0.3 L of milk evaporates, how many ml do I pour?",
        "The recipe says 0.3 L of stock at a time, how many ml do I pour?",
        # from the third audit: a part asked for by its way of going, a bare amount after
        # metres, categories and wholes of other items, one thing twice, a rate as a price
        "We did 3 km on foot and 40 km on the bus. How far did we walk in total?",
        "I swam 400 m on Monday and 1.5 on Tuesday. How far did I swim in total?",
        "I spent 40 on stationery and 5 on pens. How much did I spend altogether?",
        "I spent 300 on the renovation and 80 on paint. How much did I spend altogether?",
        "I spent 60 on coffees and 10 on coffee. What's the total?",
        "I spent 1.250 on the flight and 300 on the hotel. What's the total?",
        "The exchange rate came to 1.16789, the app wants prices to 2 dp.",
        "The drive to Leeds is 350 km, how many hours is that?",
        "The recipe says 0.3 L of milk overall, how many ml do I pour?",
    ],
)
def test_lists_and_statements_that_may_say_more_are_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    "question",
    [
        # a rate, a count of them, a share, a purpose that multiplies
        "I ran 5 km twice this morning, how many metres is that?",
        "I swam 50 m lengths this morning, how many km is that",
        "the recipe needs 750 ml of stock per person, how many litres is that",
        "the recipe needs 750 ml of stock, how many litres is that for the family",
        "my commute is 8750 metres there and back, how far is that in km",
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
