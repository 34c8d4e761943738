"""`rmesh bench chaos`: a steady stream of reasoning and retrieval requests through a replicated
mesh on three brokers, first calm, then again while faults are injected; then the invariants.

The stack is the user's (`rmesh up --brokers 3 --replicas ...`, its own home and ports). The same
requests run twice, calm and under faults; the reasoner's sampling is seeded per step and
attempt, so the two runs' results must be identical (the planner's translation model is seeded
by request id: the workload's questions are all read by the grammar, so none reaches it).
Faults, one at a time, each waited out until the process is healthy again: SIGKILL of a random
replica of each service, rolling restarts (rebalances), a verifier frozen (SIGSTOP) past its
session timeout then resumed (a zombie), SIGKILL of one broker of three, SIGKILL of Triton.
Poison records are interleaved; only they may reach the DLQ."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.chaos_check import check
from reasoning_mesh.bench.chaos_faults import KINDS, SERVICES, ChaosStack, Injector, RssSampler
from reasoning_mesh.contracts import requests, results
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.models.reasoner import data
from reasoning_mesh.settings import KafkaSettings

RETRIEVAL_QUERIES = (
    "How many years in a decade?",
    "tonnes to kilograms",
    "ml in a litre",
    "minutes in an hour",
    "How many centimetres in a metre?",
    "grams in a kilogram",
)
#: Modules whose questions the mesh answers in a few calls (the bench measures faults, not
#: accuracy); the dev split, never the public benchmark.
MODULES = ("arithmetic__add_sub_multiple", "algebra__linear_1d", "measurement__conversion")


def generated_questions(rng: random.Random, n: int) -> list[str]:
    """Questions of the same modules from the project's own generator (what the single-pass
    baseline trains on), for a checkout without the dev split beside it."""
    makers = (data.q_add_sub, data.q_linear, data.q_conversion)
    return [rng.choice(makers)(rng).prompt.removeprefix("Q:").removesuffix("=") for _ in range(n)]


def workload(dev_file: Path | None, n: int, seed: int) -> list[tuple[str, str]]:
    """(kind, query) pairs: a third retrieval, the rest questions of the dev split (or, when
    there is no dev file, generated ones)."""
    rng = random.Random(seed)
    if dev_file is not None and dev_file.exists():
        rows = [json.loads(line) for line in dev_file.read_text().splitlines() if line.strip()]
        questions = [r["question"] for r in rows if r["module"] in MODULES]
    else:
        questions = generated_questions(rng, max(n, 50))
    out = []
    for i in range(n):
        if i % 3 == 0:
            out.append(("retrieve", rng.choice(RETRIEVAL_QUERIES)))
        else:
            out.append(("reason", rng.choice(questions)))
    return out


@dataclass
class Phase:
    """What one phase's client saw: per request (its first id), the seconds from its first
    send to its final result, and the ids it went out under (a refused request is sent again
    under a new id, as a user would)."""

    latency: dict[str, float] = field(default_factory=dict)
    attempts: dict[str, list[str]] = field(default_factory=dict)


def backoff_s(retry_after_s: float, refusals: int, rng: random.Random) -> float:
    """How long a refused caller waits: the gateway's `retry_after_s`, or longer after repeated
    refusals (exponential, jittered, capped at 30 s). The gateway's hint is one completion's
    time, right for one caller; a thousand callers each coming back that soon would be the
    thundering herd the hint exists to prevent, so a well-behaved client backs off."""
    return max(retry_after_s, rng.uniform(0.5, 1.0) * min(30.0, 2.0**refusals))


async def run_phase(
    kafka: KafkaSettings,
    prefix: str,
    work: list[tuple[str, str]],
    rate: float,
    timeout_s: float,
    progress: Callable[[], float] | None = None,
) -> Phase:
    """Submit `work` at up to `rate`/s, and no faster than `progress` (the share of the fault
    schedule done) so the stream lasts as long as the faults. A request refused at admission
    goes out again after its `backoff_s`, under the id `<id>.r<n>`."""
    phase, rng = Phase(), random.Random(prefix)
    sent: dict[str, float] = {}
    ids = [f"{prefix}-{i}" for i in range(len(work))]
    requests_by_id = dict(zip(ids, work, strict=True))
    wanted = set(ids)  # the subscription's filter: retries' ids join it before they are sent

    async def send(client: MeshClient, first: str, rid: str) -> None:
        kind, query = requests_by_id[first]
        req = MeshRequest(id=rid, kind=kind, query=query, feedback=False)
        while True:  # a broker that is down refuses the send: a user retries
            try:
                await client.submit(req, requests.TOPIC)
                return
            except Exception:  # noqa: BLE001 - any send failure is retried the same way
                await asyncio.sleep(1)

    async def again(client: MeshClient, first: str, wait: float) -> None:
        await asyncio.sleep(wait)
        rid = f"{first}.r{len(phase.attempts[first])}"
        wanted.add(rid)
        phase.attempts[first].append(rid)
        await send(client, first, rid)

    async with (
        MeshClient(kafka, client_id=f"chaos-{prefix}") as client,
        client.subscribe((results.TOPIC,), request_ids=wanted) as sub,
    ):
        retries: set[asyncio.Task[None]] = set()

        async def collect() -> None:
            async for _, msg in sub:
                if not isinstance(msg, MeshResult):
                    continue
                first = msg.request_id.split(".r", maxsplit=1)[0]
                if first in phase.latency or phase.attempts.get(first, [""])[-1] != msg.request_id:
                    continue  # a result already counted, or an earlier attempt's
                if msg.status == "refused":
                    hint = msg.error.retry_after_s if msg.error and msg.error.retry_after_s else 0.1
                    wait = backoff_s(hint, len(phase.attempts[first]), rng)
                    task = asyncio.create_task(again(client, first, wait))
                    retries.add(task)
                    task.add_done_callback(retries.discard)
                    continue
                phase.latency[first] = time.monotonic() - sent[first]
                if len(phase.latency) == len(ids):
                    return

        collector = asyncio.create_task(collect())
        for i, rid in enumerate(ids):
            while progress is not None and i / len(ids) > progress():  # noqa: ASYNC110 - a share
                await asyncio.sleep(0.2)
            sent[rid] = time.monotonic()
            phase.attempts[rid] = [rid]
            await send(client, rid, rid)
            await asyncio.sleep(1 / rate)
        with contextlib.suppress(TimeoutError):  # what never came back is counted as lost
            await asyncio.wait_for(collector, timeout_s)
        for task in list(retries):
            task.cancel()
    return phase


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    return round(statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0], 3)


#: The request kinds the gateway holds admission slots for.
_SLOT_KINDS = ("reason", "retrieve")


def settled_slots(stack: ChaosStack, kinds: tuple[str, ...] = _SLOT_KINDS) -> dict[str, float | None]:
    """The gateways' slots still held once all results are in (their results feeds may trail
    the bench's by a moment: up to 30 s)."""
    held: dict[str, float | None] = {}
    deadline = time.monotonic() + 30
    while True:
        held = {k: stack.gateway_metric("rmesh_gateway_slots_held", k) for k in kinds}
        if all(v == 0 for v in held.values()) or time.monotonic() > deadline:
            return held
        time.sleep(1)


def expired_slots(stack: ChaosStack, kinds: tuple[str, ...] = _SLOT_KINDS) -> dict[str, float]:
    """Slots the running gateways freed by age, not by a result (a leak), summed over them; a
    gateway that is down counts none (read before each gateway fault, so little is missed)."""
    out: dict[str, float] = {}
    for k in kinds:
        try:
            out[k] = stack.gateway_metric("rmesh_gateway_slots_expired_total", k) or 0.0
        except OSError:
            out[k] = 0.0
    return out


def fault_figures(log: list[dict[str, Any]], final: list[dict[str, Any]]) -> dict[str, Any]:
    """Faults by kind, their recovery times and the restarts the supervisor counted."""
    by_kind: dict[str, list[float]] = {}
    for f in log:
        by_kind.setdefault(f["kind"], []).append(f["recovery_s"])
    return {
        "faults_injected": len(log),
        "faults_by_kind": {k: len(v) for k, v in by_kind.items()},
        "recovery_s_by_kind": {
            k: {"median": statistics.median(v), "max": max(v)} for k, v in by_kind.items()
        },
        "restarts": {f"{p['name']}-{p['replica']}": p["restarts"] for p in final if p["restarts"]},
    }


def fault_schedule(per_kind: int) -> list[tuple[str, str]]:
    """(kind, service) in order: every kind in turn, each kind's victim service rotating on its
    own, so a gateway's kill9 is not always followed by a restart of every gateway (which would
    hide what the survivor took over)."""
    return [(k, SERVICES[(i + j) % len(SERVICES)]) for i in range(per_kind) for j, k in enumerate(KINDS)]


async def run_chaos_bench(
    home: Path,
    dev_file: Path | None,
    n_requests: int = 2000,
    faults_per_kind: int = 20,
    rate: float = 8.0,
    poison: int = 20,
    replicas: str = "gateway=2,planner=2,retriever=2,reasoner=2,verifier=3",
    seed: int = 7,
) -> dict[str, Any]:
    # The defaults, admission limits included: a refused request is sent again (as a user
    # would) and its final answer must equal its calm twin's; every slot must come back.
    stack = ChaosStack(home)
    rss = RssSampler()
    # Ids unique to this run: a home kept from an earlier run still holds its results.
    nonce = uuid.uuid4().hex[:8]
    try:
        # Three brokers are the secured mode: every service its own principal with the ACLs
        # generated from the topic registry; requests go in as `client`, checks read as `admin`.
        stack.must("up", "--brokers", "3", "--secure", "--replicas", replicas)
        stack.must("kb", "ingest", timeout=600)
        kafka, admin = stack.stack().kafka_as("client"), stack.stack().admin_kafka()
        work = workload(dev_file, n_requests, seed)
        rss.sample(await asyncio.to_thread(stack.processes))  # probes run their own loops
        calm = await run_phase(kafka, f"calm-{nonce}", work, rate, timeout_s=900)
        # A gateway forgets its slots when it restarts: they are checked where the mesh is
        # quiet (after the calm phase, at the end) and the expired ones before each restart.
        after_calm = await asyncio.to_thread(settled_slots, stack)
        expired = [await asyncio.to_thread(expired_slots, stack)]
        faults = Injector(stack, random.Random(seed))
        schedule = fault_schedule(faults_per_kind)
        poison_keys = {f"poison-{nonce}-{i}" for i in range(poison)}
        done = [0]

        async def inject() -> None:
            for kind, service in schedule:
                await asyncio.sleep(2)  # a little calm between faults
                if service == "gateway" and kind in ("kill9", "rolling_restart"):
                    expired.append(await asyncio.to_thread(expired_slots, stack))
                await asyncio.to_thread(faults.inject, kind, service)
                done[0] += 1
                rss.sample(await asyncio.to_thread(stack.processes))

        async def poison_records() -> None:
            from aiokafka import AIOKafkaProducer

            producer = AIOKafkaProducer(**kafka.client_options(), acks="all")
            await producer.start()
            try:
                for i, key in enumerate(sorted(poison_keys)):
                    while i / len(poison_keys) > (done[0] + 1) / len(schedule):  # noqa: ASYNC110
                        await asyncio.sleep(0.5)
                    await producer.send_and_wait(requests.TOPIC, b"{not json", key=key.encode())
            finally:
                await producer.stop()

        injector = asyncio.create_task(inject())
        poisoner = asyncio.create_task(poison_records())
        chaos = await run_phase(
            kafka,
            f"chaos-{nonce}",
            work,
            rate,
            timeout_s=1800,
            progress=lambda: (done[0] + 1) / len(schedule),
        )
        await asyncio.gather(injector, poisoner)
        rss.sample(await asyncio.to_thread(stack.processes))  # probes run their own loops
        await asyncio.sleep(10)  # transactions of the last commits settle
        ids = {f"calm-{nonce}-{i}": str(i) for i in range(len(work))}
        chaos_ids = {f"chaos-{nonce}-{i}": str(i) for i in range(len(work))}
        verdict = await check(admin, ids, chaos_ids, poison_keys, calm.attempts | chaos.attempts)
        held_at_end = await asyncio.to_thread(settled_slots, stack)
        expired.append(await asyncio.to_thread(expired_slots, stack))
        final = await asyncio.to_thread(stack.processes)
        return {
            "requests": len(work),
            "requests_per_phase": len(work),
            **fault_figures(faults.log, final),
            **verdict,
            "gateway_slots_held_after_calm": after_calm,
            "gateway_slots_held_at_end": held_at_end,
            # the most any reading showed (after calm, before each gateway fault, at the end)
            "gateway_slots_expired": {k: max(e[k] for e in expired) for k in after_calm},
            "p50_latency_s_calm": _pct(list(calm.latency.values()), 50),
            "p99_latency_s_calm": _pct(list(calm.latency.values()), 99),
            "p50_latency_s_faults": _pct(list(chaos.latency.values()), 50),
            "p99_latency_s_faults": _pct(list(chaos.latency.values()), 99),
            "max_rss_mb_by_service": {k: round(v, 1) for k, v in rss.peak.items()},
            "replicas": replicas,
            "brokers": 3,
            "fault_log": faults.log,
        }
    finally:
        stack.rmesh("down", timeout=600)
