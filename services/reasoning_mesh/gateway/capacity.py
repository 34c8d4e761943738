"""Admission tied to what the mesh completes: at most N requests of a kind in flight per gateway.

A token bucket caps what a tenant may ask; it cannot tell when the mesh as a whole is full, so
under overload admitted requests would queue in the topics and every one of them would be late.
A concurrency limit is the closed loop: a slot frees only when a result comes back, so the
admission rate under overload equals the rate the mesh completes, whatever its capacity is today,
and an admitted request never waits behind more than N others of its kind (latency ≈ N /
throughput, Little's law). What does not fit is refused at once with `retry_after_s`, the time
until a slot is expected to free, estimated from the recent completion rate.

Pure logic, no I/O: the gateway feeds it admissions (ingress stage, HTTP) and completions (its
results subscription). A request whose result never comes back (deleted topic, lost id) releases
its slot after `max_age_s`, so no slot leaks for ever.

With `adaptive` settings, each kind's limit is an `AdaptiveLimit` below the configured one (its
ceiling), moved by the latencies of the results that free the slots."""

from __future__ import annotations

import random
import time
from collections import Counter, deque
from collections.abc import Callable, Mapping

from reasoning_mesh.errors import OverloadedError
from reasoning_mesh.gateway.adaptive import AdaptiveLimit, AdaptiveSettings


class CapacityLimit:
    def __init__(
        self,
        limits: Mapping[str, int],
        max_age_s: float = 900.0,
        rate_window_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        adaptive: AdaptiveSettings | None = None,
        on_expire: Callable[[str], None] | None = None,
    ) -> None:
        self.limits = dict(limits)
        self.adaptive = {
            kind: AdaptiveLimit(ceiling, adaptive)
            for kind, ceiling in self.limits.items()
            if ceiling > 0 and adaptive is not None and adaptive.enabled
        }
        self.max_age_s, self.rate_window_s, self.clock = max_age_s, rate_window_s, clock
        # Told the kind of every slot freed by age: a result that never came back is a leak
        # somewhere (the chaos bench requires none), and the metric makes it visible.
        self.on_expire = on_expire
        self._admitted: dict[str, tuple[str, float]] = {}  # id → (kind, when), oldest first
        self._in_flight: Counter[str] = Counter()
        self._completed: dict[str, deque[float]] = {k: deque() for k in self.limits}

    def in_flight(self, kind: str) -> int:
        return self._in_flight[kind]

    def limit(self, kind: str) -> int:
        """The limit in force now (0: none)."""
        adaptive = self.adaptive.get(kind)
        return adaptive.limit if adaptive is not None else self.limits.get(kind, 0)

    def completion_rate(self, kind: str) -> float:
        """Results per second of this kind over the last `rate_window_s`."""
        done = self._completed.get(kind)
        if not done:
            return 0.0
        horizon = self.clock() - self.rate_window_s
        while done and done[0] < horizon:
            done.popleft()
        return len(done) / self.rate_window_s

    def check(self, kind: str) -> None:
        """Raise `OverloadedError` if no slot of this kind is free (takes nothing)."""
        limit = self.limit(kind)
        if limit <= 0:
            return
        self._expire()
        if self._in_flight[kind] >= limit:
            if kind in self.adaptive:
                self.adaptive[kind].refused()
            raise OverloadedError(kind, limit, self.retry_after(kind))

    def take(self, kind: str, request_id: str) -> None:
        """Hold a slot until the result comes back. Idempotent per id: a record redelivered
        after an aborted transaction does not take a second one."""
        if self.limits.get(kind, 0) <= 0 or request_id in self._admitted:
            return
        self._admitted[request_id] = (kind, self.clock())
        self._in_flight[kind] += 1
        if kind in self.adaptive:
            self.adaptive[kind].admitted(self._in_flight[kind])

    def release(self, request_id: str) -> None:
        """Give a slot back without a completion (the request was never sent)."""
        entry = self._admitted.pop(request_id, None)
        if entry is not None:
            self._in_flight[entry[0]] -= 1

    def holds(self, request_id: str) -> bool:
        """Whether this gateway admitted `request_id` and has not seen its result yet (a record
        delivered again after an aborted transaction is not a new request: not checked again)."""
        return request_id in self._admitted

    def complete(self, request_id: str, answered: bool = True) -> None:
        """A result came back: its slot is free. Ids this gateway did not admit are ignored.
        `answered`: a verified/unverified/ok answer, whose latency the adaptive limit learns
        from (a quick `failed` or `unsupported` says nothing about how loaded the mesh is)."""
        entry = self._admitted.pop(request_id, None)
        if entry is None:
            return
        kind, admitted_at = entry
        self._in_flight[kind] -= 1
        now = self.clock()
        if kind in self.adaptive and answered:
            self.adaptive[kind].observe(now - admitted_at, now, admitted_at)
        done = self._completed[kind]
        done.append(now)
        if len(done) > 100_000:  # bounded, whatever the rate
            done.popleft()

    def on_result(self, request_id: str, status: str) -> None:
        """A result on the results topic. A refusal frees a slot only when this gateway holds
        one for the id: the record was admitted here, its transaction aborted, and another
        replica refused it when it came back (otherwise that slot would wait out `max_age_s`)."""
        if status == "refused":
            self.release(request_id)
        else:
            self.complete(request_id, answered=status in ("verified", "unverified", "ok"))

    def retry_after(self, kind: str) -> float:
        """Seconds until a slot should free: one completion's time at the recent rate (never
        less than 0.1 s nor more than a minute), spread up to twice that."""
        rate = self.completion_rate(kind)
        base = min(60.0, max(0.1, 1.0 / rate if rate > 0 else 1.0))
        # Jittered, so the callers refused together do not all come back together.
        return base * random.uniform(1.0, 2.0)

    def _expire(self) -> None:
        horizon = self.clock() - self.max_age_s
        while self._admitted:
            rid, (kind, when) = next(iter(self._admitted.items()))
            if when >= horizon:
                break
            del self._admitted[rid]
            self._in_flight[kind] -= 1
            if self.on_expire is not None:
                self.on_expire(kind)
