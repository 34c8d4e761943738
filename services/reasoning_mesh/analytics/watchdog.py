"""A partition that has records to read and is not being read: nudged, then the process ended.

faust was seen to leave an assigned partition unread after a rebalance (flow control that never
resumed it): the replica looks healthy and counts nothing. Like the stages' watchdog
(`runtime.service`), this one first asks faust to resume the partition, and if that does not
help ends the process, so the supervisor (or Kubernetes) restarts it and the group hands the
partition out again. Pure: the app feeds it positions and acts on its verdict."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field


def last_consumed(read: int | None, fetch_position: int | None) -> int | None:
    """The last offset a partition has been read to: its last record read, or the offset before
    the consumer's fetch position where that is further. Transactions' commit markers are
    never handed to faust as records, so a partition whose last records are two overlapping
    transactions' ends (two markers) looks two offsets behind by its records alone, and a
    healthy, idle replica was ended as stalled; the fetch position steps over the markers."""
    if fetch_position is None:
        return read
    return max(read if read is not None else -1, fetch_position - 1)


@dataclass
class StallWatch:
    """Escalates only when the whole replica reads nothing while a partition waits: one that
    merely waits its turn (faust serves partitions unevenly while a big record is decoded) is
    faust's flow control at work, not a stall (the fuzz bench showed one such wait of 30 s)."""

    #: Checks in a row with nothing read anywhere while a partition is behind before the
    #: partitions are resumed, and before the process is ended.
    resume_after: int = 3
    exit_after: int = 6
    _last: dict[Hashable, int | None] = field(default_factory=dict)
    _idle: int = 0

    def check(
        self, positions: Mapping[Hashable, tuple[int | None, int | None]]
    ) -> tuple[str, list[Hashable]]:
        """`positions`: partition → (last offset read, high watermark). Returns ("ok" |
        "resume" | "exit", the partitions behind and not read since the last check)."""
        moved = any(tp in self._last and self._last[tp] != read for tp, (read, _) in positions.items())
        stalled = [
            tp
            for tp, (read, high) in positions.items()
            # More than one offset behind: a partition written in transactions ends with a
            # commit marker, an offset no consumer is ever handed.
            if high is not None
            and high > (read if read is not None else -1) + 2
            and tp in self._last
            and self._last[tp] == read
        ]
        self._last = {tp: read for tp, (read, _) in positions.items()}
        self._idle = self._idle + 1 if stalled and not moved else 0
        if self._idle >= self.exit_after:
            return "exit", stalled
        if self._idle >= self.resume_after:
            return "resume", stalled
        return "ok", stalled
