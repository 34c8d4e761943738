"""The HTTP door's refusals, reported to the events topic so the analytics service counts them
like the Kafka door's (which answer each refusal with a `refused` result and a `throttled`
event). A 429 must stay cheap under overload, so refusals are counted here and reported once a
second per tenant and reason, as one `throttled` event carrying the count."""

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


class HttpRefusals(Resilient):
    what = "the HTTP refusal report"

    def __init__(self, client: MeshClient | None = None, interval_s: float = 1.0) -> None:
        super().__init__()
        self.client, self.interval_s = client, interval_s
        self.counts: Counter[tuple[str, str]] = Counter()

    def add(self, tenant: str, reason: str) -> None:
        self.counts[(tenant, reason)] += 1

    def take(self, now: float) -> list[RequestEvent]:
        """The report of what was counted since the last one (and a fresh count)."""
        counted, self.counts = self.counts, Counter()
        return [
            RequestEvent(
                request_id=f"http-refusals.{tenant}",
                tenant=tenant,
                stage="gateway",
                event="throttled",
                detail={"reason": reason, "count": n, "door": "http"},
                ts=now,
            )
            for (tenant, reason), n in sorted(counted.items())
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
                self.counts[(event.tenant, str(event.detail["reason"]))] += int(event.detail["count"])
                log.warning(
                    "could not report %s HTTP refusals of %s", event.detail["count"], event.tenant
                )
