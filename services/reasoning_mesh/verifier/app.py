"""Verifier process: wiring only. `python -m reasoning_mesh.verifier`."""

from __future__ import annotations

import asyncio

from aiokafka import TopicPartition

from reasoning_mesh.contracts import feedback, results, retrieval, steps, verifier_inbox, verifier_state
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import InfraError
from reasoning_mesh.runtime.kafka import ensure_topics, partitions_of
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.runtime.subscribers import Subscriber, stage
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.verifier.handlers import VerifierHandlers
from reasoning_mesh.verifier.settings import VerifierSettings
from reasoning_mesh.verifier.store import StateStore

SERVICE = "verifier"


def build_stage(
    settings: VerifierSettings, store: StateStore, group_prefix: str = "rmesh"
) -> Stage[VerifierInput]:
    handlers = VerifierHandlers(
        store, verifier_inbox.TOPIC, settings.exit_threshold, settings.publish_feedback
    )
    kafka = settings.kafka

    async def restore(tps: set[TopicPartition]) -> None:
        # Before any input of these partitions is handled: their state as committed.
        await store.restore(kafka, {tp.partition for tp in tps})

    async def forget(tps: set[TopicPartition]) -> None:
        store.drop(tp.partition for tp in tps)

    verify = Subscriber(
        "verify",
        verifier_inbox.TOPIC,
        VerifierInput,
        handlers.on_input,
        group="verifier",
        outputs=(steps.TOPIC, retrieval.TOPIC, results.TOPIC, verifier_state.TOPIC, feedback.TOPIC),
        on_failure=handlers.on_failure,
        on_assign=restore,
        on_revoke=forget,
        max_in_flight=settings.max_in_flight,
        # The state machine is deterministic: a transient failure is retried once, then the
        # request is failed visibly (retrying a pure function more would not help).
        retry_attempts=2,
    )
    return stage(SERVICE, settings, group_prefix, verify)


async def check_copartitioned(kafka: KafkaSettings) -> None:
    """State is scoped by partition number: the inbox and state topics must agree on the count."""
    await ensure_topics(kafka, (verifier_inbox.TOPIC, verifier_state.TOPIC))
    # Replicas start together: a topic another one just created may not be in the metadata yet.
    for _ in range(20):
        inbox = await partitions_of(kafka, kafka.physical(verifier_inbox.TOPIC))
        state = await partitions_of(kafka, kafka.physical(verifier_state.TOPIC))
        if inbox and state:
            break
        await asyncio.sleep(0.5)
    if len(inbox) != len(state):
        raise InfraError(
            f"{verifier_inbox.TOPIC} has {len(inbox)} partitions and {verifier_state.TOPIC} "
            f"{len(state)}: they must be equal (the verifier's state is partition-scoped)"
        )


async def main() -> None:
    settings = VerifierSettings()
    await check_copartitioned(settings.kafka)
    store = StateStore(settings.finished_cache, settings.state_grace_s)
    await run_service(SERVICE, settings, settings.verifier_metrics_port, [build_stage(settings, store)])


if __name__ == "__main__":
    asyncio.run(main())
