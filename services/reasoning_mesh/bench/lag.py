"""How far a consumer group is behind when a burst ends, and how long it takes to catch up.
Counted in offsets (end offset minus committed offset), so transaction markers count too."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from reasoning_mesh.infra.stack import consumer_lag
from reasoning_mesh.settings import KafkaSettings

#: Offsets left that count as caught up: on transactional topics an idle group shows the commit
#: markers after its last record read as lag (mostly one per partition, two where two
#: transactions overlapped at the end).
CAUGHT_UP = 50


async def catch_up(kafka: KafkaSettings, group: str, timeout_s: float = 300.0) -> dict[str, Any]:
    """`group`'s lag now, and the seconds until it is at most `CAUGHT_UP` (None: not within
    `timeout_s`)."""
    start, first = time.monotonic(), None
    while True:
        lag = (await consumer_lag(kafka)).get(group)
        first = lag if first is None else first
        waited = time.monotonic() - start
        if lag is not None and lag <= CAUGHT_UP:
            return {"group": group, "lag_at_start": first, "caught_up_s": round(waited, 1)}
        if waited > timeout_s:
            return {"group": group, "lag_at_start": first, "caught_up_s": None, "lag_left": lag}
        await asyncio.sleep(2.0)
