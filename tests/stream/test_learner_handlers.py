"""The learner's record pipeline without a broker: feedback is journaled and triggers one job per
`min_new` examples; an unlearnable record is dead-lettered with its reason and the raw bytes;
a job's outcome goes to the adapters topic."""

from __future__ import annotations

from pathlib import Path

from reasoning_mesh.contracts import adapters, dlq, learner_jobs, learner_journal
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.dlq import DeadLetter
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.contracts.learner_jobs import TrainJob
from reasoning_mesh.contracts.learner_journal import JournalEntry
from reasoning_mesh.learner.handlers import LearnerHandlers
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.runtime.context import Context, Record
from reasoning_mesh.runtime.middleware import DEFAULT_MIDDLEWARES
from reasoning_mesh.runtime.processor import RecordProcessor


def processor(handler, model) -> RecordProcessor:  # type: ignore[no-untyped-def]
    return RecordProcessor(
        service="learner",
        stage="collect",
        model=model,
        handler=handler,
        on_failure=None,
        middlewares=DEFAULT_MIDDLEWARES,
        max_message_bytes=10_000,
        retry_attempts=1,
        retry_initial_s=0.001,
        retry_max_s=0.002,
    )


def ctx(value: bytes, offset: int = 0) -> Context:
    return Context("collect", "learner", Record("rmesh.feedback.v1", 0, offset, b"round_number", value))


async def test_feedback_is_journaled_and_triggers_jobs(tmp_path: Path) -> None:
    trained: list[str] = []

    def train(skill: str) -> AdapterEvent:
        trained.append(skill)
        return AdapterEvent(
            event="rejected", adapter_id=f"{skill}-pending", skills=[skill], reason="test"
        )

    h = LearnerHandlers(Journal(tmp_path), train, min_new_examples=3)
    collect = processor(h.on_feedback, Feedback)
    outputs = []
    for i in range(7):
        fb = Feedback(skill="round_number", question=f"Round 1.{i}5 to one decimal place.", answer="1")
        c = ctx(fb.model_dump_json().encode(), i)
        await collect.process(c)
        outputs += [(e.topic, e.value) for e in c.outputs]
    jobs = [v for t, v in outputs if t == learner_jobs.TOPIC]
    assert [j.examples for j in jobs if isinstance(j, TrainJob)] == [3, 6]
    assert len(Journal(tmp_path).examples("round_number")) == 7
    # The durable journal: every example and both job marks go to the journal topic, and a
    # learner elsewhere rebuilds the same journal from those entries alone.
    entries = [v for t, v in outputs if t == learner_journal.TOPIC]
    assert [e.kind for e in entries if isinstance(e, JournalEntry)].count("example") == 7
    assert [e.job_examples for e in entries if isinstance(e, JournalEntry) and e.kind == "job"] == [3, 6]
    elsewhere = Journal(tmp_path.parent / f"{tmp_path.name}-elsewhere" / tmp_path.name)
    assert elsewhere.rebuild([e for e in entries if isinstance(e, JournalEntry)]) == 9
    assert elsewhere.examples("round_number") == Journal(tmp_path).examples("round_number")
    assert elsewhere.last_job("round_number") == 6

    c = ctx(b'{"skill": "round_number", "question": "Why?", "answer": "1"}', 9)
    await collect.process(c)
    ((topic, letter),) = [(e.topic, e.value) for e in c.outputs]
    assert topic == dlq.TOPIC
    assert isinstance(letter, DeadLetter)
    assert "unlearnable_feedback" in letter.reason or "single step" in letter.error

    job = processor(h.on_job, TrainJob)
    c = Context(
        "train",
        "learner",
        Record("rmesh.learner.jobs.v1", 0, 0, b"round_number", jobs[0].model_dump_json().encode()),
    )
    await job.process(c)
    ((topic, event),) = [(e.topic, e.value) for e in c.outputs]
    assert topic == adapters.TOPIC
    assert isinstance(event, AdapterEvent)
    assert event.event == "rejected"
    assert trained == ["round_number"]
