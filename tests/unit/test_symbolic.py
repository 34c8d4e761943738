"""Maths written in symbols inside any words: read as written, unless a word changes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reasoning_mesh.models.translator.masking import mask, plain_thousands
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.symbolic import read

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("so 18 - (4 - 11) comes out to what exactly", "What is 18 - (4 - 11)?"),
        ("144 ÷ 12 + 6 =", "What is 144/12 + 6?"),
        ("(12 + 8) x 3 = ?", "What is (12 + 8)*3?"),
        ("11 - x = 3x + 1 how do i solve this", "Solve 11 - x = 3*x + 1 for x."),  # x: no times
        ("so 7 × (15 − 8) comes to what", "What is 7*(15 - 8)?"),  # a typed minus sign
        ("if 5m + 4 = 2m - 11 then m equals what?", "Solve 5*m + 4 = 2*m - 11 for m."),
        ("homework question: 6 = 2z - 8. what's z?", "Solve 6 = 2*z - 8 for z."),
        ("(d + 4)/3 = d - 2, how do I get d", "Solve (d + 4)/3 = d - 2 for d."),
        ("12 - 5(r + 1) = -13 r=?", "Solve 12 - 5*(r + 1) = -13 for r."),
        ("quick question, 1.2h - 0.4 = 2. h = ?", "Solve 1.2*h - 0.4 = 2 for h."),
    ],
)
def test_a_written_expression_or_equation_is_read_as_written(question: str, reading: str) -> None:
    assert read(question) == reading
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "what is 3 + 4 squared",  # a word that changes what is asked
        "what is 20% of 3+4",  # a sign it does not read
        "what is 1/4 as a decimal",  # a format the exact answer is not in
        "what is 3 + 4 in octal",
        "what is 12 - 4 to the nearest ten",
        "5 + 3 kg",
        "what is 2 + 3 then times 4",  # an operation in words
        "what is y if 2x = 4",  # asks for another letter
        "x + y = 3",  # two unknowns
        "3 + 4 = 7",  # nothing asked
        "divide 3/4 by 9/10",  # the operation is a word between two runs
        "solve 3x + 4 = 19 and give x squared",
        "what is 7 - 2 then halved",
        # Words that are not on the allow-list: the vocabulary is open, so no deny-list is whole.
        "my son's homework says 6 = 2z - 8. what's z?",
        "sqrt(3 + 4)",
        "what is negative 3 + 4",
        "a third of 3 + 6",
        "how many terms in 3 + 4 + 5",
        "what comes after 3 + 4",
        "3 + 4 feet in inches",
        "how many numbers from 10 - 20",
        "the war lasted 1914 – 1918, how long",
        "3.25 + 1.125 to the closest whole number",
        "if 2x + 1 = 7, what is the area of a circle of radius x",
        # Signs and forms that are ambiguous or not what they look like.
        "what is 10 - 3!",
        "x = 5!",
        "so .5 + 1 is",
        "so 8/2 ** 2 is what",
        "3/4 / 3/8 = ??",  # (3/4)/(3/8) or ((3/4)/3)/8: refused, not guessed
        "8 ÷ 4/2 = ??",  # 8 ÷ (4/2) or (8 ÷ 4)/2
        "1/2 ÷ 3/4 ÷ 5/6 =",
        "6/2(1+2) = ?",
        "what is 0,500 + 1",
    ],
)
def test_a_word_or_sign_that_changes_the_question_stops_it(question: str) -> None:
    assert read(question) is None


@pytest.mark.parametrize(
    "name",
    [f"natural_{n}.jsonl" for n in ("probe", "unseen2", "unseen3", "unseen4", "unseen5")],
)
def test_no_out_of_domain_question_is_read(name: str) -> None:
    rows = [json.loads(line) for line in (ROOT / "infra" / "bench" / name).read_text().splitlines()]
    ood = [r["question"] for r in rows if r["answer"] is None]
    assert ood and not [q for q in ood if read(q) is not None]


def test_thousands_separators_are_one_number_and_other_commas_are_not() -> None:
    assert plain_thousands("48,752 and -1,249 and 3,499,612.5") == "48752 and -1249 and 3499612.5"
    assert plain_thousands("1,5 and 1,2345 and 1,23") == "1,5 and 1,2345 and 1,23"
    assert mask("round 27,640,000 to the nearest million").literals == ("27640000",)
    assert plan_question("what is 48,752 rounded to the nearest thousand").reading == (
        "Round 48752 to the nearest thousand."
    )
    with pytest.raises(UnsupportedQuestionError):
        plan_question("what is 1,2 plus 5")
