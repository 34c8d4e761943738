"""What people wrap around a question (`fillers`), `one` as a pronoun, and sentences the gate
keeps apart: the training data may teach the model words, never an operation or a number."""

from __future__ import annotations

import itertools
import re

import pytest

from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.models.translator import fillers, phrasings
from reasoning_mesh.models.translator.masking import mask, unmask
from reasoning_mesh.planner import grounding, structure
from reasoning_mesh.planner.translation import check

WRAPPERS = [
    *fillers.OPENERS, *fillers.ASKS, *fillers.FRAME_ASKS, *fillers.TAILS,
    *(f.replace("{}", " ") for f in fillers.FRAMES),
]  # fmt: skip


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_a_wrapper_names_no_operation_number_grouping_or_rounding(wrapper: str) -> None:
    words = set(re.findall(r"[a-z']+", wrapper))
    gate_words = {
        w for table in (grounding._STRONG, grounding._WEAK) for v in table.values() for w in v.split()
    }
    assert not words & (gate_words | grounding._BEYOND), wrapper
    text = f" {wrapper} "
    for pattern in (structure._REVERSING, structure._GROUPS, structure._ROUNDS, structure._OPERATION,
                    grounding._DIRECTED):  # fmt: skip
        assert not pattern.search(text), (wrapper, pattern.pattern)
    assert not mask(wrapper).literals, wrapper


def test_wrapped_questions_are_generated_and_read_as_the_bare_ones() -> None:
    """Some training questions carry a wrapper, and their target is the bare question's."""
    pairs = list(itertools.islice(phrasings.training(3), 4000))
    wrapped = [p for p in pairs if any(p.masked.startswith(o) for o in fillers.OPENERS + fillers.ASKS)]
    assert len(wrapped) > 200
    place = [p for p in pairs if re.search(r"\b(?:1|one) decimal place\b", p.question.lower())]
    assert place and all(p.target.endswith("decimal places.") for p in place)


@pytest.mark.parametrize(
    ("question", "literals"),
    [
        ("quick one: one thousand minus 367", ("1000", "367")),
        ("which one is more, 3 or 4", ("3", "4")),
        ("what is one plus one", ("1", "1")),
        ("the one hundred and five", ("105",)),
        ("add one and two", ("1", "2")),
    ],
)
def test_one_after_a_determiner_is_a_pronoun_not_a_number(
    question: str, literals: tuple[str, ...]
) -> None:
    assert mask(question).literals == literals


def test_numbers_in_separate_sentences_are_not_one_step() -> None:
    why = str(check("what is 5: 1000 minus 367", "What is 5 - 1000 - 367?", Budget()))
    assert "in separate sentences" in why
    assert not isinstance(check("sum 12, 30 and 45", "What is 12 + 30 + 45?", Budget()), str)


def test_the_gate_accepts_every_label_wrappers_included() -> None:
    """The whole gate (grounding and structure), not only the structure checks, passes what the
    model is taught to write, wrapped or not: a wrapper must never make a label unsound."""
    wrapped = 0
    for p in itertools.islice(phrasings.training(17), 6000):
        if p.target == "-":
            continue
        reading = unmask(p.target, mask(p.question))
        assert reading
        wrapped += any(w in p.question.lower() for w in (*fillers.OPENERS, *fillers.TAILS))
        assert not (
            grounding.ungrounded(p.question, reading) or structure.disordered(p.question, reading)
        ), p
    assert wrapped > 300
