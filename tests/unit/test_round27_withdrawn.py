"""Parts of one whole put together (`I used 5/8 of a ball on the cuff and 1/4 on the thumb`):
a reader of them was written and withdrawn in the twenty-fifth round, after an audit and a
review found 65 and then 106 misreads (overlaps, undoing, sharing, nesting, owners) that no
closed list kept out. Every one of those questions stays refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnplannableError, UnsupportedQuestionError
from tests.unit.audit_data import audits_misreads


@pytest.mark.parametrize("question", audits_misreads("ax", "ay"))
def test_refuses_what_the_withdrawn_reader_misread(question: str) -> None:
    with pytest.raises((UnplannableError, UnsupportedQuestionError)):
        plan_question(question)
