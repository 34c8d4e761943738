"""The learner's journal lives in Kafka: what one learner collected, a learner started elsewhere
(an empty home) rebuilds from the journal topic alone, job marks included."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

from reasoning_mesh.contracts import feedback, learner_journal
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.learner import journal_topic
from reasoning_mesh.learner.app import build_stages
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.learner.settings import LearnerSettings
from reasoning_mesh.settings import KafkaSettings

from .conftest import running

BASE = "0123456789abcdef"


def never_trains(skill: str) -> AdapterEvent:
    return AdapterEvent(event="rejected", adapter_id=f"{skill}-x", skills=[skill], reason="test")


async def test_a_learner_elsewhere_resumes_from_the_journal_topic(
    kafka: KafkaSettings, tmp_path: Path
) -> None:
    here = Journal(tmp_path / "here" / BASE)
    settings = LearnerSettings(home=tmp_path / "here", kafka=kafka, min_new_examples=3)
    trainer = SimpleNamespace(journal=here, run=never_trains)
    collect, _ = build_stages(settings, trainer, group_prefix=kafka.topic_prefix)  # type: ignore[arg-type]
    async with running([collect]), MeshClient(kafka) as client:
        for i in range(4):
            fb = Feedback(
                skill="round_number", question=f"Round 2.{i}5 to one decimal place.", answer="2"
            )
            await client.publish(feedback.TOPIC, fb, key=fb.skill)
        for _ in range(100):
            if len(here.examples("round_number")) == 4 and collect.committed_records >= 4:
                break
            await asyncio.sleep(0.2)
    entries = await journal_topic.read_entries(kafka)
    assert sorted(e.kind for e in entries) == ["example"] * 4 + ["job"]
    assert all(e.base == BASE for e in entries)

    elsewhere = Journal(tmp_path / "elsewhere" / BASE)
    assert await journal_topic.sync(kafka, elsewhere) == 5
    prompts = {(e.prompt, e.answer) for e in here.examples("round_number")}
    assert {(e.prompt, e.answer) for e in elsewhere.examples("round_number")} == prompts
    assert elsewhere.last_job("round_number") == 3
    # Another base's learner finds nothing of it.
    assert await journal_topic.sync(kafka, Journal(tmp_path / "other" / "fedcba9876543210")) == 0
    assert learner_journal.TOPIC.endswith(".v1")
