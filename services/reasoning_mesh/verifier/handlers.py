"""Verifier handler: one inbox record → one state transition, its actions and the new state.

Records of one request share a partition (and its state shares that partition number of the state
topic); a per-request lock keeps their transitions in arrival order while other requests proceed
concurrently. Each transition also writes the tombstones of the partition's requests that finished
more than a grace period ago (see `store`)."""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict

from reasoning_mesh.contracts import feedback, results, retrieval, steps, verifier_state
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import MeshError
from reasoning_mesh.runtime.context import Context
from reasoning_mesh.telemetry.metrics import GOALS
from reasoning_mesh.verifier.machine import Actions, Machine
from reasoning_mesh.verifier.store import StateStore
from reasoning_mesh.verifier.trace import feedback_of, goal_outcomes, result_of


class VerifierHandlers:
    def __init__(
        self, store: StateStore, inbox: str, exit_threshold: float = 1.0, feedback: bool = True
    ) -> None:
        self.publish_feedback = feedback
        self.store, self.inbox, self.exit_threshold = store, inbox, exit_threshold
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def on_input(self, msg: VerifierInput, ctx: Context) -> None:
        lock = self._locks[msg.request_id]
        async with lock:
            try:
                self._transition(msg, ctx)
            finally:
                if not lock._waiters:
                    self._locks.pop(msg.request_id, None)

    def _transition(self, msg: VerifierInput, ctx: Context) -> None:
        partition = ctx.record.partition
        state = self.store.get(partition, msg.request_id)
        now = time.time()
        if msg.kind == "plan":
            if state is not None or msg.plan is None:
                return  # a redelivered plan: the request is already under way
            if self.store.is_finished(partition, msg.request_id):
                ctx.event("ignored", reason="request already finished", kind=msg.kind)
                return
            new, actions = Machine.start(
                msg.request_id, msg.tenant, msg.plan, now, self.inbox, msg.submitted_at
            )
        elif state is None:
            ctx.event("ignored", reason=f"no request {msg.request_id!r} in progress", kind=msg.kind)
            return
        else:
            new, actions = Machine(state, now, self.inbox).on_input(msg)
            if new is state:
                return
        self._apply(new, actions, ctx)

    def _apply(self, state: verifier_state.RequestState, actions: Actions, ctx: Context) -> None:
        """Publish a transition's actions and its new state (one transaction), and keep it."""
        for task in actions.steps:
            ctx.emit(
                steps.TOPIC,
                task.model_copy(update={"exit_threshold": self.exit_threshold}),
                key=task.request_id,
            )
        for req in actions.retrievals:
            ctx.emit(retrieval.TOPIC, req, key=req.request_id)
        for name, detail in actions.events:
            ctx.event(name, **detail)
        ctx.emit(verifier_state.TOPIC, state, key=state.request_id)
        if actions.finished:
            ctx.emit(results.TOPIC, result_of(state), key=state.request_id)
            for skill, status in goal_outcomes(state):  # counted again if the record is redone
                GOALS.labels(skill, status).inc()
            if self.publish_feedback:
                for fb in feedback_of(state):
                    ctx.emit(feedback.TOPIC, fb, key=fb.skill)
        partition = ctx.record.partition
        self.store.put(partition, state)
        for rid in self.store.due(partition, time.time()):
            ctx.tombstone(verifier_state.TOPIC, rid)

    async def on_failure(self, msg: VerifierInput | None, error: MeshError, ctx: Context) -> None:
        # A poison inbox record is dead-lettered; the request it belonged to is failed visibly
        # rather than left waiting for an answer that will never be processed.
        if msg is None:
            return
        state = self.store.get(ctx.record.partition, msg.request_id)
        if state is None or state.phase in ("done", "failed"):
            return
        machine = Machine(state, time.time(), self.inbox)
        machine.fail(f"internal error on a {msg.kind} input: {error}")
        new, actions = machine.commit()
        self._apply(new, actions, ctx)
