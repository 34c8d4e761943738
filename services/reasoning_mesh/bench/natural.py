"""`rmesh bench natural`: questions as people write them, through the running mesh.

In-domain questions are scored strictly (the answer's text is the file's); an out-of-domain one
(`answer: null`) counts as handled only when it ends `unsupported` with no answer. A number
given to such a question is the worst outcome and is counted on its own."""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.reasoning import correct, load, through_mesh
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.settings import MeshSettings

DEFAULT_INPUT = Path("../shared/benchmarks/natural_dev.jsonl")


def read_by(result: MeshResult | None) -> str:
    """Who read the question: the planner as written, its grammar of phrasings, a model."""
    trace = (result.reasoning_trace or {}) if result else {}
    if result is None or not trace:
        return "no_plan"
    if trace.get("plan_source") == "model":
        return "story_model" if trace.get("plan_model") == "stories" else "model"
    return "grammar" if trace.get("reading") else "as_written"


def score(rows: list[dict[str, Any]], outcomes: list[tuple[MeshResult | None, float]]) -> dict[str, Any]:
    per_cat: dict[str, Counter[str]] = defaultdict(Counter)
    misses: list[dict[str, Any]] = []
    latencies: list[float] = []
    for row, (res, seconds) in zip(rows, outcomes, strict=True):
        cat, c = row.get("cat", "?"), per_cat[row.get("cat", "?")]
        status = res.status if res else "no_result"
        c["n"] += 1
        c[f"status:{status}"] += 1
        c[f"read_by:{read_by(res)}"] += 1
        if res is not None:
            latencies.append(seconds)
        if row["answer"] is None:
            ok = res is not None and status == "unsupported" and res.answer is None
            c["refused_clearly"] += ok
            c["answered_with_a_number"] += res is not None and res.answer is not None
            c["ood_verified"] += status == "verified"
        else:
            ok = (
                res is not None
                and status in ("verified", "unverified")
                and correct(res.answer, row["answer"])
            )
            c["correct"] += ok
            c["verified_correct"] += ok and status == "verified"
        if not ok:
            misses.append(
                {
                    "question": row["question"],
                    "cat": cat,
                    "expected": row["answer"],
                    "status": status,
                    "answer": res.answer if res else None,
                    "reading": ((res.reasoning_trace or {}) if res else {}).get("reading"),
                    "error": res.error.message[:200] if res and res.error else None,
                }
            )
    in_domain = [r for r in rows if r["answer"] is not None]
    ood = len(rows) - len(in_domain)
    total = Counter[str]()
    for c in per_cat.values():
        total.update(c)
    latencies.sort()
    return {
        "questions": len(rows),
        "in_domain": len(in_domain),
        "in_domain_accuracy": round(total["correct"] / len(in_domain), 4) if in_domain else None,
        "in_domain_verified_accuracy": round(total["verified_correct"] / len(in_domain), 4)
        if in_domain
        else None,
        "out_of_domain": ood,
        "ood_refused_share": round(total["refused_clearly"] / ood, 4) if ood else None,
        "ood_answered_share": round(total["answered_with_a_number"] / ood, 4) if ood else None,
        "ood_verified": total["ood_verified"],
        "out_of_domain_refused_clearly": total["refused_clearly"],
        "out_of_domain_answered_with_a_number": total["answered_with_a_number"],
        "p50_latency_s": round(latencies[len(latencies) // 2], 3) if latencies else None,
        "per_category": {cat: dict(sorted(c.items())) for cat, c in sorted(per_cat.items())},
        "misses": misses,
    }


async def run_natural_bench(
    settings: MeshSettings,
    input_path: Path = DEFAULT_INPUT,
    concurrency: int = 8,
    timeout_s: float = 600.0,
    budget: Budget | None = None,
) -> dict[str, Any]:
    rows = load(input_path, 0)
    t0 = time.perf_counter()
    outcomes = await through_mesh(
        rows, settings, f"natural-{int(time.time())}", concurrency, timeout_s, budget or Budget()
    )
    figures = score(rows, list(outcomes.values()))
    return {
        **figures,
        "input": str(input_path),
        "wall_s": round(time.perf_counter() - t0, 2),
        "request_budget": (budget or Budget()).model_dump(include={"max_model_calls", "deadline_s"}),
    }
