"""Plans from the translation model, for questions the grammar cannot read (pure: no Triton).

o1-style reasoners decompose with the model itself; here the model only *reads* the question
into the planner's own phrasing, and the reading is trusted no more than any hypothesis:
1. it plans: the planner's rules accept it as they accept a question written that way;
2. it is made of the question: every number in it occurs in the question (as written, or as
   the numeral a number word names), and every number of the question is in it (a dropped
   operand would be a confident answer to another question);
3. independent samples agree: the most frequent sound reading has at least `min_agree` votes.
The plan's steps are then verified as every plan's are, and the plan says `plan_source: model`.
"""

from __future__ import annotations

import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.models.translator.masking import mask
from reasoning_mesh.planner import forms, money, natural
from reasoning_mesh.planner.ambiguity import form_conflict
from reasoning_mesh.planner.domain import plan_as_written
from reasoning_mesh.planner.expr import UnplannableError
from reasoning_mesh.planner.grounding import plan_ungrounded, ungrounded
from reasoning_mesh.planner.structure import disordered


@dataclass(frozen=True)
class Candidate:
    """One sample of the model: its reading, or none and why."""

    reading: str | None
    why_none: str = ""


class Checker(Protocol):
    def __call__(
        self, question: str, reading: str, budget: Budget, *, fallbacks: bool = True
    ) -> Plan | str: ...


class ModelReader(Protocol):
    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]: ...


@dataclass(frozen=True)
class ReadingPolicy:
    """How the translation model is asked: independent samples, and how many must agree."""

    samples: int = 5
    temperature: float = 0.7
    min_agree: int = 3


@dataclass(frozen=True)
class Choice:
    plan: Plan | None
    reason: str  # why there is no plan, or how the plan was chosen
    votes: int = 0
    samples: int = 0


def worth_asking(question: str) -> bool:
    """Only a question with a number in it can be read into a plan, and not one the grammar
    declined as ambiguous (`3 plus 4!`): the rest skip the model."""
    return bool(mask(question).literals) and natural.ambiguous(question) is None


def seed_of(request_id: str) -> int:
    """Sampling seeded per request, so a redelivered request is read the same way again."""
    return zlib.crc32(request_id.encode()) & 0x7FFFFFFF


def check(question: str, reading: str, budget: Budget, *, fallbacks: bool = True) -> Plan | str:
    """The plan of a sound reading, or why the reading is not sound."""
    if (
        why := ungrounded(question, reading)
        or disordered(question, reading)
        or form_conflict(question, reading)
    ):
        return why
    try:  # as written: the reading is what is planned, no second reader in between
        plan = plan_as_written(reading, budget, fallbacks=fallbacks)
    except UnplannableError as exc:
        return f"the reading does not plan: {exc}"
    if why := plan_ungrounded(question, plan) or money.pounds_as_money(question, plan):
        return why
    return forms.decimal_asked(question, plan)  # `give x as a decimal`: 1.5, not 3/2


def choose(
    question: str,
    candidates: list[Candidate],
    budget: Budget,
    *,
    min_agree: int,
    fallbacks: bool = True,
    checker: Checker | None = None,
    model: str = "translation model",
    model_name: str = "translator",
) -> Choice:
    """The reading at least `min_agree` candidates share and `checker` (`check` by default)
    finds sound, as a plan from the model; or none, and why."""
    checker = checker or check
    votes: Counter[str] = Counter()
    plans: dict[str, Plan] = {}
    refusals: Counter[str] = Counter()
    for c in candidates:
        if c.reading is None:
            refusals[c.why_none or "no reading"] += 1
            continue
        if c.reading not in plans:
            outcome = checker(question, c.reading, budget, fallbacks=fallbacks)
            if isinstance(outcome, str):
                refusals[outcome] += 1
                continue
            plans[c.reading] = outcome
        votes[c.reading] += 1
    n = len(candidates)
    if not votes:
        why = refusals.most_common(1)[0][0] if refusals else "no samples"
        return Choice(None, f"the {model} found no sound reading ({why})", 0, n)
    reading, top = votes.most_common(1)[0]
    if top < min_agree:
        return Choice(None, f"the {model}'s readings disagree ({top} of {n} for {reading!r})", top, n)
    plan = plans[reading].model_copy(
        update={
            "question": question,
            "reading": reading,
            "plan_source": "model",
            "plan_model": model_name,
        }
    )
    return Choice(plan, f"{top} of {n} samples read {reading!r}", top, n)
