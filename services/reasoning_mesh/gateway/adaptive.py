"""A concurrency limit that finds itself: as many in flight as keeps latency near its no-load value.

A fixed in-flight limit is right for one machine and one mix of questions only: too high and
admitted requests queue (their latency grows with the limit, Little's law), too low and the mesh
idles. This is the gradient idea of TCP Vegas and Netflix's concurrency-limits, kept small:

- every `window` answered requests, the median of their latencies is one sample (a median, so
  one slow question does not move the limit; quick refusals of a question, `failed` or
  `unsupported`, are not samples: they would make the mesh look faster than it is);
- the baseline is the lowest such sample of the last `baseline_window_s` (the no-load latency,
  as near as the mesh gets to it);
- a sample above `tolerance` × baseline means requests are queueing: the limit shrinks by
  `backoff` (once per queue: requests admitted before a cut do not count towards the next);
  otherwise, if the limit was what held requests back (the limit was reached in the
  window), it grows by one (additive increase, as a TCP window does).

It starts at `initial` and grows, so the baseline is learnt before any queue forms; it never
leaves [`floor`, `ceiling`]. Pure logic, no clock of its own: callers pass the time."""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field


class AdaptiveSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    #: Off: the configured limits are used as they are.
    enabled: bool = True
    #: Latency (median of a window) may reach this multiple of the no-load latency before the
    #: limit shrinks; the p99 of admitted requests stays near it under any offered load.
    tolerance: float = Field(default=1.5, gt=1.0)
    window: int = Field(default=10, ge=1)
    backoff: float = Field(default=0.75, gt=0.0, lt=1.0)
    #: Where the limit starts: one at a time, so the first samples are the no-load latency.
    initial: int = Field(default=1, ge=1)
    floor: int = Field(default=1, ge=1)
    #: How long a baseline sample is remembered: a slower mesh (a replica gone, harder
    #: questions) becomes the new normal after this long.
    baseline_window_s: float = Field(default=600.0, gt=0)


@dataclass
class AdaptiveLimit:
    ceiling: int
    settings: AdaptiveSettings

    def __post_init__(self) -> None:
        s = self.settings
        self.value = float(max(s.floor, min(s.initial, self.ceiling)))
        self._latencies: list[float] = []
        self._saturated = False
        self._baseline: deque[tuple[float, float]] = deque()  # (when, median), rising medians
        self._cut_at = float("-inf")
        self.samples = 0

    @property
    def limit(self) -> int:
        return int(self.value)

    @property
    def baseline(self) -> float | None:
        return self._baseline[0][1] if self._baseline else None

    def admitted(self, in_flight: int) -> None:
        """Called with the in-flight count after an admission: was the limit reached?"""
        if in_flight >= self.limit:
            self._saturated = True

    def refused(self) -> None:
        self._saturated = True

    def observe(self, latency_s: float, now: float, admitted_at: float | None = None) -> None:
        """One answered request's latency. A request admitted before the last cut still shows
        the queue that cut answered: it is not evidence for another one."""
        if admitted_at is not None and admitted_at < self._cut_at:
            return
        self._latencies.append(latency_s)
        if len(self._latencies) < self.settings.window:
            return
        sample = statistics.median(self._latencies)
        self._latencies.clear()
        self.samples += 1
        self._remember(sample, now)
        s = self.settings
        baseline = self.baseline
        if baseline is not None and sample > s.tolerance * baseline:
            self.value = max(float(s.floor), self.value * s.backoff)
            self._cut_at = now
        elif self._saturated:
            self.value = min(float(self.ceiling), self.value + 1.0)
        self._saturated = False

    def _remember(self, sample: float, now: float) -> None:
        # A monotonic deque: the front is the window's minimum, each sample pushed once.
        horizon = now - self.settings.baseline_window_s
        while self._baseline and self._baseline[0][0] < horizon:
            self._baseline.popleft()
        while self._baseline and self._baseline[-1][1] >= sample:
            self._baseline.pop()
        self._baseline.append((now, sample))
