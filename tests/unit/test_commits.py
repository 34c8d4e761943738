"""Which held records a stage commits now: done prefixes at once, unless every record of a prefix
may wait (then until the earliest allowance), never while draining or past the cap."""

from __future__ import annotations

from collections import deque

from aiokafka import TopicPartition

from reasoning_mesh.runtime.commits import Slot, take_ready
from reasoning_mesh.runtime.context import Context, Record

A, B = TopicPartition("t", 0), TopicPartition("t", 1)


def slot(offset: int, *, done: bool = True, at: float = 0.0, within: float | None = None) -> Slot:
    ctx = Context("s", "svc", Record("t", 0, offset, None, b"{}"))
    ctx.commit_within_s = within
    return Slot(ctx, done=done, done_at=at)


def offsets(ctxs: list[Context]) -> list[int]:
    return [c.record.offset for c in ctxs]


def test_a_done_prefix_is_taken_at_once_and_stops_at_the_first_record_not_done() -> None:
    pending = {A: deque([slot(0), slot(1), slot(2, done=False), slot(3)])}
    sel = take_ready(pending, set(), now=1.0, defer_cap=64)
    assert offsets(sel.ready[A]) == [0, 1] and sel.wake_at is None
    assert [s.ctx.record.offset for s in pending[A]] == [2, 3]  # held until 2 is done


def test_a_prefix_that_may_wait_waits_until_its_earliest_allowance() -> None:
    pending = {A: deque([slot(0, at=1.0, within=0.5), slot(1, at=1.2, within=0.1)])}
    sel = take_ready(pending, set(), now=1.25, defer_cap=64)
    assert sel.ready == {} and sel.wake_at == 1.2 + 0.1  # the second's allowance ends first
    assert len(pending[A]) == 2
    sel = take_ready(pending, set(), now=1.3, defer_cap=64)
    assert offsets(sel.ready[A]) == [0, 1] and sel.wake_at is None and not pending[A]


def test_a_record_that_may_not_wait_takes_the_waiting_ones_with_it() -> None:
    pending = {
        A: deque([slot(0, within=5.0), slot(1, within=5.0), slot(2)]),
        B: deque([slot(7, within=5.0)]),
    }
    sel = take_ready(pending, set(), now=0.1, defer_cap=64)
    assert offsets(sel.ready[A]) == [0, 1, 2]  # an admitted request behind two refusals
    assert B not in sel.ready and sel.wake_at == 5.0  # B's refusal alone still waits


def test_a_record_not_done_behind_waiting_ones_keeps_them_waiting() -> None:
    pending = {A: deque([slot(0, within=5.0), slot(1, done=False)])}
    sel = take_ready(pending, set(), now=0.0, defer_cap=64)
    assert sel.ready == {} and sel.wake_at == 5.0


def test_nothing_waits_while_draining() -> None:
    pending = {A: deque([slot(0, within=5.0)]), B: deque([slot(3, within=5.0)])}
    sel = take_ready(pending, set(), now=0.0, flush=True, defer_cap=64)
    assert offsets(sel.ready[A]) == [0] and offsets(sel.ready[B]) == [3] and sel.wake_at is None


def test_nothing_waits_once_waiting_records_hold_the_cap() -> None:
    """The fetch loop must never stall on slots held by records that are only waiting."""
    pending = {A: deque([slot(0, within=5.0), slot(1, within=5.0)]), B: deque([slot(2, within=5.0)])}
    assert take_ready(pending, set(), now=0.0, defer_cap=4).ready == {}
    sel = take_ready(pending, set(), now=0.0, defer_cap=3)
    assert offsets(sel.ready[A]) == [0, 1] and offsets(sel.ready[B]) == [2]
    assert sel.wake_at is None


def test_a_cap_of_zero_means_no_waiting() -> None:
    pending = {A: deque([slot(0, within=5.0)])}
    assert offsets(take_ready(pending, set(), now=0.0, defer_cap=0).ready[A]) == [0]


def test_a_fenced_partition_drops_its_prefix_waiting_or_not() -> None:
    pending = {A: deque([slot(0, within=5.0), slot(1)]), B: deque([slot(2, within=5.0)])}
    sel = take_ready(pending, {A, B}, now=0.0, defer_cap=64)
    assert sel.ready == {} and sel.dropped == 3 and sel.wake_at is None
    assert not pending[A] and not pending[B]
