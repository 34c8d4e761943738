"""Topic `rmesh.learner.journal.v1` (compacted): the learner's journal of feedback.
Key: `<base>:<skill>:<prompt digest>` for an example (the latest label per prompt wins, as in the
journal files), `<base>:<skill>:job` for the count at which the skill's last training job was
asked. `<base>` is the base checkpoint's digest (16 hex digits): an example journaled for one base
never trains adapters for another.

Written by the learner's collecting stage in the same transaction as the feedback it consumed,
read back by any learner replica (on assignment of feedback partitions, and before each training
job), so a learner started on another machine resumes from the whole journal; its local files are
a cache of this topic."""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.learner.journal.v1"


class JournalEntry(Message):
    kind: Literal["example", "job"] = "example"
    base: str = Field(pattern=r"^[0-9A-Za-z._-]{1,64}$", description="Base checkpoint digest.")
    skill: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")
    prompt: str | None = Field(default=None, max_length=200)
    answer: str | None = Field(default=None, max_length=64)
    source: str = Field(default="user", max_length=32)
    tenant: str = Field(default="", max_length=64)
    request_id: str | None = Field(default=None, max_length=128)
    #: For a `job` entry: the skill's distinct examples when its last job was asked.
    job_examples: int | None = Field(default=None, ge=0)
    ts: float = Field(default_factory=now)

    @property
    def key(self) -> str:
        if self.kind == "job":
            return f"{self.base}:{self.skill}:job"
        digest = hashlib.sha256((self.prompt or "").encode()).hexdigest()[:32]
        return f"{self.base}:{self.skill}:{digest}"
