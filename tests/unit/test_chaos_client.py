"""The chaos bench's client: how a refused caller backs off, and how attempts are judged."""

from __future__ import annotations

import random

from reasoning_mesh.bench.chaos import backoff_s, fault_schedule
from reasoning_mesh.bench.chaos_check import judge
from reasoning_mesh.bench.chaos_faults import SERVICES
from reasoning_mesh.contracts.results import MeshResult


def test_a_first_refusal_waits_the_gateways_hint() -> None:
    rng = random.Random(1)
    assert backoff_s(2.5, 1, rng) == 2.5  # the hint is longer than the first backoff (≤ 2 s)


def test_repeated_refusals_back_off_exponentially_up_to_thirty_seconds() -> None:
    rng = random.Random(1)
    waits = [backoff_s(0.1, n, rng) for n in range(1, 9)]
    assert all(0.5 * min(30.0, 2.0**n) <= w <= min(30.0, 2.0**n) for n, w in enumerate(waits, 1))
    assert max(waits) <= 30.0
    assert waits[-1] >= 15.0  # capped, not grown without end


def _result(rid: str, status: str, answer: str | None = None) -> MeshResult:
    return MeshResult(request_id=rid, kind="reason", status=status, answer=answer)


def test_a_request_answered_after_refusals_counts_once_by_its_last_attempt() -> None:
    found = [
        _result("calm-0", "verified", "7"),
        _result("chaos-0", "refused"),
        _result("chaos-0.r1", "refused"),
        _result("chaos-0.r2", "verified", "7"),
    ]
    verdict = judge(
        found,
        {"calm-0": "0"},
        {"chaos-0": "0"},
        {"calm-0": ["calm-0"], "chaos-0": ["chaos-0", "chaos-0.r1", "chaos-0.r2"]},
    )
    assert verdict["lost"] == verdict["duplicated"] == verdict["mismatched"] == 0
    assert verdict["compared_with_calm"] == 1
    assert verdict["refused_attempts_faults"] == 2 and verdict["retried_without_refusal"] == 0


def test_still_refused_is_lost_and_a_second_result_of_an_attempt_is_a_duplicate() -> None:
    found = [
        _result("calm-0", "verified", "7"),
        _result("calm-1", "verified", "8"),
        _result("chaos-0", "refused"),
        _result("chaos-1", "verified", "8"),
        _result("chaos-1", "verified", "8"),
    ]
    verdict = judge(found, {"calm-0": "0", "calm-1": "1"}, {"chaos-0": "0", "chaos-1": "1"}, {})
    assert verdict["lost"] == 1 and verdict["duplicated"] == 1


def test_an_answer_different_from_the_calm_twin_is_a_mismatch() -> None:
    found = [_result("calm-0", "verified", "7"), _result("chaos-0", "verified", "9")]
    verdict = judge(found, {"calm-0": "0"}, {"chaos-0": "0"}, {})
    assert verdict["mismatched"] == 1 and verdict["mismatched_examples"][0]["chaos"][1] == "9"


def test_a_retry_sent_without_a_refusal_is_counted() -> None:
    found = [_result("calm-0", "verified", "7"), _result("chaos-0", "verified", "7")]
    found.append(_result("chaos-0.r1", "verified", "7"))
    verdict = judge(found, {"calm-0": "0"}, {"chaos-0": "0"}, {"chaos-0": ["chaos-0", "chaos-0.r1"]})
    assert verdict["retried_without_refusal"] == 1


def test_each_kind_hits_every_service_and_a_gateway_kill_is_not_followed_by_its_restart() -> None:
    schedule = fault_schedule(5)
    for kind in ("kill9", "rolling_restart"):
        assert sorted(s for k, s in schedule if k == kind) == sorted(SERVICES)
    kill = schedule.index(("kill9", "gateway"))
    assert schedule[kill + 1] != ("rolling_restart", "gateway")
