"""Rows changed since they were last published, each with the facts partition it belongs to:
a replica publishes only rows of partitions it still owns, so one that has just lost a partition
never republishes its older copies over the new owner's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Pending:
    """Rows are held as what they are made from (a window's tally): a row's fields, with its
    percentiles, are made once when it is published, not at every fact."""

    def __init__(self) -> None:
        self._rows: dict[str, tuple[int, Any]] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def put(self, key: str, partition: int, row: Any) -> None:
        self._rows[key] = (partition, row)

    def due(self, owned: Iterable[int]) -> list[tuple[str, Any]]:
        """The rows to publish now; rows of partitions no longer owned are dropped (bounded:
        at most one row per window and dimension this replica owns)."""
        mine = set(owned)
        for key in [k for k, (p, _) in self._rows.items() if p not in mine]:
            del self._rows[key]
        return [(k, row) for k, (_, row) in self._rows.items()]

    def sent(self, key: str, row: Any) -> None:
        """`key` was published as `row`: done, unless it changed while it was sent."""
        held = self._rows.get(key)
        if held is not None and held[1] is row:
            del self._rows[key]
