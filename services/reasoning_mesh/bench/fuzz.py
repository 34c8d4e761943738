"""`rmesh bench fuzz`: generated bad records on every stage's input topic, interleaved with valid
requests, through the user's stack (`rmesh up`, its own home and ports). Then the counts: every
bad record dead-lettered with a reason by each consumer group that reads its topic, once; every
valid request answered exactly once; no process restarted.

Each record carries a `rmesh-fuzz-id` header; the DLQ keeps headers verbatim, so a dead letter
is matched to the record it came from without trusting its (possibly unreadable) body."""

from __future__ import annotations

import asyncio
import base64
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
from reasoning_mesh.contracts import adapters, dlq, kb_documents, requests, results
from reasoning_mesh.errors import InfraError
from reasoning_mesh.runtime.kafka import partitions_of
from reasoning_mesh.settings import KafkaSettings

HEADER = "rmesh-fuzz-id"


def consumers_of(topic: str, replicas: dict[str, int]) -> int:
    """Consumer groups reading `topic`: the adapters topic has two (planner, reasoner); each
    retriever replica ingests documents into its own store, in its own group."""
    if topic == adapters.TOPIC:
        return 2
    if topic == kb_documents.TOPIC:
        return replicas.get("retriever", 1)
    return 1


def parse_replicas(spec: str) -> dict[str, int]:
    return {k: int(v) for k, v in (p.split("=") for p in spec.split(",") if p)}


async def end_offsets(kafka: KafkaSettings, topic: str) -> dict[TopicPartition, int]:
    consumer = AIOKafkaConsumer(bootstrap_servers=kafka.bootstrap_servers)
    await consumer.start()
    try:
        name = kafka.physical(topic)
        parts = [TopicPartition(name, p) for p in await partitions_of(kafka, name)]
        ends: dict[TopicPartition, int] = await consumer.end_offsets(parts)
        return ends
    finally:
        await consumer.stop()


class Tally:
    """Reads the DLQ and the results from where they ended before the run, until everything
    expected is there or the time is up."""

    def __init__(self, kafka: KafkaSettings) -> None:
        self.kafka = kafka
        self.letters: Counter[str] = Counter()  # fuzz id → dead letters of it
        self.reasons: Counter[str] = Counter()
        self.unmarked: list[str | None] = []  # dead letters of records the bench did not spoil
        self.results: Counter[str] = Counter()
        self.statuses: dict[str, str] = {}

    async def run(self, starts: dict[TopicPartition, int], done: asyncio.Event) -> None:
        consumer = AIOKafkaConsumer(
            bootstrap_servers=self.kafka.bootstrap_servers,
            isolation_level="read_committed",
            enable_auto_commit=False,
            max_partition_fetch_bytes=16 * 1024 * 1024,
            fetch_max_bytes=64 * 1024 * 1024,
        )
        await consumer.start()
        try:
            consumer.assign(list(starts))
            for tp, offset in starts.items():
                consumer.seek(tp, offset)
            dlq_name = self.kafka.physical(dlq.TOPIC)
            while not done.is_set():
                batches = await consumer.getmany(timeout_ms=500, max_records=2000)
                for tp, recs in batches.items():
                    for r in recs:
                        self._count(r.value or b"", tp.topic == dlq_name)
        finally:
            await consumer.stop()

    def _count(self, raw: bytes, is_letter: bool) -> None:
        body = json.loads(raw)
        if not is_letter:
            self.results[body["request_id"]] += 1
            self.statuses[body["request_id"]] = body["status"]
            return
        headers = {k: base64.b64decode(v).decode() for k, v in body.get("headers", [])}
        fid = headers.get(HEADER)
        if fid is None or not body.get("reason"):
            self.unmarked.append(body.get("request_id"))
            return
        self.letters[fid] += 1
        self.reasons[body["reason"]] += 1


async def send_all(
    kafka: KafkaSettings, bad: list[fuzz_records.FuzzRecord], valid: list[bytes], nonce: str
) -> None:
    producer = AIOKafkaProducer(
        bootstrap_servers=kafka.bootstrap_servers,
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
            header = [(HEADER, f"{nonce}-{i}".encode())]
            topic = kafka.physical(rec.topic)
            pending.append(await producer.send(topic, rec.value, key=f"fz-{i}".encode(), headers=header))
            if len(pending) >= 200:  # bounded in flight: the broker sets the pace
                await asyncio.gather(*pending)
                pending.clear()
        await asyncio.gather(*pending)
    finally:
        await producer.stop()


def report(
    bad: list[fuzz_records.FuzzRecord],
    expected: dict[str, int],
    tally: Tally,
    current: dict[str, str],
    retries: Counter[str],
    restarts: dict[str, int],
    rss: RssSampler,
    timings: dict[str, float],
) -> dict[str, Any]:
    category = {fid: bad[i].category for i, fid in enumerate(expected)}
    missing = Counter(category[f] for f, n in expected.items() if tally.letters[f] < n)
    extra = Counter(category[f] for f, n in expected.items() if tally.letters[f] > n)
    return {
        "bad_records": len(bad),
        "bad_by_category": dict(Counter(r.category for r in bad)),
        "bad_by_topic": dict(Counter(r.topic for r in bad)),
        "bad_bytes": sum(len(r.value) for r in bad),
        "dead_letters_expected": sum(expected.values()),
        "dead_letters_found": sum(tally.letters.values()),
        "bad_not_dead_lettered": sum(missing.values()),
        "bad_not_dead_lettered_by_category": dict(missing),
        "dead_letters_duplicated": sum(extra.values()),
        "dead_letters_duplicated_by_category": dict(extra),
        "dead_letters_unexpected": len(tally.unmarked),
        "dlq_reasons": dict(tally.reasons),
        "valid_requests": len(current),
        "valid_answered": sum(tally.results[c] > 0 for c in current.values()),
        "valid_answered_twice": sum(tally.results[c] > 1 for c in current.values()),
        "valid_lost": sum(tally.results[c] == 0 for c in current.values()),
        "valid_statuses": dict(
            Counter(tally.statuses[c] for c in current.values() if c in tally.statuses)
        ),
        "valid_refused_then_sent_again": sum(retries.values()),
        "process_restarts": sum(restarts.values()),
        "restarts_by_process": {k: v for k, v in restarts.items() if v},
        "max_rss_mb_by_service": {k: round(v, 1) for k, v in rss.peak.items()},
        **{k: round(v, 1) for k, v in timings.items()},
    }


async def resend(kafka: KafkaSettings, bodies: list[dict[str, Any]]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=kafka.bootstrap_servers, acks="all")
    await producer.start()
    try:
        for body in bodies:
            await producer.send_and_wait(kafka.physical(requests.TOPIC), json.dumps(body).encode())
    finally:
        await producer.stop()


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
        up = stack.rmesh("up", *(("--replicas", replicas) if replicas else ()), timeout=900)
        if up.returncode != 0:
            raise InfraError(f"rmesh up failed:\n{up.stdout}{up.stderr}")
        ingest = stack.rmesh("kb", "ingest", timeout=600)
        if ingest.returncode != 0:
            raise InfraError(f"rmesh kb ingest failed:\n{ingest.stdout}{ingest.stderr}")
        kafka = KafkaSettings(bootstrap_servers=stack.bootstrap_servers())
        procs = await asyncio.to_thread(stack.processes)  # probes run their own loops
        before = {f"{p['name']}-{p['replica']}": p["restarts"] for p in procs}
        starts = await end_offsets(kafka, dlq.TOPIC) | await end_offsets(kafka, results.TOPIC)
        tally, done = Tally(kafka), asyncio.Event()
        reader = asyncio.create_task(tally.run(starts, done))
        rmap = parse_replicas(replicas)
        expected = {f"{nonce}-{i}": consumers_of(r.topic, rmap) for i, r in enumerate(bad)}
        t1 = time.monotonic()
        await send_all(kafka, bad, valid, nonce)
        send_s = time.monotonic() - t1

        # A valid request refused for capacity is sent again after its retry_after_s, under a
        # new id (as a user would): what counts is its last attempt's result.
        valid_by_id = {json.loads(v)["id"]: json.loads(v) for v in valid}
        current, retries = {i: i for i in valid_by_id}, Counter[str]()

        def complete() -> bool:
            answered = all(tally.statuses.get(c, "refused") != "refused" for c in current.values())
            found = sum(n for n in tally.letters.values())
            return answered and found >= sum(expected.values())

        while not complete() and time.monotonic() - t1 < timeout_s:
            rss.sample(await asyncio.to_thread(stack.processes))
            again = [o for o, c in current.items() if tally.statuses.get(c) == "refused"]
            for original in again:
                retries[original] += 1
                current[original] = f"{original}.r{retries[original]}"
            if again:
                await resend(kafka, [{**valid_by_id[o], "id": current[o]} for o in again])
            await asyncio.sleep(2)
        await asyncio.sleep(5)  # anything late (a duplicate) is counted too
        drain_s = time.monotonic() - t1
        done.set()
        await reader
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
