"""`rmesh bench restore`: how long a verifier takes to restore its state, with all of history kept
(every finished request's last state, as before tombstones) and with finished requests
tombstoned, before and after the broker's log cleaner has compacted the topic (superseded states
and, once `delete.retention.ms` has passed, the tombstones themselves dropped).

Each phase restores every partition of a fresh state topic into an empty store (what a verifier
assigned every partition does), side by side in one run."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from aiokafka import AIOKafkaProducer

from reasoning_mesh.contracts import verifier_state
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.runtime.codec import encode
from reasoning_mesh.runtime.kafka import ensure_topics, make_producer
from reasoning_mesh.settings import MeshSettings
from reasoning_mesh.verifier.machine import Machine
from reasoning_mesh.verifier.store import StateStore

QUESTION = "Let h = 12 + 30. Let k be h - 2. Let m = k + 5. Solve m*x = 90 for x."


async def _restore(kafka: Any) -> dict[str, Any]:
    store = StateStore()
    started = time.perf_counter()
    read = await store.restore(kafka)
    return {"restore_s": round(time.perf_counter() - started, 3), "records_read": read, **store.counts()}


async def _send(producer: AIOKafkaProducer, topic: str, items: list[tuple[str, bytes | None]]) -> None:
    for key, value in items:
        await producer.send(topic, value=value, key=key.encode())
    await producer.flush()


async def run_restore_bench(
    settings: MeshSettings, finished: int = 10_000, open_: int = 100, partitions: int = 12
) -> dict[str, Any]:
    kafka = settings.kafka.model_copy(
        update={
            "topic_prefix": f"bench-restore-{uuid.uuid4().hex[:8]}.",
            "topic_partitions": partitions,
            # Roll often and keep tombstones briefly, so the cleaner runs within the bench.
            "compacted_segment_ms": 1_000,
            "compacted_tombstone_ms": 1_000,
        }
    )
    await ensure_topics(kafka, (verifier_state.TOPIC,))
    topic = kafka.physical(verifier_state.TOPIC)
    template, _ = Machine.start("r", "bench", plan_question(QUESTION), now=time.time(), inbox="inbox")
    done = template.model_copy(update={"phase": "done", "status": "verified", "answer": "2"})

    def state(rid: str, finished_: bool) -> bytes:
        return encode((done if finished_ else template).model_copy(update={"request_id": rid}))

    producer = make_producer(kafka, "bench-restore")
    await producer.start()
    try:
        ids = [f"f-{i}" for i in range(finished)]
        await _send(producer, topic, [(rid, state(rid, True)) for rid in ids])
        await _send(producer, topic, [(f"o-{i}", state(f"o-{i}", False)) for i in range(open_)])
        history = await _restore(kafka)
        await _send(producer, topic, [(rid, None) for rid in ids])  # the verifier's tombstones
        tombstoned = await _restore(kafka)
        # Roll the active segments (segment.ms passed: the next append rolls), then give the
        # cleaner time; the compacted log keeps open states and the tombstones only.
        await asyncio.sleep(1.5)
        await _send(producer, topic, [(f"roll-{p}", None) for p in range(partitions * 4)])
        compacted = tombstoned
        for i in range(80):  # the cleaner runs every 15 s; tombstones go on a later pass
            await asyncio.sleep(3)
            if i % 10 == 9:  # roll again: what the last pass left in the active segment
                await _send(producer, topic, [(f"roll-{p}", None) for p in range(partitions * 4)])
            compacted = await _restore(kafka)
            if compacted["records_read"] <= open_ + partitions * 8:
                break
    finally:
        await producer.stop()
    return {
        "finished_requests": finished,
        "open_requests": open_,
        "partitions": partitions,
        "state_bytes": {"open": len(state("o-0", False)), "finished": len(state("f-0", True))},
        "history_kept": history,
        "tombstoned_before_compaction": tombstoned,
        "tombstoned_after_compaction": compacted,
        "restore_ratio_history_vs_compacted": round(
            history["restore_s"] / max(compacted["restore_s"], 1e-6), 2
        ),
    }
