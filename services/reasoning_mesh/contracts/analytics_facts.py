"""Topic `rmesh.analytics.facts.v1`: the analytics service's repartition topic. Key: the
dimension (`tenant:acme`, `skill:linear`, `service:gateway`, `mesh`...).

Each result, throttling event and dead letter becomes one fact per dimension it counts towards,
keyed by that dimension, so all of a dimension's facts meet in one partition: the replica that
owns it keeps that dimension's windows (faust's tables are partitioned like their input). The
reader combines the facts of one batch of inputs per dimension and minute into one `tally` fact
(a partial tally), so the facts and the table updates follow dimensions, not records."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from reasoning_mesh.contracts.analytics_tallies import Tally
from reasoning_mesh.contracts.base import Message

TOPIC = "rmesh.analytics.facts.v1"


class AnalyticsFact(Message):
    # A fact is counted as it is: no NaN or infinity may reach a tally (nor its JSON).
    model_config = ConfigDict(extra="ignore", frozen=True, allow_inf_nan=False)

    dimension: str = Field(max_length=256)
    ts: float = Field(description="Event time: when the result, event or letter was made.")
    kind: Literal["result", "throttle", "dlq", "tally"]
    status: str = Field(default="", max_length=64)
    latency_ms: float | None = Field(default=None, ge=0)
    model_calls: int | None = Field(default=None, ge=0, lt=2**31)
    samples: int | None = Field(default=None, ge=0, lt=2**31)
    reason: str = Field(default="", max_length=64)
    count: int = Field(default=1, ge=1, lt=2**31, description="How many the fact stands for.")
    tally: Tally | None = Field(
        default=None,
        description="kind `tally`: several facts of this dimension and minute, counted together.",
    )
