"""The gateway's Kafka ingress stage: requests → admission → routed work, or a typed refusal."""

from __future__ import annotations

import re

from reasoning_mesh.contracts import results
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import MeshError, OverloadedError, ThrottledError
from reasoning_mesh.gateway.capacity import CapacityLimit
from reasoning_mesh.gateway.domain import Admission, route
from reasoning_mesh.gateway.refusals import RefusalReport
from reasoning_mesh.runtime.codec import peek_request_id
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.telemetry.metrics import ADMITTED, THROTTLED

_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


def refusal(request: MeshRequest, error: ThrottledError) -> MeshResult:
    return MeshResult(
        request_id=request.id,
        tenant=request.tenant,
        kind=request.kind,
        status="refused",
        submitted_at=request.submitted_at,
        error=ErrorInfo(
            code=error.code,
            message=str(error),
            retryable=True,
            retry_after_s=round(error.retry_after_s, 3),
        ),
    )


class GatewayHandlers:
    def __init__(
        self,
        admission: Admission,
        routes: dict[str, str],
        capacity: CapacityLimit | None = None,
        refusals: RefusalReport | None = None,
        refusal_commit_within_s: float = 0.0,
    ) -> None:
        self.admission, self.routes = admission, routes
        self.refusal_commit_within_s = refusal_commit_within_s or None
        self.capacity = capacity or CapacityLimit({})
        #: Counts refusals for the analytics (one event a second per tenant and reason; with
        #: no client, as in tests of the stage alone, they are only counted).
        self.refusals = refusals or RefusalReport()

    async def on_request(self, request: MeshRequest, ctx: Context) -> None:
        try:
            self.admission.require_known(request.tenant)  # unknown: dead-lettered, not refused
            # A record delivered again (its transaction aborted) already holds its slot here.
            if not self.capacity.holds(request.id):
                self.capacity.check(request.kind)  # before the tenant spends a token on it
            self.admission.admit(request.tenant)
        except ThrottledError as exc:
            # Never a silent drop: the caller gets a typed refusal with retry-after.
            scope = "capacity" if isinstance(exc, OverloadedError) else "tenant"
            THROTTLED.labels(f"{scope}:{request.tenant}").inc()
            # Counted, not an event each: at 10x capacity the events cost the cores the
            # admitted requests need (docs/scale-and-faults.md#overload).
            self.refusals.add(request.tenant, exc.code, door="kafka")
            ctx.emit(results.TOPIC, refusal(request, exc), key=request.id)
            ctx.commit_within_s = self.refusal_commit_within_s
            return
        topic, message = route(request, self.routes)
        self.capacity.take(request.kind, request.id)
        ADMITTED.labels(request.tenant).inc()
        ctx.event("admitted", kind=request.kind, routed_to=topic)
        ctx.emit(topic, message, key=request.id)

    async def on_failure(self, request: MeshRequest | None, error: MeshError, ctx: Context) -> None:
        """Invalid or unroutable requests are dead-lettered; when the request id is readable the
        caller also gets a `failed` result saying why, so nobody waits forever."""
        request_id = request.id if request else peek_request_id(ctx.record.value)
        if not request_id or not _ID.match(request_id):
            return
        ctx.emit(
            results.TOPIC,
            MeshResult(
                request_id=request_id,
                tenant=request.tenant if request else "default",
                kind=request.kind if request else "retrieve",
                status="failed",
                error=ErrorInfo.of(error),
                submitted_at=request.submitted_at if request else None,
            ),
            key=request_id,
        )
