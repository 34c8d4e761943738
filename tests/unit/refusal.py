"""The one assertion every reader's round tests make of a question that must not be read."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError


def assert_refused(question: str) -> None:
    """The planner refuses `question`: unsupported, or no sound plan; never a reading."""
    with pytest.raises((UnplannableError, UnsupportedQuestionError)):
        plan_question(question)
