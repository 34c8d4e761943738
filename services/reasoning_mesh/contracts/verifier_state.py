"""Topic `rmesh.verifier.state.v1` (compacted): the verifier's per-request state machine.
Key: the request id; the latest record per key is the state. Written in the same transaction as
the verifier's outputs and input offsets, and read back on start, so a restarted verifier resumes
every open request exactly where its last committed step left it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from reasoning_mesh.contracts.base import Message, RequestId, TenantId, now
from reasoning_mesh.contracts.plans import Plan

TOPIC = "rmesh.verifier.state.v1"

Phase = Literal["planned", "running", "backtracking", "done", "failed"]
#: `refining`: the model could not answer the goal, and goals the verifier added (`SubGoal.role`)
#: are working towards its answer.
GoalStatus = Literal["pending", "waiting", "refining", "verified", "unverified", "failed", "skipped"]


class Tried(BaseModel):
    """One hypothesis and the verifier's verdict on it."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    text: str
    accepted: bool
    reason: str
    mean_logprob: float = 0.0
    mean_exit_layer: float = 0.0


class Attempt(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    n: int
    strategy: str = Field(description="greedy, sample, resample, re-retrieve…")
    prompt: str | None = None
    samples: int = 1
    temperature: float = 0.0
    tried: list[Tried] = Field(default_factory=list)
    evidence_ids: list[str] = Field(default_factory=list)
    started_at: float = Field(default_factory=now)
    ended_at: float | None = None


class GoalState(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    status: GoalStatus = "pending"
    value: str | None = Field(default=None, description="Accepted model text (or fact factor).")
    attempts: list[Attempt] = Field(default_factory=list)
    reason: str = ""


class RequestState(Message):
    request_id: RequestId
    tenant: TenantId = "default"
    question: str
    phase: Phase = "planned"
    plan: Plan
    goals: dict[str, GoalState]
    model_calls: int = 0
    samples: int = 0
    replans: int = Field(default=0, description="Fallback routes of the plan taken so far.")
    version: int = 0
    started_at: float = Field(default_factory=now)
    updated_at: float = Field(default_factory=now)
    submitted_at: float | None = Field(default=None, description="The request's submission time.")
    answer: str | None = None
    status: str | None = Field(default=None, description="Result status once done.")
    reason: str = ""
