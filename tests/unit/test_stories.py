"""Change from a payment and a temperature that rises or falls: read from fixed sentences only."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        (
            "I paid with a £20 note for something that cost £13.47, how much change should I recieve",
            "What is 20 - 13.47?",
        ),
        (
            "my shopping came to 13.47 and i paid with a 20 note, how much change do i get",
            "What is 20 - 13.47?",
        ),
        (
            "It was -4°C when I left for work and it went up by 11 degrees by lunchtime. whats the "
            "temperature at lunch",
            "What is -4 + 11?",
        ),
        (
            "it was 3 degrees at midnight and the temperature dropped 9 degrees by 5am, how cold "
            "was it at 5",
            "What is 3 - 9?",
        ),
    ],
)
def test_a_change_in_a_fixed_story_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


@pytest.mark.parametrize(
    "question",
    [
        "I paid with a £20 note for two things that cost £13.47, how much change should I get",
        "I paid with a £20 note for something that cost £13.47 each, how much change should I get",
        "it was 3 degrees in the kitchen and it dropped 9 degrees outside, what is it now",
        "it was 3 degrees and it dropped 9 degrees twice, what is it now",
        "it was 30 degrees f at noon and it fell by 9 degrees, what's the temperature in celsius",
        # from the audit of this reader: money of two kinds, the story's start or another time
        "I paid with a $20 note for something that cost £13.47, how much change should I get",
        "It was -4°C at 7am and it went up by 11 degrees by lunchtime. what was the temperature at 7am",
        "it was 3 degrees at 6am and it rose by 4 degrees by 2pm. what was the temperature at 10am",
        "It was -4 at 11 am and it went up by 11 by 11 pm. whats the temperature at 11",
    ],
)
def test_a_story_said_otherwise_is_refused(question: str) -> None:
    with pytest.raises(UnsupportedQuestionError):
        plan_question(question)


def test_change_must_not_be_negative() -> None:
    """A note smaller than the price gives no change: the plan asks the verifier for change (whole
    cents, not negative), so `10 - 13.47` ends the request `failed` instead of answering."""
    plan = plan_question(
        "I paid with a £10 note for something that cost £13.47, how much change should I get"
    )
    assert plan.reading == "What is 10 - 13.47?" and plan.final_check.answer_form == "change"
    assert all(g.notation == "decimal" for g in plan.goals)
