"""Which held records a stage commits now: per partition, the prefix of records that are done.

A prefix whose every record allows it (`Context.commit_within_s`, e.g. the gateway's refusals)
may wait, up to the earliest of its records' allowances, to share a transaction with the
partition's next records: under overload a transaction per refusal costs the broker and the
gateway the cores the admitted requests need. Any record that does not allow it (an admitted
request, a dead letter) takes the whole prefix with it at once, so waiting never delays work.
Nothing waits while the stage drains (revocation, shutdown), nor once waiting records hold
`defer_cap` of the stage's in-flight slots: the fetch loop must not stall behind them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

from aiokafka import TopicPartition

from reasoning_mesh.runtime.context import Context


@dataclass
class Slot:
    ctx: Context
    done: bool = False
    #: When the record's handling ended (monotonic seconds).
    done_at: float = 0.0


@dataclass
class Selection:
    #: Per partition, the records to commit now, in offset order.
    ready: dict[TopicPartition, list[Context]] = field(default_factory=dict)
    #: Records of fenced partitions dropped (their new owner redoes them).
    dropped: int = 0
    #: When the earliest waiting prefix must be committed (None: nothing waits).
    wake_at: float | None = None


def _done_prefix(queue: deque[Slot]) -> int:
    n = 0
    for slot in queue:
        if not slot.done:
            break
        n += 1
    return n


def _deadline(queue: deque[Slot], n: int) -> float | None:
    """When the first `n` records must be committed; None: now (one of them allows no wait)."""
    deadline = float("inf")
    for i, slot in enumerate(queue):
        if i == n:
            break
        if slot.ctx.commit_within_s is None:
            return None
        deadline = min(deadline, slot.done_at + slot.ctx.commit_within_s)
    return deadline


def take_ready(
    pending: Mapping[TopicPartition, deque[Slot]],
    fenced: set[TopicPartition],
    now: float,
    *,
    flush: bool = False,
    defer_cap: int = 0,
) -> Selection:
    """Pop from `pending` what is committed (or dropped) now; see the module's docstring."""
    sel = Selection()
    prefixes = {tp: n for tp, q in pending.items() if (n := _done_prefix(q))}
    waiting: dict[TopicPartition, float] = {}
    if not flush:
        for tp, n in prefixes.items():
            deadline = None if tp in fenced else _deadline(pending[tp], n)
            if deadline is not None and deadline > now:
                waiting[tp] = deadline
        if sum(prefixes[tp] for tp in waiting) >= max(defer_cap, 1):
            waiting.clear()
    for tp, n in prefixes.items():
        if tp in waiting:
            continue
        queue = pending[tp]
        taken = [queue.popleft().ctx for _ in range(n)]
        if tp in fenced:
            sel.dropped += n
        else:
            sel.ready[tp] = taken
    sel.wake_at = min(waiting.values(), default=None)
    return sel
