"""The gateway's copy of `rmesh.stats.v1` (the analytics service's windowed tables), for
`GET /v1/stats`: the compacted topic read from the beginning, then followed.

Only windows that ended less than a window's retention ago are kept (two hours of minutes, two
days of hours), so the copy stays bounded whatever the topic's history. Of two copies of a row
(an analytics replica republishes its windows after taking over a partition) the one that has
counted more facts wins: tallies only grow. A record that does not decode is skipped with its
reason logged; this copy is a view, and the analytics service is the topic's only writer."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from aiokafka import TopicPartition
from fastapi import APIRouter, Depends, Query

from reasoning_mesh.contracts import stats
from reasoning_mesh.contracts.stats import StatsRow
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer, partitions_of
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)

#: How long after its end a row is still served, per window.
KEEP_S = {"1m": 2 * 3600.0, "1h": 48 * 3600.0}


class StatsTable:
    """The rows, by key; pure (no Kafka), so the HTTP view and its scoping are unit-testable."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.rows: dict[str, StatsRow] = {}
        self.clock = clock

    def apply(self, key: bytes | None, value: bytes | None) -> None:
        name = (key or b"").decode(errors="replace")
        if value is None:
            self.rows.pop(name, None)
            return
        try:
            row = decode(value, StatsRow, 1_048_576)
        except MeshError as exc:
            log.warning("skipped a stats record %r: %s", name[:200], exc)
            return
        held = self.rows.get(name)
        if (held is None or row.facts >= held.facts) and not self._expired(row, self.clock()):
            self.rows[name] = row

    def prune(self) -> None:
        now = self.clock()
        for name in [n for n, row in self.rows.items() if self._expired(row, now)]:
            del self.rows[name]

    @staticmethod
    def _expired(row: StatsRow, now: float) -> bool:
        return row.end + KEEP_S[row.window] < now

    def view(self, tenant: str, window: str, last: int) -> dict[str, Any]:
        """The tenant's own rows (its totals and its per-skill rows) of the last `last` windows,
        newest first; nothing of any other tenant, nor the mesh-wide rows."""
        self.prune()
        mine = [
            r
            for r in self.rows.values()
            if r.window == window and r.tenant == tenant and r.service is None
        ]
        starts = sorted({r.start for r in mine}, reverse=True)[:last]
        windows = []
        for start in starts:
            rows = [r for r in mine if r.start == start]
            windows.append(
                {
                    "start": start,
                    "end": rows[0].end,
                    "total": next((_public(r) for r in rows if r.skill is None), None),
                    "by_skill": {r.skill: _public(r) for r in rows if r.skill is not None},
                }
            )
        return {"tenant": tenant, "window": window, "windows": windows}


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


class StatsFeed:
    def __init__(self, kafka: KafkaSettings, table: StatsTable | None = None) -> None:
        self.kafka = kafka
        self.table = table or StatsTable()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:  # a view must outlive any one bad moment of the broker
            try:
                await self._follow()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the stats feed failed; reading it again")
                await asyncio.sleep(1.0)

    async def _follow(self) -> None:
        await ensure_topics(self.kafka, [stats.TOPIC])
        topic = self.kafka.physical(stats.TOPIC)
        parts = [TopicPartition(topic, p) for p in await partitions_of(self.kafka, topic)]
        consumer = make_consumer(self.kafka, group_id=None, client_id="gateway-stats")
        await consumer.start()
        try:
            consumer.assign(parts)
            await consumer.seek_to_beginning(*parts)
            while True:
                batch = await consumer.getmany(timeout_ms=500)
                for records in batch.values():
                    for rec in records:
                        self.table.apply(rec.key, rec.value)
        finally:
            await consumer.stop()
