"""Topic `rmesh.analytics.facts.v1`: the analytics service's repartition topic. Key: the
dimension (`tenant:acme`, `skill:linear`, `service:gateway`, `mesh`...).

Each result, throttling event and dead letter becomes one fact per dimension it counts towards,
keyed by that dimension, so all of a dimension's facts meet in one partition: the replica that
owns it keeps that dimension's windows (faust's tables are partitioned like their input)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from reasoning_mesh.contracts.base import Message

TOPIC = "rmesh.analytics.facts.v1"


class AnalyticsFact(Message):
    dimension: str = Field(max_length=256)
    ts: float = Field(description="Event time: when the result, event or letter was made.")
    kind: Literal["result", "throttle", "dlq"]
    status: str = ""
    latency_ms: float | None = None
    model_calls: int | None = None
    samples: int | None = None
    reason: str = ""
