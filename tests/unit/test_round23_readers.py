"""An operation on the result so far (`then add 30 to that`), `x` between a number and a signed
one, the asker's words after a sum, apologies before a question, a fee the rate is added to, and
a question said twice or corrected (twenty-first round); and what each must still refuse."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import restated
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError


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
        # `x` between a number and a signed one, no unknown anywhere
        ("whats -7 x -8 - 6", "What is -7*-8 - 6?"),
        ("-8 x -7 - 60", "What is -8*-7 - 60?"),
        # the asker's words after the sum: about its result, or an aside after a comma
        ("ok so um what's seven hundred and twenty times fifteen, I'm driving so just tell me "
         "the number", "What is 720*15?"),
        ("can you check 4836 divided by 12 for me, I keep getting different answers on my phone "
         "lol", "What is 4836/12?"),
        # an apology before the question
        ("Sorry if this is a dumb question but what does -48 ÷ -6 + (-11) come to?",
         "What is -48/-6 + (-11)?"),
        ("stupid question: 7 times 8?", "What is 7*8?"),
        # what the rate is added to, said by `plus` right before the rate
        ("Taxi in town costs $3.50 to get in plus $2.25 per mile. My fare was $30.50 - how many "
         "miles was the ride?", "Solve 3.50 + 2.25*n = 30.50 for n."),
        ("van hire was 40 for the day plus 0.25 per mile and the bill was 71.50. how many miles "
         "did we drive?", "Solve 40 + 0.25*n = 71.50 for n."),
        # a question said twice: both read alike, or the second says the sum of the first's
        ("Lab prep: I need to know how many 0.04 g portions I can get out of 3.6 g of copper "
         "sulfate. So basically 3.6 ÷ 0.04?", "What is 3.6/0.04?"),
        ("How many 0.08 L doses of plant feed can I get out of 7.2 L? i.e. 7.2 ÷ 0.08",
         "What is 7.2/0.08?"),
        ("My meter starts at 3.20 and adds 1.80 per mile. A fare came to 21.20. How many miles "
         "was the trip? Or put another way, if 3.20 + 1.80m = 21.20, what is m?",
         "Solve 3.20 + 1.80*m = 21.20 for m."),
        # a number corrected: the same operations on as many numbers
        ("what's 1234 + 5678... sorry, typo, I meant 1234 + 5687", "What is 1234 + 5687?"),
        ("What's 1,008 divided by 24? sorry, typo, I meant 1,080 divided by 24", "What is 1080/24?"),
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
    ],
)
def test_refuses(question: str) -> None:
    with pytest.raises((UnsupportedQuestionError, UnplannableError)):
        plan_question(question)


def test_x_with_a_value_stays_an_unknown() -> None:
    assert plan_question("what is 8 x -7 when x = 2").reading == "Let x = 2. What is 8*x - 7?"


def test_restated_reads_only_with_a_marker_inside() -> None:
    def read(text: str) -> str | None:
        return {"what's 5 + 3?": "What is 5 + 3?", "5 + 3": "What is 5 + 3?"}.get(text.strip())

    assert restated.read("what's 5 + 3? i.e. 5 + 3", read) == "What is 5 + 3?"
    assert restated.read("i.e. 5 + 3", read) is None  # nothing said before it
    assert restated.read("what's 5 + 3?", read) is None  # said once
