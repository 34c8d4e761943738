"""The registry of every topic: name, key, value model. Schema export, AsyncAPI and topic creation
all read it, so a topic exists in exactly one place."""

from __future__ import annotations

from dataclasses import dataclass

from reasoning_mesh.contracts import (
    adapters,
    analytics_facts,
    analytics_tallies,
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
    stats,
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
    #: A compacted topic whose keys all fall out of use (time windows): its records are also
    #: deleted after this long, so it stays bounded without anyone writing tombstones.
    retention_ms: int | None = None
    #: The principals that produce to it and consume from it: every service by name, and
    #: `client` (the SDK and CLI, publishing requests and reading results from inside the
    #: cluster). The broker's ACLs are generated from these (`reasoning_mesh.infra.acls`); a test
    #: checks them against what each service's stages declare.
    writers: tuple[str, ...] = ()
    readers: tuple[str, ...] = ()


#: Every service of the mesh: each runs as its own Kafka principal.
#: The services that serve requests (each emits per-request events).
STAGE_SERVICES = ("gateway", "planner", "retriever", "reasoner", "verifier", "learner")
SERVICES = (*STAGE_SERVICES, "analytics")
#: The principals ACLs are generated for: the services and the tenant-facing client.
PRINCIPALS = (*SERVICES, "client")


TOPICS: tuple[TopicSpec, ...] = (
    TopicSpec(
        requests.TOPIC,
        requests.MeshRequest,
        "request id",
        "Requests entering the mesh; the gateway admits and routes them.",
        writers=("client",),
        readers=("gateway",),
    ),
    TopicSpec(
        retrieval.TOPIC,
        retrieval.RetrievalRequest,
        "request id",
        "Retrieval work for the retriever.",
        writers=("gateway", "verifier"),
        readers=("retriever",),
    ),
    TopicSpec(
        reasoning.TOPIC,
        reasoning.MeshRequest,
        "request id",
        "Admitted `reason` requests, for the planner.",
        writers=("gateway",),
        readers=("planner",),
    ),
    TopicSpec(
        steps.TOPIC,
        steps.StepTask,
        "request id",
        "One sub-goal attempt for the reasoner (n hypotheses from the model).",
        writers=("verifier",),
        readers=("reasoner",),
    ),
    TopicSpec(
        verifier_inbox.TOPIC,
        verifier_inbox.VerifierInput,
        "request id",
        "Plans, hypotheses and evidence for the verifier, in order per request.",
        writers=("planner", "reasoner", "retriever"),
        readers=("verifier",),
    ),
    TopicSpec(
        verifier_state.TOPIC,
        verifier_state.RequestState,
        "request id",
        "The verifier's durable per-request state machine (latest record per key).",
        compacted=True,
        writers=("verifier",),
        readers=("verifier",),
    ),
    TopicSpec(
        results.TOPIC,
        results.MeshResult,
        "request id",
        "Final result of each request.",
        writers=("gateway", "planner", "retriever", "verifier"),
        readers=("client", "gateway", "analytics"),
    ),
    TopicSpec(
        events.TOPIC,
        events.RequestEvent,
        "request id",
        "Per-request progress events.",
        writers=STAGE_SERVICES,
        readers=("client", "gateway", "analytics"),
    ),
    TopicSpec(
        kb_documents.TOPIC,
        kb_documents.KbDocument,
        "document id",
        "Documents to index into the knowledge base.",
        writers=("client",),
        readers=("retriever",),
    ),
    TopicSpec(
        kb_ingested.TOPIC,
        kb_ingested.IngestReceipt,
        "document id",
        "One receipt per indexed or rejected document.",
        writers=("retriever",),
        readers=("client",),
    ),
    TopicSpec(
        dlq.TOPIC,
        dlq.DeadLetter,
        "original key",
        "Dead letters: records a service could not process, kept verbatim.",
        writers=SERVICES,
        readers=("analytics",),
    ),
    TopicSpec(
        feedback.TOPIC,
        feedback.Feedback,
        "skill",
        "Labelled and verified examples for the learner.",
        writers=("client", "verifier"),
        readers=("learner",),
    ),
    TopicSpec(
        adapters.TOPIC,
        adapters.AdapterEvent,
        "adapter id",
        "LoRA adapters: published, loaded, refused, rejected.",
        writers=("learner", "reasoner"),
        readers=("planner", "reasoner"),
    ),
    TopicSpec(
        learner_jobs.TOPIC,
        learner_jobs.TrainJob,
        "skill",
        "Training jobs the learner gives itself when a skill has enough new feedback.",
        writers=("learner",),
        readers=("learner",),
    ),
    TopicSpec(
        learner_journal.TOPIC,
        learner_journal.JournalEntry,
        "base:skill:prompt digest (or base:skill:job)",
        "The learner's journal of feedback (latest label per prompt; last job per skill).",
        compacted=True,
        writers=("learner",),
        readers=("learner",),
    ),
    TopicSpec(
        tenants.TOPIC,
        tenants.TenantRecord,
        "tenant name",
        "The tenant registry: admission limits and API key hashes (latest record per tenant).",
        compacted=True,
        writers=(),
        readers=("gateway",),
    ),
    TopicSpec(
        analytics_facts.TOPIC,
        analytics_facts.AnalyticsFact,
        "dimension",
        "The analytics service's facts, one per dimension a result, throttle or letter counts "
        "towards (its repartition topic).",
        writers=("analytics",),
        readers=("analytics",),
    ),
    *(
        TopicSpec(
            name,
            analytics_tallies.Tally,
            "[dimension, [start, end]]",
            f"Changelog of the analytics service's {window} tumbling windows (faust's table).",
            compacted=True,
            retention_ms=retention,
            writers=("analytics",),
            readers=("analytics",),
        )
        for name, window, retention in (
            (analytics_tallies.TOPIC_1M, "one-minute", 3 * 3_600_000),
            (analytics_tallies.TOPIC_1H, "one-hour", 72 * 3_600_000),
        )
    ),
    TopicSpec(
        stats.TOPIC,
        stats.StatsRow,
        "window|start|dimension",
        "Windowed counts of results, latency, model calls, throttles and dead letters, per "
        "tenant, skill and service (latest record per window and dimension).",
        compacted=True,
        retention_ms=72 * 3_600_000,
        writers=("analytics",),
        readers=("gateway",),
    ),
    TopicSpec(bench.TOPIC, bench.BenchPing, "sequence number", "Benchmark probes (pass-through in)."),
    TopicSpec(
        bench.TOPIC_OUT, bench.BenchPing, "sequence number", "Benchmark probes (pass-through out)."
    ),
)

BY_NAME = {spec.name: spec for spec in TOPICS}
