"""Topic `rmesh.events.v1`: per-request progress events, streamed to subscribers as work happens.
Key: the request id (so one request's events stay ordered in one partition)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from reasoning_mesh.contracts.base import Message, RequestId, TenantId, now

TOPIC = "rmesh.events.v1"


class RequestEvent(Message):
    request_id: RequestId
    tenant: TenantId = "default"
    stage: str = Field(description="Service that emitted the event, e.g. `gateway`.")
    event: str = Field(description="What happened, e.g. `admitted`, `throttled`, `evidence`.")
    detail: dict[str, Any] = Field(default_factory=dict)
    ts: float = Field(default_factory=now)
