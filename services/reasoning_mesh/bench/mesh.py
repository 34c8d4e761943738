"""`rmesh bench mesh`: retrieval through the mesh vs the same retrieval in-process, side by side.

Both paths use the same Triton server, the same Qdrant shard and the same query list (distinct
queries, fresh caches, so neither path is served from a cache). The mesh path runs the real
retriever stage (exactly-once transactions and all) in this process on run-unique topics, so a
running `rmesh up` stack is neither disturbed nor measured by accident. The per-hop figure is a
pass-through stage's added latency: ping → stage → pong, minus ping → pong directly.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

from reasoning_mesh.bench.stats import pct
from reasoning_mesh.clients.triton import TritonClient, TritonEmbedder
from reasoning_mesh.contracts.bench import BenchPing
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.kb import units
from reasoning_mesh.retriever.handlers import RetrieverHandlers
from reasoning_mesh.retriever.service import Retriever
from reasoning_mesh.retriever.store_edge import EdgeVectorStore
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.runtime.kafka import ensure_topics, make_consumer
from reasoning_mesh.runtime.stage import Stage, StageConfig
from reasoning_mesh.settings import MeshSettings


def queries(n: int) -> list[str]:
    facts = list(units.facts())
    out = []
    for i in range(n):
        meta = facts[i % len(facts)]["metadata"]
        out.append(f"How many {meta['to_unit']}s are there in {i + 1} {meta['from_unit']}s?")
    return out


def fresh_retriever(store: EdgeVectorStore, triton: TritonClient) -> Retriever:
    return Retriever(store, TritonEmbedder(triton))


async def _in_process(
    retriever: Retriever, qs: list[str], concurrency: int
) -> tuple[float, list[float]]:
    slots = asyncio.Semaphore(concurrency)
    lat: list[float] = []

    async def one(q: str) -> None:
        async with slots:
            t = time.perf_counter()
            await retriever.retrieve(q, 5)
            lat.append((time.perf_counter() - t) * 1e3)

    t0 = time.perf_counter()
    await asyncio.gather(*(one(q) for q in qs))
    return len(qs) / (time.perf_counter() - t0), lat


async def _through_mesh(
    settings: MeshSettings, retriever: Retriever, qs: list[str], concurrency: int, run_id: str
) -> tuple[float, list[float]]:
    req_topic, res_topic = f"bench.{run_id}.retrieval", f"bench.{run_id}.results"
    stage = Stage(
        service="bench-retriever",
        kafka=settings.kafka,
        model=RetrievalRequest,
        handler=RetrieverHandlers(retriever).on_retrieval,
        config=StageConfig(
            name="retrieve",
            topics=(req_topic,),
            group_id=f"bench.{run_id}",
            output_topics=(res_topic,),
            max_in_flight=concurrency,
        ),
    )
    await stage.start()
    runner = asyncio.create_task(stage.run())
    sent: dict[str, float] = {}
    lat: list[float] = []
    slots = asyncio.Semaphore(concurrency)
    async with (
        MeshClient(settings.kafka, client_id="bench") as client,
        client.subscribe((res_topic,), model=MeshResult) as sub,
    ):

        async def publish() -> None:
            # Like many producers at once: sends are not serialised on each other's acks.
            acks = []
            for i, q in enumerate(qs):
                await slots.acquire()
                rid = f"b{i}"
                sent[rid] = time.perf_counter()
                acks.append(
                    asyncio.create_task(
                        client.publish(
                            req_topic,
                            RetrievalRequest(request_id=rid, query=q, top_k=5, reply_to=res_topic),
                            key=rid,
                        )
                    )
                )
            await asyncio.gather(*acks)

        t0 = time.perf_counter()
        pub = asyncio.create_task(publish())
        async for _, msg in sub:
            assert isinstance(msg, MeshResult)
            lat.append((time.perf_counter() - sent[msg.request_id]) * 1e3)
            slots.release()
            if len(lat) == len(qs):
                break
        elapsed = time.perf_counter() - t0
        await pub
    stage.request_stop()
    await runner
    return len(qs) / elapsed, lat


async def _hop_latency(settings: MeshSettings, run_id: str, n: int) -> dict[str, float]:
    ping, pong = f"bench.{run_id}.ping", f"bench.{run_id}.pong"
    await ensure_topics(settings.kafka, [ping, pong], partitions=1)

    async def forward(msg: BenchPing, ctx: Context) -> None:
        ctx.emit(pong, msg, key=str(msg.seq))

    stage = Stage(
        service="bench-passthrough",
        kafka=settings.kafka,
        model=BenchPing,
        handler=forward,
        config=StageConfig(
            name="passthrough", topics=(ping,), group_id=f"bench.{run_id}.pass", output_topics=(pong,)
        ),
    )
    await stage.start()
    runner = asyncio.create_task(stage.run())
    consumer = make_consumer(
        settings.kafka, settings.kafka.physical(pong), group_id=None, client_id="bench-pong"
    )
    await consumer.start()
    await consumer.seek_to_end()
    result: dict[str, list[float]] = {"one_hop": [], "zero_hop": []}
    async with MeshClient(settings.kafka, client_id="bench-ping") as client:
        for i in range(2 * n):
            topic = ping if i % 2 == 0 else pong  # interleaved: both see the same conditions
            t = time.perf_counter_ns()
            await client.publish(topic, BenchPing(seq=i, sent_at_ns=t), key=str(i))
            got = False
            while not got:
                batch = await consumer.getmany(timeout_ms=1000)
                got = any(b'"seq":%d,' % i in r.value for rs in batch.values() for r in rs)
            dt = (time.perf_counter_ns() - t) / 1e6
            if i >= 10:  # the first round trips warm connections and the transaction
                result["one_hop" if topic == ping else "zero_hop"].append(dt)
    await consumer.stop()
    stage.request_stop()
    await runner
    one, zero = pct(result["one_hop"], 50), pct(result["zero_hop"], 50)
    return {
        "one_hop_p50_ms": one,
        "zero_hop_p50_ms": zero,
        "per_hop_p50_ms": one - zero,
        "one_hop_p99_ms": pct(result["one_hop"], 99),
    }


async def run_mesh_bench(
    settings: MeshSettings,
    *,
    requests: int = 400,
    concurrency: int = 32,
    hops: int = 200,
    workdir: Path | None = None,
) -> dict[str, Any]:
    run_id = uuid.uuid4().hex[:8]
    triton = TritonClient(settings.triton.grpc_url, settings.triton.timeout_s)
    store = EdgeVectorStore((workdir or settings.home / "bench") / f"qdrant-{run_id}")
    try:
        loader = fresh_retriever(store, triton)
        for fact in units.facts():
            await loader.index(KbDocument.model_validate(fact))
        qs = queries(requests)
        await _in_process(fresh_retriever(store, triton), qs[:20], concurrency)  # warm-up
        inproc_tput, inproc_lat = await _in_process(fresh_retriever(store, triton), qs, concurrency)
        mesh_tput, mesh_lat = await _through_mesh(
            settings, fresh_retriever(store, triton), qs, concurrency, run_id
        )
        hop = await _hop_latency(settings, run_id, hops)
    finally:
        await store.close()
        await triton.close()
    return {
        "requests": requests,
        "concurrency": concurrency,
        "exactly_once": settings.kafka.exactly_once,
        "inprocess_throughput_rps": inproc_tput,
        "mesh_throughput_rps": mesh_tput,
        "throughput_ratio": mesh_tput / inproc_tput,
        "inprocess_p50_ms": pct(inproc_lat, 50),
        "inprocess_p99_ms": pct(inproc_lat, 99),
        "mesh_p50_ms": pct(mesh_lat, 50),
        "mesh_p99_ms": pct(mesh_lat, 99),
        **hop,
    }
