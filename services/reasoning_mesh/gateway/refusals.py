"""The HTTP door's refusals, reported to the events topic so the analytics service counts them
like the Kafka door's (which answer each refusal with a `refused` result and a `throttled`
event). A 429 must stay cheap under overload, so refusals are counted here and reported once a
second per tenant and reason, as one `throttled` event carrying the count."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter

from reasoning_mesh.contracts import events
from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.gateway.sdk import MeshClient

log = logging.getLogger(__name__)


class HttpRefusals:
    def __init__(self, client: MeshClient | None = None, interval_s: float = 1.0) -> None:
        self.client, self.interval_s = client, interval_s
        self.counts: Counter[tuple[str, str]] = Counter()
        self._task: asyncio.Task[None] | None = None

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

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._report()  # what the last interval counted

    async def _run(self) -> None:
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
