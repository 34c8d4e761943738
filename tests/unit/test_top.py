"""`rmesh top`'s arithmetic: rates and p95 over the interval between two scrapes, summed over a
service's replicas; a restarted replica's counters count from zero."""

from __future__ import annotations

import math

from reasoning_mesh.infra.top import p95, summarize


def bucket(le: float, v: float) -> tuple[str, dict[str, str], float]:
    return ("rmesh_handle_seconds_bucket", {"stage": "verify", "le": str(le)}, v)


def test_p95_is_the_bucket_holding_the_95th_percentile_of_the_interval() -> None:
    before = {0.01: 100.0, 0.1: 100.0, 1.0: 100.0, math.inf: 100.0}
    now = {0.01: 150.0, 0.1: 196.0, 1.0: 200.0, math.inf: 200.0}  # 100 new: 50, 46, 4
    assert p95(before, now) == 0.1
    assert p95(now, now) is None  # nothing handled in the interval


def test_services_are_summed_over_replicas_and_restarts_count_from_zero() -> None:
    processes = [
        {"name": "verifier", "replica": 0, "healthy": True, "restarts": 0, "ports": {}},
        {"name": "verifier", "replica": 1, "healthy": False, "restarts": 2, "ports": {}},
    ]
    ok = {"stage": "verify", "outcome": "ok"}
    dead = {"stage": "verify", "outcome": "dead_lettered"}
    before = {
        ("verifier", 0): [("rmesh_messages_total", ok, 100.0), bucket(math.inf, 100.0)],
        ("verifier", 1): [("rmesh_messages_total", ok, 500.0)],
    }
    now = {
        ("verifier", 0): [
            ("rmesh_messages_total", ok, 120.0),
            ("rmesh_messages_total", dead, 2.0),
            ("rmesh_dlq_total", {"stage": "verify", "reason": "invalid_message"}, 2.0),
            bucket(0.05, 20.0),
            bucket(math.inf, 122.0),
            ("rmesh_admitted_total", {"tenant": "acme"}, 7.0),
            ("rmesh_throttled_total", {"scope": "tenant:acme"}, 3.0),
            ("rmesh_goals_total", {"skill": "add", "status": "verified"}, 3.0),
            ("rmesh_goals_total", {"skill": "add", "status": "failed"}, 1.0),
            ("rmesh_adapter_serving", {"adapter_id": "a1", "skills": "round"}, 1.0),
        ],
        ("verifier", 1): [("rmesh_messages_total", ok, 8.0)],  # restarted: 500 → 8
    }
    snap = summarize(processes, before, now, 2.0, {"rmesh.verifier": 5})
    row = snap["services"]["verifier"]
    assert (row["replicas"], row["healthy"], row["restarts"]) == (2, 1, 2)
    assert row["per_s"] == (20 + 2 + 8) / 2.0
    assert row["errors"] == 2 and row["dlq"] == 2
    assert snap["lag"] == {"rmesh.verifier": 5}
    assert snap["tenants"] == {"acme": {"admitted": 7.0, "refused": 3.0}}
    assert snap["skills"] == {"add": {"goals": 4.0, "verified": 3.0, "verified_share": 0.75}}
    assert snap["adapters_serving"] == {"a1": "round"}


def test_a_restarted_replica_or_a_failed_scrape_does_not_distort_the_interval() -> None:
    processes = [
        {"name": "verifier", "replica": r, "healthy": True, "restarts": 0, "ports": {}} for r in (0, 1)
    ]
    ok = {"stage": "verify", "outcome": "ok"}
    before = {
        ("verifier", 0): [
            ("rmesh_messages_total", ok, 1000.0),
            bucket(0.01, 1000.0),
            bucket(math.inf, 1000.0),
        ],
        ("verifier", 1): [],  # its first scrape failed
    }
    now = {
        ("verifier", 0): [("rmesh_messages_total", ok, 10.0), bucket(0.01, 0.0), bucket(math.inf, 10.0)],
        ("verifier", 1): [("rmesh_messages_total", ok, 5000.0)],
    }
    row = summarize(processes, before, now, 2.0, {})["services"]["verifier"]
    assert row["per_s"] == 5.0  # 10 new on the restarted replica; none counted for replica 1
    assert row["p95_s"] is None  # all 10 above the 0.01 bucket: beyond the largest finite bound
