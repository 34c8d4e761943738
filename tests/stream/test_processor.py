"""The per-record pipeline without a broker: validation, retries, dead letters, failure hooks."""

from __future__ import annotations

import asyncio
import base64
import json

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import (
    DependencyUnavailableError,
    MeshError,
    NonRetryableError,
    RetryableError,
)
from reasoning_mesh.runtime.context import Context, Record
from reasoning_mesh.runtime.middleware import DEFAULT_MIDDLEWARES
from reasoning_mesh.runtime.processor import RecordProcessor
from reasoning_mesh.telemetry.propagation import inject

TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"


def processor(
    handler, on_failure=None, attempts: int = 3, outage_wait_s: float = 0.0
) -> RecordProcessor[MeshRequest]:
    return RecordProcessor(
        service="svc",
        stage="st",
        model=MeshRequest,
        handler=handler,
        on_failure=on_failure,
        middlewares=DEFAULT_MIDDLEWARES,
        max_message_bytes=2_000,
        retry_attempts=attempts,
        retry_initial_s=0.001,
        retry_max_s=0.002,
        outage_wait_s=outage_wait_s,
    )


def ctx_for(value: bytes | None, key: bytes | None = b"k") -> Context:
    headers = (("traceparent", TRACEPARENT.encode()), ("x-custom", b"\x00\x01"))
    return Context("st", "svc", Record("topic.v1", 2, 17, key, value, headers))


def outputs(ctx: Context) -> list[tuple[str, Message]]:
    return [(e.topic, e.value) for e in ctx.outputs]


async def test_valid_record_is_handled_and_outputs_kept() -> None:
    async def handler(msg: MeshRequest, ctx: Context) -> None:
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"), key=msg.id)

    ctx = ctx_for(json.dumps({"id": "q1", "query": "hi"}).encode())
    await processor(handler).process(ctx)
    assert ctx.outcome == "ok" and ctx.request_id == "q1"
    assert [t for t, _ in outputs(ctx)] == ["out.v1"]


async def test_invalid_record_is_dead_lettered_with_raw_bytes_headers_and_trace() -> None:
    async def handler(msg: MeshRequest, ctx: Context) -> None:
        raise AssertionError("must not be called")

    raw = b'{"id": "q2", "query": ""}'
    ctx = ctx_for(raw)
    await processor(handler).process(ctx)
    [(topic, letter)] = outputs(ctx)
    assert topic == "rmesh.dlq.v1" and isinstance(letter, DeadLetter)
    assert letter.reason == "invalid_message" and "query" in letter.message
    assert base64.b64decode(letter.value_b64) == raw
    assert letter.trace_id == "0af7651916cd43dd8448eb211c80319c"
    assert (letter.source_topic, letter.partition, letter.offset) == ("topic.v1", 2, 17)
    assert ("x-custom", base64.b64encode(b"\x00\x01").decode()) in letter.headers
    assert letter.request_id == "q2"


async def test_oversized_record_is_dead_lettered() -> None:
    ctx = ctx_for(json.dumps({"id": "q3", "query": "x" * 5000}).encode())
    await processor(lambda m, c: None).process(ctx)  # type: ignore[arg-type,return-value]
    assert outputs(ctx)[0][1].reason == "oversized"  # type: ignore[attr-defined]


async def test_retryable_errors_are_retried_then_succeed() -> None:
    calls = []

    async def flaky(msg: MeshRequest, ctx: Context) -> None:
        calls.append(1)
        ctx.emit("partial.v1", MeshResult(request_id=msg.id, status="failed"))
        if len(calls) < 3:
            raise DependencyUnavailableError("triton loading")
        ctx.outputs.clear()
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"))

    ctx = ctx_for(json.dumps({"id": "q4", "query": "hi"}).encode())
    await processor(flaky, attempts=4).process(ctx)
    assert len(calls) == 3 and ctx.attempts == 3
    assert [t for t, _ in outputs(ctx)] == ["out.v1"]


async def test_exhausted_retries_dead_letter_and_call_failure_hook() -> None:
    async def down(msg: MeshRequest, ctx: Context) -> None:
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"))
        raise DependencyUnavailableError("qdrant down")

    seen: list[MeshError] = []

    async def on_failure(msg: MeshRequest | None, err: MeshError, ctx: Context) -> None:
        seen.append(err)
        assert msg is not None
        ctx.emit("results.v1", MeshResult(request_id=msg.id, status="failed"))

    ctx = ctx_for(json.dumps({"id": "q5", "query": "hi"}).encode())
    await processor(down, on_failure, attempts=2).process(ctx)
    topics = [t for t, _ in outputs(ctx)]
    assert "out.v1" not in topics  # partial outputs of failed attempts are dropped
    assert topics == ["rmesh.dlq.v1", "rmesh.events.v1", "results.v1"]
    assert outputs(ctx)[0][1].attempts == 2  # type: ignore[attr-defined]
    assert isinstance(seen[0], DependencyUnavailableError)


async def test_unexpected_exceptions_never_escape() -> None:
    async def buggy(msg: MeshRequest, ctx: Context) -> None:
        raise ZeroDivisionError("oops")

    ctx = ctx_for(json.dumps({"id": "q6", "query": "hi"}).encode())
    await processor(buggy).process(ctx)
    letter = outputs(ctx)[0][1]
    assert letter.reason == NonRetryableError.code and "ZeroDivisionError" in letter.message  # type: ignore[attr-defined]


async def test_failure_hook_errors_do_not_lose_the_dead_letter() -> None:
    async def hook(msg, err, ctx):  # type: ignore[no-untyped-def]
        raise RuntimeError("hook bug")

    ctx = ctx_for(b"not json")
    await processor(lambda m, c: None, hook).process(ctx)  # type: ignore[arg-type,return-value]
    assert outputs(ctx)[0][0] == "rmesh.dlq.v1"


async def test_emissions_continue_the_producers_trace() -> None:
    async def handler(msg: MeshRequest, ctx: Context) -> None:
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"))

    ctx = ctx_for(json.dumps({"id": "q7", "query": "hi"}).encode())
    await processor(handler).process(ctx)
    headers = inject([], ctx.outputs[0].trace_context)
    traceparent = dict(headers)["traceparent"].decode()
    assert traceparent.split("-")[1] == TRACEPARENT.split("-")[1]  # same trace id
    assert traceparent.split("-")[2] != TRACEPARENT.split("-")[2]  # child span of the process


async def test_a_dependency_outage_is_waited_out_other_errors_are_not() -> None:
    # Down for four calls, then back: counted in calls, not seconds, so a busy machine (the
    # unit tiers share its cores) cannot make the outage end before the retries do.
    calls = 0

    async def triton_restarting(msg: MeshRequest, ctx: Context) -> None:
        nonlocal calls
        calls += 1
        if calls <= 4:
            raise DependencyUnavailableError("triton restarting")
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"))

    ctx = ctx_for(json.dumps({"id": "q9", "query": "hi"}).encode())
    await processor(triton_restarting, attempts=2, outage_wait_s=5.0).process(ctx)
    assert [t for t, _ in outputs(ctx)] == ["out.v1"] and ctx.attempts == 5

    class FlakyError(RetryableError):
        pass

    async def flaky(msg: MeshRequest, ctx: Context) -> None:
        raise FlakyError("not an outage")

    ctx = ctx_for(json.dumps({"id": "q10", "query": "hi"}).encode())
    await processor(flaky, attempts=2, outage_wait_s=5.0).process(ctx)
    assert ctx.attempts == 2 and next(t for t, _ in outputs(ctx)) == "rmesh.dlq.v1"


async def test_the_outage_wait_counts_from_the_first_attempt_s_start() -> None:
    """A slow first attempt is part of the wait: the first try runs outside the retry loop, and
    the loop must not start the clock again."""

    async def slow_outage(msg: MeshRequest, ctx: Context) -> None:
        await asyncio.sleep(0.2)
        raise DependencyUnavailableError("triton restarting")

    ctx = ctx_for(json.dumps({"id": "q11", "query": "hi"}).encode())
    await processor(slow_outage, attempts=2, outage_wait_s=0.3).process(ctx)
    # Started 0 s, failed 0.2 s; second attempt fails at 0.4 s + backoff, past 0.3 s: stop.
    assert ctx.attempts == 2 and next(t for t, _ in outputs(ctx)) == "rmesh.dlq.v1"


async def test_output_to_an_undeclared_topic_is_dead_lettered_not_sent() -> None:
    async def handler(msg: MeshRequest, ctx: Context) -> None:
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"), key=msg.id)
        ctx.emit("someone.elses.v1", MeshResult(request_id=msg.id, status="ok"), key=msg.id)

    p = processor(handler)
    p.outputs = frozenset({"out.v1"}) | {"rmesh.dlq.v1", "rmesh.events.v1"}
    ctx = ctx_for(json.dumps({"id": "q9", "query": "hi"}).encode())
    await p.process(ctx)
    assert ctx.outcome == "dead_lettered"
    sent = outputs(ctx)
    assert "someone.elses.v1" not in [t for t, _ in sent] and "out.v1" not in [t for t, _ in sent]
    letter = next(v for t, v in sent if t == "rmesh.dlq.v1")
    assert isinstance(letter, DeadLetter) and "someone.elses.v1" in letter.message


async def test_leave_to_wait_for_a_commit_ends_with_a_failed_attempt_or_a_dead_letter() -> None:
    calls = 0

    async def flaky(msg: MeshRequest, ctx: Context) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            ctx.commit_within_s = 5.0  # a failed attempt's leave must not outlive it
            raise RetryableError("once")
        ctx.emit("out.v1", MeshResult(request_id=msg.id, status="ok"), key=msg.id)

    ctx = ctx_for(json.dumps({"id": "q1", "query": "hi"}).encode())
    await processor(flaky).process(ctx)
    assert ctx.outcome == "ok" and ctx.commit_within_s is None

    async def broken(msg: MeshRequest, ctx: Context) -> None:
        ctx.commit_within_s = 5.0
        raise NonRetryableError("no")

    ctx = ctx_for(json.dumps({"id": "q2", "query": "hi"}).encode())
    await processor(broken).process(ctx)
    assert ctx.outcome == "dead_lettered" and ctx.commit_within_s is None  # lettered at once
