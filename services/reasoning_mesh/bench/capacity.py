"""`rmesh bench capacity`: what one request costs each part of the mesh, measured on a saturated
local stack; `plan` turns it into partitions and replicas for a target rate.

The measure: a closed loop of `reason` requests (every finished one counted) while each
process's CPU time (its process tree: Triton's Python-backend stubs are its children) and each
stage's records and handle time are read before and after. A service replica is one Python
process, so it uses at most one core (the GIL): its CPU seconds per request are what bounds the
rate one replica sustains. Triton and the brokers are multi-threaded: their CPU seconds per
request say how many cores they need. Figures from a CPU-only Triton on one shared machine:
a GPU moves Triton's share, and the load generator, the brokers and the services compete for
the same cores, so the per-request costs are upper bounds.
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.chaos import generated_questions
from reasoning_mesh.bench.chaos_faults import ChaosStack, cpu_seconds
from reasoning_mesh.bench.overload import Driver, _limits, _phases, summary
from reasoning_mesh.infra.top import scrape

#: Plan for this share of a core per service replica and of the cores of Triton and brokers.
UTILISATION = 0.7


def _per_stage(
    scraped: dict[tuple[str, int], list[tuple[str, dict[str, str], float]]],
) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = defaultdict(lambda: {"records": 0.0, "handle_s": 0.0})
    for (service, _), samples in scraped.items():
        for name, labels, value in samples:
            key = f"{service}.{labels.get('stage', '')}"
            if name == "rmesh_messages_total":
                out[key]["records"] += value
            elif name == "rmesh_handle_seconds_sum":
                out[key]["handle_s"] += value
    return out


async def run_capacity_bench(
    home: Path, seconds: float = 60.0, concurrency: int = 32, seed: int = 3
) -> dict[str, Any]:
    questions = generated_questions(random.Random(seed), 200)
    stack = ChaosStack(home, extra=_limits("0"))  # no admission limit: the mesh saturates
    taken: dict[str, Any] = {}

    async def measure(driver: Driver) -> None:
        processes = await asyncio.to_thread(stack.processes)  # probes run their own loops
        cpu0 = {(p["name"], p["replica"]): cpu_seconds(p["pid"]) for p in processes if p["pid"]}
        stages0, t0 = _per_stage(scrape(processes)), time.monotonic()
        await driver.closed_loop("capacity", concurrency, seconds)
        taken["seconds"] = time.monotonic() - t0
        cpu1 = {(p["name"], p["replica"]): cpu_seconds(p["pid"]) for p in processes if p["pid"]}
        stages1 = _per_stage(scrape(processes))
        cpu: dict[str, float] = defaultdict(float)
        for key, after in cpu1.items():
            cpu[key[0]] += max(0.0, after - cpu0.get(key, 0.0))
        taken["cpu"] = dict(cpu)
        taken["stages"] = {
            k: {m: v[m] - stages0.get(k, {}).get(m, 0.0) for m in v} for k, v in stages1.items()
        }

    driver = await _phases(stack, questions, measure)
    phase = summary(driver.phase("capacity"), taken["seconds"])
    finished = len(driver.phase("capacity").finished)
    return figures(finished, taken["seconds"], taken["cpu"], taken["stages"], phase)


def figures(
    finished: int,
    seconds: float,
    cpu: dict[str, float],
    stages: dict[str, dict[str, float]],
    phase: dict[str, Any],
) -> dict[str, Any]:
    if finished == 0:
        raise ValueError("no request finished: nothing to measure")
    return {
        "requests_finished": finished,
        "seconds": round(seconds, 1),
        "finished_per_s": round(finished / seconds, 3),
        "p50_s": phase.get("p50_s"),
        "p99_s": phase.get("p99_s"),
        "cpu_s_per_request": {k: round(v / finished, 5) for k, v in sorted(cpu.items())},
        "cores_used": {k: round(v / seconds, 3) for k, v in sorted(cpu.items())},
        # Services whose stages handled records here; the others (the learner: benches never
        # teach) cost nothing in this bench, which says nothing about their cost.
        "services_exercised": sorted({k.split(".", 1)[0] for k, v in stages.items() if v["records"]}),
        "stages": {
            k: {
                "records_per_request": round(v["records"] / finished, 3),
                "handle_ms_per_record": round(1000 * v["handle_s"] / v["records"], 2)
                if v["records"]
                else None,
            }
            for k, v in sorted(stages.items())
            if v["records"] > 0
        },
        "utilisation_planned": UTILISATION,
        "note": "CPU-only Triton; load generator, brokers and services on the same cores",
    }


def plan(bench: dict[str, Any], rate: float, partitions: int = 12) -> dict[str, Any]:
    """Replicas per service, Triton and broker cores, and partitions for `rate` requests/s."""
    cost = bench["cpu_s_per_request"]
    exercised = set(bench.get("services_exercised", cost))
    services = {k: v for k, v in cost.items() if k not in ("kafka", "triton") and k in exercised}
    replicas = {k: max(1, math.ceil(rate * v / UTILISATION)) for k, v in sorted(services.items())}
    needed_partitions = max(replicas.values(), default=1)
    return {
        "rate_per_s": rate,
        "replicas": replicas,
        # A replica beyond a topic's partitions holds nothing: every work topic needs as many.
        "partitions": max(partitions, needed_partitions),
        "partitions_suffice": needed_partitions <= partitions,
        "triton_cores": round(rate * cost.get("triton", 0.0) / UTILISATION, 1),
        "broker_cores": round(rate * cost.get("kafka", 0.0) / UTILISATION, 1),
        "not_measured": sorted(set(cost) - exercised - {"kafka", "triton"}),
        # Where each part alone stops: one replica (one core) per service; per core otherwise.
        "rate_per_replica": {
            k: round(UTILISATION / v, 1) if v else None for k, v in sorted(services.items())
        },
        "rate_per_triton_core": round(UTILISATION / cost["triton"], 1) if cost.get("triton") else None,
        "rate_per_broker_core": round(UTILISATION / cost["kafka"], 1) if cost.get("kafka") else None,
    }
