"""The gateway's copy of `rmesh.stats.v1` (the analytics service's windowed tables), for
`GET /v1/stats`: the compacted topic read from the beginning, then followed.

Only windows that ended less than a window's retention ago are kept (two hours of minutes, two
days of hours), so the copy stays bounded whatever the topic's history. Of two copies of a row
(an analytics replica republishes its windows after taking over a partition) the one that has
counted more facts wins: tallies only grow. A record that does not decode is skipped with its
reason logged; this copy is a view, and the analytics service is the topic's only writer."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Query

from reasoning_mesh.contracts import stats
from reasoning_mesh.contracts.stats import StatsRow
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.feed import Resilient, follow_table
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)

#: How long after its end a row is still served, per window.
KEEP_S = {"1m": 2 * 3600.0, "1h": 48 * 3600.0}


class StatsTable:
    """The tenants' rows, by tenant and key; pure (no Kafka), so the HTTP view and its scoping
    are unit-testable. Mesh-wide, per-skill and per-service rows are not kept: no tenant may
    see them."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.rows: dict[str, dict[str, StatsRow]] = {}
        self.clock = clock
        #: Set once the copy has caught up with the topic as it was at start.
        self.ready = asyncio.Event()

    def apply(self, key: bytes | None, value: bytes | None) -> None:
        name = (key or b"").decode(errors="replace")
        if value is None:
            for rows in self.rows.values():
                rows.pop(name, None)
            return
        try:
            row = decode(value, StatsRow, 1_048_576)
        except MeshError as exc:
            log.warning("skipped a stats record %r: %s", name[:200], exc)
            return
        tenant = _owner(row)
        if not tenant:
            return
        rows = self.rows.setdefault(tenant, {})
        held = rows.get(name)
        if (held is None or row.facts >= held.facts) and not _expired(row, self.clock()):
            rows[name] = row

    def prune(self) -> None:
        now = self.clock()
        for tenant, rows in list(self.rows.items()):
            for name in [n for n, row in rows.items() if _expired(row, now)]:
                del rows[name]
            if not rows:
                del self.rows[tenant]

    def view(self, tenant: str, window: str, last: int) -> dict[str, Any]:
        """The tenant's own rows (its totals and its per-skill rows) of the last `last` windows,
        newest first; `complete` is false until the copy has caught up (a gateway just
        started)."""
        self.prune()
        mine = [r for r in self.rows.get(tenant, {}).values() if r.window == window]
        windows = []
        for start in sorted({r.start for r in mine}, reverse=True)[:last]:
            rows = [r for r in mine if r.start == start]
            windows.append(
                {
                    "start": start,
                    "end": rows[0].end,
                    "total": next((_public(r) for r in rows if r.skill is None), None),
                    "by_skill": {r.skill: _public(r) for r in rows if r.skill is not None},
                }
            )
        return {
            "tenant": tenant,
            "window": window,
            "complete": self.ready.is_set(),
            "windows": windows,
        }


def _owner(row: StatsRow) -> str:
    """The tenant a row is for, checked against its dimension spelled out in full (a skill
    name can never make a row another tenant's); "" for rows of no tenant."""
    if row.tenant is None or row.service is not None:
        return ""
    wanted = f"tenant:{row.tenant}" + (f"/skill:{row.skill}" if row.skill is not None else "")
    return row.tenant if row.dimension == wanted else ""


def _expired(row: StatsRow, now: float) -> bool:
    return row.end + KEEP_S[row.window] < now


def _public(row: StatsRow) -> dict[str, Any]:
    return row.model_dump(
        exclude={"schema_version", "window", "start", "end", "dimension", "tenant", "skill", "service"}
    )


def stats_router(table: StatsTable, caller: Callable[..., str]) -> APIRouter:
    router = APIRouter()

    @router.get("/v1/stats")
    async def windowed_stats(
        tenant: str = Depends(caller),
        window: str = Query("1m", pattern="^(1m|1h)$"),
        last: int = Query(60, ge=1, le=1000),
    ) -> dict[str, Any]:
        """The caller's tenant's windowed figures (the analytics service's tables), newest
        window first: totals and per skill. Never another tenant's rows."""
        return table.view(tenant, window, last)

    return router


class StatsFeed(Resilient):
    what = "the stats feed"

    def __init__(self, kafka: KafkaSettings, table: StatsTable | None = None) -> None:
        super().__init__()
        self.kafka = kafka
        self.table = table or StatsTable()

    async def _follow(self) -> None:
        await follow_table(self.kafka, stats.TOPIC, "gateway-stats", self.table.apply, self.table.ready)
