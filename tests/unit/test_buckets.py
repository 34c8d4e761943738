import asyncio

import pytest

from reasoning_mesh.runtime.buckets import TokenBucket


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_burst_then_refuse_with_exact_retry_after() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=clock)
    assert [bucket.try_acquire() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.try_acquire() == pytest.approx(0.5)
    clock.t = 0.5
    assert bucket.try_acquire() == 0.0
    assert bucket.try_acquire() == pytest.approx(0.5)


def test_refill_is_capped_at_burst() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=10.0, burst=2.0, clock=clock)
    bucket.try_acquire()
    clock.t = 100.0
    assert bucket.available == pytest.approx(2.0)


def test_unlimited_rate_never_refuses() -> None:
    bucket = TokenBucket(rate=0, burst=1)
    assert all(bucket.try_acquire() == 0.0 for _ in range(1000))


def test_rejects_impossible_requests() -> None:
    with pytest.raises(ValueError, match="at most"):
        TokenBucket(rate=1, burst=2).try_acquire(3)
    with pytest.raises(ValueError, match="burst"):
        TokenBucket(rate=1, burst=0.5)


async def test_acquire_waits_instead_of_failing() -> None:
    bucket = TokenBucket(rate=50.0, burst=1.0)
    bucket.try_acquire()
    waited = await asyncio.wait_for(bucket.acquire(), timeout=1)
    assert waited > 0
