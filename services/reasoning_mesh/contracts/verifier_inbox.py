"""Topic `rmesh.verifier.inbox.v1`: everything the verifier reacts to, keyed by request id so a
request's plan, hypotheses and evidence arrive in order on one partition.

`kind` tells them apart: `plan` (from the planner), `hypotheses` (from the reasoner) and
`retrieve` — the retriever's ordinary `MeshResult` reply (its `kind` is `retrieve`), which this
model reads as is, so the retriever needs no verifier-specific code."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from reasoning_mesh.contracts.base import ErrorInfo, Message, RequestId, TenantId, now
from reasoning_mesh.contracts.plans import Plan
from reasoning_mesh.contracts.results import Evidence

TOPIC = "rmesh.verifier.inbox.v1"


class Hypothesis(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    text: str = Field(max_length=256)
    mean_logprob: float = 0.0
    mean_exit_layer: float = 0.0
    tokens: int = 0


class VerifierInput(Message):
    request_id: RequestId
    tenant: TenantId = "default"
    kind: Literal["plan", "hypotheses", "retrieve"] = "retrieve"
    subgoal_id: str | None = None
    # kind == "plan"
    plan: Plan | None = None
    question: str | None = None
    # kind == "hypotheses"
    attempt: int | None = None
    hypotheses: list[Hypothesis] | None = None
    # kind == "hypotheses" or "retrieve": the upstream outcome
    status: str = "ok"
    error: ErrorInfo | None = None
    # kind == "retrieve"
    evidence: list[Evidence] = Field(default_factory=list)
    submitted_at: float = Field(default_factory=now)
