"""Tracing and metrics, set up once per service process (`setup_telemetry`)."""

from reasoning_mesh.telemetry.setup import get_tracer, setup_telemetry, shutdown_telemetry

__all__ = ["get_tracer", "setup_telemetry", "shutdown_telemetry"]
