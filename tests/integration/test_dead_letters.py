"""Every class of bad input on Kafka ends in the DLQ with its reason, raw bytes and trace id, a
readable request id also gets a `failed` result, and nothing behind it is blocked."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from aiokafka import AIOKafkaProducer

from reasoning_mesh.contracts import dlq, requests, results
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.gateway.settings import TenantLimit
from reasoning_mesh.settings import KafkaSettings, TritonSettings

from .conftest import collect, running
from .helpers import gateway_stage, retriever_stages

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01".encode()

BAD = {
    "malformed": (b'{"id": "bad-1", "query": ', "invalid_message"),
    "wrong-types": (
        json.dumps({"id": "bad-2", "query": "q", "top_k": "lots"}).encode(),
        "invalid_message",
    ),
    "future-version": (
        json.dumps({"id": "bad-3", "query": "q", "schema_version": 99}).encode(),
        "unknown_schema_version",
    ),
    "oversized": (json.dumps({"id": "bad-4", "query": "x" * 4000}).encode(), "oversized"),
    "empty-question": (json.dumps({"id": "bad-5", "query": "  "}).encode(), "invalid_message"),
    "unknown-tenant": (
        json.dumps({"id": "bad-6", "query": "q", "tenant": "ghost"}).encode(),
        "unknown_tenant",
    ),
    "not-an-object": (b'"just a string"', "invalid_message"),
}


async def test_each_bad_input_class_is_dead_lettered(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    kafka = kafka.model_copy(update={"max_message_bytes": 2048})
    stages, _, client = retriever_stages(kafka, triton_settings, tmp_path)
    gateway = gateway_stage(kafka, tmp_path, {"default": TenantLimit(rate=0)})
    producer = AIOKafkaProducer(bootstrap_servers=kafka.bootstrap_servers)
    await producer.start()
    async with (
        running([*stages, gateway]),
        MeshClient(kafka) as mesh,
        mesh.subscribe((dlq.TOPIC,)) as letters,
        mesh.subscribe((results.TOPIC,)) as outcomes,
    ):
        for name, (raw, _) in BAD.items():
            await producer.send_and_wait(
                kafka.physical(requests.TOPIC),
                raw,
                key=name.encode(),
                headers=[("traceparent", TRACEPARENT)],
            )
        # A good request behind the poison ones is still served.
        await mesh.submit(MeshRequest(id="good-1", kind="retrieve", query="grams in a kg"))
        got = {m.key_b64: m for _, m in await collect(letters, len(BAD))}
        answers = {m.request_id: m for _, m in await collect(outcomes, 6)}
    await producer.stop()
    await client.close()

    for name, (raw, reason) in BAD.items():
        letter = got[base64.b64encode(name.encode()).decode()]
        assert isinstance(letter, DeadLetter)
        assert letter.reason == reason, (name, letter.message)
        assert base64.b64decode(letter.value_b64) == raw
        assert letter.trace_id == TRACE_ID
        assert letter.service == "gateway" and letter.source_topic.endswith(requests.TOPIC)
    assert answers["good-1"].status == "ok"
    # Readable ids get a typed failure instead of silence; the malformed one had no readable id.
    for rid in ("bad-2", "bad-3", "bad-4", "bad-5", "bad-6"):
        assert answers[rid].status == "failed" and answers[rid].error is not None
    assert answers["bad-6"].error.code == "unknown_tenant"
