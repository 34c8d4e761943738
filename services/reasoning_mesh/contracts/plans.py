"""The plan a planner hands to the verifier: a DAG of sub-goals with a compute budget each.

Not a topic of its own: plans travel inside `rmesh.verifier.inbox.v1` (kind `plan`), so that the
verifier sees a request's plan, hypotheses and evidence in one ordered partition.

Operands are literals copied as the question writes them (`-12`, `0.25`, `14/5`; a number word
read as its numeral) or references: `@g3` is the text of sub-goal `g3`'s accepted hypothesis,
`-@g3` that text with its sign toggled (`numbers.negated`: an operand sign the planner flipped by
moving a term across `=`), `@g3.factor` the conversion factor fact sub-goal `g3` retrieved.
Each goal says which notation its answer must be written in (`numbers.canonical`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

GoalKind = Literal["arith", "fact", "model", "round"]
#: Where a goal came from: the plan (`""`), or a route the verifier opened for a step the model
#: could not answer (`verifier/cancel.py`, `verifier/distribute.py`, `verifier/cross.py`).
GoalRole = Literal["", "trial", "part", "answer"]
#: How a goal's accepted answer is written (`numbers.canonical`): `exact` (integers, p/q in
#: lowest terms) or `decimal` (a step on a decimal operand, a conversion's answer).
GoalNotation = Literal["exact", "decimal"]

#: Goals a plan may hold, fallback routes the verifier switched to included.
MAX_GOALS = 2048


def is_ref(operand: str) -> bool:
    """Whether an operand names a sub-goal (`@g3`, `-@g3`, `@g3.factor`) rather than a literal."""
    return operand.lstrip("-").startswith("@")


def ref_goal(operand: str) -> str:
    """The sub-goal a reference names: `-@g3.factor` → `g3`."""
    return operand.lstrip("-")[1:].split(".")[0]


class GoalBudget(BaseModel):
    """What one sub-goal may spend: hypotheses per attempt, attempts, tokens per hypothesis."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    samples: int = Field(default=8, ge=1, le=16, description="Hypotheses per sampled attempt.")
    attempts: int = Field(default=4, ge=1, le=16, description="Attempts before the goal fails.")
    max_new_tokens: int = Field(default=24, ge=1, le=64)


class SubGoal(BaseModel):
    """One node of the plan."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str = Field(pattern=r"^g\d{1,4}$")
    kind: GoalKind = Field(
        description="`arith`: one exact operation; `fact`: a retrieved fact (a unit factor); "
        "`model`: an unplannable question, answered by the model as one step (unverifiable); "
        "`round`: `left` rounded to `right` decimal places (negative: to the nearest 10^-right)."
    )
    op: Literal["+", "-", "*", "/"] | None = None
    left: str | None = Field(default=None, description="Literal or `@gN` reference.")
    right: str | None = None
    depends_on: list[str] = Field(default_factory=list)
    query: str | None = Field(default=None, description="Retrieval query (`fact`).")
    filters: dict[str, str] | None = Field(default=None, description="Retrieval filters (`fact`).")
    prompt: str | None = Field(default=None, description="Whole-question prompt (`model`).")
    note: str = Field(default="", description="What this step means, e.g. `h = 125 - 39`.")
    budget: GoalBudget = Field(default_factory=GoalBudget)
    skill: str = Field(default="", description="The skill this step exercises (adapter routing).")
    adapter_id: str = Field(
        default="", max_length=128, description="LoRA adapter to serve this step with; empty: base."
    )
    role: GoalRole = Field(
        default="",
        description="Empty for the planner's goals. Goals the verifier adds for a step the model "
        "missed (`refines` names it): `trial` may fail (a cancellation's division by a small "
        "prime), `part` must not (a further cancelled prime, a partial product or sum), and the "
        "verified answer of `answer` answers the goal refined.",
    )
    refines: str = Field(default="", description="The goal a verifier-added goal helps answer.")
    notation: GoalNotation = Field(
        default="exact",
        description="How the accepted answer must be written: `exact` (whole numbers, p/q in "
        "lowest terms) or `decimal` (terminating values written out; a step on a decimal operand "
        "or a conversion's answer). Only the canonical text of the exact result is accepted.",
    )


AnswerForm = Literal["any", "whole", "cents", "change", "not_negative", "count"]


class FinalCheck(BaseModel):
    """How the final answer is checked beyond its steps: substitution into an equation, and
    the form a question's answer must take to answer it at all."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    kind: Literal["none", "substitute"] = "none"
    variable: str | None = None
    equation: str | None = Field(default=None, description="`lhs = rhs`, other names resolved.")
    bindings: dict[str, str] = Field(
        default_factory=dict, description="Names in `equation` bound to literals or references."
    )
    answer_form: AnswerForm = Field(
        default="any",
        description="What the accepted answer's text must be for the question to be answered: "
        "`any`; `whole` (an integer: an equal share of counted things, `144 cookies between 16 "
        "kids`); `cents` (an integer or at most two decimal places: an equal share of money); "
        "`change` (cents, not negative: the change from a payment); `not_negative` (`the "
        "difference between 1,250 and 3,875` is 2625 to people, not -2625); `count` (a whole "
        "number, not negative: how many lessons a bill paid for). "
        "An answer of another form ends the request `failed`, with no answer.",
    )


class Fallback(BaseModel):
    """Another route to the same answer: the same expression regrouped (`a/b*c/d` as
    `(a/b)*(c/d)`), so its steps ask the model different questions. The verifier switches to
    it when a goal of the route before exhausts its attempts; its goal ids follow the plan's."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    goals: list[SubGoal] = Field(min_length=1, max_length=MAX_GOALS)
    answer: str = Field(description="The goal (`@gN`) holding this route's answer.")
    note: str = ""


class Plan(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    question: str
    shape: str = Field(description="What the planner recognised: arithmetic, linear, conversion…")
    plan_source: Literal["rules", "model"] = Field(
        default="rules", description="Who read the question: the planner's grammar or a model."
    )
    plan_model: str | None = Field(
        default=None,
        description="Which model read it, where `plan_source` is `model`: `translator` (the "
        "question's own operations, phrased as the planner's) or `stories` (a story's numbers "
        "in one expression).",
    )
    reading: str | None = Field(
        default=None,
        description="The question in the planner's own phrasing, when it was written otherwise "
        "(`What's 9 times 13?` reads `What is 9*13?`).",
    )
    goals: list[SubGoal] = Field(min_length=1, max_length=MAX_GOALS)
    answer: str = Field(description="The goal (`@gN`) or literal holding the final answer.")
    final_check: FinalCheck = Field(default_factory=FinalCheck)
    max_model_calls: int = Field(default=256, ge=1)
    deadline_s: float = Field(default=120.0, gt=0)
    fallbacks: list[Fallback] = Field(
        default_factory=list,
        description="Routes tried in order when a goal fails for good (same answer, other steps).",
    )
    feedback: bool = Field(
        default=True,
        description="Whether the verified steps may be published as feedback for the learner "
        "(the request's `feedback`).",
    )
