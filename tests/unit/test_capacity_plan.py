"""The capacity plan's arithmetic, from a measured cost table."""

from __future__ import annotations

import pytest

from reasoning_mesh.bench.capacity import figures, plan

COSTS = {
    "cpu_s_per_request": {"gateway": 0.01, "verifier": 0.05, "triton": 0.2, "kafka": 0.02},
}


def test_replicas_follow_cpu_per_request_at_planned_utilisation() -> None:
    p = plan(COSTS, rate=100.0)
    assert p["replicas"] == {"gateway": 2, "verifier": 8}  # 100*0.01/0.7 → 2; 100*0.05/0.7 → 8
    assert p["partitions"] == 12 and p["partitions_suffice"]
    assert p["triton_cores"] == pytest.approx(28.6, abs=0.05)
    assert p["rate_per_replica"]["verifier"] == 14.0
    idle = plan({**COSTS, "services_exercised": ["verifier"]}, rate=100.0)
    assert idle["replicas"] == {"verifier": 8} and idle["not_measured"] == ["gateway"]
    big = plan(COSTS, rate=1000.0)
    assert big["partitions"] == big["replicas"]["verifier"] == 72 and not big["partitions_suffice"]


def test_figures_are_per_finished_request() -> None:
    f = figures(
        200,
        100.0,
        {"verifier": 10.0, "triton": 40.0},
        {"verifier.verify": {"records": 1000.0, "handle_s": 5.0}},
        {"p50_s": 1.0, "p99_s": 3.0},
    )
    assert f["finished_per_s"] == 2.0
    assert f["cpu_s_per_request"] == {"triton": 0.2, "verifier": 0.05}
    assert f["services_exercised"] == ["verifier"]
    assert f["stages"]["verifier.verify"] == {"records_per_request": 5.0, "handle_ms_per_record": 5.0}
    with pytest.raises(ValueError, match="no request finished"):
        figures(0, 1.0, {}, {}, {})
