"""Gateway logic without I/O: admission, routing and batch-line parsing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.errors import (
    BatchInputError,
    NonRetryableError,
    ThrottledError,
    UnknownTenantError,
)
from reasoning_mesh.gateway.settings import TenantLimit
from reasoning_mesh.runtime.buckets import TokenBucket
from reasoning_mesh.runtime.codec import describe_validation


class NoRouteError(NonRetryableError):
    code = "no_route"


class Admission:
    """One token bucket per registered tenant; unknown tenants are refused outright."""

    def __init__(
        self, tenants: Mapping[str, TenantLimit], clock: Callable[[], float] | None = None
    ) -> None:
        self._clock = {"clock": clock} if clock else {}
        self._buckets = {
            name: TokenBucket(lim.rate, lim.burst, **self._clock) for name, lim in tenants.items()
        }
        self._limits = dict(tenants)
        self._configured = dict(tenants)

    def set_limit(self, tenant: str, limit: TenantLimit | None) -> None:
        """A tenant registered, changed (a new bucket only if its limits changed) or removed.
        Removing a registry tenant that is also configured (`RMESH_TENANTS`, the trusted Kafka
        path) puts its configured limits back rather than removing it there too."""
        if limit is None and tenant in self._configured:
            limit = self._configured[tenant]
        if limit is None:
            self._buckets.pop(tenant, None)
            self._limits.pop(tenant, None)
        elif self._limits.get(tenant) != limit or tenant not in self._buckets:
            self._buckets[tenant] = TokenBucket(limit.rate, limit.burst, **self._clock)
            self._limits[tenant] = limit

    def require_known(self, tenant: str) -> None:
        if tenant not in self._buckets:
            raise UnknownTenantError(f"tenant {tenant!r} is not registered")

    def admit(self, tenant: str) -> None:
        bucket = self._buckets.get(tenant)
        if bucket is None:
            raise UnknownTenantError(f"tenant {tenant!r} is not registered")
        wait = bucket.try_acquire()
        if wait > 0:
            raise ThrottledError(tenant, wait)


def route(request: MeshRequest, routes: Mapping[str, str]) -> tuple[str, Message]:
    """The topic and message that carry `request` to the stage that serves its kind."""
    topic = routes.get(request.kind)
    if topic is None:
        raise NoRouteError(
            f"no service handles kind {request.kind!r} in this deployment (routes: {sorted(routes)})"
        )
    if request.kind == "retrieve":
        return topic, RetrievalRequest(
            request_id=request.id,
            tenant=request.tenant,
            query=request.query,
            top_k=request.top_k,
            filters=request.filters,
            submitted_at=request.submitted_at,
        )
    return topic, request


#: Fields of a batch line that become the request; everything else stays out of it.
REQUEST_FIELDS = frozenset(MeshRequest.model_fields) - {"submitted_at", "schema_version"}


def derive_id(fields: Mapping[str, Any]) -> str:
    """A stable id from the request content: the same line always gets the same id, so reruns
    resume instead of asking again."""
    canonical = json.dumps(
        {k: fields[k] for k in sorted(fields) if k != "id"},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return "h-" + hashlib.sha256(canonical.encode()).hexdigest()[:24]


def parse_batch_line(
    line_no: int,
    text: str,
    *,
    default_kind: str = "reason",
    tenant: str | None = None,
    feedback: bool | None = None,
) -> MeshRequest:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BatchInputError(line_no, f"not valid JSON ({exc.msg} at column {exc.colno})") from exc
    except RecursionError as exc:  # the stdlib parser recurses once per nesting level
        raise BatchInputError(line_no, "JSON nested too deeply to be a request") from exc
    except ValueError as exc:  # an integer literal past int's 4,300-digit conversion limit
        raise BatchInputError(line_no, f"a number in it cannot be read: {exc}") from exc
    if not isinstance(data, dict):
        raise BatchInputError(line_no, f"expected a JSON object, got {type(data).__name__}")
    fields = {k: v for k, v in data.items() if k in REQUEST_FIELDS}
    if "query" not in fields and isinstance(data.get("question"), str):
        fields["query"] = data["question"]  # benchmark files say "question"
    fields.setdefault("kind", default_kind)
    if tenant is not None:
        fields["tenant"] = tenant
    if "id" not in fields or fields["id"] in (None, ""):
        fields["id"] = derive_id(fields)
    elif not isinstance(fields["id"], str):
        fields["id"] = str(fields["id"])
    if feedback is not None:  # after the id: a rerun with the flag finds the same requests
        fields["feedback"] = feedback
    try:
        return MeshRequest.model_validate(fields)
    except ValidationError as exc:
        raise BatchInputError(line_no, describe_validation(exc)) from exc
