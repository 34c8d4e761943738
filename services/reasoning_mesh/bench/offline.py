"""The reasoning loop in one process: the same planner and verifier state machine the mesh runs,
with the model called in process and unit facts read from the knowledge base file instead of
Kafka, Triton and Qdrant. For error analysis on the dev sets and for invariant tests over every
prompt the verifier dispatches; the figures the README reports come from the mesh
(`rmesh bench reasoning`).

All open requests advance together: each round batches every step task they wait on into one
generation call, so a few hundred questions cost a few hundred batched calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.contracts.results import Evidence
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import Hypothesis, VerifierInput
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.planner.domain import UnplannableError, plan_question
from reasoning_mesh.verifier.machine import Actions, Machine

#: Step tasks → one list of hypotheses per task (the reasoner's reply, in order).
Generate = Callable[[list[StepTask]], list[list[Hypothesis]]]
INBOX = "offline"


@dataclass
class Run:
    """Every request's final state, and every step task dispatched (for invariant checks)."""

    states: dict[str, RequestState] = field(default_factory=dict)
    dispatched: dict[str, list[StepTask]] = field(default_factory=dict)
    unplannable: dict[str, str] = field(default_factory=dict)


def kb_retrieve(facts: list[dict[str, Any]]) -> Callable[[RetrievalRequest], list[Evidence]]:
    """Facts whose metadata match the request's filters exactly (the wide, unfiltered query
    returns nothing here: in process there is no semantic search to widen)."""

    def retrieve(req: RetrievalRequest) -> list[Evidence]:
        if not req.filters:
            return []
        wanted = {k: str(v) for k, v in req.filters.items()}
        hits = [f for f in facts if all(str(f["metadata"].get(k)) == v for k, v in wanted.items())]
        return [
            Evidence(doc_id=f["id"], chunk=0, text=f["text"], score=1.0, metadata=f["metadata"])
            for f in hits[: req.top_k]
        ]

    return retrieve


def run(
    questions: Iterable[tuple[str, str]],
    generate: Generate,
    retrieve: Callable[[RetrievalRequest], list[Evidence]],
    budget: Budget | None = None,
    max_batch: int = 256,
) -> Run:
    """Answer `(id, question)` pairs; `max_batch` step tasks per generation call."""
    budget = budget or Budget()
    out = Run()
    tasks: list[StepTask] = []
    now = 0.0  # a logical clock: offline, no deadline passes

    def apply(rid: str, state: RequestState, actions: Actions) -> None:
        out.states[rid] = state
        out.dispatched.setdefault(rid, []).extend(actions.steps)
        tasks.extend(actions.steps)
        for req in actions.retrievals:
            reply = VerifierInput(
                request_id=rid,
                kind="retrieve",
                subgoal_id=req.subgoal_id,
                evidence=retrieve(req),
            )
            apply(rid, *Machine(out.states[rid], now, INBOX).on_input(reply))

    for rid, question in questions:
        try:
            plan = plan_question(question, budget)
        except UnplannableError as exc:
            out.unplannable[rid] = str(exc)
            continue
        apply(rid, *Machine.start(rid, "offline", plan, now, INBOX))
    while tasks:
        batch, tasks[:] = tasks[:max_batch], tasks[max_batch:]
        for task, hyps in zip(batch, generate(batch), strict=True):
            reply = VerifierInput(
                request_id=task.request_id,
                kind="hypotheses",
                subgoal_id=task.subgoal_id,
                attempt=task.attempt,
                hypotheses=hyps,
            )
            apply(task.request_id, *Machine(out.states[task.request_id], now, INBOX).on_input(reply))
    return out


def model_generate(directory: Any, precision: str = "fp32") -> Generate:
    """The served checkpoint, called in process the way the Triton backend calls it."""
    from reasoning_mesh.models.reasoner.serving import ReasonerService, ServeRequest, load_model
    from reasoning_mesh.reasoner.domain import hypotheses

    model, _ = load_model(directory, precision)
    service = ReasonerService(model)

    def generate(batch: list[StepTask]) -> list[list[Hypothesis]]:
        requests = [ServeRequest(prompt=t.prompt, **t.sampling()) for t in batch]
        return [[] if isinstance(r, Exception) else hypotheses(r) for r in service.run(requests)]

    return generate
