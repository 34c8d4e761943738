"""The overload bench's catch-up measure against the real broker: a group's lag in offsets
when it starts, and the seconds until it is caught up (or what is left at the timeout)."""

from __future__ import annotations

import uuid

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.structs import OffsetAndMetadata

from reasoning_mesh.bench import lag
from reasoning_mesh.runtime.kafka import ensure_topics
from reasoning_mesh.settings import KafkaSettings

pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


async def test_a_group_behind_is_measured_then_seen_caught_up(kafka: KafkaSettings) -> None:
    topic, group = kafka.physical("lag.v1"), f"g{uuid.uuid4().hex[:8]}"
    await ensure_topics(kafka, ["lag.v1"])
    producer = AIOKafkaProducer(**kafka.client_options())
    await producer.start()
    try:
        for i in range(lag.CAUGHT_UP + 30):
            await producer.send_and_wait(topic, f"r{i}".encode(), partition=0)
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer(**kafka.client_options(), group_id=group, enable_auto_commit=False)
    await consumer.start()
    try:
        tp = TopicPartition(topic, 0)
        consumer.assign([tp])
        await consumer.commit({tp: OffsetAndMetadata(10, "")})
        behind = await lag.catch_up(kafka, group, timeout_s=1.0)
        assert behind["lag_at_start"] == lag.CAUGHT_UP + 20 and behind["caught_up_s"] is None
        assert behind["lag_left"] == lag.CAUGHT_UP + 20
        await consumer.commit({tp: OffsetAndMetadata(lag.CAUGHT_UP + 30, "")})
        done = await lag.catch_up(kafka, group, timeout_s=10.0)
        assert done["lag_at_start"] == 0 and done["caught_up_s"] is not None
    finally:
        await consumer.stop()
