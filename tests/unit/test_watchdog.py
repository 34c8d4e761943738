"""A stuck member (a rebalance step that never ends, held records that never finish) is ended
by its service's watchdog, so the supervisor restarts it, instead of serving nobody while it
reports healthy."""

from __future__ import annotations

import asyncio
import time
from collections import deque

from aiokafka import TopicPartition

from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.runtime.commits import Slot
from reasoning_mesh.runtime.context import Context, Record
from reasoning_mesh.runtime.service import watchdog
from reasoning_mesh.runtime.stage import Stage, StageConfig
from reasoning_mesh.settings import KafkaSettings


async def noop(msg: MeshRequest, ctx: Context) -> None:
    return None


def stage(**config: float) -> Stage[MeshRequest]:
    return Stage(
        service="test",
        config=StageConfig(name="s", topics=("t",), group_id="g", **config),  # type: ignore[arg-type]
        kafka=KafkaSettings(bootstrap_servers="127.0.0.1:1"),
        model=MeshRequest,
        handler=noop,
    )


async def test_a_rebalance_step_that_never_ends_is_a_stall() -> None:
    s = stage(rebalance_timeout_s=60, max_poll_interval_ms=1_000)
    now = time.monotonic()
    assert s.stalled(now) is None
    s.rebalancing_since = now - 30
    assert s.stalled(now) is None
    s.rebalancing_since = now - 62
    assert "rebalance step has run for 62s" in (s.stalled(now) or "")


async def test_held_records_without_progress_are_a_stall_but_an_idle_stage_is_not() -> None:
    s = stage(stall_timeout_s=100, max_poll_interval_ms=10_000)
    now = time.monotonic()
    s.progress_at = now - 500
    assert s.stalled(now) is None  # nothing held: idle, not stuck
    ctx = Context("s", "test", Record("t", 0, 0, None, b"{}"))
    s._pending[TopicPartition("t", 0)] = deque([Slot(ctx)])
    assert "1 records held, no progress for 500s" in (s.stalled(now) or "")
    s.progress_at = now - 50
    assert s.stalled(now) is None


async def test_a_revoke_waiting_for_a_training_job_is_not_a_stall() -> None:
    s = stage(rebalance_timeout_s=60, max_poll_interval_ms=3_600_000)  # the learner's hour
    now = time.monotonic()
    s.rebalancing_since = now - 400  # a drain waiting for the job in hand
    assert s.stalled(now) is None
    s.rebalancing_since = now - 3_700
    assert s.stalled(now) is not None


async def test_a_long_training_job_is_not_taken_for_a_stall() -> None:
    s = stage(stall_timeout_s=100, max_poll_interval_ms=1_800_000)  # jobs may take 30 minutes
    now = time.monotonic()
    ctx = Context("s", "test", Record("t", 0, 0, None, b"{}"))
    s._pending[TopicPartition("t", 0)] = deque([Slot(ctx)])
    s.progress_at = now - 1000
    assert s.stalled(now) is None


async def test_the_watchdog_ends_a_stuck_process() -> None:
    s = stage(rebalance_timeout_s=1, max_poll_interval_ms=1_000)
    s.rebalancing_since = time.monotonic() - 100
    ended: list[str] = []
    await asyncio.wait_for(watchdog([s], ended.append, interval_s=0.01), 5)
    assert ended and "rebalance step" in ended[0]
