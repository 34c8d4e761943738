"""Build the real services' stages in-process for a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.gateway.app import build_stage
from reasoning_mesh.gateway.domain import Admission
from reasoning_mesh.gateway.settings import GatewaySettings, TenantLimit
from reasoning_mesh.retriever.app import build_stages, make_retriever
from reasoning_mesh.retriever.service import Retriever
from reasoning_mesh.retriever.settings import RetrieverSettings
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.settings import KafkaSettings, TritonSettings
from reasoning_mesh.verifier.store import StateStore


def retriever_stages(
    kafka: KafkaSettings, triton: TritonSettings, home: Path
) -> tuple[list[Stage[Any]], Retriever, TritonClient]:
    settings = RetrieverSettings(home=home, kafka=kafka, triton=triton)
    client = TritonClient(triton.grpc_url)
    retriever = make_retriever(settings, client)
    return build_stages(settings, retriever, group_prefix=kafka.topic_prefix), retriever, client


def gateway_stage(
    kafka: KafkaSettings, home: Path, tenants: dict[str, TenantLimit] | None = None
) -> Stage[Any]:
    settings = GatewaySettings(
        home=home, kafka=kafka, tenants=tenants or {"default": TenantLimit(rate=0)}
    )
    return build_stage(settings, Admission(settings.tenants), group_prefix=kafka.topic_prefix)


def reasoning_stages(
    kafka: KafkaSettings, triton: TritonSettings, home: Path, generate: Any = None
) -> tuple[list[Stage[Any]], TritonClient, StateStore]:
    """Planner, reasoner and verifier (its state restored first, as its app does)."""
    from reasoning_mesh.planner.app import build_stage as planner_stage
    from reasoning_mesh.planner.app import handlers_for
    from reasoning_mesh.planner.settings import PlannerSettings
    from reasoning_mesh.reasoner.app import build_stage as reasoner_stage
    from reasoning_mesh.reasoner.settings import ReasonerSettings

    client = TritonClient(triton.grpc_url)
    reasoner = reasoner_stage(
        ReasonerSettings(home=home, kafka=kafka, triton=triton),
        client,
        group_prefix=kafka.topic_prefix,
        generate=generate(client) if generate is not None else None,
    )
    store = StateStore()
    stages = [
        # The planner as its app wires it: the translation model on the same Triton.
        planner_stage(
            planner := PlannerSettings(home=home, kafka=kafka, triton=triton),
            group_prefix=kafka.topic_prefix,
            handlers=handlers_for(planner, client),
        ),
        reasoner,
        verifier_stage(kafka, home, store),
    ]
    return stages, client, store


def verifier_stage(kafka: KafkaSettings, home: Path, store: StateStore) -> Stage[Any]:
    from reasoning_mesh.verifier.app import build_stage as build_verifier
    from reasoning_mesh.verifier.settings import VerifierSettings

    return build_verifier(
        VerifierSettings(home=home, kafka=kafka), store, group_prefix=kafka.topic_prefix
    )
