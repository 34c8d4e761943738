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
