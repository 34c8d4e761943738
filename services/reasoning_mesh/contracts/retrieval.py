"""Topic `rmesh.retrieval.requests.v1`: work for the retriever. Key: the request id.

Published by the gateway for `retrieve` requests and by the planner for sub-goals that need facts;
`reply_to` names the topic the evidence goes to."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from reasoning_mesh.contracts.base import Message, QueryText, RequestId, TenantId, now
from reasoning_mesh.contracts.requests import Filters

TOPIC = "rmesh.retrieval.requests.v1"


class RetrievalRequest(Message):
    request_id: RequestId = Field(description="The originating mesh request.")
    subgoal_id: str | None = Field(default=None, description="Set when asked for by the planner.")
    tenant: TenantId = "default"
    query: QueryText = Field(max_length=4096)
    top_k: int = Field(default=5, ge=1, le=50)
    filters: Filters | None = None
    collection: str = Field(default="kb", pattern=r"^[a-z0-9_]{1,64}$")
    reply_to: str = Field(default="rmesh.results.v1", pattern=r"^[A-Za-z0-9._\-]{1,249}$")
    submitted_at: float = Field(default_factory=now)

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"request_id": "q-1", "query": "kilometre in metres", "top_k": 3}]
        }
    )
