"""What the analytics service counts, as pure functions: records of the results, events and DLQ
topics → facts, one per dimension they count towards; facts → a window's tallies; tallies → the
row published on `rmesh.stats.v1`.

A tally is a plain JSON object (it lives in a faust table and its changelog). Latency is a
histogram with buckets 10% apart, so p50/p95/p99 are bounded in size however many requests a
window holds and exact to within one bucket (a reported figure is the bucket's upper bound: at
most 10% above the true percentile).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from reasoning_mesh.contracts import dlq, events, results
from reasoning_mesh.contracts.analytics_facts import AnalyticsFact as Fact
from reasoning_mesh.contracts.analytics_tallies import Tally
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import InvalidMessageError, MeshError
from reasoning_mesh.runtime.codec import decode, describe_validation

#: The windows kept: name → seconds (tumbling, aligned to the epoch).
WINDOWS: dict[str, int] = {"1m": 60, "1h": 3600}
#: Histogram buckets: bucket i holds latencies in (BASE_MS·RATIO^(i-1), BASE_MS·RATIO^i].
BASE_MS, RATIO = 1.0, 1.1
_LOG_RATIO = math.log(RATIO)
#: The last bucket (1.1^200 ms, over five years): every latency has a bucket, and a histogram
#: has at most 201 keys.
MAX_BUCKET = 200
#: The most distinct DLQ reasons or statuses one tally keeps (reasons are codes, but a row must
#: stay bounded even if some service invents many): the rest count under `other`.
MAX_KEYS = 32
#: A partial tally's bound: none (the table's MAX_KEYS applies when it is counted).
UNCAPPED = 2**63


def dimensions(
    *, tenant: str | None = None, skill: str | None = None, service: str | None = None
) -> list[str]:
    """The dimensions a record counts towards: the whole mesh, its tenant, its skill (mesh-wide
    and within its tenant), the service that emitted it."""
    out = ["mesh"]
    if tenant:
        out.append(f"tenant:{tenant}")
    if skill:
        out.append(f"skill:{skill}")
        if tenant:
            out.append(f"tenant:{tenant}/skill:{skill}")
    if service:
        out.append(f"service:{service}")
    return out


_UNSAFE = re.compile(r"[^A-Za-z0-9._\-]")


def name(text: str) -> str:
    """A skill, service or reason as a dimension may carry it: `:` and `/` separate a
    dimension's parts, so a shape like `x/tenant:victim` must not become another tenant's row."""
    return _UNSAFE.sub("_", text[:64]) or "_"


def _count(value: object) -> int | None:
    """A budget figure as counted: a non-negative int of sane size, else not counted."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31:
        return value
    return None


def skill_of(result: MeshResult) -> str:
    """A request's skill: the shape its plan took (`arithmetic`, `linear`, `conversion`...), or
    its kind when it has no plan (retrieval, refused and unsupported requests)."""
    trace = result.reasoning_trace or {}
    shape = trace.get("shape")
    return name(shape) if isinstance(shape, str) and shape else result.kind


def result_facts(result: MeshResult) -> list[Fact]:
    latency = None
    if result.status != "refused":  # a refusal's instant answer says nothing of serving latency
        if result.submitted_at is not None:
            latency = max(result.completed_at - result.submitted_at, 0.0) * 1000
            if not math.isfinite(latency):  # a submitted_at from a faulty clock: no latency
                latency = None
        elif "total" in result.timings_ms:
            latency = result.timings_ms["total"]
    budget = (result.reasoning_trace or {}).get("budget")
    if not isinstance(budget, dict):
        budget = {}
    calls, samples = _count(budget.get("model_calls")), _count(budget.get("samples"))
    return [
        Fact(
            dimension=d,
            ts=result.completed_at,
            kind="result",
            status=result.status,
            latency_ms=latency,
            model_calls=calls,
            samples=samples if calls is not None else None,
        )
        for d in dimensions(tenant=result.tenant, skill=skill_of(result))
    ]


def event_facts(event: RequestEvent) -> list[Fact]:
    """Only throttling is counted from the events topic (progress events are many and say
    nothing a result does not)."""
    if event.event != "throttled":
        return []
    reason = name(str(event.detail.get("reason", "throttled")))
    # The HTTP door reports its refusals as one event per tenant and second, with a count.
    count = _count(event.detail.get("count", 1)) or 1
    return [
        Fact(dimension=d, ts=event.ts, kind="throttle", reason=reason, count=count)
        for d in dimensions(tenant=event.tenant, service=name(event.stage))
    ]


def dead_letter_facts(letter: DeadLetter) -> list[Fact]:
    """Dead letters count per service and mesh-wide: a letter's tenant is whatever its bytes
    claim, if they parse at all, so it is never charged to a tenant."""
    return [
        Fact(dimension=d, ts=letter.ts, kind="dlq", reason=name(letter.reason))
        for d in dimensions(service=name(letter.service))
    ]


@dataclass(frozen=True)
class Found:
    """What one input record gave: its facts, or why it could not be read (`error`, for a
    dead letter; None for a record of no interest or an unreadable dead letter)."""

    outcome: str  # counted | ignored | invalid
    facts: list[Fact]
    error: MeshError | None = None


#: Progress events are many; only throttling is counted, so the rest are passed over unread.
_THROTTLED = b'"throttled"'


def _facts(topic: str, raw: bytes | None, max_bytes: int) -> list[Fact] | None:
    """The facts of a record; None for a record of no interest."""
    if topic == results.TOPIC:
        return result_facts(decode(raw, MeshResult, max_bytes))
    if topic == events.TOPIC:
        if raw is None or _THROTTLED not in raw:
            return None
        return event_facts(decode(raw, RequestEvent, max_bytes))
    if topic == dlq.TOPIC:
        # A letter is up to ~6 MB of base64 by design: its own bound, not the mesh's.
        return dead_letter_facts(decode(raw, DeadLetter, 16 * 1024 * 1024))
    return None


def facts_of(topic: str, raw: bytes | None, max_bytes: int) -> Found:
    """The facts of a record of the results, events or DLQ topic (logical name). A broken
    letter is not lettered again: it would loop through this service forever."""
    error: MeshError
    try:
        facts = _facts(topic, raw, max_bytes)
    except MeshError as exc:
        error = exc
    except ValidationError as exc:  # it decodes, but a figure in it cannot be counted (NaN...)
        error = InvalidMessageError(f"cannot be counted: {describe_validation(exc)}")
    else:
        return Found("ignored", []) if facts is None else Found("counted", facts)
    return Found("invalid", [], None if topic == dlq.TOPIC else error)


def window_start(ts: float, seconds: int) -> float:
    return math.floor(ts / seconds) * seconds


def bucket_of(latency_ms: float) -> int:
    if not latency_ms > BASE_MS:  # NaN too: never a crash, counted in the first bucket
        return 0
    if math.isinf(latency_ms):
        return MAX_BUCKET
    return min(math.ceil(math.log(latency_ms / BASE_MS) / _LOG_RATIO - 1e-9), MAX_BUCKET)


def bucket_upper_ms(bucket: int) -> float:
    return BASE_MS * RATIO**bucket


def _bump(counts: dict[str, int], key: str, by: int = 1, cap: int = MAX_KEYS) -> None:
    if key not in counts and len(counts) >= cap:
        key = "other"
    counts[key] = counts.get(key, 0) + by


def add(tally: dict[str, Any], fact: dict[str, Any], cap: int = MAX_KEYS) -> dict[str, Any]:
    """A new tally (a `Tally`'s JSON, as faust keeps it): `tally` with one fact counted (a
    `tally` fact: every fact it combines). `cap`: the most distinct reasons and statuses kept
    (a partial tally keeps them all: the table's cap applies when it is counted)."""
    out: dict[str, Any] = {
        "requests": tally.get("requests", 0),
        "statuses": dict(tally.get("statuses", {})),
        "latency": dict(tally.get("latency", {})),
        "reason_requests": tally.get("reason_requests", 0),
        "model_calls": tally.get("model_calls", 0),
        "samples": tally.get("samples", 0),
        "throttles": dict(tally.get("throttles", {})),
        "dlq": dict(tally.get("dlq", {})),
        "facts": tally.get("facts", 0) + 1,
    }
    kind = fact.get("kind")
    if kind == "result":
        out["requests"] += 1
        _bump(out["statuses"], str(fact.get("status", "")), cap=cap)
        if (ms := fact.get("latency_ms")) is not None:
            bucket = str(bucket_of(float(ms)))  # bounded by MAX_BUCKET, not by MAX_KEYS
            out["latency"][bucket] = out["latency"].get(bucket, 0) + 1
        if (calls := fact.get("model_calls")) is not None:
            out["reason_requests"] += 1
            out["model_calls"] += int(calls)
            out["samples"] += int(fact.get("samples") or 0)
    elif kind == "throttle":
        _bump(out["throttles"], str(fact.get("reason", "")), int(fact.get("count", 1)), cap=cap)
    elif kind == "dlq":
        _bump(out["dlq"], str(fact.get("reason", "")), cap=cap)
    elif kind == "tally":
        _merge(out, fact.get("tally") or {})
    return out


def _count_of(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a partial tally holds counts, not {value!r}")
    return value


def _merge(out: dict[str, Any], part: dict[str, Any]) -> None:
    """Count a partial tally into `out` (whose `facts` already counts the tally fact as one).
    Its keys are counted in the order they first came, so past MAX_KEYS the same ones go to
    `other` as when its facts are counted one by one. A partial that is not counts raises
    (the caller counts it as invalid), before `out` is touched."""
    sums = ("requests", "reason_requests", "model_calls", "samples")
    counts = {f: _count_of(part.get(f, 0)) for f in sums}
    facts = _count_of(part.get("facts"))
    if facts < 1:
        raise ValueError("a partial tally stands for at least one fact")
    maps = {
        f: {str(k): _count_of(n) for k, n in part.get(f, {}).items()}
        for f in ("statuses", "throttles", "dlq", "latency")
    }
    for field, n in counts.items():
        out[field] += n
    out["facts"] += facts - 1
    for field in ("statuses", "throttles", "dlq"):
        for key, n in maps[field].items():
            _bump(out[field], key, n)
    for bucket, n in maps["latency"].items():
        # The service writes these facts itself; a bucket it never makes is still kept out.
        if bucket.isdigit() and int(bucket) <= MAX_BUCKET:
            out["latency"][bucket] = out["latency"].get(bucket, 0) + n


def combine(facts: list[Fact]) -> list[Fact]:
    """The facts of a batch of inputs, one per dimension and minute: the facts of a dimension
    in one minute counted together as a `tally` fact (a lone fact is kept as it is). Counting
    the combined facts gives the tallies the facts one by one would; the tables and their
    changelogs are then written once per dimension and batch, not once per record."""
    groups: dict[tuple[str, float], list[Fact]] = {}
    for fact in facts:
        groups.setdefault((fact.dimension, window_start(fact.ts, WINDOWS["1m"])), []).append(fact)
    out: list[Fact] = []
    for (dimension, _start), group in groups.items():
        if len(group) == 1:
            out.append(group[0])
            continue
        partial: dict[str, Any] = {}
        for fact in group:
            partial = add(partial, fact.model_dump(exclude_none=True), cap=UNCAPPED)
        out.append(
            Fact(
                dimension=dimension,
                ts=max(f.ts for f in group),
                kind="tally",
                tally=Tally(**partial),
            )
        )
    return out


def percentile_ms(histogram: dict[str, int], q: float) -> float | None:
    """The q-th percentile (0 < q ≤ 1) of a latency histogram: its bucket's upper bound."""
    buckets = sorted((int(b), n) for b, n in histogram.items() if str(b).isdigit())
    total = sum(n for _, n in buckets)
    if total == 0:
        return None
    rank = math.ceil(q * total)
    seen = 0
    for bucket, n in buckets:
        seen += n
        if seen >= rank:
            return round(bucket_upper_ms(bucket), 1)
    return None  # pragma: no cover - the loop always reaches rank


def row_key(window: str, start: float, dimension: str) -> str:
    return f"{window}|{int(start)}|{dimension}"


def split_dimension(dimension: str) -> dict[str, str]:
    """`tenant:acme/skill:linear` → {"tenant": "acme", "skill": "linear"}; `mesh` → {}."""
    parts: dict[str, str] = {}
    for part in dimension.split("/"):
        name, sep, value = part.partition(":")
        if sep:
            parts[name] = value
    return parts


def windows_of(ts: float) -> Iterator[tuple[str, float, float]]:
    for name, seconds in WINDOWS.items():
        start = window_start(ts, seconds)
        yield name, start, start + seconds


def row_fields(window: str, start: float, dimension: str, tally: dict[str, Any]) -> dict[str, Any]:
    """A tally as the fields of the `StatsRow` published for it."""
    latency = tally.get("latency", {})
    reasoned = tally.get("reason_requests", 0)
    return {
        "window": window,
        "start": start,
        "end": start + WINDOWS[window],
        "dimension": dimension,
        **split_dimension(dimension),
        "requests": tally.get("requests", 0),
        "statuses": tally.get("statuses", {}),
        "latency_ms": {
            name: p
            for name, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
            if (p := percentile_ms(latency, q)) is not None
        },
        "model_calls_per_request": round(tally["model_calls"] / reasoned, 2) if reasoned else None,
        "samples_per_request": round(tally["samples"] / reasoned, 2) if reasoned else None,
        "throttles": tally.get("throttles", {}),
        "dead_letters": tally.get("dlq", {}),
        "facts": tally.get("facts", 0),
    }
