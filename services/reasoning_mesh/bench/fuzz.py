"""`rmesh bench fuzz`: generated bad records on every stage's input topic, interleaved with valid
requests, through the user's stack (`rmesh up`, its own home and ports). Then the counts: every
bad record dead-lettered with a reason by each consumer group that reads its topic, once; every
valid request answered exactly once; no process restarted.

Each record carries a `rmesh-fuzz-id` header; the DLQ keeps headers verbatim, so a dead letter
is matched to the record it came from without trusting its (possibly unreadable) body."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from reasoning_mesh.bench import fuzz_records
from reasoning_mesh.bench.chaos import generated_questions
from reasoning_mesh.bench.chaos_faults import ChaosStack, RssSampler
from reasoning_mesh.bench.fuzz_check import HEADER, Sent, Tally, expected_letters, report, traceparent
from reasoning_mesh.bench.overload import sample_rss
from reasoning_mesh.contracts import (
    dlq,
    requests,
    results,
)
from reasoning_mesh.runtime.kafka import partitions_of
from reasoning_mesh.settings import KafkaSettings


def parse_replicas(spec: str) -> dict[str, int]:
    return {k: int(v) for k, v in (p.split("=") for p in spec.split(",") if p)}


async def end_offsets(kafka: KafkaSettings, topic: str) -> dict[TopicPartition, int]:
    consumer = AIOKafkaConsumer(**kafka.client_options())
    await consumer.start()
    try:
        name = kafka.physical(topic)
        parts = [TopicPartition(name, p) for p in await partitions_of(kafka, name)]
        ends: dict[TopicPartition, int] = await consumer.end_offsets(parts)
        return ends
    finally:
        await consumer.stop()


async def send_all(
    kafka: KafkaSettings, bad: list[fuzz_records.FuzzRecord], valid: list[bytes], nonce: str
) -> None:
    producer = AIOKafkaProducer(
        **kafka.client_options(),
        acks="all",
        max_request_size=8 * 1024 * 1024,
        linger_ms=5,
    )
    await producer.start()
    try:
        every = max(1, len(bad) // max(1, len(valid)))
        pending = []
        for i, rec in enumerate(bad):
            if i % every == 0 and i // every < len(valid):
                pending.append(await producer.send(kafka.physical(requests.TOPIC), valid[i // every]))
            fid = f"{nonce}-{i}"
            header = [(HEADER, fid.encode()), ("traceparent", traceparent(fid)[1])]
            topic = kafka.physical(rec.topic)
            pending.append(await producer.send(topic, rec.value, key=f"fz-{i}".encode(), headers=header))
            if len(pending) >= 200:  # bounded in flight: the broker sets the pace
                await asyncio.gather(*pending)
                pending.clear()
        await asyncio.gather(*pending)
    finally:
        await producer.stop()


async def resend(kafka: KafkaSettings, bodies: list[dict[str, Any]]) -> None:
    producer = AIOKafkaProducer(**kafka.client_options(), acks="all")
    await producer.start()
    try:
        for body in bodies:
            await producer.send_and_wait(kafka.physical(requests.TOPIC), json.dumps(body).encode())
    finally:
        await producer.stop()


async def answer_all(
    kafka: KafkaSettings,
    tally: Tally,
    valid: list[bytes],
    expected: dict[str, Counter[str]],
    deadline: float,
) -> tuple[dict[str, str], Counter[str]]:
    """Until every letter is in and every valid request answered (or `deadline`). A valid
    request refused for capacity is sent again after its retry_after_s, under a new id (as a
    user would): what counts is its last attempt's result. Returns original → last id."""
    valid_by_id = {json.loads(v)["id"]: json.loads(v) for v in valid}
    current, retries = {i: i for i in valid_by_id}, Counter[str]()
    total = sum(sum(c.values()) for c in expected.values())
    due: dict[str, float] = {}  # refused original id → when to send it again

    def complete() -> bool:
        answered = all(tally.statuses.get(c, "refused") != "refused" for c in current.values())
        return answered and tally.found() >= total

    while not complete() and time.monotonic() < deadline:
        now = time.monotonic()
        for o, c in current.items():
            if tally.statuses.get(c) == "refused" and o not in due:
                due[o] = now + tally.retry_after.get(c, 0.1)
        again = [o for o, when in due.items() if when <= now]
        for original in again:
            del due[original]
            retries[original] += 1
            current[original] = f"{original}.r{retries[original]}"
        if again:
            await resend(kafka, [{**valid_by_id[o], "id": current[o]} for o in again])
        await asyncio.sleep(0.2)
    return current, retries


async def run_fuzz_bench(
    home: Path,
    n_bad: int = 10_000,
    n_valid: int = 200,
    replicas: str = "",
    timeout_s: float = 1800,
    seed: int = 11,
) -> dict[str, Any]:
    stack = ChaosStack(home)
    rss = RssSampler()
    nonce = uuid.uuid4().hex[:8]
    t0 = time.monotonic()
    bad = await asyncio.to_thread(fuzz_records.generate, n_bad, KafkaSettings().max_message_bytes, seed)
    generate_s = time.monotonic() - t0
    questions = generated_questions(random.Random(seed), 50)
    valid = fuzz_records.valid_requests(questions, n_valid, f"ok-{nonce}", random.Random(seed))
    try:
        stack.must("up", *(("--replicas", replicas) if replicas else ()))
        stack.must("kb", "ingest", timeout=600)
        kafka = KafkaSettings(bootstrap_servers=stack.bootstrap_servers())
        procs = await asyncio.to_thread(stack.processes)  # probes run their own loops
        before = {f"{p['name']}-{p['replica']}": p["restarts"] for p in procs}
        starts = await end_offsets(kafka, dlq.TOPIC) | await end_offsets(kafka, results.TOPIC)
        rmap = parse_replicas(replicas)
        fids = [f"{nonce}-{i}" for i in range(len(bad))]
        expected = {f: expected_letters(r.topic, rmap) for f, r in zip(fids, bad, strict=True)}
        sent = {
            f: Sent(kafka.physical(r.topic), hashlib.sha256(r.value).hexdigest(), traceparent(f)[0])
            for f, r in zip(fids, bad, strict=True)
        }
        tally, done, stop = Tally(kafka, sent), asyncio.Event(), asyncio.Event()
        reader = asyncio.create_task(tally.run(starts, done))
        sampler = asyncio.create_task(sample_rss(stack, rss, stop))  # sending included
        t1 = time.monotonic()
        await send_all(kafka, bad, valid, nonce)
        send_s = time.monotonic() - t1

        current, retries = await answer_all(kafka, tally, valid, expected, t1 + timeout_s)
        await asyncio.sleep(5)  # anything late (a duplicate) is counted too
        drain_s = time.monotonic() - t1
        done.set()
        stop.set()
        await asyncio.gather(reader, sampler)
        after = await asyncio.to_thread(stack.processes)
        rss.sample(after)
        restarts = {
            f"{p['name']}-{p['replica']}": p["restarts"] - before.get(f"{p['name']}-{p['replica']}", 0)
            for p in after
        }
        timings = {"generate_s": generate_s, "send_s": send_s, "until_all_handled_s": drain_s}
        return report(bad, expected, tally, current, retries, restarts, rss, timings) | {
            "replicas": replicas or "one of each",
            "seed": seed,
        }
    finally:
        stack.rmesh("down", timeout=600)
