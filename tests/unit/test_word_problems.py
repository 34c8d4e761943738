"""Round thirteen: multiplicative numerals in riddles, an equation written inside a story, and
two fixed word problems (a fee plus a rate, ages in a ratio). Each reads from fixed forms only."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "I think of a number, double it and add 9 and get 35. what was my number?",
            "Solve (n*2) + 9 = 35 for n.",
        ),
        (
            "I'm thinking of a number. I double it, take away 9, and end up with 3. What was my number?",
            "Solve (n*2) - 9 = 3 for n.",
        ),
        (
            "I'm thinking of a number. If I double it and then subtract 5 I get 19. What number am "
            "I thinking of?",
            "Solve (n*2) - 5 = 19 for n.",
        ),
        ("i thought of a number, trebled it, and got 27. what's my number", "Solve n*3 = 27 for n."),
        (
            "When a number is halved and 4 is added, the result is 17. Find the number.",
            "Solve (n/2) + 4 = 17 for n.",
        ),
        ("twice a number plus nine equals thirty-one, what's the number", "Solve (2*n) + 9 = 31 for n."),
        ("half of a number plus 9 is 21, whats the number", "Solve (n/2) + 9 = 21 for n."),
        (
            "When 9 is subtracted from twice a number, the result is 24. Find the number.",
            "Solve (2*n) - 9 = 24 for n.",
        ),
    ],
)
def test_multiplicative_numerals_name_their_number(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "helping with homework, it says 5a + 3 = 2a + 18, find a. what is it??",
            "Solve 5*a + 3 = 2*a + 18 for a.",
        ),
        (
            "on the board the teacher wrote 7y - 4 = 24 for the class, find y",
            "Solve 7*y - 4 = 24 for y.",
        ),
    ],
)
def test_an_equation_written_in_a_story_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "A plumber charges a 40 pound call-out fee plus 25 pounds per hour. My bill came to 165 "
            "pounds. How many hours did he work?",
            "Solve 40 + (25*n) = 165 for n.",
        ),
        (
            "a taxi charges a flat 3 plus 2 per km. my fare was 19, how many km did i go",
            "Solve 3 + (2*n) = 19 for n.",
        ),
        (
            "Tom is three times as old as his sister and together their ages add up to 48. how old "
            "is his sister?",
            "Solve (3*n) + n = 48 for n.",
        ),
    ],
)
def test_a_fixed_word_problem_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # a step that names no number, or a numeral doing two things
        "I think of a number, square it and get 36. what was my number?",
        "I think of a number, double it. what was my number?",
        "what is 7 - 2 then halved",
        # an equation whose meaning the story changes, or a question about something else
        "x is a natural number and 2x + 1 = 8, what's x",
        "2x + 1 = 8 in base 9, what's x",
        "The sheet says 3x + 2 = 11 in base 5. What's x?",
        "my teacher says 2x + 1 = 8 has no answer, what's x",
        "the tank holds 2x + 1 = 8 litres, what's x",
        "2x + 1 = 8, what's 2x",
        "she has 2x = 6 on sheet a, what is x",
        "my homework has 3x + 2 = 11 but i mistyped it, whats x",
        "the sheet has something like 3x + 2 = 11, whats x",
        "my homework has 3x + 2 = 11 grand, whats x",
        "In the puzzle 3y - 4 = 11, the missing weight is y. What's y?",
        # from the audit of a first draft that took any plain word of a story
        "The teacher wrote 45 + 30h = 165 on the board for the plumber's bill problem. What's h?",
        "A rectangle has perimeter 50 so 2(15 + w) = 50. Work out w please",
        "The sheet doesnt say 2x + 1 = 9, what's x?",
        "the illegible sheet says 3x + 2 = 11, whats x",
        "The teacher wrote 2x + 1 = 11 on the board in the duodecimal system. What's x?",
        "in the boolean algebra homework it says x + 1 = 1, what's x",
        "Answer in words, the sheet says 2x + 1 = 8, what's x",
        "with the signs flipped the sheet says 2x + 1 = 9, find x",
        "The sheet says 2x + 1 = 9. it is wrong. what's x",
        "the sheet has 3x + 2 = 11 or so, whats x",
        "the sheet says about 3x + 2 = 11, whats x",
        "some sheets say 2x + 1 = 21, what's x",
        "The teacher says 2x + 1 = 9 is wrong, what's x",
        "the sheet says x + 1 = x + 1, what's x",  # the unknown cancels: no single answer
        "the sheet says 2x = 2x + 1, what's x",
        "the sheet says 3 x 4 = 2x, what's x",  # x as a times sign and as a letter
        "the sheet says 2x + 1 = 9!, what's x",  # a factorial?
        "the book had 12 pages and says 3x + 2 = 11, whats x",  # a number the equation lacks
        # word problems said otherwise
        "a taxi charges a flat 3 plus 2 per km. my fare was 19, how many miles did i go",
        "a taxi charges a flat £3 plus 2 dollars per km. my fare was 19, how many km did i go",
        "a taxi charges a lot plus 2 per km. my fare was 19, how many km did i go",
        "a taxi charges a flat 3 plus 2 per km. my fare was 19 after a 10% discount, how many km",
        "A plumber never charges a 45 call-out fee plus 30 per hour. My bill came to 165. How many "
        "hours did he work?",
        "A rival plumber charges a 45 call-out fee plus 30 per hour. My bill came to 165. How many "
        "hours did he work?",
        "A plumber charges a 45 call-out fee plus 30 per hour. My bill came to 165. How many hours "
        "did I work?",
        "a zoo charges a 5 entry fee plus 2 per ride. my total was 25. how many rides did we take",
        "a bank charges a 5 fee plus 2 per cent. my total was 25. how many cents",
        "tom is three times as old as his sister and together their ages add up to 48. how old is "
        "my sister?",
        "nobody is three times as old as my sister and together their ages add up to 48. how old "
        "is my sister?",
        "tom is three times as old as his sisters and together their ages add up to 48. how old is "
        "his sisters?",
        "A number is double and 4 is added, giving 20. What is the number?",
    ],
)
def test_anything_said_otherwise_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "playing a quiz game with my nephew, I scored 25 points, then lost 40 on a wrong answer, "
            "then won 12 back. what's my score now?",
            "What is 25 - 40 + 12?",
        ),
        (
            "My bank balance was -132.50 and then I paid in 200.75. What's the balance now?",
            "What is -132.50 + 200.75?",
        ),
        (
            "it was -7 degrees when i left this morning and its gone up 12 degrees since. whats the "
            "temperature now",
            "What is -7 + 12?",
        ),
        (
            "Our town has 28,716 people and the newsletter wants it to the nearest thousand, what "
            "number goes in?",
            "Round 28716 to the nearest thousand.",
        ),
        (
            "The crowd at Saturday's match was 44,999. Rounded to the nearest thousand, what would "
            "the newspaper report?",
            "Round 44999 to the nearest thousand.",
        ),
        (
            "The bill came to 47.368 after tax and I need it to 2 decimal places. What do I write?",
            "Round 47.368 to 2 decimal places.",
        ),
        ("the price works out at 12.345, what is that to 2 dp", "Round 12.345 to 2 decimal places."),
    ],
)
def test_a_tally_a_change_since_and_a_rounding_for_someone_read(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "I scored 25 points, then my nephew lost 40. what's my score now?",
        "I scored 25 points, then lost 40 on each question. what's my score now?",
        "I scored 25 points, then lost 40 twice. what's my score now?",
        "I scored 25 points, then lost 40 on 3 questions. what's my score now?",
        "My bank balance was -132.50 and then I paid in 200.75. What's my nephew's balance now?",
        "My bank balance was -132.50 and then I paid 200.75. What's the balance now?",
        "I scored 25 points. what's my score now?",
        "it was -7 degrees when i left this morning and its gone up 12 degrees since. what was it "
        "when i left",
        "The bill came to 47.368 plus tax and I need it to 2 decimal places. What do I write?",
        "The bill came to 47.368 before tax and I need it to 2 decimal places. What do I write?",
    ],
)
def test_a_tally_or_a_rounding_said_otherwise_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "Our teacher asked us to work out 144 ÷ 16 + 25 in our heads. What should we have got?",
            "What is 144/16 + 25?",
        ),
        (
            "Homework says compute 5/8 - 7/12. Can someone tell me what it should come to?",
            "What is (5/8) - (7/12)?",
        ),
        ("i keep getting 3/4 + 5/6 wrong, whats the actual answer", "What is (3/4) + (5/6)?"),
        ("my grocery reciepts: 45.50 + 12.75 + 8.20, what's the total", "What is 45.50 + 12.75 + 8.20?"),
    ],
)
def test_an_expression_written_in_a_story_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "my grocery reciepts: 45.50 - 12.75, what's the total",  # a total of a difference?
        "my kid thinks 3/4 + 5/6 is bigger than 1, what's the answer",
        "the sheet says 3/4 + 5/6 as a decimal, what's the answer",
        "my teacher says 3/4 + 5/6 then double it, what's the answer",
        "the sheet says 3/4 + 5/6, 7 + 2, what's the answer",
        "my teacher says 12 + 5 in base 8, what's the answer",
        "the sheet says roughly 12 + 5, what's the answer",
        "my sheet has 3 questions: 12 + 5, what's the answer",
        "my kid keeps getting 3/4 + 5/6 as 8/10, whats the actual answer",
    ],
)
def test_an_expression_in_a_story_said_otherwise_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "Dinner came to 87.32 and there's 4 of us splitting it evenly. how much does each person "
            "pay?",
            "What is 87.32/4?",
        ),
        (
            "I paid for a 13.47 book with a 20 note, how much change should i have got",
            "What is 20 - 13.47?",
        ),
    ],
)
def test_a_share_and_change_said_these_ways_read(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "I paid for a 13.47 dozen with a 20 note, how much change should i have got",
        "Dinner came to 87.32 and there's 4 of us plus a baby splitting it evenly. how much does "
        "each person pay?",
    ],
)
def test_a_share_or_change_said_otherwise_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    "question",
    [
        # from the second audit of round thirteen: a tally's open words change it
        "I scored 25 points, then won 12 in a row. what's my score now?",
        "I scored 25 points, then dropped 3 in the rankings. what's my score now?",
        "My balance was 500 and then I paid in 50 on a standing order. What's the balance now?",
        "My balance was 500 and then I paid in 50 on a bounced cheque. What's the balance now?",
        "My balance was 500 and then I deposited 50 in my piggy bank. What's the balance now?",
        "My balance was 500 and then I took out 50 on a loan. What's the balance now?",
        "playing golf with my dad, I was on 72, then dropped 3. what's my score now?",
        "we scored 25 points, then I lost 40. what's my score now?",
        # someone else's answer, amounts said after the sum, a faulty question, times of day
        "my kid got 144 ÷ 16 + 25 wrong, what did he get?",
        "my son's homework says 144 ÷ 16 + 25, what did he put?",
        "my grocery receipts: 45.50 + 12.75 + 8.20 and tax, what's the total",
        "my grocery receipts: 45.50 + 12.75 + 8.20 and his, what's the total",
        "Our teacher asked us to work out 144 ÷ 16 + 25 but the question is broken, what's the answer",
        "my son's homework says 3x + 2 = 11 but he forgot stuff, find x",
        "my shift today: 9-5, what should i put",
        "my timesheet: 7.30 + 8.15 + 6.45, what's the total",
        "my kid says x = 3, find x",  # a claimed answer
        "It was -4°C this morning and its gone up 12 degrees since. what was it then",
        "Everything is three times as old as his sister and together their ages add up to 48. How "
        "old is his sister?",
        "I paid for a 13.47 refund with a 20 note, how much change should i have got",
    ],
)
def test_what_the_second_audit_found_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


@pytest.mark.parametrize(
    "question",
    [
        # from the third audit of round thirteen
        "It was 10 degrees at 7am and it rose by 3 degrees by 5pm. What was it at 5am?",
        "It was 10 degrees at 7am and it rose by 3 degrees. What was it then?",
        "I paid for a 12 inch with a 20 note, how much change should I get",
        "I paid for a 3 course with a 50 note, how much change should I get",
        "the board says 2x + 1 = 9 but my son forgot stuff, find x",
        "we forgot stuff but the board says 144 ÷ 16 + 25, what should we have got",
        "The attendance was 62.548. Rounded to the nearest thousand, what would the newspaper report?",
        "Attendance was 1.234, round it to the nearest ten",
        "the sheet says 6 / 2x = 1, find x",
        "solve 8 ÷ 2(x + 2) = 4 for x",
        "the sheet says 3x4 + x = 20, find x",
        "i worked: 7.30 + 8.15 + 6.45, what's the total",
        "my job: 7.30 + 8.15 + 6.45, what's the total",
        "my kid says x = 2 + 1, find x",
        "the teacher got 2x + 1 = 9 wrong, find x",
        "the teacher should have written 2x + 1 = 9 on the board, find x",
        "With tax, my receipt says 45.50 + 8.20. What's the total?",
        "playing a quiz with my nephew, I scored 25 points, then lost 40. what's the score now?",
        "My balance was 100, then I deposited 50 points. What's my balance now?",
        "split 48 cookies evenly between thirty-zero kids, how many does each kid get?",
    ],
)
def test_what_the_third_audit_found_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_a_count_of_lessons_is_whole() -> None:
    """`3.5 lessons` answers nothing: the plan asks the verifier for a count."""
    plan = plan_question(
        "A tutor charges a 20 booking fee plus 30 per lesson. My bill came to 125. How many "
        "lessons did i have?"
    )
    assert plan.final_check.answer_form == "count"
