"""Topic `rmesh.requests.v1`: requests entering the mesh (published by the SDK, CLI, HTTP or
directly by teams). Key: the request id. The gateway validates them, applies per-tenant admission
and routes them by `kind`."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from reasoning_mesh.contracts.base import Message, QueryText, RequestId, TenantId, now

TOPIC = "rmesh.requests.v1"

#: Scalar payload filters, e.g. {"dimension": "length"}; matched exactly against document metadata.
Filters = dict[str, str | int | bool]


class Budget(Message):
    """Compute the caller allows for a reasoning request (used by the planner). The defaults are
    what the reasoning benchmark runs at: a question that opens routes of easier steps spends
    a few hundred model calls, and under load on a small machine it queues for minutes."""

    max_model_calls: int = Field(default=512, ge=1, le=4096)
    max_new_tokens: int = Field(default=64, ge=1, le=1024)
    deadline_s: float = Field(default=600.0, gt=0, le=3600)


class MeshRequest(Message):
    """One question or retrieval query."""

    id: RequestId = Field(description="Caller-chosen unique id; results carry it back.")
    tenant: TenantId = Field(default="default", description="Tenant for admission control.")
    kind: Literal["retrieve", "reason"] = Field(
        default="reason", description="`retrieve`: evidence only; `reason`: a verified answer."
    )
    query: QueryText = Field(
        max_length=4096,
        description="The question or retrieval query; no control characters but tab and newline.",
    )
    top_k: int = Field(default=5, ge=1, le=50, description="Passages to return (retrieve).")
    filters: Filters | None = Field(default=None, description="Exact-match metadata filters.")
    budget: Budget | None = Field(default=None, description="Compute budget (reason).")
    feedback: bool = Field(
        default=True,
        description="Whether this request's verified steps may teach the learner (reason). "
        "Benchmarks and evaluations set false, so a test set never becomes training data.",
    )
    submitted_at: float = Field(default_factory=now, description="Unix time of submission.")

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "id": "q-1",
                    "tenant": "default",
                    "kind": "retrieve",
                    "query": "How many metres are in a kilometre?",
                    "top_k": 3,
                }
            ]
        }
    )
