"""Topic `rmesh.feedback.v1`: examples the learner learns from. Key: the skill.

Two sources: `verified` (a step of a result the verifier accepted: the model's own answer to a
prompt, checked exactly) and `user` (a labelled example a team publishes). A user may send the
model prompt, or a question the planner can route to a skill (`Round 2.35 to one decimal
place.`): the learner derives the prompt from it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from reasoning_mesh.contracts.base import Message, NonBlank, TenantId, now

TOPIC = "rmesh.feedback.v1"

Skill = str


class Feedback(Message):
    skill: Skill = Field(
        pattern=r"^[a-z][a-z0-9_]{0,63}$",
        description="What the example teaches: `round_number`, `step_add`, …",
    )
    answer: NonBlank = Field(max_length=64, description="The correct answer, a number.")
    prompt: str | None = Field(default=None, min_length=3, max_length=120, description="Model prompt.")
    question: str | None = Field(default=None, min_length=1, max_length=2000)
    source: Literal["user", "verified"] = "user"
    tenant: TenantId = "default"
    request_id: str | None = Field(default=None, max_length=128)
    submitted_at: float = Field(default_factory=now)

    @model_validator(mode="after")
    def _prompt_or_question(self) -> Feedback:
        if not self.prompt and not (self.question and self.question.strip()):
            raise ValueError("feedback needs a `prompt` or a `question`")
        return self
