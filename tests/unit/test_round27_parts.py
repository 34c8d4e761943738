"""Parts of one whole put together, in fixed tellings (twenty-fifth round); and what must still
be refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import parts
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError
from tests.unit.audit_data import audits_misreads


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "Knitting q: I used 3/8 of a ball of wool on the body and 1/4 of a ball on the hat. What "
            "fraction of a ball have I used so far?",
            "What is (3/8) + (1/4)?",
        ),
        (
            "Bakery q: we sold half of the tray of flapjack this morning and a third of it this "
            "afternoon. What fraction of the tray have we sold?",
            "What is (1/2) + (1/3)?",
        ),
        (
            "So far I've planted 1/3 of the bed with carrots, 1/4 with peas and 1/6 with leeks. What "
            "fraction of the bed is planted altogether?",
            "What is (1/3) + (1/4) + (1/6)?",
        ),
    ],
)
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize("question", audits_misreads("ax"))
def test_refuses_the_audits_misreads(question: str) -> None:
    with pytest.raises((UnplannableError, UnsupportedQuestionError)):
        plan_question(question)


@pytest.mark.parametrize(
    "question",
    [
        # what a whole is (`1/2 of the cars are electric and 1/3 are green`: both?)
        "allotment plan: 3/8 of the plot is veg and 1/4 is fruit. What fraction of the plot is "
        "that together?",
        # the rest (one minus the parts: a number the question does not write)
        "I used 3/8 of a ball on the body and 1/4 of a ball on the hat. What fraction is left?",
        # parts that may overlap; parts of two wholes; more than the whole
        "I read 1/3 of the book on Monday and 2/5 of it on Tuesday. What fraction of the book is "
        "that together?",
        "I used 3/8 of a ball of wool on the body and 1/4 of a skein on the hat. What fraction of "
        "a ball have I used so far?",
        "allotment plan: 3/4 of the plot is veg and 1/2 is fruit. What fraction of the plot is "
        "that together?",
        # whose parts? a part of what is left
        "I used 1/3 of a bag and we used 1/4 of a bag on the lawn. What fraction of the bag did I "
        "use altogether?",
        "I used 1/3 of a bag on the roses and 1/4 of what was left on the lawn. What fraction of "
        "the bag have I used?",
    ],
)
def test_refuses_what_is_no_such_story(question: str) -> None:
    assert parts.read(question) is None
