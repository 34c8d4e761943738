"""The gateway's refusals, reported to the events topic for the analytics service. A refusal
must stay cheap under overload (at 10x capacity the gateway refuses hundreds a second, on the
cores the admitted requests need), so both doors count them here (an HTTP 429; a `refused`
result at the Kafka door) and the count is reported once a second per tenant, reason and door,
as one `throttled` event carrying it: not one event per refusal.

Not exact after a crash: the counts of the last second are lost with the process (`kill -9`
of a gateway), and a Kafka refusal whose transaction aborts is counted again when its record is
redone. The caller's `refused` result is neither: it is written in the stage's transaction. A
refused request's own event stream therefore has no `throttled` event: its result says why."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter

from reasoning_mesh.contracts import events
from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.runtime.feed import Resilient

log = logging.getLogger(__name__)


class RefusalReport(Resilient):
    what = "the refusal report"

    def __init__(self, client: MeshClient | None = None, interval_s: float = 1.0) -> None:
        super().__init__()
        self.client, self.interval_s = client, interval_s
        self.counts: Counter[tuple[str, str, str]] = Counter()

    def add(self, tenant: str, reason: str, door: str = "http") -> None:
        self.counts[(tenant, reason, door)] += 1

    def take(self, now: float) -> list[RequestEvent]:
        """The report of what was counted since the last one (and a fresh count)."""
        counted, self.counts = self.counts, Counter()
        return [
            RequestEvent(
                request_id=f"{door}-refusals.{tenant}",
                tenant=tenant,
                stage="gateway",
                event="throttled",
                detail={"reason": reason, "count": n, "door": door},
                ts=now,
            )
            for (tenant, reason, door), n in sorted(counted.items())
        ]

    async def stop(self) -> None:
        await super().stop()
        await self._report()  # what the last interval counted

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            await self._report()

    async def _report(self) -> None:
        if self.client is None:
            return
        for event in self.take(time.time()):
            try:
                await self.client.publish(events.TOPIC, event, key=event.request_id)
            except Exception:  # noqa: BLE001 - a report is a figure, never worth a crash
                # Counted again, for the next report: a refusal is lost only with the process.
                key = (event.tenant, str(event.detail["reason"]), str(event.detail["door"]))
                self.counts[key] += int(event.detail["count"])
                log.warning("could not report %s refusals of %s", event.detail["count"], event.tenant)
