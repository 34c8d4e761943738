"""A partition that has records to read and is not being read: nudged, then the process ended.

faust was seen to leave an assigned partition unread after a rebalance (flow control that never
resumed it): the replica looks healthy and counts nothing. Like the stages' watchdog
(`runtime.service`), this one first asks faust to resume the partition, and if that does not
help ends the process, so the supervisor (or Kubernetes) restarts it and the group hands the
partition out again. Pure: the app feeds it positions and acts on its verdict."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field

#: Commit markers a partition may end with, offsets no consumer is ever handed as records: two
#: transactions that overlap end a partition with two markers.
TRAILING_MARKERS = 2

#: A partition's (last offset read, the consumer's fetch position or None, high watermark).
Position = tuple[int | None, int | None, int | None]


def behind(read: int | None, fetched: int | None, high: int | None) -> bool:
    """Whether records wait: not fetched (`high` past the fetch position), or fetched and not
    handed over (the fetch position past the last record read by more than trailing markers).
    The fetch position steps over markers; without it, the last record read decides alone."""
    if high is None:
        return False
    last = read if read is not None else -1
    if fetched is None:
        return high > last + 1 + TRAILING_MARKERS
    return high > fetched + 1 or fetched - 1 - last > TRAILING_MARKERS


@dataclass
class StallWatch:
    """Escalates only when the whole replica reads nothing while a partition waits: one that
    merely waits its turn (faust serves partitions unevenly while a big record is decoded) is
    faust's flow control at work, not a stall (the fuzz bench showed one such wait of 30 s).
    Progress is a record read or a fetch; a check without a fetch position compares reads only
    (so a position that comes and goes is no progress)."""

    #: Checks in a row with nothing read anywhere while a partition is behind before the
    #: partitions are resumed, and before the process is ended.
    resume_after: int = 3
    exit_after: int = 6
    _last: dict[Hashable, tuple[int | None, int | None]] = field(default_factory=dict)
    _idle: int = 0

    def check(self, positions: Mapping[Hashable, Position]) -> tuple[str, list[Hashable]]:
        """`positions`: partition → (last offset read, fetch position, high watermark).
        Returns ("ok" | "resume" | "exit", the partitions behind and not read since the last
        check)."""
        moved = any(
            tp in self._last and not self._still(tp, read, fetched)
            for tp, (read, fetched, _) in positions.items()
        )
        stalled = [
            tp
            for tp, (read, fetched, high) in positions.items()
            if behind(read, fetched, high) and self._still(tp, read, fetched)
        ]
        self._last = {tp: (read, fetched) for tp, (read, fetched, _) in positions.items()}
        self._idle = self._idle + 1 if stalled and not moved else 0
        if self._idle >= self.exit_after:
            return "exit", stalled
        if self._idle >= self.resume_after:
            return "resume", stalled
        return "ok", stalled

    def _still(self, tp: Hashable, read: int | None, fetched: int | None) -> bool:
        if tp not in self._last:
            return False
        last_read, last_fetched = self._last[tp]
        return last_read == read and (None in (fetched, last_fetched) or last_fetched == fetched)
