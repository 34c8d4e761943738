"""Learner handlers: feedback → the journal (and a training job when a skill is due); a job →
a trained, gated adapter → `published` or `rejected` on the adapters topic."""

from __future__ import annotations

import asyncio
from typing import Protocol

from reasoning_mesh.contracts import adapters, learner_jobs
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.contracts.learner_jobs import TrainJob
from reasoning_mesh.learner.domain import due, to_example
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.runtime.context import Context


class Train(Protocol):
    def __call__(self, skill: str) -> AdapterEvent: ...


class LearnerHandlers:
    def __init__(self, journal: Journal, train: Train, min_new_examples: int) -> None:
        self.journal, self.train, self.min_new = journal, train, min_new_examples

    async def on_feedback(self, fb: Feedback, ctx: Context) -> None:
        ex = to_example(fb)  # unlearnable records are dead-lettered with the reason
        total = self.journal.append(ex, fb.source, fb.tenant, fb.request_id)
        if due(total, self.journal.last_job(fb.skill), self.min_new):
            # Marked before the job commits: a crash in between loses one trigger, not data;
            # the next `min_new` examples trigger again.
            self.journal.mark_job(fb.skill, total)
            ctx.emit(learner_jobs.TOPIC, TrainJob(skill=fb.skill, examples=total), key=fb.skill)

    async def on_job(self, job: TrainJob, ctx: Context) -> None:
        event = await asyncio.to_thread(self.train, job.skill)
        ctx.emit(adapters.TOPIC, event, key=event.adapter_id)
