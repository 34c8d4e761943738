"""Learner process: wiring only. `python -m reasoning_mesh.learner`."""

from __future__ import annotations

import asyncio
from typing import Any

from reasoning_mesh.adapters import signing
from reasoning_mesh.adapters.store import LocalAdapterStore
from reasoning_mesh.contracts import adapters, feedback, learner_jobs, learner_journal
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.contracts.learner_jobs import TrainJob
from reasoning_mesh.infra.paths import adapter_store_dir, signing_key_file, trusted_keys_dir
from reasoning_mesh.learner import journal_topic
from reasoning_mesh.learner.handlers import LearnerHandlers
from reasoning_mesh.learner.journal import Journal, journal_dir
from reasoning_mesh.learner.settings import LearnerSettings
from reasoning_mesh.learner.training import Trainer, model_dir
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.runtime.subscribers import Subscriber, stages

SERVICE = "learner"
#: A job may train for many minutes; the group must not think the learner died meanwhile.
JOB_POLL_INTERVAL_MS = 60 * 60 * 1000


def build_trainer(settings: LearnerSettings) -> Trainer:
    key = signing.load_or_create(signing_key_file(settings.home))
    # Development trust: the local server trusts the local learner's key. In production the
    # trust directory is provisioned by an operator and this line finds it already there.
    trusted = trusted_keys_dir(settings.home)
    if signing.key_id(key.public_key()) not in signing.TrustedKeys.from_dir(trusted).keys:
        signing.trust(key.public_key(), trusted, "learner")
    base = str(checkpoint.read_manifest(model_dir(settings))["sha384"])
    journal = Journal(journal_dir(settings.home, base))
    return Trainer(settings, journal, LocalAdapterStore(adapter_store_dir(settings.home)), key)


def build_stages(
    settings: LearnerSettings, trainer: Trainer, group_prefix: str = "rmesh"
) -> list[Stage[Any]]:
    kafka = settings.kafka

    async def sync(*_: object) -> None:
        await journal_topic.sync(kafka, trainer.journal)

    h = LearnerHandlers(trainer.journal, trainer.run, settings.min_new_examples, sync)
    collect = Subscriber(
        "collect",
        feedback.TOPIC,
        Feedback,
        h.on_feedback,
        group="learner",
        outputs=(learner_jobs.TOPIC, learner_journal.TOPIC),
        # Feedback partitions that move here bring skills whose journal another replica wrote.
        on_assign=sync,
    )
    train = Subscriber(
        "train",
        learner_jobs.TOPIC,
        TrainJob,
        h.on_job,
        group="learner.jobs",
        outputs=(adapters.TOPIC,),
        max_in_flight=1,
        retry_attempts=1,
        max_poll_interval_ms=JOB_POLL_INTERVAL_MS,
    )
    return stages(SERVICE, settings, group_prefix, collect, train)


async def main() -> None:
    settings = LearnerSettings()
    stages = build_stages(settings, build_trainer(settings))
    await run_service(SERVICE, settings, settings.learner_metrics_port, stages)


if __name__ == "__main__":
    asyncio.run(main())
