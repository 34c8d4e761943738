"""`rmesh top`'s data: the local stack's processes, their Prometheus metrics sampled twice, and
the consumer groups' lag, summarised per service and per tenant.

`summarize` is pure (two scrapes and the time between them in, one snapshot out): throughput
and p95 are over that interval, from the counters' and histogram buckets' differences, summed
over every replica and stage of a service. Counters that went backwards (a replica restarted)
count from zero.
"""

from __future__ import annotations

import math
import time
import urllib.request
from collections import defaultdict
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

#: (service, replica) → [(sample name, labels, value)]
Scrape = dict[tuple[str, int], list[tuple[str, dict[str, str], float]]]


#: What the analytics service (faust, not a stage) counts its records in.
_ANALYTICS = "rmesh_analytics_records_total"


def scrape_one(url: str) -> list[tuple[str, dict[str, str], float]]:
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:  # noqa: S310 - a local http URL
            text = resp.read().decode()
    except OSError:
        return []
    return [
        (s.name, dict(s.labels), float(s.value))
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name.startswith("rmesh_")
    ]


def scrape(processes: list[dict[str, Any]]) -> Scrape:
    return {
        (p["name"], p["replica"]): scrape_one(f"http://127.0.0.1:{p['ports']['metrics']}/metrics")
        for p in processes
        if p["name"] not in ("kafka", "triton") and "metrics" in p["ports"]
    }


def _sum(samples: list[tuple[str, dict[str, str], float]], name: str, **match: str) -> float:
    return sum(
        v for n, labels, v in samples if n == name and all(labels.get(k) == m for k, m in match.items())
    )


def _delta(now: float, before: float) -> float:
    return now - before if now >= before else now  # a restarted replica counts from zero


def p95(buckets_before: dict[float, float], buckets_now: dict[float, float]) -> float | None:
    """The 95th percentile of the observations between two cumulative histogram scrapes (the
    upper bound of the bucket it falls in, as Prometheus' histogram_quantile does at best)."""
    counts = {le: _delta(buckets_now[le], buckets_before.get(le, 0.0)) for le in buckets_now}
    total = counts.get(math.inf, 0.0)
    if total <= 0:
        return None
    for le in sorted(counts):
        if counts[le] >= 0.95 * total:
            return None if math.isinf(le) else le
    return None


def _buckets(samples: list[tuple[str, dict[str, str], float]]) -> dict[float, float]:
    out: dict[float, float] = defaultdict(float)
    for n, labels, v in samples:
        if n == "rmesh_handle_seconds_bucket":
            out[float(labels["le"])] += v
    return dict(out)


def summarize(
    processes: list[dict[str, Any]],
    before: Scrape,
    now: Scrape,
    seconds: float,
    lag: dict[str, int | None],
) -> dict[str, Any]:
    services: dict[str, dict[str, Any]] = {}
    tenants: dict[str, dict[str, float]] = defaultdict(lambda: {"admitted": 0.0, "refused": 0.0})
    skills: dict[str, dict[str, float]] = defaultdict(lambda: {"goals": 0.0, "verified": 0.0})
    adapters: dict[str, str] = {}
    for p in processes:
        row = services.setdefault(
            p["name"],
            {"replicas": 0, "healthy": 0, "restarts": 0, "per_s": 0.0, "errors": 0.0, "dlq": 0.0},
        )
        row["replicas"] += 1
        row["healthy"] += int(bool(p["healthy"]))
        row["restarts"] += p["restarts"]
    interval_buckets: dict[str, dict[float, float]] = defaultdict(dict)
    for key, samples in now.items():
        if key not in before or not before[key] or not samples:
            continue  # a scrape that failed: nothing to take a difference from
        service, old = key[0], before[key]
        row = services[service]
        # Stages count records in rmesh_messages_total; the analytics service (faust) in its own.
        handled = _delta(_sum(samples, "rmesh_messages_total"), _sum(old, "rmesh_messages_total"))
        handled += _delta(_sum(samples, _ANALYTICS), _sum(old, _ANALYTICS))
        ok = _delta(
            _sum(samples, "rmesh_messages_total", outcome="ok"),
            _sum(old, "rmesh_messages_total", outcome="ok"),
        ) + sum(
            _delta(_sum(samples, _ANALYTICS, outcome=o), _sum(old, _ANALYTICS, outcome=o))
            for o in ("counted", "ignored")
        )
        row["per_s"] += handled / seconds if seconds > 0 else 0.0
        row["errors"] += max(0.0, handled - ok)
        row["dlq"] += _delta(_sum(samples, "rmesh_dlq_total"), _sum(old, "rmesh_dlq_total"))
        # Each replica's interval first, then the sum: one restarted replica must not turn the
        # whole service's histogram into its lifetime.
        restarted = _sum(samples, "rmesh_messages_total") < _sum(old, "rmesh_messages_total")
        was = {} if restarted else _buckets(old)
        for le, v in _buckets(samples).items():
            gained = v - was.get(le, 0.0)
            interval_buckets[service][le] = interval_buckets[service].get(le, 0.0) + gained
        for n, labels, v in samples:
            if n == "rmesh_admitted_total":
                tenants[labels["tenant"]]["admitted"] += v
            elif n == "rmesh_throttled_total":
                tenants[labels["scope"].split(":", 1)[-1]]["refused"] += v
            elif n == "rmesh_goals_total":
                skills[labels["skill"]]["goals"] += v
                if labels["status"] == "verified":
                    skills[labels["skill"]]["verified"] += v
            elif n == "rmesh_adapter_serving" and v > 0:
                adapters[labels["adapter_id"]] = labels["skills"]
    for service, row in services.items():
        row["per_s"] = round(row["per_s"], 2)
        row["p95_s"] = p95({}, interval_buckets.get(service, {}))
    return {
        "at": time.time(),
        "interval_s": seconds,
        "services": services,
        "lag": lag,
        "tenants": {t: dict(v) for t, v in sorted(tenants.items())},
        # Since each verifier started: the share of sub-goals per skill that ended verified.
        "skills": {
            k: {**v, "verified_share": round(v["verified"] / v["goals"], 3) if v["goals"] else None}
            for k, v in sorted(skills.items())
        },
        "adapters_serving": dict(sorted(adapters.items())),
    }
