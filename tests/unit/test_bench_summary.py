"""`rmesh bench reasoning`'s summary: headline accuracies without the held-back module, strict
text scoring (by value for reference only), and every miss listed with its reason."""

from __future__ import annotations

from reasoning_mesh.bench.reasoning import HELD_BACK, baseline, summarise, vote
from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.results import MeshResult


def result(rid: str, status: str, answer: str | None, **extra: object) -> MeshResult:
    return MeshResult(request_id=rid, kind="reason", status=status, answer=answer, **extra)  # type: ignore[arg-type]


def test_summary_scores_answer_text_strictly_and_lists_every_miss() -> None:
    rows = [
        {"module": "m", "question": "What is 1/2?", "answer": "1/2"},
        {"module": "m", "question": "What is 2/3?", "answer": "2/3"},
        {"module": "m", "question": "What is 5?", "answer": "5"},
        {"module": HELD_BACK, "question": "Round 1.26 to 1 dp.", "answer": "1.3"},
    ]
    failed = result(
        "q2", "failed", None, error=ErrorInfo(code="not_verified", message="g0 not verified")
    )
    trace = {
        "budget": {"model_calls": 3, "samples": 10, "replans": 1},
        "verdict": "exact",
        "goals": [{"id": "g0", "role": ""}, {"id": "g1", "role": "trial"}],  # a route opened
    }
    mesh = [
        (result("q1", "verified", "0.5", reasoning_trace=trace), 1.0),  # 1/2 by value, not by text
        (failed, 700.0),  # past the default deadline of 600 s
        (result("q3", "unverified", "6"), 3.0),
        (None, 0.0),  # no result came back
    ]
    out = summarise(rows, ["1/2", None, "5", None], mesh, 1.0, 2.0)
    assert out["scored_questions"] == 3
    assert out["mesh_accuracy"] == 0 and out["single_pass_accuracy"] == 2 / 3
    assert out["mesh_accuracy_by_value"] == 1 / 3  # for reference: 0.5 has 1/2's value
    assert out["verified_precision"] == 0.0  # the one verified answer is not the dataset's text
    assert out["per_module"]["m"]["mesh_accuracy_by_value"] == 1 / 3
    assert out["replanned_share"] == 1 / 3
    assert out["routed_share"] == 1 / 3
    assert out["beyond_default_deadline_share"] == 1 / 3
    misses = {m["question"]: m for m in out["misses"]}
    assert set(misses) == {"What is 1/2?", "What is 2/3?", "What is 5?", "Round 1.26 to 1 dp."}
    assert misses["What is 2/3?"]["reason"] == "g0 not verified"
    assert misses["What is 5?"]["answer"] == "6" and misses["What is 5?"]["status"] == "unverified"
    assert misses["Round 1.26 to 1 dp."]["status"] == "no_result"


def test_self_consistency_votes_on_answer_text() -> None:
    assert vote(["0.5", "1/2", "1/2 ", "2"]) == "1/2"  # texts, not values, are counted
    assert vote(["", " "]) is None
    rows = [
        {"module": "m", "question": "a", "answer": "1/2"},
        {"module": HELD_BACK, "question": "b", "answer": "3"},
    ]
    assert baseline(rows, ["0.5", "3"]) == (0.0, {"m": 0.0, HELD_BACK: 1.0})
