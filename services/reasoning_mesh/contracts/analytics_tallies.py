"""Topics `rmesh.analytics.tally-1m.v1` and `rmesh.analytics.tally-1h.v1`: the changelogs of the
analytics service's tumbling-window tables (faust writes them; a replica that takes over a
partition reads its windows back from here). Key: `[dimension, [start, end]]` (faust's windowed
key, JSON). Compacted, and deleted after the windows expire, so they stay bounded."""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.contracts.base import Message

TOPIC_1M = "rmesh.analytics.tally-1m.v1"
TOPIC_1H = "rmesh.analytics.tally-1h.v1"
TOPICS = (TOPIC_1M, TOPIC_1H)


class Tally(Message):
    requests: int = 0
    statuses: dict[str, int] = Field(default_factory=dict)
    latency: dict[str, int] = Field(
        default_factory=dict, description="Latency histogram: bucket i counts (1.1^(i-1), 1.1^i] ms."
    )
    reason_requests: int = Field(default=0, description="Results that carry a reasoning budget.")
    model_calls: int = 0
    samples: int = 0
    throttles: dict[str, int] = Field(default_factory=dict)
    dlq: dict[str, int] = Field(default_factory=dict)
    facts: int = Field(default=0, description="Facts counted: grows with every update.")
