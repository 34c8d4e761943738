"""Prometheus metrics shared by every stage (one registry per process)."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)

MESSAGES = Counter(
    "rmesh_messages_total", "Records handled by a stage, by outcome.", ["stage", "outcome"]
)
HANDLE_SECONDS = Histogram(
    "rmesh_handle_seconds", "Time to handle one record.", ["stage"], buckets=_LATENCY_BUCKETS
)
END_TO_END_SECONDS = Histogram(
    "rmesh_end_to_end_seconds", "Request submission to result.", ["kind"], buckets=_LATENCY_BUCKETS
)
DLQ = Counter("rmesh_dlq_total", "Records sent to the dead-letter topic.", ["stage", "reason"])
THROTTLED = Counter("rmesh_throttled_total", "Admissions refused by a token bucket.", ["scope"])
ADMITTED = Counter("rmesh_admitted_total", "Requests the gateway admitted, by tenant.", ["tenant"])
IN_FLIGHT_LIMIT = Gauge(
    "rmesh_gateway_in_flight_limit", "Requests of a kind the gateway admits at once now.", ["kind"]
)
SLOTS_HELD = Gauge(
    "rmesh_gateway_slots_held",
    "Admitted requests of a kind whose result this gateway has not seen yet.",
    ["kind"],
)
SLOTS_EXPIRED = Counter(
    "rmesh_gateway_slots_expired_total",
    "Slots freed after in_flight_max_age_s because their result never came back.",
    ["kind"],
)
IN_FLIGHT = Gauge("rmesh_in_flight", "Records being handled now.", ["stage"])
CONSUMER_LAG = Gauge(
    "rmesh_consumer_lag",
    "Records of the stage's partitions not yet taken up by this member (high watermark minus "
    "next offset; read_committed counts a commit marker too).",
    ["stage"],
)
GOALS = Counter(
    "rmesh_goals_total",
    "Sub-goals of finished requests, by skill and final status.",
    ["skill", "status"],
)
ADAPTER_SERVING = Gauge(
    "rmesh_adapter_serving",
    "1 for each LoRA adapter this reasoner has loaded.",
    ["adapter_id", "skills"],
)
READY = Gauge("rmesh_ready", "1 once the service consumes and produces.", ["service"])
CACHE = Counter("rmesh_cache_total", "Cache lookups.", ["cache", "outcome"])
ANALYTICS_RECORDS = Counter(
    "rmesh_analytics_records_total",
    "Records the analytics service read, by topic and outcome (counted, ignored, invalid).",
    ["topic", "outcome"],
)
ANALYTICS_ROWS = Counter("rmesh_analytics_rows_total", "Window rows published on rmesh.stats.v1.")
