"""The analytics service's counting, pure: records → facts per dimension, facts → tallies,
tallies → published rows; and the gateway's view of those rows, scoped to one tenant."""

from __future__ import annotations

import random

import pytest

from reasoning_mesh.analytics import domain
from reasoning_mesh.contracts import dlq, events, results
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.stats import StatsRow
from reasoning_mesh.gateway.stats import StatsTable

T0 = 1_800_000_000.0  # a minute and an hour boundary


def result(
    tenant: str = "acme", status: str = "verified", latency_s: float = 0.5, **kw: object
) -> MeshResult:
    trace = {"shape": "linear", "budget": {"model_calls": 4, "samples": 16}}
    return MeshResult(
        request_id=f"r{random.random()}",
        tenant=tenant,
        kind="reason",
        status=status,  # type: ignore[arg-type]
        answer="3",
        reasoning_trace=trace,
        submitted_at=T0 + 1,
        completed_at=T0 + 1 + latency_s,
        **kw,  # type: ignore[arg-type]
    )


def tally(facts: list[domain.Fact]) -> dict[str, object]:
    out: dict[str, object] = {}
    for f in facts:
        out = domain.add(out, f.model_dump(exclude_none=True))
    return out


def test_a_result_counts_for_the_mesh_its_tenant_and_its_skill() -> None:
    facts = domain.result_facts(result())
    assert [f.dimension for f in facts] == [
        "mesh",
        "tenant:acme",
        "skill:linear",
        "tenant:acme/skill:linear",
    ]
    (f, *_) = facts
    assert f.kind == "result" and f.status == "verified" and f.model_calls == 4 and f.samples == 16
    assert f.latency_ms == pytest.approx(500.0)


def test_a_request_without_a_plan_counts_under_its_kind_and_refusals_have_no_latency() -> None:
    refused = MeshResult(
        request_id="x", tenant="beta", kind="retrieve", status="refused", submitted_at=T0
    )
    (f, *_) = domain.result_facts(refused)
    assert domain.skill_of(refused) == "retrieve" and f.latency_ms is None
    assert f.model_calls is None  # no reasoning budget: not in the per-request means


def test_throttling_counts_per_tenant_and_service_other_events_not_at_all() -> None:
    throttled = RequestEvent(
        request_id="x", tenant="acme", stage="gateway", event="throttled", detail={"reason": "throttled"}
    )
    assert [f.dimension for f in domain.event_facts(throttled)] == [
        "mesh",
        "tenant:acme",
        "service:gateway",
    ]
    evidence = RequestEvent(request_id="x", tenant="acme", stage="retriever", event="evidence")
    assert domain.event_facts(evidence) == []
    raw = evidence.model_dump_json().encode()
    assert domain.facts_of(events.TOPIC, raw, 10_000).outcome == "ignored"  # never decoded


def test_dead_letters_count_per_service_never_per_tenant() -> None:
    letter = DeadLetter(
        reason="invalid_message",
        message="m",
        service="planner",
        source_topic="t",
        partition=0,
        offset=1,
        value_b64="",
    )
    found = domain.facts_of(dlq.TOPIC, letter.model_dump_json().encode(), 10_000)
    assert [f.dimension for f in found.facts] == ["mesh", "service:planner"]


def test_an_unreadable_record_is_for_the_dlq_an_unreadable_letter_is_not() -> None:
    bad = domain.facts_of(results.TOPIC, b"{not json", 10_000)
    assert bad.outcome == "invalid" and bad.error is not None and bad.facts == []
    assert domain.facts_of(results.TOPIC, b"x" * 20, 10).error is not None  # oversized
    letter = domain.facts_of(dlq.TOPIC, b"{not json", 10_000)
    assert letter.outcome == "invalid" and letter.error is None  # no letter about a letter


def test_tallies_count_statuses_means_and_percentiles() -> None:
    latencies = [0.1] * 50 + [0.2] * 45 + [2.0] * 5
    facts = [
        f
        for i, s in enumerate(latencies)
        for f in domain.result_facts(result(status="failed" if i % 10 == 0 else "verified", latency_s=s))
        if f.dimension == "tenant:acme"
    ]
    row = domain.row_fields("1m", T0, "tenant:acme", tally(facts))
    assert row["requests"] == 100 and row["statuses"] == {"failed": 10, "verified": 90}
    assert row["tenant"] == "acme" and row["end"] == T0 + 60 and row["facts"] == 100
    # A bucket's upper bound: never below the exact percentile, at most 10% above.
    assert 100 <= row["latency_ms"]["p50"] <= 110
    assert 200 <= row["latency_ms"]["p95"] <= 220
    assert 2000 <= row["latency_ms"]["p99"] <= 2200
    assert row["model_calls_per_request"] == 4.0 and row["samples_per_request"] == 16.0
    StatsRow(**row)  # what is published validates


def by_window(facts: list[domain.Fact]) -> dict[tuple[str, str, float], dict[str, object]]:
    """Each (window, start, dimension)'s tally, counting `facts` in order, as the tables do."""
    out: dict[tuple[str, str, float], dict[str, object]] = {}
    for f in facts:
        for window, start, _end in domain.windows_of(f.ts):
            key = (window, f.dimension, start)
            out[key] = domain.add(out.get(key, {}), f.model_dump(exclude_none=True))
    return out


def test_facts_combined_per_dimension_and_minute_count_what_they_stood_for() -> None:
    rng = random.Random(4)
    facts: list[domain.Fact] = []
    for i in range(600):
        at = T0 + rng.uniform(-30, 150)  # three minutes, two hours
        if i % 3 == 0:
            facts += domain.event_facts(
                RequestEvent(
                    request_id=f"t{i}",
                    tenant=rng.choice(["acme", "beta"]),
                    stage="gateway",
                    event="throttled",
                    detail={"reason": rng.choice(["throttled", "overloaded"])},
                    ts=at,
                )
            )
        elif i % 7 == 0:
            facts += domain.dead_letter_facts(
                DeadLetter(
                    reason=f"r{i % 20}",
                    message="m",
                    service="planner",
                    source_topic="t",
                    partition=0,
                    offset=i,
                    value_b64="",
                    ts=at,
                )
            )
        else:
            one = result(
                tenant=rng.choice(["acme", "beta"]),
                status=rng.choice(["verified", "failed", "refused"]),
                latency_s=rng.uniform(0.01, 3),
            )
            facts += domain.result_facts(one.model_copy(update={"completed_at": at}))
    combined = domain.combine(facts)
    assert len(combined) < len(facts) / 20
    assert {f.kind for f in combined} <= {"tally", "result", "throttle", "dlq"}
    assert by_window(combined) == by_window(facts)
    # Batches combined separately (faust's batches): the same tallies again.
    assert by_window(
        [f for i in range(0, len(facts), 97) for f in domain.combine(facts[i : i + 97])]
    ) == (by_window(facts))
    lone = domain.result_facts(result())
    assert domain.combine(lone) == lone  # nothing to combine: kept as it is
    for f in combined:  # what goes on the topic validates against its contract
        domain.Fact.model_validate_json(f.model_dump_json())
    # Past MAX_KEYS the same reasons go to `other` as one by one, whatever the table held.
    held: dict[str, object] = {}
    for i in range(domain.MAX_KEYS - 3):
        held = domain.add(held, {"kind": "dlq", "reason": f"old{i}", "ts": T0})
    letters = [
        {"kind": "dlq", "reason": f"r{i % 45}" if i % 4 else "old0", "ts": T0 + i % 50}
        for i in range(120)
    ]
    one_by_one = held
    for x in letters:
        one_by_one = domain.add(one_by_one, x)
    (together,) = domain.combine([domain.Fact(dimension="mesh", **x) for x in letters])  # type: ignore[arg-type]
    assert domain.add(held, together.model_dump(exclude_none=True)) == one_by_one
    assert len(one_by_one["dlq"]) == domain.MAX_KEYS + 1  # type: ignore[arg-type]


@pytest.mark.parametrize("ms", [0.2, 1.0, 1.05, 7.3, 999.9, 1000.0, 123_456.0])
def test_a_latency_lies_in_its_bucket(ms: float) -> None:
    b = domain.bucket_of(ms)
    assert ms <= domain.bucket_upper_ms(b) * (1 + 1e-12)
    assert b == 0 or ms > domain.bucket_upper_ms(b - 1)


def test_a_tally_stays_bounded_however_many_reasons() -> None:
    out: dict[str, object] = {}
    for i in range(500):
        out = domain.add(out, {"kind": "dlq", "reason": f"r{i}", "ts": T0})
    assert len(out["dlq"]) <= domain.MAX_KEYS + 1  # type: ignore[arg-type]
    assert sum(out["dlq"].values()) == 500  # type: ignore[attr-defined]


def test_windows_are_tumbling_and_aligned() -> None:
    assert list(domain.windows_of(T0 + 61.5)) == [
        ("1m", T0 + 60, T0 + 120),
        ("1h", T0, T0 + 3600),
    ]


def _row(dimension: str, start: float = T0, facts: int = 1, window: str = "1m") -> tuple[bytes, bytes]:
    fields = domain.row_fields(window, start, dimension, {"requests": facts, "facts": facts})
    return (
        domain.row_key(window, start, dimension).encode(),
        StatsRow(**fields).model_dump_json().encode(),
    )


def test_the_gateway_serves_a_tenant_its_own_rows_only() -> None:
    table = StatsTable(clock=lambda: T0 + 120)
    counts = {"tenant:acme": 1, "tenant:acme/skill:linear": 2, "tenant:beta": 7, "mesh": 11}
    for dim, n in {**counts, "skill:linear": 13, "service:gateway": 17}.items():
        table.apply(*_row(dim, facts=n))
    table.apply(*_row("tenant:acme", start=T0 + 60, facts=3))
    view = table.view("acme", "1m", 10)
    assert [w["start"] for w in view["windows"]] == [T0 + 60, T0]  # newest first
    oldest = view["windows"][1]
    assert oldest["total"]["requests"] == 1 and oldest["by_skill"]["linear"]["requests"] == 2
    assert set(oldest["by_skill"]) == {"linear"}
    seen = {w["total"]["requests"] for w in view["windows"]} | {
        s["requests"] for w in view["windows"] for s in w["by_skill"].values()
    }
    assert seen == {1, 2, 3}  # none of beta's 7, the mesh's 11, a skill's 13, a service's 17
    beta = table.view("beta", "1m", 10)["windows"]
    assert [w["total"]["requests"] for w in beta] == [7] and beta[0]["by_skill"] == {}
    assert table.view("acme", "1m", 1)["windows"][0]["start"] == T0 + 60
    assert table.view("acme", "1h", 10)["windows"] == []
    assert view["complete"] is False  # the feed sets it once it has caught up
    assert set(table.rows) == {"acme", "beta"}  # mesh, skill and service rows are not kept


def test_a_skill_name_cannot_make_a_row_another_tenant_s() -> None:
    forged = result(tenant="mallory")
    forged = forged.model_copy(update={"reasoning_trace": {"shape": "x/tenant:victim", "budget": {}}})
    dims = [f.dimension for f in domain.result_facts(forged)]
    assert "tenant:mallory/skill:x_tenant_victim" in dims
    assert not any(d.startswith("tenant:victim") for d in dims)
    table = StatsTable(clock=lambda: T0)
    fields = domain.row_fields("1m", T0, "tenant:mallory/skill:x", {"requests": 1, "facts": 1})
    fields["tenant"] = "victim"  # a row whose fields disagree with its dimension
    table.apply(b"k", StatsRow(**fields).model_dump_json().encode())
    assert table.rows == {}


def test_wide_latencies_and_odd_figures_never_crash_a_tally() -> None:
    out: dict[str, object] = {}
    for ms in [0.0, 0.5, *(10**k for k in range(9)), float("inf"), float("nan")]:
        out = domain.add(out, {"kind": "result", "status": "ok", "latency_ms": ms, "ts": T0})
    latency = out["latency"]
    assert sum(latency.values()) == 13 and all(0 <= int(b) <= domain.MAX_BUCKET for b in latency)  # type: ignore[attr-defined]
    assert domain.percentile_ms({"3": 1, "other": 5}, 0.5) == pytest.approx(1.3, abs=0.05)
    for budget in ([], "x", {"model_calls": 2**70, "samples": -1}, {"model_calls": True}):
        trace = {"shape": "linear", "budget": budget}
        facts = domain.result_facts(result().model_copy(update={"reasoning_trace": trace}))
        assert all(f.model_calls is None and f.samples is None for f in facts)


def test_a_result_that_decodes_but_cannot_be_counted_is_dead_lettered() -> None:
    raw = result().model_dump_json().replace('"completed_at":', '"completed_at":NaN,"x":')
    found = domain.facts_of(results.TOPIC, raw.encode(), 100_000)
    assert found.outcome == "invalid" and found.error is not None and found.facts == []


def test_http_refusals_are_reported_as_counts() -> None:
    from reasoning_mesh.gateway.refusals import RefusalReport

    refusals = RefusalReport()
    for _ in range(3):
        refusals.add("acme", "throttled")
    refusals.add("beta", "overloaded")
    reported = refusals.take(T0)
    assert [(e.tenant, e.detail["count"]) for e in reported] == [("acme", 3), ("beta", 1)]
    assert refusals.take(T0) == []
    (fact, *_) = domain.event_facts(reported[0])
    assert fact.count == 3 and fact.reason == "throttled"
    tallied = domain.add({}, fact.model_dump(exclude_none=True))
    assert tallied["throttles"] == {"throttled": 3}


def test_rows_of_a_partition_no_longer_owned_are_never_published() -> None:
    from reasoning_mesh.analytics.pending import Pending

    pending = Pending()
    first, second = {"facts": 1}, {"facts": 2}
    pending.put("a", 0, first)
    pending.put("b", 1, {"facts": 5})
    assert [k for k, _ in pending.due({0})] == ["a"] and len(pending) == 1  # b's partition left
    pending.put("a", 0, second)  # changed while `first` was being sent
    pending.sent("a", first)
    assert pending.due({0}) == [("a", second)]
    pending.sent("a", second)
    assert len(pending) == 0


def test_the_copy_with_more_facts_wins_and_old_windows_leave() -> None:
    now = [T0 + 30]
    table = StatsTable(clock=lambda: now[0])
    table.apply(*_row("tenant:acme", facts=5))
    table.apply(*_row("tenant:acme", facts=3))  # a replica republishing an older copy
    assert table.view("acme", "1m", 5)["windows"][0]["total"]["facts"] == 5
    table.apply(b"junk", b"{not a row")  # skipped, logged
    now[0] = T0 + 60 + 2 * 3600 + 1
    assert table.view("acme", "1m", 5)["windows"] == [] and table.rows == {}
    key, _ = _row("tenant:acme")
    table.apply(key, None)  # a tombstone of an unknown row: nothing to do


def test_a_replica_reading_nothing_while_behind_is_resumed_then_ended() -> None:
    from reasoning_mesh.analytics.watchdog import StallWatch

    watch = StallWatch(resume_after=2, exit_after=4)
    idle = {"marker": (9, None, 11)}  # a trailing commit marker is never read: not a stall
    stuck = {"p0": (4, None, 20), "p1": (7, 8, 20)}
    verdicts = [watch.check({**idle, **stuck})[0] for _ in range(5)]
    assert verdicts == ["ok", "ok", "resume", "resume", "exit"]
    assert watch.check({"p0": (5, None, 20)}) == ("ok", [])  # it moved: all clear
    assert watch.check({"p0": (5, None, 20)}) == ("ok", ["p0"])
    assert watch.check({}) == ("ok", [])  # revoked: forgotten
    # One partition waiting its turn while another is read: never escalated.
    fair = StallWatch(resume_after=1, exit_after=2)
    verdicts = [fair.check({"p0": (4, 5, 20), "p1": (i, i + 1, 100)})[0] for i in range(6)]
    assert verdicts == ["ok"] * 6


@pytest.mark.parametrize(
    "partial",
    [
        None,
        {"requests": -1, "facts": 2},
        {"facts": 0},
        {"facts": 2, "statuses": {"verified": "3"}},
        {"facts": 2, "latency": {"4": -1}},
        {"facts": True},
    ],
)
def test_a_partial_tally_that_is_not_counts_is_refused_whole(partial: object) -> None:
    before = domain.add({}, domain.result_facts(result())[0].model_dump(exclude_none=True))
    with pytest.raises(ValueError, match="partial tally"):
        domain.add(before, {"kind": "tally", "dimension": "mesh", "ts": T0, "tally": partial})


def test_the_fetch_position_steps_over_trailing_commit_markers() -> None:
    from reasoning_mesh.analytics.watchdog import StallWatch

    def verdicts(checks: list[dict[str, tuple[int | None, int | None, int | None]]]) -> list[str]:
        watch = StallWatch(resume_after=1, exit_after=2)
        return [watch.check(c)[0] for c in checks]

    # Records to 669, two transactions' markers at 670 and 671, the fetch position past them.
    assert verdicts([{"p0": (669, 672, 672)}] * 4) == ["ok"] * 4
    # A big batch fetched at once and read record by record: progress, though the fetch
    # position stands still (an audit: the position alone made this a stall).
    assert verdicts([{"p0": (10_000 + 5_000 * k, 50_000, 60_000)} for k in range(6)]) == ["ok"] * 6
    # Fetched to the end and never handed over: a stall, though the position is at the end.
    assert verdicts([{"p0": (1_200, 2_001, 2_001)}] * 3) == ["ok", "resume", "exit"]
    # A partition not fetched is a stall; so is one whose position comes and goes.
    assert verdicts([{"p0": (600, 601, 672)}] * 3) == ["ok", "resume", "exit"]
    flapping = [{"p0": (1_200, None if k % 2 else 2_001, 5_000)} for k in range(3)]
    assert verdicts(flapping) == ["ok", "resume", "exit"]
