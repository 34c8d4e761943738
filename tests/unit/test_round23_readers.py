"""An operation on the result so far (`then add 30 to that`), `x` between a number and a signed
one, the asker's words after a sum, apologies before a question, and a question said twice or
corrected (twenty-first round); and what each must still refuse, the misreads of audits W and X
among them."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import restated
from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # an operation on the result so far
        ("alexa what is seven times negative twelve then add thirty", "What is 7*-12 + 30?"),
        ("Settling a pub argument: what is -12 times -7, and then add -30 to that?",
         "What is -12*-7 + -30?"),
        ("what is 7 times 8, then subtract 6", "What is 7*8 - 6?"),
        ("what is 5 plus 3 then times 2", "What is (5 + 3)*2?"),
        ("what is 5 plus 3 then multiply it by 2 then divide by 4", "What is (5 + 3)*2/4?"),
        ("hey what is 7 times 8 then take away 5 from it", "What is 7*8 - 5?"),
        # a sum of bracketed numbers keeps its brackets (the change's last check)
        ("what is 3/4 + 1/6 then multiply by 12", "What is ((3/4) + (1/6))*12?"),
        ("what is 20/4 + 1 then times 2", "What is ((20/4) + 1)*2?"),
        # `x` between a number and a signed one, no unknown anywhere
        ("whats -7 x -8 - 6", "What is -7*-8 - 6?"),
        ("-8 x -7 - 60", "What is -8*-7 - 60?"),
        # `check` asks for the sum after it
        ("can you check 4836 divided by 12 for me", "What is 4836/12?"),
        # an apology before the question
        ("Sorry if this is a dumb question but what does -48 ÷ -6 + (-11) come to?",
         "What is -48/-6 + (-11)?"),
        ("stupid question: 7 times 8?", "What is 7*8?"),
        ("dumb question but what's 7 times 8", "What is 7*8?"),
        # a question said twice: both tellings read alike
        ("Hi, the label says 750 mg. What is that in grams? Sorry, I mean how many grams is 750 "
         "mg.", "How many grams are there in 750 mg?"),
        # a number corrected: the same operations on as many numbers
        ("what's 1234 + 5678... sorry, typo, I meant 1234 + 5687", "What is 1234 + 5687?"),
        ("What's 1,008 divided by 24? sorry, typo, I meant 1,080 divided by 24", "What is 1080/24?"),
        ("what's 5/6 minus 1/4? sorry, typo, I meant 5/6 minus 3/4", "What is (5/6) - (3/4)?"),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # after `then`, one number or a bracket only: `then add 2 times 4` groups how?
        "what is 5 plus 3 then add 2 times 4",
        # an `x` that may be an unknown: given a value, asked for, or beside another letter
        "what is 8 x -7 - y",
        # a restatement that says another sum, or a number the first telling lacks
        "what's 12 + 8? like, 12 + 9?",
        "How many 0.08 L doses can I get out of 7.2 L? i.e. 7.2 ÷ 0.09",
        # a correction of another shape: an operation changed, or a number left out
        "whats 12 + 8? sorry I meant 12 - 8",
        "what's 12 + 8 + 5? sorry, typo, I meant 12 + 9",
        # words after the sum that act on it
        "what's 12 times 15, I'm driving so round it",
        # the asker's formula after a story no reader takes (audit W: a number left out)
        "I have 12 boxes of 24 eggs and 3 broke. How many eggs are left? basically 12 × 24?",
    ],
)
def test_refuses(question: str) -> None:
    assert_refused(question)


@pytest.mark.parametrize(
    "question",
    audits_misreads("w", "x", "y"),
)
def test_audit_misreads_refused(question: str) -> None:
    assert_refused(question)


def test_x_with_a_value_stays_an_unknown() -> None:
    assert plan_question("what is 8 x -7 when x = 2").reading == "Let x = 2. What is 8*x - 7?"
    assert plan_question("solve 3 x -6 equals 0").reading == "Solve 3*x - 6 = 0 for x."


def test_restated_reads_only_with_a_marker_inside() -> None:
    def read(text: str) -> restated.Told:
        found = {"what's 5 + 3?": "What is 5 + 3?", "5 + 3": "What is 5 + 3?"}.get(text.strip())
        return found, None

    assert restated.read("what's 5 + 3? i.e. 5 + 3", read) == ("What is 5 + 3?", None)
    assert restated.read("i.e. 5 + 3", read) is None  # nothing said before it
    assert restated.read("what's 5 + 3?", read) is None  # said once


def test_restated_keeps_the_answers_form() -> None:
    """A share read one way and a bare division the other do not agree (the review: a share
    must come out whole, and `100 ÷ 3` alone says nothing of that)."""
    assert_refused("Split 100 sweets between 3 kids, how many each? i.e. 100 ÷ 3")
