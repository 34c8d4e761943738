"""Topic `rmesh.stats.v1` (compacted): the analytics service's windowed tables, one record per
window and dimension, the latest wins. Key: `<window>|<start>|<dimension>`, e.g.
`1m|1796400000|tenant:acme`.

Counted at least once: a replica of the analytics service killed before it commits its input
offsets counts those inputs again when they are read again, so a figure may be a little high
after a crash (the limits: docs/analytics.md). The gateway follows this topic to serve
`GET /v1/stats`, each tenant its own rows only."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.stats.v1"

Window = Literal["1m", "1h"]


class StatsRow(Message):
    window: Window = Field(description="Tumbling window length: one minute or one hour.")
    start: float = Field(description="Window start, Unix time (aligned to the epoch).")
    end: float = Field(description="Window end, Unix time (exclusive).")
    dimension: str = Field(
        description="What the row counts: `mesh`, `tenant:T`, `skill:S`, `tenant:T/skill:S` "
        "(S: the request's plan shape, or its kind), `service:S` (throttles, dead letters)."
    )
    tenant: str | None = Field(default=None, description="The tenant of a tenant row.")
    skill: str | None = None
    service: str | None = None
    requests: int = Field(default=0, description="Requests that ended in the window (results).")
    statuses: dict[str, int] = Field(
        default_factory=dict,
        description="Results by status: verified, unverified, unsupported, failed, refused, ok.",
    )
    latency_ms: dict[str, float] = Field(
        default_factory=dict,
        description="p50/p95/p99 from submission to result, refusals excluded (a histogram's "
        "bucket upper bound: at most 10% above the exact figure).",
    )
    model_calls_per_request: float | None = Field(
        default=None, description="Mean model calls of the window's reasoning requests."
    )
    samples_per_request: float | None = None
    throttles: dict[str, int] = Field(default_factory=dict, description="Throttled, by reason.")
    dead_letters: dict[str, int] = Field(default_factory=dict, description="DLQ records, by reason.")
    facts: int = Field(
        default=0,
        description="Facts counted so far; it only grows, so of two copies of a row (a replica "
        "that republished after a rebalance) the one with more facts is the newer.",
    )
    updated_at: float = Field(default_factory=now)
