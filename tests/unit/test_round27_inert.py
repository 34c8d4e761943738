"""An equation among sentences of the asker's own that say nothing of it (twenty-fifth round):
read past where every word is plain and none corrects, bounds, adds or sets a form; and what
must still be refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import inert
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        ("If x/4 + 5 = 9, what is x? (note to self for the evening class)", "Solve x/4 + 5 = 9 for x."),
        (
            "Can't solve 3x - 4 = 2x + 6, what is x? (forum newbie here)",
            "Solve 3*x - 4 = 2*x + 6 for x.",
        ),
        ("Site foreman wrote 6(x − 2) = 30 on the board. What was x?", "Solve 6*(x - 2) = 30 for x."),
        ("Book club treasurer here. 4n − 7 = 29, what's n?", "Solve 4*n - 7 = 29 for n."),
    ],
)
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        # a form for the answer, a correction, a condition, another unknown, another ask
        "If x/4 + 5 = 9, what is x? In Swahili please.",
        "If x/4 + 5 = 9, what is x? Swahili please.",
        "If x/4 + 5 = 9, what is x? Sorry, misprint on the sheet.",
        "If x/4 + 5 = 9, what is x? Natural solutions only.",
        "If x/4 + 5 = 9, what is x? And y.",
        "If x/4 + 5 = 9, what is x? Then give me its square.",
        "If x/4 + 5 = 9, what is x? The answer goes in the box as a fraction.",
        "If x/4 + 5 = 9, what is x? My teacher says it isn't that one.",
    ],
)
def test_refuses_what_is_not_inert(question: str) -> None:
    with pytest.raises((UnplannableError, UnsupportedQuestionError)):
        plan_question(question)


def test_inert_sentences_are_whole_and_plain() -> None:
    none: frozenset[str] = frozenset()
    assert inert.sentences(
        ["gardening", "club", "treasurer", "here", "."], edited=none, taking_back=none
    )
    assert not inert.sentences(["gardening", "club", "treasurer", "here"], edited=none, taking_back=none)
    assert not inert.sentences(
        ["it", "was", "typed", "in", "a", "hurry", "."], edited=none, taking_back=none
    )
    assert not inert.sentences(["my", "typo", "."], edited=frozenset({"typo"}), taking_back=none)
