"""A reading with the form its answer must take (`FinalCheck.answer_form`), and a plan made to
ask for it. Readers whose questions are only answered by a result of one form (`shares`,
`stories`) return a `FormedReading`; the verifier reads the verified answer's text against the
form and fails the request when it does not fit.
"""

from __future__ import annotations

from dataclasses import dataclass

from reasoning_mesh.contracts.plans import AnswerForm, Plan


@dataclass(frozen=True)
class FormedReading:
    reading: str
    form: AnswerForm


def with_form(plan: Plan, form: AnswerForm) -> Plan:
    """`plan` asking for an answer of `form`; money (`cents`, `change`) due in decimals."""
    goals = plan.goals
    if form in ("cents", "change"):
        goals = [g.model_copy(update={"notation": "decimal"}) for g in goals]
    check = plan.final_check.model_copy(update={"answer_form": form})
    return plan.model_copy(update={"goals": goals, "final_check": check})
