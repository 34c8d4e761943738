"""A short chaos run (the bench's full run is `rmesh bench chaos`): the user's stack on three
brokers with replicas, the same requests calm and then under one fault of every kind (SIGKILL of
a replica, a rolling restart, a frozen verifier past its session timeout, SIGKILL of a broker and
of Triton), with poison interleaved, at the default admission limits (a refused request is sent
again). Nothing lost, duplicated, changed or left open; only the poison in the DLQ; every
gateway slot given back by a result, none by age."""

from __future__ import annotations

from pathlib import Path

import pytest

from reasoning_mesh.bench.chaos import run_chaos_bench
from reasoning_mesh.bench.chaos_faults import KINDS

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500)]

DEV = Path(__file__).resolve().parents[2].parent / "shared" / "benchmarks" / "math_dev_interp.jsonl"


async def test_a_short_chaos_run_keeps_every_invariant(tmp_path: Path) -> None:
    figures = await run_chaos_bench(
        tmp_path / "home",
        DEV if DEV.exists() else None,  # else generated questions of the same modules
        n_requests=90,
        faults_per_kind=1,
        rate=3.0,
        poison=3,
        replicas="planner=2,reasoner=2,verifier=2",
    )
    assert figures["faults_by_kind"] == dict.fromkeys(KINDS, 1), figures["fault_log"]
    assert figures["calm_lost"] == 0
    answered = figures["calm_statuses"].get("verified", 0) + figures["calm_statuses"].get("ok", 0)
    assert answered >= 0.9 * figures["requests"], figures["calm_statuses"]
    assert figures["lost"] == 0 and figures["duplicated"] == 0, figures
    assert figures["mismatched"] == 0, figures["mismatched_examples"]
    assert figures["compared_with_calm"] == figures["requests"]
    assert figures["open_transactions"] == 0
    assert figures["dlq_poison_found"] == 3 and figures["dlq_unexpected"] == 0, figures
    assert figures["dlq_duplicated"] == 0
    assert all(v["max"] == v["max"] for v in figures["recovery_s_by_kind"].values())  # no NaN
    assert figures["retried_without_refusal"] == 0
    # admission was exercised, and every slot came back where the mesh was quiet
    assert figures["refused_attempts_calm"] + figures["refused_attempts_faults"] > 0, figures
    assert figures["gateway_slots_held_after_calm"] == {"reason": 0, "retrieve": 0}, figures
    assert figures["gateway_slots_held_at_end"] == {"reason": 0, "retrieve": 0}, figures
    assert figures["gateway_slots_expired"] == {"reason": 0, "retrieve": 0}, figures
