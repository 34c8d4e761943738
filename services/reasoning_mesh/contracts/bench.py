"""Topic family `rmesh.bench.ping.v1`: probes for the pass-through stage that `rmesh bench mesh`
uses to measure the per-hop broker overhead. Key: the sequence number."""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.contracts.base import Message

TOPIC = "rmesh.bench.ping.v1"
TOPIC_OUT = "rmesh.bench.pong.v1"


class BenchPing(Message):
    seq: int = Field(ge=0)
    sent_at_ns: int = Field(description="time.perf_counter_ns() of the sender.")
