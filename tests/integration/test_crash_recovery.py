"""A retriever process killed with SIGKILL mid-stream and restarted loses no request and publishes
no duplicate result (exactly-once: outputs and offsets commit in one transaction)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

from reasoning_mesh.contracts import results, retrieval
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.settings import KafkaSettings, TritonSettings

from .conftest import collect

N = 120


def spawn_retriever(kafka: KafkaSettings, triton: TritonSettings, home: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "RMESH_HOME": str(home),
        "RMESH_KAFKA__BOOTSTRAP_SERVERS": kafka.bootstrap_servers,
        "RMESH_KAFKA__TOPIC_PREFIX": kafka.topic_prefix,
        "RMESH_KAFKA__TOPIC_PARTITIONS": str(kafka.topic_partitions),
        "RMESH_TRITON__GRPC_URL": triton.grpc_url,
        "RMESH_RETRIEVER_METRICS_PORT": "29111",
        "RMESH_MAX_IN_FLIGHT": "8",
    }
    log = (home / "retriever.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "reasoning_mesh.retriever"], env=env, stdout=log, stderr=subprocess.STDOUT
    )


async def test_sigkill_mid_stream_loses_nothing_duplicates_nothing(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    proc = spawn_retriever(kafka, triton_settings, tmp_path)
    try:
        async with MeshClient(kafka) as mesh:
            reply = results.TOPIC  # a topic the retriever declares (any other is refused)
            async with mesh.subscribe((reply,), model=MeshResult) as live:
                for i in range(N):
                    await mesh.publish(
                        retrieval.TOPIC,
                        RetrievalRequest(
                            request_id=f"c-{i}",
                            query=f"How many litres in {i} millilitres?",
                            reply_to=reply,
                        ),
                        key=f"c-{i}",
                    )
                await collect(live, 10, timeout=120)  # the process is mid-stream now
                proc.send_signal(signal.SIGKILL)
                proc.wait(10)
                proc = spawn_retriever(kafka, triton_settings, tmp_path)
            # Every committed result, from the start of the topic (read_committed).
            async with mesh.subscribe((reply,), model=MeshResult, from_beginning=True) as sub:
                got = [m for _, m in await collect(sub, N, timeout=180)]
                # Anything beyond N would be a duplicate: give it a moment to show up.
                extra = []
                try:
                    extra = await asyncio.wait_for(collect(sub, 1, timeout=5), 6)
                except BaseException:
                    extra = []
    finally:
        proc.terminate()
        proc.wait(30)
    counts = Counter(r.request_id for r in got)
    assert set(counts) == {f"c-{i}" for i in range(N)}, "a request was lost"
    assert max(counts.values()) == 1 and not extra, "a result was published twice"
    assert all(r.status == "ok" for r in got)
