"""The analytics service's commits on transactional inputs, without a broker: faust's own commit
logic (`Consumer._new_offset`) over the gaps the service files, as faust's fetch loop files them
(the offsets between two records read, a commit marker each). One commit covers every record
acked, however many markers lie between them; never a record not acked (at least once)."""

from __future__ import annotations

import random
from collections import defaultdict
from types import SimpleNamespace
from typing import Any

from faust.transport.consumer import Consumer
from intervaltree import IntervalTree

from reasoning_mesh.analytics import gaps

TP = "results-0"


def consumer() -> Any:
    """The state `_add_gap` and `_new_offset` read and write."""
    return SimpleNamespace(
        _acked=defaultdict(list),
        _acked_index=defaultdict(set),
        _gap=defaultdict(IntervalTree),
        _committed_offset=defaultdict(lambda: None),
    )


def written(rng: random.Random, records: int, start: int = 1_000) -> tuple[list[int], int]:
    """The offsets of `records` records written in small transactions (1-3 records, then one
    commit marker, now and then two: transactions of two producers interleaved), from `start`
    (a partition with a history: faust's fetch loop files no gap after offset 0), and the end
    offset."""
    offsets, offset = [], start
    while len(offsets) < records:
        n = rng.randint(1, 3)
        offsets += range(offset, offset + n)
        offset += n + (2 if rng.random() < 0.1 else 1)
    return offsets, offset


async def read(c: Any, offsets: list[int], add_gap: Any = gaps._add_gap) -> None:
    """faust 0.15.3's `_drain_messages`: a gap before each record read past one."""
    last: int | None = None
    for offset in offsets:
        if last and offset - last > 1:
            await add_gap(c, TP, last + 1, offset)
        last = offset


def ack(c: Any, offset: int) -> None:
    c._acked[TP].append(offset)
    c._acked_index[TP].add(offset)


def commit(c: Any) -> int | None:
    """One commit: the offset faust would commit (None: nothing new), as `_commit_offsets`
    files it."""
    offset: int | None = Consumer._new_offset(c, TP)
    committed = c._committed_offset[TP]
    if offset is None or (committed is not None and offset <= committed):
        return None
    c._committed_offset[TP] = offset
    return offset


async def test_one_commit_covers_every_record_acked_across_commit_markers() -> None:
    c = consumer()
    offsets, end = written(random.Random(3), 2_000)
    await read(c, offsets)
    for offset in offsets:
        ack(c, offset)
    assert commit(c) == offsets[-1] + 1  # all of it at once (the trailing marker is never read)
    assert commit(c) is None
    assert end - c._committed_offset[TP] <= 2


async def test_never_past_a_record_not_acked_yet() -> None:
    """The service acks a partition's records in order (a batch when its facts are sent):
    a commit stops before the first record not acked, markers before it included."""
    c = consumer()
    offsets, _ = written(random.Random(5), 500)
    await read(c, offsets)
    for pending in (120, 121, 300, 301, 499):
        for offset in offsets[:pending]:
            if offset not in c._acked_index[TP] and offset >= (c._committed_offset[TP] or 0):
                ack(c, offset)
        assert commit(c) == offsets[pending - 1] + 1
        assert commit(c) is None
    ack(c, offsets[-1])
    assert commit(c) == offsets[-1] + 1


async def test_commits_follow_reads_batch_by_batch() -> None:
    """As the service runs: records read and acked a batch at a time, a commit between."""
    c = consumer()
    offsets, _ = written(random.Random(11), 3_000)
    for start in range(0, len(offsets), 250):
        batch = offsets[max(0, start - 1) : start + 250]  # the fetch loop remembers the last read
        await read(c, batch)
        for offset in offsets[start : start + 250]:
            ack(c, offset)
        assert commit(c) == offsets[min(start + 250, len(offsets)) - 1] + 1


async def test_fausts_own_gaps_held_commits_to_one_transaction_each() -> None:
    """Why the service files gaps of its own: faust's include the record read after the gap,
    which is acked too, and the duplicate ends the run of offsets a commit may take."""

    async def fausts(self: Any, tp: Any, offset_from: int, offset_to: int) -> None:
        gaps.add_gap(self._gap[tp], self._committed_offset[tp], offset_from, offset_to)

    c = consumer()
    offsets, _ = written(random.Random(3), 300)
    await read(c, offsets, fausts)
    for offset in offsets:
        ack(c, offset)
    commits = 0
    while commit(c) is not None:
        commits += 1
    assert c._committed_offset[TP] == offsets[-1] + 1
    assert commits > 100  # one per transaction, a second each at the service's interval
