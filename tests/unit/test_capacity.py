"""The gateway's in-flight limit: a slot per admitted request until its result comes back."""

from __future__ import annotations

import pytest

from reasoning_mesh.errors import OverloadedError, ThrottledError
from reasoning_mesh.gateway.capacity import CapacityLimit


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_refuses_past_the_limit_and_frees_a_slot_per_result() -> None:
    cap = CapacityLimit({"reason": 2}, clock=Clock())
    for rid in ("a", "b"):
        cap.check("reason")
        cap.take("reason", rid)
    with pytest.raises(OverloadedError, match="limit of 2 `reason` requests") as refused:
        cap.check("reason")
    assert isinstance(refused.value, ThrottledError)  # refused like a throttled request
    assert refused.value.code == "overloaded" and refused.value.retry_after_s > 0
    cap.complete("a")
    cap.check("reason")
    assert cap.in_flight("reason") == 1


def test_kinds_are_limited_separately_and_zero_means_no_limit() -> None:
    cap = CapacityLimit({"reason": 1, "retrieve": 0}, clock=Clock())
    cap.take("reason", "r1")
    for i in range(100):
        cap.check("retrieve")
        cap.take("retrieve", f"q{i}")
    with pytest.raises(OverloadedError):
        cap.check("reason")


def test_a_redelivered_request_takes_no_second_slot_and_foreign_results_free_nothing() -> None:
    cap = CapacityLimit({"reason": 2}, clock=Clock())
    cap.take("reason", "a")
    cap.take("reason", "a")  # the same record again after an aborted transaction
    cap.complete("not-mine")
    assert cap.in_flight("reason") == 1
    cap.complete("a")
    cap.complete("a")
    assert cap.in_flight("reason") == 0


def test_retry_after_follows_the_completion_rate() -> None:
    clock = Clock()
    cap = CapacityLimit({"reason": 1}, rate_window_s=10.0, clock=clock)
    assert 1.0 <= cap.retry_after("reason") <= 2.0  # nothing completed yet: a second, spread
    for i in range(20):  # 2 results per second over the window
        cap.take("reason", f"r{i}")
        clock.now += 0.5
        cap.complete(f"r{i}")
    assert cap.completion_rate("reason") == pytest.approx(2.0)
    waits = [cap.retry_after("reason") for _ in range(50)]
    assert all(0.5 <= w <= 1.0 for w in waits) and len(set(waits)) > 1  # jittered
    clock.now += 60  # the window moved on: no recent completions
    assert cap.completion_rate("reason") == 0.0


def test_a_slot_whose_result_never_comes_is_freed_after_max_age() -> None:
    clock = Clock()
    cap = CapacityLimit({"reason": 1}, max_age_s=60, clock=clock)
    cap.take("reason", "lost")
    with pytest.raises(OverloadedError):
        cap.check("reason")
    clock.now += 61
    cap.check("reason")
    assert cap.in_flight("reason") == 0


def test_a_slot_freed_by_age_is_reported_by_kind() -> None:
    clock, expired = Clock(), []
    cap = CapacityLimit({"reason": 2}, max_age_s=60, clock=clock, on_expire=expired.append)
    cap.take("reason", "lost")
    cap.take("reason", "answered")
    cap.complete("answered")
    clock.now += 61
    cap.check("reason")
    assert expired == ["reason"]  # the answered one freed by its result, not by age


def test_a_request_never_sent_gives_its_slot_back() -> None:
    cap = CapacityLimit({"reason": 1}, clock=Clock())
    cap.take("reason", "a")
    cap.release("a")
    cap.check("reason")
    assert cap.completion_rate("reason") == 0.0  # a release is not a completion


def test_a_refusal_elsewhere_of_an_id_held_here_frees_its_slot() -> None:
    cap = CapacityLimit({"reason": 1}, clock=Clock())
    cap.take("reason", "a")
    cap.on_result("a", "refused")  # its transaction aborted; another replica refused it
    assert cap.in_flight("reason") == 0 and not cap.holds("a")
    cap.on_result("never-here", "refused")  # not ours: nothing to free
    assert cap.in_flight("reason") == 0
