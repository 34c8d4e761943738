"""A temperature's changes among more of the asker's words, how far it moved between two
readings, a sum written in a spreadsheet cell or ending `= ?`, a darts score left, full
containers with some gone, a bill shared in more words, and lists whose ask names their
measure (twenty-second round); and what each must still refuse."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # a temperature, then its changes: more asks, events in between, times said first
        ("It was -6 degrees in the greenhouse at 6am and it warmed up by 14 degrees by "
         "lunchtime. What temp was it at lunch?", "What is -6 + 14?"),
        ("freezer thermometer read -18 this morning and it's gone up by 7 degrees since someone "
         "left the door open. what does it read now?", "What is -18 + 7?"),
        ("Deck thermometer on the boat read -6 at dawn. By noon it had gone up 11 degrees. What "
         "did it read at noon?", "What is -6 + 11?"),
        ("Lab notes: the sample started at -3.5 degrees C, was warmed by 8.25 degrees, then "
         "cooled by 1.75 degrees. What's the final temperature?", "What is -3.5 + 8.25 - 1.75?"),
        ("Club ride set off at minus 4 degrees and it had warmed up by 11 degrees by the time "
         "we reached the cafe. What was the temperature at the cafe?", "What is -4 + 11?"),
        ("it was -7 degrees at 6am, it went up 12 degrees by noon, then dropped 9 degrees again "
         "by midnight. What was the temperature at midnight?", "What is -7 + 12 - 9?"),
        ("The thermometer in the shed said -6 degrees at 5am and it warmed up by 11 degrees by "
         "lunchtime. What was the lunchtime temperature?", "What is -6 + 11?"),
        # two readings and the change asked
        ("Greenhouse thermometer read -4 at 6am and 11 by lunchtime. How many degrees did it go "
         "up?", "What is 11 - -4?"),
        ("The thermometer read 14 degrees at 3pm and 6 degrees at 9pm. By how many degrees did "
         "it drop?", "What is 14 - 6?"),
        ("the temperature started at -3.5 °C and finished at 2.25 °C. By how many degrees did "
         "it rise?", "What is 2.25 - -3.5?"),
        ("The freezer display went from -18 to -23.5 overnight. What's the change in "
         "temperature?", "What is -23.5 - -18?"),
        ("car thermometer said -6 when i left this morning and 11 by lunch. how many degrees "
         "warmer did it get", "What is 11 - -6?"),
        # a spreadsheet's formula, a sum ending `= ?`
        ("my spreadsheet cell has =-12*7+30 in it, what number should it be showing?",
         "What is -12*7 + 30?"),
        ("Spreadsheet cell has =-48+135-62 in it and my coworker swears the result is wrong. "
         "What should it actually come out to?", "What is -48 + 135 - 62?"),
        ("quick mental maths check: (-12) x (-7) - 15 = ?", "What is (-12)*(-7) - 15?"),
        ("Can someone settle this: -15 - (-8) + 3 = ?", "What is -15 - (-8) + 3?"),
        # darts: the start, then each score taken off
        ("darts: started on 501, threw 140 then 100 then 85. what have i got left",
         "What is 501 - 140 - 100 - 85?"),
        ("darts night, my opponent started on 501 and has hit 140, 100, 85 and 60 so far. "
         "whats he got left", "What is 501 - 140 - 100 - 85 - 60?"),
        # full containers, some gone, the rest asked
        ("Baked 14 trays of 24 cookies for the market stall but 37 cracked. How many can I "
         "actually sell?", "What is 14*24 - 37?"),
        ("we baked 14 trays of croissants this morning, 24 on a tray, and sold 287 by closing. "
         "how many are left", "What is 14*24 - 287?"),
        ("Bought three boxes of 24 wood screws for the decking and used 58 of them. How many "
         "screws are left over?", "What is 3*24 - 58?"),
        # a bill shared by so many of us, in more words
        ("six of us went out and the bill was 187.20, split evenly how much does each person owe",
         "What is 187.20/6?"),
        ("Team lunch came to £372 and there are twelve of us splitting it evenly, how much does "
         "each person owe", "What is 372/12?"),
        # a bank balance: a card payment or a bill that went out, the weekly shop
        ("My account was at -38.50, then I paid in 120 and a card charge of 45.25 went out. "
         "Whats the balance now?", "What is -38.50 + 120 - 45.25?"),
        ("my account was at -42.30, I paid in 100 then spent 67.85 on the weekly shop. whats "
         "the balance now", "What is -42.30 + 100 - 67.85?"),
        ("My account was sitting at -$215, then I deposited $480 and a $97 bill came out. "
         "Where's my balance now?", "What is -215 + 480 - 97?"),
        # a list whose ask names its measure or its time
        ("Cycling log this week: 12.4 km Monday, 8.75 km Wednesday, 15.3 km Saturday. Total "
         "distance?", "What is 12.4 + 8.75 + 15.3?"),
        ("Logged my rides this week: 23.6 km monday, 17.85 km wednesday and 31.4 km saturday. "
         "total distance?", "What is 23.6 + 17.85 + 31.4?"),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # a change said without its number, after the last one
        "it was -4 degrees at 6am and it went up 11 degrees, then fell back. what is it now?",
        "the freezer was -18 and it went up 7 degrees when the fridge went down. what is it now?",
        # another thing's temperature between the readings, or a comparison
        "The freezer read -18 and the fridge read 4. How many degrees did it go up?",
        "It was -8 degrees at midnight and 5 degrees colder by dawn. How many degrees did it drop?",
        # readings said later first, or a way they contradict (audit Z)
        "It was 9 degrees at noon and it was -6 at 5am. How many degrees did it go up?",
        "It was 11 degrees at noon and -4 by midnight. How many degrees did it go up?",
        # a time asked that a change came after, not ended by (audit Z)
        "It was 3 degrees at 6am. It went up 8 degrees after lunch. What was it at lunch?",
        # a rate, not a change
        "the bath started at 18 degrees and warmed by 3 degrees a minute. what is it now?",
        # a formula beside another number, or outside a spreadsheet
        "Our spreadsheet formula is =-348+129-57 but the cell shows -162. What should it say?",
        "my notes say =3+4, what is it",
        # a sum whose answer is asked in another form
        "quick check: 3/4 + 1/6 = ? as a fraction rounded to the nearest whole",
        # darts: a multiplier, or two players
        "darts: on 170, hit treble 20 then 60. whats my score left",
        "darts: I started on 501, he threw 140 then 100. what have i got left",
        # containers: another thing gone, a count that changes, another number
        "we baked 14 trays of 24 rolls and sold 3 trays. how many rolls are left?",
        "we baked 14 trays of 24 rolls and sold 30 each day. how many rolls are left?",
        "we baked 14 trays of 24 rolls, sold 97 and baked another 2 trays. how many are left?",
        # darts: a start no game has, a visit no player scores, two players (audit AA)
        "darts: started on 60 and hit 45 then 20. what's left",
        "darts night: started on 501, threw 200 then 100. what have i got left",
        "darts: my dad started on 501 and she hit 140 then 100. what's he got left",
        "darts: me against tom, alternating. started on 501 and hit 140 then 100. what have i got left",
        "Dartmoor walk: we were at 501 and went 140 then 100 then 85. what's left",
        # a formula among words that change it (audit AA)
        "my spreadsheet cell has =12*4+6 in it, what should it show if the star was a slash?",
        "quaternary check 12 + 3 = ?",
        "on a basic calculator: 2 + 3 x 4 = ?",
        # a list's ask of a part, over another time, of readings, or a logarithm (audit AA)
        "Cycling: 12.4 km Monday, 8.75 km Wednesday, 15.3 km Saturday. Total distance on Monday?",
        "Runs this week: 5 km Monday, 8 km Wednesday and 6 km Friday. Monthly total?",
        "Odometer log: 1200 km Monday, 1245 km Tuesday, 1390 km Wednesday. Total distance?",
        "Log of 100 and 1000, total?",
        # containers: what went is containers or another thing, words that add things (audit AB)
        "Baked 14 trays of 24 cookies and sold 3 of the trays. How many cookies are left?",
        "Bought 10 sheets of 24 stamps, used 50 and my brother nicked a sheet. How many stamps "
        "are left?",
        "Bought 3 boxes of 24 mm screws and used 58. How many screws are left?",
        # a meal whose amount may be a price a head (audit AB)
        "Team lunch was £15 and there are twelve of us, how much does each person owe?",
        # a list's ask in another measure
        "Cycling log: 12.4 km Monday, 8.75 km Wednesday. Total distance in miles?",
    ],
)
def test_refuses(question: str) -> None:
    assert_refused(question)


@pytest.mark.parametrize(
    "question",
    audits_misreads("z", "za", "aa", "ab", "ac"),
)
def test_refuses_the_audits_misreads(question: str) -> None:
    """Every misread of audits Z, Z2 (`za`), AA, AB and AC that the mends refuse (those still read
    are named in docs/audits/round24/README.md: each fails at the verifier by its answer's form,
    is the base's own, or is debatable)."""
    assert_refused(question)
