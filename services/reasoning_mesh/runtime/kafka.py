"""Kafka client factories and topic administration (aiokafka)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRecord, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaConnectionError, KafkaError, TopicAlreadyExistsError

from reasoning_mesh.errors import DependencyUnavailableError
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)


def make_producer(
    kafka: KafkaSettings, client_id: str, transactional_id: str | None = None
) -> AIOKafkaProducer:
    # acks=all + idempotence: an acknowledged record is on every in-sync replica exactly once.
    return AIOKafkaProducer(
        **kafka.client_options(),
        client_id=client_id,
        acks="all",
        enable_idempotence=True,
        transactional_id=transactional_id,
        linger_ms=1,
        max_request_size=kafka.request_bytes,
        request_timeout_ms=30_000,
    )


def make_consumer(
    kafka: KafkaSettings,
    *topics: str,
    group_id: str | None,
    client_id: str,
    max_poll_records: int = 64,
    max_poll_interval_ms: int = 300_000,
) -> AIOKafkaConsumer:
    return AIOKafkaConsumer(
        *topics,
        **kafka.client_options(),
        group_id=group_id,
        client_id=client_id,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        # Only see records whose producing transaction committed.
        isolation_level="read_committed",
        max_poll_records=max_poll_records,
        max_poll_interval_ms=max_poll_interval_ms,
        # How long a rebalance waits for members to finish their callbacks (restore, drain) and
        # rejoin. aiokafka's default is the session timeout (10 s): a restore longer than that
        # drops the member from the group mid-assignment. The Java client uses the poll
        # interval, the time a record may take: so do we.
        rebalance_timeout_ms=max_poll_interval_ms,
        # A read_committed fetch is not woken by a transaction marker; a short wait bounds the
        # per-hop latency that adds (loopback polls are cheap).
        fetch_max_wait_ms=kafka.fetch_max_wait_ms,
        max_partition_fetch_bytes=kafka.fetch_bytes,
        session_timeout_ms=10_000,
        heartbeat_interval_ms=1_000,
    )


def topic_configs(kafka: KafkaSettings, name: str) -> dict[str, str]:
    """The broker configs a (physical) topic of the mesh is created with; Strimzi's
    `KafkaTopic`s (`rmesh k8s generate`) carry the same."""
    from reasoning_mesh.contracts.topics import BY_NAME  # registry imports every contract

    spec = BY_NAME.get(kafka.logical(name))
    out: dict[str, str] = {}
    if kafka.replication_factor >= 3:
        # acks=all then waits for two copies: one broker may die without losing a record.
        out["min.insync.replicas"] = "2"
    if spec is not None and spec.compacted:
        # Roll and clean segments often enough that tombstoned keys really leave the log
        # (the active segment is never compacted), so restores follow live keys only.
        out |= {
            "cleanup.policy": "compact",
            "segment.ms": str(kafka.compacted_segment_ms),
            "min.cleanable.dirty.ratio": "0.1",
            "delete.retention.ms": str(kafka.compacted_tombstone_ms),
        }
        if spec.retention_ms is not None:
            out |= {"cleanup.policy": "compact,delete", "retention.ms": str(spec.retention_ms)}
    return out


async def ensure_topics(
    kafka: KafkaSettings, names: Iterable[str], *, partitions: int | None = None
) -> None:
    """Create the (logical) topics that do not exist yet; existing ones are left alone."""
    wanted = sorted({kafka.physical(n) for n in names})
    admin = AIOKafkaAdminClient(**kafka.client_options(), request_timeout_ms=15_000)
    try:
        await admin.start()
    except KafkaConnectionError as exc:
        raise DependencyUnavailableError(f"Kafka at {kafka.bootstrap_servers}: {exc}") from exc
    try:
        existing = set(await admin.list_topics())
        missing = [n for n in wanted if n not in existing]
        if not missing:
            return
        new = [
            NewTopic(
                n,
                num_partitions=partitions or kafka.topic_partitions,
                replication_factor=kafka.replication_factor,
                topic_configs=topic_configs(kafka, n),
            )
            for n in missing
        ]
        try:
            await admin.create_topics(new)
        except TopicAlreadyExistsError:
            pass  # another process created it between our list and create
        except KafkaError as exc:
            if "TopicAlreadyExists" not in repr(exc):
                raise
        # Metadata propagates asynchronously even on one broker; wait until every topic is listed.
        for _ in range(50):
            if set(missing) <= set(await admin.list_topics()):
                return
            await asyncio.sleep(0.1)
    finally:
        await admin.close()


async def partitions_of(kafka: KafkaSettings, topic: str) -> list[int]:
    admin = AIOKafkaAdminClient(**kafka.client_options())
    await admin.start()
    try:
        (described,) = await admin.describe_topics([topic])
        return sorted(p["partition"] for p in described["partitions"])
    finally:
        await admin.close()


async def read_to_end(
    kafka: KafkaSettings, topic: str, partitions: Iterable[int] | None = None
) -> AsyncIterator[ConsumerRecord[bytes, bytes]]:
    """Every committed record of a (physical) topic's `partitions` (all: None), from the
    beginning to the end as of the call: a compacted topic read back as a table. With
    read_committed the end is the last stable offset, so no open transaction is waited on."""
    if partitions is None:
        partitions = await partitions_of(kafka, topic)
    parts = [TopicPartition(topic, p) for p in sorted(set(partitions))]
    if not parts:
        return
    consumer = AIOKafkaConsumer(
        **kafka.client_options(),
        isolation_level="read_committed",
        enable_auto_commit=False,
        max_partition_fetch_bytes=kafka.fetch_bytes,
    )
    await consumer.start()
    try:
        consumer.assign(parts)
        await consumer.seek_to_beginning(*parts)
        ends = await consumer.end_offsets(parts)
        remaining = {tp for tp in parts if ends[tp] > 0}
        while remaining:
            batch = await consumer.getmany(*remaining, timeout_ms=500)
            for records in batch.values():
                for r in records:
                    yield r
            for tp in list(remaining):
                if await consumer.position(tp) >= ends[tp]:
                    remaining.discard(tp)
    finally:
        await consumer.stop()
