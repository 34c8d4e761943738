"""The adaptive in-flight limit, driven by a simulated mesh: c servers, FIFO queue, 10x offered."""

from __future__ import annotations

import heapq
import random
import statistics
from collections import deque

import pytest

from reasoning_mesh.errors import OverloadedError
from reasoning_mesh.gateway.adaptive import AdaptiveLimit, AdaptiveSettings
from reasoning_mesh.gateway.capacity import CapacityLimit


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def simulate(
    cap: CapacityLimit, clock: Clock, servers: int, offered_per_s: float, seconds: float
) -> tuple[list[float], int]:
    """Open-loop arrivals into a c-server FIFO queue behind the gateway's limit. Returns the
    admitted requests' latencies (after a warm-up third) and the number refused."""
    rng = random.Random(7)
    events: list[tuple[float, int, str]] = []  # (when, order, request id) completions
    queue: deque[str] = deque()
    busy, refused, order = 0, 0, 0
    admitted_at: dict[str, float] = {}
    latencies: list[float] = []

    def serve(now: float) -> None:
        nonlocal busy, order
        while queue and busy < servers:
            rid = queue.popleft()
            busy += 1
            order += 1
            heapq.heappush(events, (now + rng.uniform(0.2, 0.4), order, rid))

    t, n = 0.0, 0
    while t < seconds:
        t = n / offered_per_s
        while events and events[0][0] <= t:
            when, _, rid = heapq.heappop(events)
            clock.now = when
            busy -= 1
            cap.complete(rid)
            if when > seconds / 3:
                latencies.append(when - admitted_at[rid])
            serve(when)
        clock.now = t
        rid = f"r{n}"
        n += 1
        try:
            cap.check("reason")
        except OverloadedError:
            refused += 1
            continue
        cap.take("reason", rid)
        admitted_at[rid] = t
        queue.append(rid)
        serve(t)
    return latencies, refused


def test_under_ten_times_the_offered_load_latency_stays_near_its_no_load_value() -> None:
    clock = Clock()
    cap = CapacityLimit({"reason": 64}, clock=clock, adaptive=AdaptiveSettings())
    # 3 servers of ~0.3 s: capacity ~10/s, offered 100/s.
    latencies, refused = simulate(cap, clock, servers=3, offered_per_s=100, seconds=300)
    no_load_p99 = 0.4
    p99 = statistics.quantiles(latencies, n=100)[98]
    assert p99 <= 2 * no_load_p99
    assert statistics.median(latencies) <= 1.5 * 0.3
    assert refused > 0.8 * 100 * 300  # the rest is refused, not queued
    # It found (about) the servers' count: not stuck at the floor, not run up to the ceiling.
    assert 2 <= cap.limit("reason") <= 6
    # Throughput near capacity: not starved by a too-small limit.
    assert len(latencies) / 200 >= 0.7 * 10


def test_a_fixed_ceiling_would_queue_and_the_adaptive_one_does_not() -> None:
    clock = Clock()
    fixed = CapacityLimit({"reason": 64}, clock=clock)
    fixed_lat, _ = simulate(fixed, clock, servers=3, offered_per_s=100, seconds=120)
    clock = Clock()
    adaptive = CapacityLimit({"reason": 64}, clock=clock, adaptive=AdaptiveSettings())
    adaptive_lat, _ = simulate(adaptive, clock, servers=3, offered_per_s=100, seconds=120)
    assert statistics.median(fixed_lat) > 4 * statistics.median(adaptive_lat)


def test_under_light_load_the_limit_does_not_grow() -> None:
    clock = Clock()
    cap = CapacityLimit({"reason": 64}, clock=clock, adaptive=AdaptiveSettings(initial=2))
    # 1 request/s into 3 servers: never more than one in flight, the limit was never the cause.
    simulate(cap, clock, servers=3, offered_per_s=1, seconds=300)
    assert cap.limit("reason") == 2


def test_bounds_and_backoff() -> None:
    limit = AdaptiveLimit(5, AdaptiveSettings(initial=9, window=1, floor=2, backoff=0.5))
    assert limit.limit == 5  # the ceiling holds from the start
    limit.observe(1.0, now=0.0)  # baseline 1.0
    limit.observe(10.0, now=1.0)
    assert limit.limit == 2  # 5 x 0.5 = 2.5
    limit.observe(10.0, now=2.0)
    assert limit.limit == 2  # never below the floor
    for t in range(3, 20):
        limit.refused()
        limit.observe(1.0, now=float(t))
    assert limit.limit == 5  # never above the ceiling


def test_the_baseline_forgets_after_its_window() -> None:
    limit = AdaptiveLimit(64, AdaptiveSettings(window=1, baseline_window_s=60))
    limit.observe(0.2, now=0.0)
    limit.observe(0.5, now=30.0)
    assert limit.baseline == 0.2
    limit.observe(0.6, now=61.0)  # 0.2 is older than the window: the lowest since is the baseline
    assert limit.baseline == 0.5


def test_one_slow_request_in_a_window_does_not_shrink_the_limit() -> None:
    limit = AdaptiveLimit(64, AdaptiveSettings(initial=8, window=5))
    for t in range(5):
        limit.observe(0.3, now=float(t))
    limit.refused()
    for t, latency in enumerate((0.3, 0.3, 9.0, 0.3, 0.3)):
        limit.observe(latency, now=10.0 + t)
    assert limit.limit == 9


@pytest.mark.parametrize("enabled", [False])
def test_disabled_uses_the_configured_limit(enabled: bool) -> None:
    cap = CapacityLimit({"reason": 7}, adaptive=AdaptiveSettings(enabled=enabled))
    assert cap.limit("reason") == 7 and not cap.adaptive


def test_quick_failures_are_not_latency_samples() -> None:
    clock = Clock()
    cap = CapacityLimit({"reason": 64}, clock=clock, adaptive=AdaptiveSettings(window=2))
    for i in range(4):  # fast `unsupported` answers: they free the slot, teach nothing
        cap.take("reason", f"u{i}")
        clock.now += 0.01
        cap.on_result(f"u{i}", "unsupported")
    assert cap.in_flight("reason") == 0 and cap.adaptive["reason"].baseline is None
    for i in range(2):
        cap.take("reason", f"v{i}")
        clock.now += 0.3
        cap.on_result(f"v{i}", "verified")
    assert cap.adaptive["reason"].baseline == pytest.approx(0.3)


def test_requests_admitted_before_a_cut_do_not_cut_again() -> None:
    limit = AdaptiveLimit(64, AdaptiveSettings(initial=16, window=1))
    limit.observe(0.3, now=0.0, admitted_at=-0.3)  # baseline
    limit.observe(3.0, now=10.0, admitted_at=7.0)  # a queue: cut once
    assert limit.limit == 12
    for t in range(11, 15):  # the same queue draining: admitted before the cut
        limit.observe(3.0, now=float(t), admitted_at=9.0)
    assert limit.limit == 12
    limit.observe(3.0, now=20.0, admitted_at=15.0)  # still queueing after the cut: cut again
    assert limit.limit == 9
