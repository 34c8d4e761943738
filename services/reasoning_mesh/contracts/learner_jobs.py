"""Topic `rmesh.learner.jobs.v1`: "train an adapter for this skill now". Key: the skill.

The learner's collecting stage writes one when a skill has gathered enough new feedback; its
training stage (one job at a time) trains, evaluates, gates and publishes. A job on a topic, not
an in-process queue: a learner that dies mid-training finds the job again on restart.
"""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.learner.jobs.v1"


class TrainJob(Message):
    skill: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")
    examples: int = Field(ge=1, description="Examples of the skill journaled when it was due.")
    requested_at: float = Field(default_factory=now)
