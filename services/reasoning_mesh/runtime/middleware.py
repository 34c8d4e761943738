"""Cross-cutting concerns wrapped around every record: tracing and metrics live here, not in
handlers."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from opentelemetry import trace
from opentelemetry.trace import SpanKind, Status, StatusCode

from reasoning_mesh.runtime.context import Context
from reasoning_mesh.telemetry import get_tracer
from reasoning_mesh.telemetry.metrics import HANDLE_SECONDS, IN_FLIGHT, MESSAGES
from reasoning_mesh.telemetry.propagation import extract
from reasoning_mesh.telemetry.tracetree import REQUEST_ATTR

Next = Callable[[], Awaitable[None]]
Middleware = Callable[[Context, Next], Awaitable[None]]


async def tracing_middleware(ctx: Context, call_next: Next) -> None:
    """One CONSUMER span per record, parented on the producer's context from the headers."""
    rec = ctx.record
    parent = extract(rec.headers)
    with get_tracer().start_as_current_span(
        f"{ctx.stage} process",
        context=parent,
        kind=SpanKind.CONSUMER,
        attributes={
            "messaging.system": "kafka",
            "messaging.operation.type": "process",
            "messaging.destination.name": rec.topic,
            "messaging.kafka.destination.partition": rec.partition,
            "messaging.kafka.message.offset": rec.offset,
            "rmesh.service": ctx.service,
        },
    ) as span:
        await call_next()
        if ctx.request_id:
            span.set_attribute(REQUEST_ATTR, ctx.request_id)
        span.set_attribute("rmesh.outcome", ctx.outcome)
        if ctx.outcome != "ok":
            span.set_status(Status(StatusCode.ERROR, ctx.outcome))


async def metrics_middleware(ctx: Context, call_next: Next) -> None:
    IN_FLIGHT.labels(ctx.stage).inc()
    start = time.perf_counter()
    try:
        await call_next()
    finally:
        IN_FLIGHT.labels(ctx.stage).dec()
        HANDLE_SECONDS.labels(ctx.stage).observe(time.perf_counter() - start)
        MESSAGES.labels(ctx.stage, ctx.outcome).inc()


DEFAULT_MIDDLEWARES: tuple[Middleware, ...] = (metrics_middleware, tracing_middleware)


def chain(
    middlewares: tuple[Middleware, ...], core: Callable[[Context], Awaitable[None]]
) -> Callable[[Context], Awaitable[None]]:
    """Compose middlewares outermost-first around `core`."""

    async def run(ctx: Context, index: int = 0) -> None:
        if index == len(middlewares):
            await core(ctx)
            return
        await middlewares[index](ctx, lambda: run(ctx, index + 1))

    return run


def current_trace_id() -> str | None:
    span_ctx = trace.get_current_span().get_span_context()
    return f"{span_ctx.trace_id:032x}" if span_ctx.is_valid else None
