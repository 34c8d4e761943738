"""Process-wide telemetry: one TracerProvider and one Prometheus endpoint per service.

Called once from each service's `app.py`; later calls return the first setup, so library code can
ask for a tracer without knowing whether it runs in a service, a test or the CLI.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

from reasoning_mesh.telemetry.jsonl import JsonlSpanExporter


@dataclass
class Telemetry:
    service: str
    provider: TracerProvider
    metrics_port: int | None


_STATE: Telemetry | None = None


def setup_telemetry(
    service: str,
    traces_dir: Path,
    otlp_endpoint: str = "",
    metrics_port: int | None = None,
    *,
    metrics_host: str = "127.0.0.1",
    sync_export: bool = False,
) -> Telemetry:
    """Install tracing (JSONL file + optional OTLP) and start the Prometheus endpoint.

    `sync_export` writes each span as it ends: used by short CLI processes that may exit before a
    batch processor would flush.
    """
    global _STATE  # noqa: PLW0603 - the whole point is one provider per process
    if _STATE is not None:
        return _STATE
    resource = Resource.create({"service.name": service, "service.instance.id": str(os.getpid())})
    provider = TracerProvider(resource=resource)
    exporter = JsonlSpanExporter(traces_dir / f"{service}-{os.getpid()}.jsonl")
    provider.add_span_processor(
        SimpleSpanProcessor(exporter)
        if sync_export
        else BatchSpanProcessor(exporter, schedule_delay_millis=500)
    )
    if otlp_endpoint:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(
            BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{otlp_endpoint.rstrip('/')}/v1/traces"))
        )
    trace.set_tracer_provider(provider)
    if metrics_port:
        from reasoning_mesh.telemetry.health import start_server

        start_server(metrics_port, metrics_host)
    _STATE = Telemetry(service, provider, metrics_port)
    return _STATE


@cache
def get_tracer(name: str = "reasoning_mesh") -> trace.Tracer:
    """One tracer per name (the SDK builds a new one per call: ~17 us on every record). Before
    `setup_telemetry` this is the API's proxy, which follows the provider once it is set."""
    return trace.get_tracer(name)


def shutdown_telemetry() -> None:
    """Flush spans; safe to call more than once."""
    if _STATE is not None:
        _STATE.provider.force_flush()
