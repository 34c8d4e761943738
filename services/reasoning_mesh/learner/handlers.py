"""Learner handlers: feedback → the journal (its topic, in the feedback's transaction, and the
local cache; a training job when a skill is due); a job → the journal synced from its topic → a
trained, gated adapter → `published` or `rejected` on the adapters topic."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Protocol

from reasoning_mesh.contracts import adapters, learner_jobs, learner_journal
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.contracts.learner_jobs import TrainJob
from reasoning_mesh.learner.domain import due, to_example
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.runtime.context import Context


class Train(Protocol):
    def __call__(self, skill: str) -> AdapterEvent: ...


class LearnerHandlers:
    def __init__(
        self,
        journal: Journal,
        train: Train,
        min_new_examples: int,
        sync: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.journal, self.train, self.min_new = journal, train, min_new_examples
        #: Rebuilds the local journal from its topic (None: the local journal is all there is).
        self.sync = sync

    async def on_feedback(self, fb: Feedback, ctx: Context) -> None:
        ex = to_example(fb)  # unlearnable records are dead-lettered with the reason
        entry = self.journal.entry_of(ex, fb.source, fb.tenant, fb.request_id)
        ctx.emit(learner_journal.TOPIC, entry, key=entry.key)
        total = self.journal.append(ex, fb.source, fb.tenant, fb.request_id)
        if due(total, self.journal.last_job(fb.skill), self.min_new):
            # In the feedback's transaction: the job and its mark commit together or not at all.
            self.journal.mark_job(fb.skill, total)
            job = self.journal.job_entry(fb.skill, total)
            ctx.emit(learner_journal.TOPIC, job, key=job.key)
            ctx.emit(learner_jobs.TOPIC, TrainJob(skill=fb.skill, examples=total), key=fb.skill)

    async def on_job(self, job: TrainJob, ctx: Context) -> None:
        if self.sync is not None:
            # Another replica may have collected feedback this one never saw.
            await self.sync()
        event = await asyncio.to_thread(self.train, job.skill)
        ctx.emit(adapters.TOPIC, event, key=event.adapter_id)
