"""`rmesh ask` asks again after a refusal that says when, while its deadline allows."""

from __future__ import annotations

import time

from reasoning_mesh.cli.ask import retry_in
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.results import MeshResult


def result(status: str, retry_after_s: float | None = None) -> MeshResult:
    error = ErrorInfo(code="overloaded", message="full", retryable=True, retry_after_s=retry_after_s)
    return MeshResult(
        request_id="q",
        tenant="default",
        kind="reason",
        status=status,
        error=error if status != "verified" else None,
    )


def test_a_refusal_with_retry_after_is_retried_within_the_deadline() -> None:
    soon = time.monotonic() + 60
    assert retry_in(result("refused", 1.5), soon) == 1.5
    assert retry_in(result("refused", 1.5), time.monotonic() + 1) is None  # past the deadline
    assert retry_in(result("refused", None), soon) is None  # no hint: final
    assert retry_in(result("failed", 1.0), soon) is None
    assert retry_in(result("verified"), soon) is None
