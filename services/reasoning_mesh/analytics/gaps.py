"""faust's offset-gap bookkeeping: in time that does not grow with the gaps, and without the
duplicate offsets that held its commits to one transaction per partition and commit.

The mesh's stages write the results and events topics in transactions, and each transaction
leaves a marker record that a consumer never sees: to faust, an offset gap per transaction and
partition. faust 0.15 files every gap in an interval tree and then calls `merge_overlaps()`,
which rebuilds the whole tree: with hundreds of gaps a second between two commits (the gateway
refusing at 10x capacity) that took about 40% of the analytics service's CPU, which then could
not keep up. Gaps arrive in offset order, so a new gap can only overlap the few intervals next
to it: merging those gives the tree `merge_overlaps()` would, without the rebuild.

faust also files each gap *with* the offset of the record read after it (`_drain_messages`
calls `_add_gap(tp, last read + 1, offset read)`, inclusive), and that record is acked too:
`_new_offset` merges the gaps into the acked offsets, sorts them, and commits up to the first
run of consecutive numbers, which a duplicate ends (`[5, 6, 6, 7]` is two runs). The committed
offset then moved one transaction per partition and commit (every second) however fast the
records were read: the analytics group read a 30,000-record backlog in seconds and committed
it at about 50 offsets a second (`bench/analytics_catchup.py`). A gap here is the offsets
between two records read, without the record read: it is committed when it is acked, as any
other record (at least once), and no offset is filed twice.
"""

from __future__ import annotations

import logging
from typing import Any

import faust
from faust.transport.consumer import Consumer
from intervaltree import IntervalTree

log = logging.getLogger(__name__)

#: The faust release whose `Consumer._add_gap` this replaces (same contract, checked by tests).
PATCHED_RELEASE = "0.15.3"


def add_gap(gaps: IntervalTree, committed: int | None, offset_from: int, offset_to: int) -> None:
    """File offsets `offset_from`..`offset_to` (inclusive) past `committed` as a gap, keeping
    the intervals free of overlaps, as faust's `_add_gap` does."""
    if committed is not None:
        offset_from = max(offset_from, committed + 1)
    if offset_from > offset_to:
        return
    begin, end = offset_from, offset_to + 1  # intervals exclude their end
    for near in gaps.overlap(begin, end):
        begin, end = min(begin, near.begin), max(end, near.end)
        gaps.remove(near)
    gaps.addi(begin, end)


async def _add_gap(self: Any, tp: Any, offset_from: int, offset_to: int) -> None:
    """faust's `_add_gap(tp, last read + 1, offset read)`: the offsets between the two records
    (`offset_to` is the record just read, acked when it is processed, not a gap)."""
    add_gap(self._gap[tp], self._committed_offset[tp], offset_from, offset_to - 1)


def install() -> bool:
    """Put `_add_gap` in faust's consumer, on the release it was written for only (its only
    caller there is `_drain_messages`, with the offset of the record it has just read)."""
    if faust.__version__ != PATCHED_RELEASE:
        log.warning("faust %s: its own gap bookkeeping is kept", faust.__version__)
        return False
    Consumer._add_gap = _add_gap  # type: ignore[method-assign]
    return True
