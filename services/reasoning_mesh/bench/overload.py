"""`rmesh bench overload`: the mesh offered ten times what it can do, through the user's stack.

Three phases, side by side in one run, the same kind of questions in each:
1. unloaded: one request at a time, for the latency a request has when nothing else runs;
2. capacity: closed loop with as many in flight as the gateway admits, for the completion rate;
3. overload: open loop at `factor` × that rate: admitted requests' latency against the unloaded
   one; the rest must come back `refused` with `retry_after_s`, none lost; services' memory is
   sampled throughout."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import shutil
import statistics
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.chaos import generated_questions
from reasoning_mesh.bench.chaos_faults import ChaosStack, RssSampler, cpu_seconds
from reasoning_mesh.bench.lag import catch_up
from reasoning_mesh.contracts import requests, results
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import InfraError
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


@dataclass
class Phase:
    sent: dict[str, float] = field(default_factory=dict)
    latency: dict[str, float] = field(default_factory=dict)  # admitted and answered
    refused: dict[str, float | None] = field(default_factory=dict)  # id → retry_after_s
    refused_latency: dict[str, float] = field(default_factory=dict)  # id → seconds to refusal
    other: dict[str, str] = field(default_factory=dict)  # id → status (failed, ...)
    finished: dict[str, float] = field(default_factory=dict)  # every admitted one, failed too
    first_done: float | None = None
    last_done: float | None = None

    def outcome(self, rid: str, msg: MeshResult) -> None:
        if rid not in self.sent or rid in self.latency or rid in self.refused or rid in self.other:
            return
        now = time.monotonic()
        if msg.status == "refused":
            self.refused[rid] = msg.error.retry_after_s if msg.error else None
            self.refused_latency[rid] = now - self.sent[rid]
            return
        self.finished[rid] = now - self.sent[rid]
        if msg.status in ("verified", "unverified", "ok"):
            self.latency[rid] = now - self.sent[rid]
            self.first_done = self.first_done or now
            self.last_done = now
        else:
            self.other[rid] = f"{msg.status}:{msg.error.code}" if msg.error else msg.status

    def answered(self) -> int:
        return len(self.latency) + len(self.refused) + len(self.other)


def pct(values: list[float], q: int) -> float | None:
    if len(values) < 2:
        return round(values[0], 3) if values else None
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1], 3)


class Driver:
    """Sends requests and matches their results (one subscription for the whole run)."""

    def __init__(self, client: MeshClient, questions: list[str], nonce: str, tenant: str) -> None:
        self.client, self.questions, self.nonce, self.tenant = client, questions, nonce, tenant
        self.phases: dict[str, Phase] = {}
        self.rng = random.Random(5)
        self._waiting: dict[str, asyncio.Future[None]] = {}

    def on_result(self, msg: MeshResult) -> None:
        phase = self.phases.get(msg.request_id.rsplit(":", 1)[0])
        if phase is not None:
            phase.outcome(msg.request_id, msg)
            waiter = self._waiting.pop(msg.request_id, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(None)

    async def send(self, phase: str) -> str:
        p = self.phases.setdefault(f"{self.nonce}.{phase}", Phase())
        rid = f"{self.nonce}.{phase}:{len(p.sent)}"
        query = self.rng.choice(self.questions)
        req = MeshRequest(id=rid, tenant=self.tenant, kind="reason", query=query, feedback=False)
        p.sent[rid] = time.monotonic()
        self._waiting[rid] = asyncio.get_running_loop().create_future()
        await self.client.submit(req, requests.TOPIC)
        return rid

    def phase(self, phase: str) -> Phase:
        return self.phases.setdefault(f"{self.nonce}.{phase}", Phase())

    async def closed_loop(self, phase: str, concurrency: int, seconds: float) -> Phase:
        """`concurrency` requests kept in flight for `seconds`; a refused one waits its
        retry_after_s before the next is sent."""
        p, end = self.phase(phase), time.monotonic() + seconds

        async def worker() -> None:
            while time.monotonic() < end:
                rid = await self.send(phase)
                waiter = self._waiting.get(rid)
                if waiter is not None:  # a result that never comes counts as lost, not a hang
                    await asyncio.wait([waiter], timeout=600)
                if rid in p.refused:
                    await asyncio.sleep(p.refused[rid] or 0.1)

        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return p

    async def open_loop(self, phase: str, rate: float, seconds: float) -> Phase:
        """`rate` requests a second for `seconds`, each sent on schedule: a send is not held
        up by the previous one's acknowledgement (a slow broker would lower the offered load)."""
        p, start, n = self.phase(phase), time.monotonic(), 0
        sending: set[asyncio.Task[str]] = set()
        while time.monotonic() - start < seconds:
            task = asyncio.create_task(self.send(phase))
            sending.add(task)
            task.add_done_callback(sending.discard)
            n += 1
            await asyncio.sleep(max(0.0, start + n / rate - time.monotonic()))
        await asyncio.gather(*sending)
        return p

    async def settle(self, phase: str, timeout_s: float) -> None:
        """Until every request of the phase has its result, or `timeout_s`."""
        pending = [f for rid, f in self._waiting.items() if rid in self.phase(phase).sent]
        if pending:
            await asyncio.wait(pending, timeout=timeout_s)


def summary(p: Phase, seconds: float) -> dict[str, Any]:
    lat = list(p.latency.values())
    return {
        "sent": len(p.sent),
        "admitted_answered": len(p.latency),
        "refused": len(p.refused),
        "refused_with_retry_after": sum(v is not None and v > 0 for v in p.refused.values()),
        # How long a refusal takes to reach its caller (they may wait to share a transaction).
        "refused_p50_s": pct(list(p.refused_latency.values()), 50),
        "refused_p99_s": pct(list(p.refused_latency.values()), 99),
        "other_status": dict(Counter(p.other.values())),
        "lost": len(p.sent) - p.answered(),
        "p50_s": pct(lat, 50),
        "p99_s": pct(lat, 99),
        "p99_s_failed_included": pct(list(p.finished.values()), 99),
        "answered_per_s": round(len(lat) / seconds, 3),
        "finished_per_s": round(len(p.finished) / seconds, 3),
    }


async def sample_rss(stack: ChaosStack, rss: RssSampler, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:  # probes run their own loops; before `up` there is nothing to read
            rss.sample(await asyncio.to_thread(stack.processes))
        except Exception:
            log.debug("no processes to sample", exc_info=True)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 2.0)


async def _phases(
    stack: ChaosStack,
    questions: list[str],
    run: Callable[[Driver], Awaitable[None]],
    rss: RssSampler | None = None,
) -> Driver:
    """Start the stack on a home of its own (a previous phase's topics would still be read:
    the analytics service catching up on the last phase's refusals takes the next phase's CPU),
    run `run` with a driver listening to results, stop the stack. The home stays for a look.
    Services' peak RSS goes to `rss`, if given, all the while."""
    if stack.home.exists():
        if not (stack.home / "run").is_dir():
            raise InfraError(f"{stack.home} is not an rmesh home; the bench will not replace it")
        stack.rmesh("down", timeout=600)  # a stack an interrupted run left behind
        shutil.rmtree(stack.home)
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(stack, rss, stop)) if rss else None
    try:
        stack.must("up")
        kafka = KafkaSettings(bootstrap_servers=stack.bootstrap_servers())
        async with (
            MeshClient(kafka, client_id="bench-overload") as client,
            client.subscribe((results.TOPIC,)) as sub,
        ):
            driver = Driver(client, questions, uuid.uuid4().hex[:8], "bench")

            async def listen() -> None:
                async for _, msg in sub:
                    if isinstance(msg, MeshResult):
                        driver.on_result(msg)

            listener = asyncio.create_task(listen())
            await driver.closed_loop("warmup", 2, 15)  # models loaded, caches warm
            await run(driver)
            listener.cancel()
        return driver
    finally:
        stop.set()
        if sampler is not None:
            await sampler
        stack.rmesh("down", timeout=600)


async def cpu_now(stack: ChaosStack) -> dict[str, float]:
    """CPU seconds used so far per service, replicas and their children summed, and by this
    process alone (`bench`). In a thread: `processes()` probes run their own loops."""

    def look() -> dict[str, float]:
        out: dict[str, float] = defaultdict(float)
        for p in stack.processes():
            # 0.0: gone between the listing and the look, so not counted
            if p["pid"] and (used := cpu_seconds(p["pid"])) > 0:
                out[p["name"]] += used
        own = os.times()
        out["bench"] = own.user + own.system
        return dict(out)

    return await asyncio.to_thread(look)


def gateway_limit(stack: ChaosStack, kind: str = "reason") -> float | None:
    """The `kind` limit in force now, summed over the gateway replicas (from their metrics)."""
    return stack.gateway_metric("rmesh_gateway_in_flight_limit", kind)


async def sample_limit(stack: ChaosStack, seen: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            value = await asyncio.to_thread(gateway_limit, stack)
        except OSError:
            value = None  # a gateway between restarts: no sample
        if value is not None:
            seen.append(value)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 2.0)


def _limits(limit: str) -> dict[str, str]:
    """`adaptive`: the gateway's default (adaptive below a ceiling of 64); a number: that fixed
    limit; "0": none."""
    if limit == "adaptive":
        return {"RMESH_IN_FLIGHT_LIMITS": '{"reason": 64, "retrieve": 0}'}
    if not limit.isdigit():
        raise ValueError(f"a limit is `adaptive` or a whole number, not {limit!r}")
    return {
        "RMESH_IN_FLIGHT_LIMITS": f'{{"reason": {int(limit)}, "retrieve": 0}}',
        "RMESH_IN_FLIGHT_ADAPTIVE": '{"enabled": false}',
    }


async def run_overload_bench(
    home: Path,
    seconds: float = 60.0,
    factor: float = 10.0,
    limits: tuple[str, ...] = ("adaptive", "2", "4", "8"),
    # 16 in flight did not saturate the mesh (the scaling bench finished more at 24).
    concurrency: int = 32,
    seed: int = 3,
) -> dict[str, Any]:
    """First, with no limit: the unloaded latency (one request at a time) and the capacity
    (closed loop at `concurrency`, every finished request counted, failed ones too). Then, for
    each `reason` limit (`adaptive`, the default, or a fixed number), a fresh stack: its own
    unloaded phase, then `factor` x that capacity offered, open loop."""
    for limit in limits:
        _limits(limit)  # a bad one fails here, before any stack is started
    questions = generated_questions(random.Random(seed), 200)
    rss = RssSampler()
    base = ChaosStack(home / "calm", extra=_limits("0"))

    async def calm(driver: Driver) -> None:
        await driver.closed_loop("unloaded", 1, seconds)
        await driver.closed_loop("capacity", concurrency, seconds)

    first = await _phases(base, questions, calm, rss)
    unloaded = summary(first.phase("unloaded"), seconds)
    capacity = summary(first.phase("capacity"), seconds)
    rate = capacity["finished_per_s"]
    by_limit: dict[str, Any] = {}
    for limit in limits:
        stack, in_force = ChaosStack(home / f"limit-{limit}", extra=_limits(limit)), list[float]()
        cpu, behind = dict[str, float](), dict[str, Any]()

        async def overload(driver: Driver) -> None:
            # This stack's own unloaded latency first: its ratio is side by side on one stack
            # (unloaded p99 moves by half between stacks, which the calm stack's ratio carries).
            await driver.closed_loop("unloaded", 1, seconds)
            done = asyncio.Event()
            watch = asyncio.create_task(sample_limit(stack, in_force, done))  # noqa: B023
            before, start = await cpu_now(stack), time.monotonic()  # noqa: B023
            await driver.open_loop("overload", factor * rate, seconds)
            after, took = await cpu_now(stack), time.monotonic() - start  # noqa: B023
            cpu.update({k: round((v - before.get(k, 0)) / took, 3) for k, v in after.items()})  # noqa: B023
            done.set()
            await watch
            # The analytics service (niced) catching up on the burst, while the rest settles.
            kafka = KafkaSettings(bootstrap_servers=stack.bootstrap_servers())  # noqa: B023
            lag = asyncio.create_task(catch_up(kafka, "rmesh.analytics"))
            await driver.settle("overload", timeout_s=600)
            behind.update(await lag)  # noqa: B023

        driver = await _phases(stack, questions, overload, rss)
        over = summary(driver.phase("overload"), seconds)
        over["limit_in_force"] = {
            "samples": len(in_force),
            "median": statistics.median(in_force) if in_force else None,
            "min": min(in_force, default=None),
            "max": max(in_force, default=None),
        }
        # Cores each service used while offered the load (the bench's own client included).
        over["cpu_cores_by_service"] = cpu
        over["analytics_after_overload"] = behind
        own = summary(driver.phase("unloaded"), seconds)
        over["unloaded_same_stack"] = own
        p99, calm99, own99 = over["p99_s"], unloaded["p99_s"], own["p99_s"]
        by_limit[limit] = over | {
            "admitted_p99_over_unloaded_p99": round(p99 / calm99, 3) if p99 and calm99 else None,
            "admitted_p99_over_same_stack_unloaded_p99": (
                round(p99 / own99, 3) if p99 and own99 else None
            ),
            "finished_over_capacity": round(over["finished_per_s"] / rate, 3) if rate else None,
        }
    return {
        "seconds_per_phase": seconds,
        "factor": factor,
        "capacity_per_s": rate,
        "capacity_counts": "every finished request (verified, unverified and failed)",
        "offered_per_s": round(factor * rate, 3),
        "unloaded": unloaded,
        "capacity": capacity,
        "overload_by_reason_limit": by_limit,
        "max_rss_mb_by_service": {k: round(v, 1) for k, v in rss.peak.items()},
    }
