"""`rmesh bench reasoning`: the mesh (planner → retriever → reasoner → verifier over Kafka)
against two baselines on the same weights, same Triton, one run: the whole question in one
greedy pass, and self-consistency (the whole question sampled as many times as the mesh sampled
per question on average, majority vote).

Scoring is strict: an answer is right only when its text equals the dataset's answer text
(`-870/29` is not `-30`, `0.6` is not `3/5`). Accuracy by value is reported beside it, for
reference only. The headline accuracies cover every module except `numbers__round_number` (the
skill continual learning adds); it is still reported per module. Every request says
`feedback: false`: a benchmark never teaches the learner."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.stats import pct
from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.contracts import requests, results
from reasoning_mesh.contracts.requests import Budget, MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import MAX_PROMPT_CHARS, question_prompt
from reasoning_mesh.models.reasoner.train import exact, same_value
from reasoning_mesh.settings import MeshSettings

HELD_BACK = "numbers__round_number"
DEFAULT_INPUT = Path("../shared/benchmarks/math_public.jsonl")


def load(path: Path, limit: int) -> list[dict[str, Any]]:
    """Every row, or `limit` rows taken round-robin across modules (even coverage)."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not limit or limit >= len(rows):
        return rows
    by_module: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_module[r.get("module", "?")].append(r)
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < limit:
        for module in sorted(by_module):
            if i < len(by_module[module]) and len(out) < limit:
                out.append(by_module[module][i])
        i += 1
    return out


def correct(answer: str | None, expected: str) -> bool:
    """Strict: the answer's text is the dataset's answer text."""
    return answer is not None and exact(answer, expected)


def by_value(answer: str | None, expected: str) -> bool:
    return answer is not None and same_value(answer, expected)


#: Samples per Triton request (the backend's limit); self-consistency sends several.
MAX_SAMPLES = 16


def vote(texts: list[str]) -> str | None:
    """The most frequent answer text (ties: the one sampled first)."""
    counts = Counter(t.strip() for t in texts if t.strip())
    return max(counts, key=lambda t: counts[t]) if counts else None


async def single_pass(
    rows: list[dict[str, Any]], triton: TritonClient, concurrency: int, samples: int = 1
) -> list[str | None]:
    """One greedy answer per question (`samples=1`), or the majority of `samples` answers
    sampled at temperature 0.7 (self-consistency)."""
    sem = asyncio.Semaphore(concurrency)

    async def one(q: str) -> str | None:
        prompt = question_prompt(q)
        if len(prompt) > MAX_PROMPT_CHARS:
            return None  # does not fit the model's prompt: counted wrong
        if samples == 1:
            async with sem:
                (out,) = await triton.generate([prompt], samples=1, max_new_tokens=24)
            return out[0].text.strip()
        texts: list[str] = []
        for seed, start in enumerate(range(0, samples, MAX_SAMPLES)):
            n = min(MAX_SAMPLES, samples - start)
            async with sem:
                (out,) = await triton.generate(
                    [prompt], samples=n, max_new_tokens=24, temperature=0.7, seed=seed
                )
            texts += [s.text for s in out]
        return vote(texts)

    return list(await asyncio.gather(*(one(r["question"]) for r in rows)))


async def through_mesh(
    rows: list[dict[str, Any]],
    settings: MeshSettings,
    run_id: str,
    concurrency: int,
    timeout_s: float,
    budget: Budget,
) -> dict[str, tuple[MeshResult | None, float]]:
    ids = {f"{run_id}-{i}": r for i, r in enumerate(rows)}
    sent: dict[str, float] = {}
    made: dict[str, MeshRequest] = {}
    got: dict[str, tuple[MeshResult | None, float]] = {}
    window = asyncio.Semaphore(concurrency)
    async with (
        MeshClient(settings.kafka, client_id="bench-reasoning") as client,
        client.subscribe((results.TOPIC,), request_ids=set(ids)) as sub,
    ):

        async def again(request: MeshRequest, after_s: float) -> None:
            await asyncio.sleep(after_s)
            await client.submit(request, requests.TOPIC)

        retries: set[asyncio.Task[None]] = set()

        async def collect() -> None:
            async for _topic, msg in sub:
                if isinstance(msg, MeshResult) and msg.request_id in sent and msg.request_id not in got:
                    if msg.status == "refused" and msg.error and msg.error.retry_after_s:
                        # The gateway is at its in-flight limit: asked again, as a user would;
                        # the time waiting counts in the latency.
                        task = asyncio.create_task(again(made[msg.request_id], msg.error.retry_after_s))
                        retries.add(task)
                        task.add_done_callback(retries.discard)
                        continue
                    got[msg.request_id] = (msg, time.perf_counter() - sent[msg.request_id])
                    window.release()
                    if len(got) == len(ids):
                        return

        collector = asyncio.create_task(collect())
        for rid, row in ids.items():
            await window.acquire()  # a bounded number of questions in flight
            sent[rid] = time.perf_counter()
            request = MeshRequest(
                id=rid,
                tenant="bench",
                kind="reason",
                query=row["question"],
                budget=budget,
                feedback=False,  # a benchmark never teaches the learner
            )
            made[rid] = request
            await client.submit(request, requests.TOPIC)
        with contextlib.suppress(TimeoutError):  # missing results are reported as `no_result`
            await asyncio.wait_for(collector, timeout_s)
        for task in retries:  # nothing of this run may outlive it (the baselines come next)
            task.cancel()
    return {rid: got.get(rid, (None, float("nan"))) for rid in ids}


async def run_reasoning_bench(
    settings: MeshSettings,
    input_path: Path,
    limit: int,
    concurrency: int,
    timeout_s: float,
    budget: Budget | None = None,
    baselines: bool = True,
) -> dict[str, Any]:
    """The mesh on `input_path`, beside the single-pass and self-consistency baselines (without
    `baselines`: the mesh alone, the baselines' figures None)."""
    budget = budget or Budget()
    rows = load(input_path, limit)
    single: list[str | None] = [None] * len(rows)
    single_s = 0.0
    if baselines:
        triton = TritonClient(settings.triton.grpc_url, settings.triton.timeout_s)
        try:
            t0 = time.perf_counter()
            single = await single_pass(rows, triton, concurrency)
            single_s = time.perf_counter() - t0
        finally:
            await triton.close()
    t0 = time.perf_counter()
    run_id = f"bench-{int(time.time())}"
    mesh = await through_mesh(rows, settings, run_id, concurrency, timeout_s, budget)
    mesh_s = time.perf_counter() - t0
    figures = summarise(rows, single, list(mesh.values()), single_s, mesh_s)
    request_budget = budget.model_dump(include={"max_model_calls", "deadline_s"})
    # Which weights these figures are of (the repository's, as Triton serves them).
    figures["checkpoint_sha384"] = str(checkpoint.read_manifest(checkpoint.default_dir())["sha384"])
    if not baselines:
        figures["single_pass_accuracy"] = None
        for per in figures["per_module"].values():
            per["single_pass_accuracy"] = None
        return {**figures, "baselines": False, "request_budget": request_budget}
    # Self-consistency at the mesh's own sample budget: as many whole-question samples as the
    # mesh drew per question on average.
    k = max(1, round(figures["samples_per_question"] or 1))
    triton = TritonClient(settings.triton.grpc_url, settings.triton.timeout_s)
    try:
        t0 = time.perf_counter()
        voted = await single_pass(rows, triton, concurrency, samples=k)
        sc_s = time.perf_counter() - t0
    finally:
        await triton.close()
    figures["self_consistency_accuracy"], per_module = baseline(rows, voted)
    for module, accuracy in per_module.items():
        figures["per_module"][module]["self_consistency_accuracy"] = accuracy
    figures["self_consistency_samples"] = k
    figures["self_consistency_wall_s"] = round(sc_s, 2)
    return {**figures, "request_budget": request_budget}


def baseline(rows: list[dict[str, Any]], answers: list[str | None]) -> tuple[float, dict[str, float]]:
    """A baseline's strict accuracy over the scored modules, and per module."""
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for row, ans in zip(rows, answers, strict=True):
        per[row.get("module", "?")]["n"] += 1
        per[row.get("module", "?")]["right"] += correct(ans, row["answer"])
    scored = [m for m in per if m != HELD_BACK]
    n = sum(per[m]["n"] for m in scored) or 1
    return sum(per[m]["right"] for m in scored) / n, {m: c["right"] / c["n"] for m, c in per.items()}


def summarise(
    rows: list[dict[str, Any]],
    single: list[str | None],
    mesh: list[tuple[MeshResult | None, float]],
    single_s: float,
    mesh_s: float,
) -> dict[str, Any]:
    per: dict[str, Counter[str]] = defaultdict(Counter)
    statuses: Counter[str] = Counter()
    latencies, calls, samples, replans, routed = [], [], [], [], []
    misses: list[dict[str, Any]] = []
    verified = verified_right = 0
    for row, sp, (res, latency) in zip(rows, single, mesh, strict=True):
        m = row.get("module", "?")
        c = per[m]
        c["n"] += 1
        c["single"] += correct(sp, row["answer"])
        status = res.status if res else "no_result"
        statuses[status] += 1
        right = res is not None and status != "failed" and correct(res.answer, row["answer"])
        c["mesh"] += right
        c["mesh_value"] += res is not None and status != "failed" and by_value(res.answer, row["answer"])
        c[status] += 1
        if not right:
            misses.append(miss(row, res, status))
        if res is not None:
            latencies.append(latency)
            budget = (res.reasoning_trace or {}).get("budget", {})
            calls.append(budget.get("model_calls", 0))
            samples.append(budget.get("samples", 0))
            replans.append(budget.get("replans", 0))
            routed.append(any(g.get("role") for g in (res.reasoning_trace or {}).get("goals", [])))
        if status == "verified" and m != HELD_BACK:
            verified += 1
            verified_right += right
    scored = [m for m in per if m != HELD_BACK]
    n = sum(per[m]["n"] for m in scored) or 1
    return {
        "questions": len(rows),
        "scored_questions": n,
        "single_pass_accuracy": sum(per[m]["single"] for m in scored) / n,
        "mesh_accuracy": sum(per[m]["mesh"] for m in scored) / n,
        # The same answers compared as numbers (`0.6` would pass for `3/5`): reference only.
        "mesh_accuracy_by_value": sum(per[m]["mesh_value"] for m in scored) / n,
        "verified_precision": verified_right / verified if verified else None,
        "verified_share": verified / n,
        "per_module": {
            m: {
                "n": c["n"],
                "single_pass_accuracy": c["single"] / c["n"],
                "mesh_accuracy": c["mesh"] / c["n"],
                "mesh_accuracy_by_value": c["mesh_value"] / c["n"],
                "verified": c["verified"],
                "unverified": c["unverified"],
                "failed": c["failed"],
            }
            for m, c in sorted(per.items())
        },
        "statuses": dict(statuses),
        "p50_latency_s": pct(latencies, 50) if latencies else None,
        "p95_latency_s": pct(latencies, 95) if latencies else None,
        "model_calls_per_question": sum(calls) / len(calls) if calls else None,
        "samples_per_question": sum(samples) / len(samples) if samples else None,
        # Questions whose first route failed a step for good and that went on by a fallback.
        "replanned_share": sum(r > 0 for r in replans) / len(replans) if replans else None,
        # Questions where the verifier opened a route of easier steps (cancel, distribute, cross).
        "routed_share": sum(routed) / len(routed) if routed else None,
        # Answered later than a request's default deadline (the bench may grant a longer one).
        "beyond_default_deadline_share": (
            sum(t > Budget().deadline_s for t in latencies) / len(latencies) if latencies else None
        ),
        "single_pass_wall_s": round(single_s, 2),
        "mesh_wall_s": round(mesh_s, 2),
        # Every question the mesh did not answer correctly, with why: where to look next.
        "misses": misses,
    }


def miss(row: dict[str, Any], res: MeshResult | None, status: str) -> dict[str, Any]:
    reason = ""
    if res is not None:
        reason = res.error.message if res.error else str((res.reasoning_trace or {}).get("verdict", ""))
    return {
        "module": row.get("module", "?"),
        "question": row["question"],
        "expected": row["answer"],
        "answer": res.answer if res else None,
        "status": status,
        "reason": reason[:300],
    }
