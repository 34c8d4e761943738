"""Topic `rmesh.reasoner.steps.v1`: one sub-goal attempt for the reasoner. Key: the request id.

The verifier publishes one per attempt; the reasoner answers with hypotheses on `reply_to`
(the verifier's inbox) carrying the same `subgoal_id` and `attempt`, so a late answer to an
abandoned attempt is recognised and ignored."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from reasoning_mesh.contracts.base import Message, RequestId, TenantId, now

TOPIC = "rmesh.reasoner.steps.v1"


class StepTask(Message):
    request_id: RequestId
    tenant: TenantId = "default"
    subgoal_id: str = Field(pattern=r"^g\d{1,4}$")
    attempt: int = Field(ge=0)
    prompt: str = Field(min_length=1, max_length=120)
    samples: int = Field(default=1, ge=1, le=16)
    temperature: float = Field(default=0.0, ge=0, le=5)
    top_k: int = Field(default=0, ge=0)
    max_new_tokens: int = Field(default=24, ge=1, le=64)
    exit_threshold: float = Field(default=1.0, ge=0, le=1, description="1.0: full depth.")
    seed: int = Field(default=0, ge=0)
    adapter_id: str = Field(default="", max_length=128)
    reply_to: str = Field(default="rmesh.verifier.inbox.v1", pattern=r"^[A-Za-z0-9._\-]{1,249}$")
    submitted_at: float = Field(default_factory=now)

    def sampling(self) -> dict[str, Any]:
        """How the model is asked to sample this step, as generation keywords (Triton's client
        and the in-process service take the same)."""
        return {
            "samples": self.samples,
            "temperature": self.temperature,
            "top_k": self.top_k,
            "max_new_tokens": self.max_new_tokens,
            "threshold": self.exit_threshold,
            "seed": self.seed,
            "adapter_id": self.adapter_id,
        }
