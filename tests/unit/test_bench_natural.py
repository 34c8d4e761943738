"""Scoring of `rmesh bench natural`: strict text for in-domain, a clear refusal for the rest."""

from __future__ import annotations

from reasoning_mesh.bench.natural import score
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.results import MeshResult


def result(status: str, answer: str | None, reading: str | None = None) -> MeshResult:
    return MeshResult(
        request_id="r",
        kind="reason",
        status=status,
        answer=answer,
        reasoning_trace={"plan_source": "rules", "reading": reading}
        if status != "unsupported"
        else None,
        error=ErrorInfo(code="unsupported", message="no arithmetic")
        if status == "unsupported"
        else None,
    )


def test_in_domain_is_strict_and_out_of_domain_needs_a_clear_refusal() -> None:
    rows = [
        {"question": "What is 56 plus 29?", "answer": "85", "cat": "arith"},
        {"question": "Half of 3?", "answer": "3/2", "cat": "arith"},
        {"question": "What colour is the sky?", "answer": None, "cat": "ood"},
        {"question": "Tell me a joke.", "answer": None, "cat": "ood"},
    ]
    figures = score(
        rows,
        [
            (result("verified", "85", reading="What is 56 + 29?"), 1.0),
            (result("verified", "1.5"), 1.0),  # the right value, not the dataset's text
            (result("unsupported", None), 0.1),
            (result("unverified", "0"), 0.5),  # a number for a question that has none
        ],
    )
    assert figures["in_domain_accuracy"] == 0.5
    assert figures["out_of_domain_refused_clearly"] == 1
    assert figures["out_of_domain_answered_with_a_number"] == 1
    assert figures["ood_refused_share"] == figures["ood_answered_share"] == 0.5
    assert figures["ood_verified"] == 0
    assert figures["per_category"]["arith"]["read_by:grammar"] == 1
    assert figures["per_category"]["arith"]["read_by:as_written"] == 1
    assert {m["question"] for m in figures["misses"]} == {"Half of 3?", "Tell me a joke."}


def test_a_missing_result_is_a_miss() -> None:
    rows = [{"question": "What is 1 + 1?", "answer": "2", "cat": "arith"}]
    figures = score(rows, [(None, float("nan"))])
    assert figures["in_domain_accuracy"] == 0.0
    assert figures["misses"][0]["status"] == "no_result"
