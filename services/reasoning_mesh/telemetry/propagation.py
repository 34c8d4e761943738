"""W3C trace context in Kafka headers.

The official aiokafka instrumentation ends its consumer span before our handler runs, so stages
extract the producer's context from the record headers themselves and parent their process span on
it; producers inject the current context into the headers they send.
"""

from __future__ import annotations

from collections.abc import Sequence

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.propagators.textmap import Getter, Setter
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

Headers = list[tuple[str, bytes]]
_PROPAGATOR = TraceContextTextMapPropagator()


class _HeaderGetter(Getter[Sequence[tuple[str, bytes]]]):
    def get(self, carrier: Sequence[tuple[str, bytes]], key: str) -> list[str] | None:
        values = [v.decode("latin-1") for k, v in carrier if k.lower() == key and v is not None]
        return values or None

    def keys(self, carrier: Sequence[tuple[str, bytes]]) -> list[str]:
        return [k for k, _ in carrier]


class _HeaderSetter(Setter[Headers]):
    def set(self, carrier: Headers, key: str, value: str) -> None:
        carrier[:] = [(k, v) for k, v in carrier if k != key]
        carrier.append((key, value.encode("latin-1")))


GETTER = _HeaderGetter()
SETTER = _HeaderSetter()


def extract(headers: Sequence[tuple[str, bytes]] | None) -> otel_context.Context:
    return _PROPAGATOR.extract(list(headers or ()), getter=GETTER)


def inject(headers: Headers, ctx: otel_context.Context | None = None) -> Headers:
    _PROPAGATOR.inject(headers, context=ctx, setter=SETTER)
    return headers


def trace_id_of(headers: Sequence[tuple[str, bytes]] | None) -> str | None:
    """The trace id carried by `traceparent`, or None when absent or malformed."""
    span_ctx = trace.get_current_span(extract(headers)).get_span_context()
    return f"{span_ctx.trace_id:032x}" if span_ctx.is_valid else None
