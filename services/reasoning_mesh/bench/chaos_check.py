"""The chaos bench's invariant checker: reads what the mesh committed, as any foreign client would
(read_committed, from the beginning), and counts what was lost, duplicated, different from the
calm run, left in an open transaction, or dead-lettered without being poison."""

from __future__ import annotations

import base64
from collections import Counter
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition

from reasoning_mesh.contracts import dlq, results
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.topics import TOPICS
from reasoning_mesh.runtime.codec import decode
from reasoning_mesh.runtime.kafka import partitions_of, read_to_end
from reasoning_mesh.settings import KafkaSettings


async def read_all(kafka: KafkaSettings, topic: str) -> list[bytes]:
    """Every committed record value of a topic."""
    return [r.value async for r in read_to_end(kafka, kafka.physical(topic)) if r.value is not None]


async def open_transactions(kafka: KafkaSettings, topics: list[str]) -> int:
    """Partitions whose last stable offset trails their high watermark: a transaction left open.

    High watermarks are read first: offsets only grow, so a partition still being written
    outside transactions (the analytics service publishes every second) has a last stable
    offset, read after, at or past its earlier high watermark; only an open transaction keeps
    it below."""
    ends: dict[str, dict[TopicPartition, int]] = {}
    for isolation in ("read_uncommitted", "read_committed"):
        consumer = AIOKafkaConsumer(**kafka.client_options(), isolation_level=isolation)
        await consumer.start()
        try:
            parts = [
                TopicPartition(kafka.physical(t), p)
                for t in topics
                for p in await partitions_of(kafka, kafka.physical(t))
            ]
            ends[isolation] = await consumer.end_offsets(parts)
        finally:
            await consumer.stop()
    return sum(ends["read_committed"][tp] < hw for tp, hw in ends["read_uncommitted"].items())


def _key(letter: DeadLetter) -> str:
    return base64.b64decode(letter.key_b64).decode("utf-8", "replace") if letter.key_b64 else ""


def outcome(result: MeshResult) -> tuple[Any, ...]:
    """What must be identical between the calm and the chaos run of the same request."""
    evidence = tuple(e.doc_id for e in result.evidence or ())
    return (result.status, result.answer, evidence)


def _last(attempts: dict[str, list[str]], rid: str) -> str:
    return attempts.get(rid, [rid])[-1]


def judge(
    found: list[MeshResult],
    calm: dict[str, str],
    chaos: dict[str, str],
    attempts: dict[str, list[str]],
) -> dict[str, Any]:
    """The results' invariants, from the committed results `found`. `calm`/`chaos`: request id
    → the question key both runs share. `attempts`: request id → the ids it was sent under (a
    refused request goes out again under a new id); each attempt must have exactly one terminal
    result, every attempt but the last a refusal, and the last an answer."""
    counts: Counter[str] = Counter(r.request_id for r in found)
    final = {r.request_id: r for r in found}
    every = [a for rid in (*calm, *chaos) for a in attempts.get(rid, [rid])]
    earlier = [a for rid in (*calm, *chaos) for a in attempts.get(rid, [rid])[:-1]]
    last = {rid: final[_last(attempts, rid)] for rid in (*calm, *chaos) if _last(attempts, rid) in final}
    answered = {rid: r for rid, r in last.items() if r.status != "refused"}
    calm_by_key = {calm[rid]: outcome(answered[rid]) for rid in calm if rid in answered}
    compared = [rid for rid, key in chaos.items() if rid in answered and key in calm_by_key]
    mismatched = [rid for rid in compared if outcome(answered[rid]) != calm_by_key[chaos[rid]]]
    return {
        # Lost: no answer for the request's last attempt (none at all, or still refused).
        "lost": sum(rid not in answered for rid in chaos),
        "duplicated": sum(counts[a] > 1 for a in every),
        "mismatched": len(mismatched),
        # What the requests came to: a run where everything was refused would match trivially.
        "calm_statuses": dict(Counter(answered[rid].status for rid in calm if rid in answered)),
        "chaos_statuses": dict(Counter(answered[rid].status for rid in chaos if rid in answered)),
        "compared_with_calm": len(compared),
        "mismatched_examples": [
            {
                "request_id": rid,
                "chaos": list(outcome(answered[rid])),
                "calm": calm_by_key.get(chaos[rid]),
            }
            for rid in mismatched[:10]
        ],
        "calm_lost": sum(rid not in answered for rid in calm),
        # Admission: attempts refused and sent again; each must have been answered `refused`.
        "refused_attempts_calm": sum(len(attempts.get(rid, [rid])) - 1 for rid in calm),
        "refused_attempts_faults": sum(len(attempts.get(rid, [rid])) - 1 for rid in chaos),
        "retried_without_refusal": sum(a not in final or final[a].status != "refused" for a in earlier),
    }


async def check(
    kafka: KafkaSettings,
    calm: dict[str, str],
    chaos: dict[str, str],
    poison: set[str],
    attempts: dict[str, list[str]],
) -> dict[str, Any]:
    """`judge` on what the results topic holds, and the topics' own invariants: no open
    transaction, only the injected poison in the DLQ, no dead letter twice."""
    found = [decode(raw, MeshResult, 16 * 1024 * 1024) for raw in await read_all(kafka, results.TOPIC)]
    letters = [decode(raw, DeadLetter, 16 * 1024 * 1024) for raw in await read_all(kafka, dlq.TOPIC)]
    # A dead letter is one consumed record's: the same (topic, partition, offset) twice is a
    # duplicate, whatever its key says.
    origins = Counter((d.source_topic, d.partition, d.offset) for d in letters)
    keys = [_key(d) for d in letters]
    return {
        **judge(found, calm, chaos, attempts),
        "open_transactions": await open_transactions(kafka, [t.name for t in TOPICS]),
        "dlq_records": len(letters),
        "dlq_duplicated": sum(n > 1 for n in origins.values()),
        "dlq_poison_found": len(poison & set(keys)),
        "dlq_unexpected": sum(k not in poison for k in keys),
        "dlq_unexpected_reasons": dict(Counter(d.reason for d in letters if _key(d) not in poison)),
    }
