"""Token buckets: per-tenant admission at the gateway and per-stage rate bounds.

Pure logic with an injectable clock, so tests drive time by hand.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class TokenBucket:
    """`rate` tokens per second, at most `burst` stored. `rate <= 0` means unlimited."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    _tokens: float = field(init=False)
    _stamp: float = field(init=False)

    def __post_init__(self) -> None:
        if self.burst < 1 and self.rate > 0:
            raise ValueError("burst must be at least 1 token")
        self._tokens = self.burst
        self._stamp = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def try_acquire(self, tokens: float = 1.0) -> float:
        """Take `tokens` if available and return 0.0; else take nothing and return the seconds
        until they will be."""
        if self.rate <= 0:
            return 0.0
        if tokens > self.burst:
            raise ValueError(f"asked for {tokens} tokens, bucket holds at most {self.burst}")
        self._refill()
        if self._tokens >= tokens:
            self._tokens -= tokens
            return 0.0
        return (tokens - self._tokens) / self.rate

    async def acquire(self, tokens: float = 1.0) -> float:
        """Wait until `tokens` are available and take them; returns the seconds waited. Waiting
        here is what pauses a stage's consumption instead of buffering records without bound."""
        waited = 0.0
        while (delay := self.try_acquire(tokens)) > 0:
            await asyncio.sleep(delay)
            waited += delay
        return waited

    @property
    def available(self) -> float:
        self._refill()
        return self._tokens
