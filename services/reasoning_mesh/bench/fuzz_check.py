"""The fuzz bench's checker: which dead letters each bad record must get, the reader that
matches letters to records (by header, and only when faithful: same topic, bytes and trace), and
the counts."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition

from reasoning_mesh.bench import fuzz_records
from reasoning_mesh.bench.chaos_faults import RssSampler
from reasoning_mesh.contracts import (
    adapters,
    dlq,
    feedback,
    kb_documents,
    learner_jobs,
    reasoning,
    requests,
    retrieval,
    steps,
    verifier_inbox,
)
from reasoning_mesh.settings import KafkaSettings

HEADER = "rmesh-fuzz-id"


def expected_letters(topic: str, replicas: dict[str, int]) -> Counter[str]:
    """Service → dead letters one bad record on `topic` must get: one per consumer group that
    reads it. The planner reads adapter events in a group of its own per process (it rebuilds
    its routing table from the topic); the reasoners share one; each retriever replica ingests
    documents into its own store, in its own group."""
    owner = {
        requests.TOPIC: "gateway",
        reasoning.TOPIC: "planner",
        retrieval.TOPIC: "retriever",
        steps.TOPIC: "reasoner",
        verifier_inbox.TOPIC: "verifier",
        feedback.TOPIC: "learner",
        learner_jobs.TOPIC: "learner",
    }
    if topic == adapters.TOPIC:
        return Counter({"planner": replicas.get("planner", 1), "reasoner": 1})
    if topic == kb_documents.TOPIC:
        return Counter({"retriever": replicas.get("retriever", 1)})
    return Counter({owner[topic]: 1})


def traceparent(fid: str) -> tuple[str, bytes]:
    """A W3C trace context per record, so each letter's trace id can be checked."""
    trace = hashlib.sha256(fid.encode()).hexdigest()[:32]
    return trace, f"00-{trace}-{trace[:16]}-01".encode()


@dataclass(frozen=True)
class Sent:
    topic: str  # physical name
    sha256: str
    trace_id: str


class Tally:
    """Reads the DLQ and the results from where they ended before the run, until everything
    expected is there or the time is up. A letter counts for the record it names (its header)
    only when it is faithful: the same source topic, the same bytes (SHA-256), the same trace."""

    def __init__(self, kafka: KafkaSettings, sent: dict[str, Sent]) -> None:
        self.kafka, self.sent = kafka, sent
        self.letters: Counter[tuple[str, str]] = Counter()  # (fuzz id, service) → letters
        self.unfaithful: list[str] = []
        self.reasons: Counter[str] = Counter()
        self.unmarked: list[str | None] = []  # dead letters of records the bench did not spoil
        self.results: Counter[str] = Counter()
        self.statuses: dict[str, str] = {}
        self.retry_after: dict[str, float] = {}

    def found(self) -> int:
        return sum(self.letters.values())

    async def run(self, starts: dict[TopicPartition, int], done: asyncio.Event) -> None:
        consumer = AIOKafkaConsumer(
            **self.kafka.client_options(),
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
            rid = body["request_id"]
            self.results[rid] += 1
            self.statuses[rid] = body["status"]
            if body["status"] == "refused" and body.get("error"):
                self.retry_after[rid] = body["error"].get("retry_after_s") or 0.1
            return
        headers = {k: base64.b64decode(v).decode("utf-8", "replace") for k, v in body.get("headers", [])}
        fid = headers.get(HEADER)
        if fid is None or fid not in self.sent or not body.get("reason"):
            self.unmarked.append(body.get("request_id"))
            return
        want = self.sent[fid]
        if (body["source_topic"], body.get("value_sha256"), body.get("trace_id")) != (
            want.topic,
            want.sha256,
            want.trace_id,
        ):
            self.unfaithful.append(fid)
            return
        self.letters[(fid, body["service"])] += 1
        self.reasons[body["reason"]] += 1


def report(
    bad: list[fuzz_records.FuzzRecord],
    expected: dict[str, Counter[str]],
    tally: Tally,
    current: dict[str, str],
    retries: Counter[str],
    restarts: dict[str, int],
    rss: RssSampler,
    timings: dict[str, float],
) -> dict[str, Any]:
    category = {fid: bad[i].category for i, fid in enumerate(expected)}
    short = [
        (f, svc)
        for f, want in expected.items()
        for svc, n in want.items()
        if tally.letters[(f, svc)] < n
    ]
    over = [
        (f, svc)
        for f, want in expected.items()
        for svc, n in want.items()
        if tally.letters[(f, svc)] > n
    ]
    stray = [k for k in tally.letters if tally.letters[k] and expected[k[0]][k[1]] == 0]
    return {
        "bad_records": len(bad),
        "bad_by_category": dict(Counter(r.category for r in bad)),
        "bad_by_topic": dict(Counter(r.topic for r in bad)),
        "bad_bytes": sum(len(r.value) for r in bad),
        "dead_letters_expected": sum(sum(c.values()) for c in expected.values()),
        "dead_letters_found": tally.found(),
        "bad_not_dead_lettered": len({f for f, _ in short}),
        "bad_not_dead_lettered_by_category": dict(Counter(category[f] for f, _ in short)),
        "dead_letters_duplicated": len(over),
        "dead_letters_duplicated_by_category": dict(Counter(category[f] for f, _ in over)),
        "dead_letters_from_an_unexpected_service": len(stray),
        "dead_letters_unfaithful": len(tally.unfaithful),
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
