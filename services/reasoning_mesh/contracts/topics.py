"""The registry of every topic: name, key, value model. Schema export, AsyncAPI and topic creation
all read it, so a topic exists in exactly one place."""

from __future__ import annotations

from dataclasses import dataclass

from reasoning_mesh.contracts import (
    adapters,
    bench,
    dlq,
    events,
    feedback,
    kb_documents,
    kb_ingested,
    learner_jobs,
    learner_journal,
    reasoning,
    requests,
    results,
    retrieval,
    steps,
    tenants,
    verifier_inbox,
    verifier_state,
)
from reasoning_mesh.contracts.base import Message


@dataclass(frozen=True)
class TopicSpec:
    name: str
    model: type[Message]
    key: str
    description: str
    compacted: bool = False


TOPICS: tuple[TopicSpec, ...] = (
    TopicSpec(
        requests.TOPIC,
        requests.MeshRequest,
        "request id",
        "Requests entering the mesh; the gateway admits and routes them.",
    ),
    TopicSpec(
        retrieval.TOPIC, retrieval.RetrievalRequest, "request id", "Retrieval work for the retriever."
    ),
    TopicSpec(
        reasoning.TOPIC,
        reasoning.MeshRequest,
        "request id",
        "Admitted `reason` requests, for the planner.",
    ),
    TopicSpec(
        steps.TOPIC,
        steps.StepTask,
        "request id",
        "One sub-goal attempt for the reasoner (n hypotheses from the model).",
    ),
    TopicSpec(
        verifier_inbox.TOPIC,
        verifier_inbox.VerifierInput,
        "request id",
        "Plans, hypotheses and evidence for the verifier, in order per request.",
    ),
    TopicSpec(
        verifier_state.TOPIC,
        verifier_state.RequestState,
        "request id",
        "The verifier's durable per-request state machine (latest record per key).",
        compacted=True,
    ),
    TopicSpec(results.TOPIC, results.MeshResult, "request id", "Final result of each request."),
    TopicSpec(events.TOPIC, events.RequestEvent, "request id", "Per-request progress events."),
    TopicSpec(
        kb_documents.TOPIC,
        kb_documents.KbDocument,
        "document id",
        "Documents to index into the knowledge base.",
    ),
    TopicSpec(
        kb_ingested.TOPIC,
        kb_ingested.IngestReceipt,
        "document id",
        "One receipt per indexed or rejected document.",
    ),
    TopicSpec(
        dlq.TOPIC,
        dlq.DeadLetter,
        "original key",
        "Dead letters: records a service could not process, kept verbatim.",
    ),
    TopicSpec(
        feedback.TOPIC,
        feedback.Feedback,
        "skill",
        "Labelled and verified examples for the learner.",
    ),
    TopicSpec(
        adapters.TOPIC,
        adapters.AdapterEvent,
        "adapter id",
        "LoRA adapters: published, loaded, refused, rejected.",
    ),
    TopicSpec(
        learner_jobs.TOPIC,
        learner_jobs.TrainJob,
        "skill",
        "Training jobs the learner gives itself when a skill has enough new feedback.",
    ),
    TopicSpec(
        learner_journal.TOPIC,
        learner_journal.JournalEntry,
        "base:skill:prompt digest (or base:skill:job)",
        "The learner's journal of feedback (latest label per prompt; last job per skill).",
        compacted=True,
    ),
    TopicSpec(
        tenants.TOPIC,
        tenants.TenantRecord,
        "tenant name",
        "The tenant registry: admission limits and API key hashes (latest record per tenant).",
        compacted=True,
    ),
    TopicSpec(bench.TOPIC, bench.BenchPing, "sequence number", "Benchmark probes (pass-through in)."),
    TopicSpec(
        bench.TOPIC_OUT, bench.BenchPing, "sequence number", "Benchmark probes (pass-through out)."
    ),
)

BY_NAME = {spec.name: spec for spec in TOPICS}
