"""`rmesh bench scaling`: throughput with 1, 2, 3… replicas of a stage, side by side in one run.

Two workloads, because they answer different questions:
* **the verifier in the reasoning mesh** (the user's stack, `rmesh up --replicas verifier=N`):
  closed-loop reasoning requests; its work is CPU (the state machine, JSON, transactions), so
  on a machine with fewer cores than processes more replicas add contention, not throughput;
* **a latency-bound stage**: each record waits `work_ms` (an I/O call's worth: a remote store,
  an API) and a replica handles one record at a time. Its replicas are real members of one
  consumer group (own consumer, own transactional producers) run in this process; throughput
  should grow with the replica count until the partitions or the broker are the limit."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.chaos import generated_questions
from reasoning_mesh.bench.chaos_faults import ChaosStack
from reasoning_mesh.bench.overload import Driver, summary
from reasoning_mesh.contracts import results
from reasoning_mesh.contracts.bench import BenchPing
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer
from reasoning_mesh.runtime.stage import Stage, StageConfig
from reasoning_mesh.settings import KafkaSettings


async def reasoning_throughput(kafka: KafkaSettings, seconds: float, concurrency: int) -> dict[str, Any]:
    async with (
        MeshClient(kafka, client_id="bench-scaling") as client,
        client.subscribe((results.TOPIC,)) as sub,
    ):
        driver = Driver(
            client, generated_questions(random.Random(3), 200), uuid.uuid4().hex[:8], "bench"
        )

        async def listen() -> None:
            async for _, msg in sub:
                if isinstance(msg, MeshResult):
                    driver.on_result(msg)

        listener = asyncio.create_task(listen())
        await driver.closed_loop("warmup", 4, 15)
        measured = await driver.closed_loop("measured", concurrency, seconds)
        listener.cancel()
    return summary(measured, seconds)


async def latency_bound_throughput(
    kafka: KafkaSettings, replicas: int, work_ms: float, records: int
) -> dict[str, Any]:
    run_id = uuid.uuid4().hex[:8]
    ping, pong = f"bench.{run_id}.ping", f"bench.{run_id}.pong"
    await ensure_topics(kafka, [ping, pong], partitions=kafka.topic_partitions)

    async def work(msg: BenchPing, ctx: Context) -> None:
        await asyncio.sleep(work_ms / 1000)  # waiting, not computing: an I/O call's worth
        ctx.emit(pong, msg, key=str(msg.seq))

    members = [
        Stage(
            service="bench-latency-bound",
            kafka=kafka,
            model=BenchPing,
            handler=work,
            config=StageConfig(
                name="wait",
                topics=(ping,),
                group_id=f"bench.{run_id}.wait",
                output_topics=(pong,),
                max_in_flight=1,
                instance_id=f"r{i}",
            ),
        )
        for i in range(replicas)
    ]
    for m in members:
        await m.start()
    runners = [asyncio.create_task(m.run()) for m in members]
    consumer = make_consumer(kafka, kafka.physical(pong), group_id=None, client_id="bench-pong")
    await consumer.start()
    await consumer.seek_to_end()
    await asyncio.sleep(5)  # the group settles: every member holds its partitions
    async with MeshClient(kafka, client_id="bench-ping") as client:
        t0 = time.monotonic()
        for i in range(records):
            await client.publish(ping, BenchPing(seq=i, sent_at_ns=time.perf_counter_ns()), key=str(i))
        got = 0
        while got < records and time.monotonic() - t0 < 600:
            batch = await consumer.getmany(timeout_ms=1000)
            got += sum(len(rs) for rs in batch.values())
        elapsed = time.monotonic() - t0
    await consumer.stop()
    for m in members:
        m.request_stop()
    await asyncio.gather(*runners)
    return {"records": records, "received": got, "per_s": round(got / elapsed, 2)}


async def run_scaling_bench(
    home: Path,
    counts: tuple[int, ...] = (1, 2, 3),
    seconds: float = 60.0,
    concurrency: int = 24,
    work_ms: float = 50.0,
    records: int = 600,
) -> dict[str, Any]:
    # Throughput, not admission, is measured: the gateway admits everything here.
    stack = ChaosStack(home, extra={"RMESH_IN_FLIGHT_LIMITS": '{"reason": 0, "retrieve": 0}'})
    verifier: dict[str, Any] = {}
    latency_bound: dict[str, Any] = {}
    for n in counts:
        try:
            stack.must("up", "--replicas", f"verifier={n}")
            kafka = KafkaSettings(bootstrap_servers=stack.bootstrap_servers())
            verifier[str(n)] = await reasoning_throughput(kafka, seconds, concurrency)
            latency_bound[str(n)] = await latency_bound_throughput(kafka, n, work_ms, records)
        finally:
            stack.rmesh("down", timeout=600)
    base_v = verifier[str(counts[0])]["answered_per_s"] or 1.0
    base_l = latency_bound[str(counts[0])]["per_s"] or 1.0
    return {
        "replica_counts": list(counts),
        "verifier_reasoning": verifier,
        "verifier_speedup": {k: round(v["answered_per_s"] / base_v, 3) for k, v in verifier.items()},
        "latency_bound_stage": latency_bound,
        "latency_bound_speedup": {k: round(v["per_s"] / base_l, 3) for k, v in latency_bound.items()},
        "latency_bound_work_ms": work_ms,
        "closed_loop_concurrency": concurrency,
        "seconds": seconds,
    }
