"""A partition that has records to read and is not being read: nudged, then the process ended.

faust was seen to leave an assigned partition unread after a rebalance (flow control that never
resumed it): the replica looks healthy and counts nothing. Like the stages' watchdog
(`runtime.service`), this one first asks faust to resume the partition, and if that does not
help ends the process, so the supervisor (or Kubernetes) restarts it and the group hands the
partition out again. Pure: the app feeds it positions and acts on its verdict."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field


@dataclass
class StallWatch:
    #: Checks in a row a partition may sit still behind its high watermark before it is
    #: resumed, and after that before the process is ended.
    resume_after: int = 3
    exit_after: int = 6
    _last: dict[Hashable, int | None] = field(default_factory=dict)
    _still: dict[Hashable, int] = field(default_factory=dict)

    def check(
        self, positions: Mapping[Hashable, tuple[int | None, int | None]]
    ) -> tuple[str, list[Hashable]]:
        """`positions`: partition → (last offset read, high watermark). Returns ("ok" |
        "resume" | "exit", the stalled partitions)."""
        for tp in list(self._still):
            if tp not in positions:  # revoked: forget it
                self._still.pop(tp, None)
                self._last.pop(tp, None)
        stalled: list[Hashable] = []
        worst = 0
        for tp, (read, high) in positions.items():
            # More than one offset behind: a partition written in transactions ends with a commit
            # marker, an offset no consumer is ever handed.
            behind = high is not None and high > (read if read is not None else -1) + 2
            if behind and tp in self._last and self._last[tp] == read:
                self._still[tp] = self._still.get(tp, 0) + 1
                stalled.append(tp)
                worst = max(worst, self._still[tp])
            else:
                self._still.pop(tp, None)
            self._last[tp] = read
        if worst >= self.exit_after:
            return "exit", stalled
        if worst >= self.resume_after:
            return "resume", [tp for tp in stalled if self._still[tp] >= self.resume_after]
        return "ok", stalled
