"""One record's journey: decode → handler (with retries) → outputs, or a dead letter.

Every failure of a record ends in a dead letter (and, through `on_failure`, a typed failure result
where the service can name one); nothing here ever raises to the consumer loop.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential_jitter,
)

from reasoning_mesh.contracts import dlq as dlq_topic
from reasoning_mesh.contracts import events as events_topic
from reasoning_mesh.contracts.base import Message, safe_text
from reasoning_mesh.errors import (
    DependencyUnavailableError,
    MeshError,
    NonRetryableError,
    RetryableError,
)
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.runtime.dlq import bare_letter, dead_letter
from reasoning_mesh.runtime.middleware import Middleware, chain
from reasoning_mesh.telemetry.metrics import DLQ

log = logging.getLogger(__name__)
M = TypeVar("M", bound=Message)

Handler = Callable[[M, Context], Awaitable[None]]
#: Called after a record is dead-lettered, with the decoded message when decoding succeeded.
FailureHook = Callable[[M | None, MeshError, Context], Awaitable[None]]


class RecordProcessor(Generic[M]):
    def __init__(
        self,
        *,
        service: str,
        stage: str,
        model: type[M],
        handler: Handler[M],
        on_failure: FailureHook[M] | None,
        middlewares: tuple[Middleware, ...],
        max_message_bytes: int,
        retry_attempts: int,
        retry_initial_s: float,
        retry_max_s: float,
        outage_wait_s: float = 0.0,
        outputs: frozenset[str] | None = None,
    ) -> None:
        self.service, self.stage, self.model = service, stage, model
        #: The topics this stage declared it writes (with the DLQ and events, always allowed);
        #: None: not checked. The broker's ACLs are generated from the same declarations.
        self.outputs = None if outputs is None else outputs | {dlq_topic.TOPIC, events_topic.TOPIC}
        self.handler, self.on_failure = handler, on_failure
        self.max_message_bytes = max_message_bytes
        self.retry_attempts, self.retry_initial_s = retry_attempts, retry_initial_s
        self.retry_max_s, self.outage_wait_s = retry_max_s, outage_wait_s
        self._run = chain(middlewares, self._core)

    async def process(self, ctx: Context) -> None:
        try:
            await self._run(ctx)
        except Exception as exc:
            log.exception("middleware failure on %s@%d", ctx.record.topic, ctx.record.offset)
            self._dead_letter(ctx, NonRetryableError(f"internal error: {exc!r}"))

    async def _core(self, ctx: Context) -> None:
        await self._decode_and_handle(ctx)
        if self.outputs is not None:
            stray = sorted({e.topic for e in ctx.outputs} - self.outputs)
            if stray:
                # A topic the stage never declared: on a secured cluster the broker would refuse
                # it (its ACLs come from the declarations), and elsewhere it is a message sent
                # where nobody asked for it (e.g. a request's `reply_to` naming any topic).
                self._dead_letter(
                    ctx, NonRetryableError(f"output to undeclared topic(s) {', '.join(stray)}")
                )

    async def _decode_and_handle(self, ctx: Context) -> None:
        try:
            message = decode(ctx.record.value, self.model, self.max_message_bytes)
        except MeshError as exc:
            self._dead_letter(ctx, exc)
            await self._failure_hook(None, exc, ctx)
            return
        rid = getattr(message, "request_id", None) or getattr(message, "id", None)
        ctx.request_id = str(rid) if rid else None  # e.g. feedback, adapter events: no request
        ctx.tenant = getattr(message, "tenant", None)
        try:
            await self._handle_with_retries(message, ctx)
        except MeshError as exc:
            self._dead_letter(ctx, exc)
            await self._failure_hook(message, exc, ctx)
        except Exception as exc:
            log.exception("handler %s failed on %s", self.stage, ctx.request_id)
            err = NonRetryableError(f"unexpected {type(exc).__name__}: {exc}")
            self._dead_letter(ctx, err)
            await self._failure_hook(message, err, ctx)

    async def _handle_with_retries(self, message: M, ctx: Context) -> None:
        # Most records succeed at once: their first attempt builds no retry loop (tenacity's
        # costs ~0.1 ms a record, a tenth of a refusal's whole handling under overload).
        started = time.monotonic()  # the outage wait counts from the first attempt's start
        try:
            await self._attempt(message, ctx)
            return
        except RetryableError as exc:
            first_failure: RetryableError | None = exc
        attempts = stop_after_attempt(self.retry_attempts)

        def stop(state: RetryCallState) -> bool:
            # A dependency that is down (Triton restarting) is waited out up to `outage_wait_s`:
            # the record is not its fault. Other retryable errors get `retry_attempts`.
            exc = state.outcome.exception() if state.outcome else None
            waited = time.monotonic() - started >= self.outage_wait_s
            return attempts(state) and (waited or not isinstance(exc, DependencyUnavailableError))

        retrying = AsyncRetrying(
            retry=retry_if_exception(lambda e: isinstance(e, RetryableError)),
            stop=stop,
            wait=wait_exponential_jitter(multiplier=self.retry_initial_s, max=self.retry_max_s),
            reraise=True,
        )
        async for attempt in retrying:
            with attempt:
                if first_failure is not None:  # the loop's first attempt is the one above
                    failure, first_failure = first_failure, None
                    raise failure
                await self._attempt(message, ctx)

    async def _attempt(self, message: M, ctx: Context) -> None:
        ctx.attempts += 1
        ctx.outputs.clear()  # a failed attempt's partial outputs must not be sent
        ctx.commit_within_s = None  # nor its leave to wait for a commit
        await self.handler(message, ctx)

    def _dead_letter(self, ctx: Context, error: MeshError) -> None:
        ctx.outputs.clear()
        ctx.commit_within_s = None  # a dead letter is committed at once
        ctx.outcome = "dead_lettered"
        DLQ.labels(self.stage, error.code).inc()
        log.warning(
            "dead-lettering %s@%d/%d: %s",
            ctx.record.topic,
            ctx.record.partition,
            ctx.record.offset,
            error,
        )
        try:
            letter = dead_letter(ctx.record, error, self.service, ctx.attempts)
        except Exception:  # a letter that cannot be built would be a lost record: the bare one
            log.exception("building the dead letter failed; sending the bare record")
            letter = bare_letter(ctx.record, error.code, self.service)
        ctx.emit(
            dlq_topic.TOPIC,
            letter,
            key=ctx.record.key.decode("utf-8", "replace") if ctx.record.key else None,
        )
        ctx.event("dead_lettered", reason=error.code, message=safe_text(str(error), 500))

    async def _failure_hook(self, message: M | None, error: MeshError, ctx: Context) -> None:
        if self.on_failure is None:
            return
        try:
            await self.on_failure(message, error, ctx)
        except Exception:
            log.exception("on_failure hook of %s failed", self.stage)
