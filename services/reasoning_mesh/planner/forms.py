"""A reading with the form its answer must take (`FinalCheck.answer_form`), and a plan made to
ask for it. Readers whose questions are only answered by a result of one form (`shares`,
`stories`) return a `FormedReading`; the verifier reads the verified answer's text against the
form and fails the request when it does not fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reasoning_mesh.contracts.plans import AnswerForm, Plan

#: Words of a question that say its answer's form whichever reader read it.
_ASKED: tuple[tuple[re.Pattern[str], AnswerForm], ...] = (
    # School's quotient when dividing is whole, with a remainder: `17 / 5` does not answer `the
    # quotient when 17 is divided by 5`; `936 / 24` answers its question.
    (re.compile(r"\bquotient when\b", re.IGNORECASE), "whole"),
    # People's difference between two numbers is not negative: `between 1,250 and 3,875` read
    # `1250 - 3875` has no answer they mean (the verifier fails it, not answers it).
    (re.compile(r"\bdiff?e?rr?ence between\b", re.IGNORECASE), "not_negative"),
)


@dataclass(frozen=True)
class FormedReading:
    reading: str
    form: AnswerForm
    #: The answer written as a decimal where it ends (`4.5` hours, not `9/2`): a measure people
    #: count in decimals. One that never ends fails at the verifier, never a rounded guess.
    decimal: bool = False


def asked_form(question: str) -> AnswerForm:
    """The form `question`'s own words ask its answer to take; `any` where they ask none."""
    return next((form for pattern, form in _ASKED if pattern.search(question)), "any")


#: A last sentence or clause that only asks the answer as a fraction (`give it as an improper
#: fraction`, `fraction answer pls`, `in its simplest form`): the form an exact result takes
#: anyway, where the question writes no decimal (`0.5 + 0.25 as a fraction` is not `0.75`).
_FRACTION_TAIL = re.compile(
    r"[\s,.;:!?(-]*(?:(?:please|pls|plz|and|but|ok|so)\s+)?"
    r"(?:(?:(?:can|could) you\s+)?(?:give|leave|write|put|keep|express|show|want|need)\s+"
    r"(?:it|that|this|the answer|your answer|the result|the total|the sum|the difference)?\s*)?"
    r"(?:(?:as|in)\s+(?:an?\s+)?(?:improper\s+)?fraction(?:\s+form)?"
    r"|(?:an?\s+)?(?:improper\s+)?fraction answer(?:\s+(?:is fine|is ok|is okay|please|pls))?"
    r"|(?:in|to)\s+(?:its\s+)?(?:simplest|lowest)\s+(?:form|terms))"
    r"(?:\s+(?:please|pls|plz|thanks|thx|ta))?[\s.!?)]*$",
    re.IGNORECASE,
)


def without_fraction_asked(question: str) -> str | None:
    """`question` without a last clause that only asks its answer as a fraction, where it
    writes no decimal and asks no mixed number; None where it has none."""
    m = _FRACTION_TAIL.search(question)
    if m is None or m.start() == 0 or re.search(r"\d\.\d|\bpoint\b|\bmixed\b", question, re.IGNORECASE):
        return None
    # a clause of its own (`? give it as a fraction`, `3/4 + 1/8 in lowest terms`), never of
    # a letter (`give x as a fraction`: `amid` reads an equation's own ask)
    opened = m[0].lstrip()[:1] in tuple(",.;:!?(-") or re.match(
        r"\s*(?:please|pls|plz|and|but|ok|so|can|could|give|leave|write|put|keep|express|show|want|need|a|an|fraction)\b",
        m[0],
        re.IGNORECASE,
    )
    if not opened and not re.search(r"[\d)]\s*$", question[: m.start()]):
        return None
    return question[: m.start()].rstrip() or None


#: A question asking its answer in decimals (`give x as a decimal please`).
_DECIMAL_ASKED = re.compile(r"\b(?:as|in) (?:a )?decimals?\b|\bdecimal form\b", re.IGNORECASE)


def decimal_asked(question: str, plan: Plan) -> Plan:
    """`plan` answering in decimals where `question` asks so (`2x + 5 = 8, give x as a decimal`:
    `1.5`, not `3/2`); a value that never ends fails at the verifier. Only arithmetic and
    equations: a conversion answers in decimals already (its factor's own step stays exact), a
    rounding by its places."""
    reading = plan.reading or plan.question or ""
    other = re.search(r"\bnot\b|fraction|mixed", question, re.IGNORECASE)  # `not as a decimal`
    if not _DECIMAL_ASKED.search(question) or other or not reading.startswith(("What is", "Solve")):
        return plan  # a conversion's answer is a decimal already, a rounding's by its places
    goals = [g.model_copy(update={"notation": "decimal"}) for g in plan.goals]
    return plan.model_copy(update={"goals": goals})


def with_form(plan: Plan, form: AnswerForm, *, decimal: bool = False) -> Plan:
    """`plan` asking for an answer of `form`; money (`cents`, `change`) and a `decimal`
    reading's measures due in decimals."""
    goals = plan.goals
    if form in ("cents", "change") or decimal:
        goals = [g.model_copy(update={"notation": "decimal"}) for g in goals]
    check = plan.final_check.model_copy(update={"answer_form": form})
    return plan.model_copy(update={"goals": goals, "final_check": check})
