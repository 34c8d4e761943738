"""Two readers written and withdrawn in the twenty-fifth round, and what their audits found:
parts of one whole put together (`I used 5/8 of a ball on the cuff and 1/4 on the thumb`: 65
and then 106 misreads, overlaps, undoing, sharing, nesting, owners, that no closed list kept
out), and sentences of the asker's own read past around an equation by what they are not (117
misreads in words no list holds: a base, a language, a correction, a condition). Every one of
those questions stays refused, with the older misreads audit D found (a typeset minus after
`quick one`, a shift's `9–5`, a base or a language by name, `misread the board`)."""

from __future__ import annotations

import pytest

from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize("question", audits_misreads("ax", "ay", "az"))
def test_refuses_what_the_withdrawn_reader_misread(question: str) -> None:
    assert_refused(question)
