"""faust's offset-gap bookkeeping, in time that does not grow with the gaps.

The mesh's stages write the results and events topics in transactions, and each transaction
leaves a marker record that a consumer never sees: to faust, an offset gap per transaction and
partition. faust 0.15 files every gap in an interval tree and then calls `merge_overlaps()`,
which rebuilds the whole tree: with hundreds of gaps a second between two commits (the gateway
refusing at 10x capacity) that took about 40% of the analytics service's CPU, which then could
not keep up. Gaps arrive in offset order, so a new gap can only overlap the few intervals next
to it: merging those gives the tree `merge_overlaps()` would, without the rebuild.
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
    add_gap(self._gap[tp], self._committed_offset[tp], offset_from, offset_to)


def install() -> bool:
    """Put `add_gap` in faust's consumer, on the release it was written for only."""
    if faust.__version__ != PATCHED_RELEASE:
        log.warning("faust %s: its own gap bookkeeping is kept", faust.__version__)
        return False
    Consumer._add_gap = _add_gap  # type: ignore[method-assign]
    return True
