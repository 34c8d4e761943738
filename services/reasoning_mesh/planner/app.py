"""Planner process: wiring only. `python -m reasoning_mesh.planner`."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.contracts import adapters, reasoning, results, verifier_inbox
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.planner.handlers import PlannerHandlers
from reasoning_mesh.planner.reader import TritonReader, TritonStoryReader
from reasoning_mesh.planner.settings import PlannerSettings
from reasoning_mesh.planner.translation import ReadingPolicy
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.runtime.subscribers import Subscriber, stage

SERVICE = "planner"


def build_stages(
    settings: PlannerSettings, group_prefix: str = "rmesh", handlers: PlannerHandlers | None = None
) -> list[Stage[Any]]:
    """Planning, and the routing table it plans with (skill → loaded adapter)."""
    h = handlers or PlannerHandlers(fallbacks=settings.planner_fallback_routes)
    return [build_stage(settings, group_prefix, h), _routing_stage(settings, group_prefix, h)]


def build_stage(
    settings: PlannerSettings, group_prefix: str = "rmesh", handlers: PlannerHandlers | None = None
) -> Stage[MeshRequest]:
    """The planning stage alone (without the routing stage, every goal is served by the base)."""
    h = handlers or PlannerHandlers(fallbacks=settings.planner_fallback_routes)
    plan = Subscriber(
        "plan",
        reasoning.TOPIC,
        MeshRequest,
        h.on_request,
        group="planner",
        outputs=(verifier_inbox.TOPIC, results.TOPIC),
        on_failure=h.on_failure,
        max_in_flight=settings.max_in_flight,
    )
    return stage(SERVICE, settings, group_prefix, plan)


def _routing_stage(
    settings: PlannerSettings, group_prefix: str, h: PlannerHandlers
) -> Stage[AdapterEvent]:
    # Every planner process must see every adapter event from the start (the routing table is
    # rebuilt from the topic), so this consumer group is its own on each start.
    route = Subscriber(
        "route",
        adapters.TOPIC,
        AdapterEvent,
        h.on_adapter,
        group=f"planner.routes.{uuid.uuid4().hex[:12]}",
    )
    return stage(SERVICE, settings, group_prefix, route)


def handlers_for(settings: PlannerSettings, client: TritonClient | None = None) -> PlannerHandlers:
    """The planner's handlers, with the translation model on Triton unless it is turned off."""
    reader = stories = None
    if settings.planner_translator or settings.planner_stories:
        client = client or TritonClient(settings.triton.grpc_url, settings.triton.timeout_s)
    if settings.planner_translator and client is not None:
        reader = TritonReader(client, settings.planner_translator_model)
    if settings.planner_stories and client is not None:
        stories = TritonStoryReader(client, settings.planner_stories_model)
    policy = ReadingPolicy(
        samples=settings.planner_translator_samples,
        temperature=settings.planner_translator_temperature,
        min_agree=settings.planner_translator_min_agree,
    )
    return PlannerHandlers(
        fallbacks=settings.planner_fallback_routes,
        reader=reader,
        policy=policy,
        stories=stories,
        story_agree=settings.planner_stories_min_agree,
    )


async def main() -> None:
    settings = PlannerSettings()
    stages = build_stages(settings, handlers=handlers_for(settings))
    await run_service(SERVICE, settings, settings.planner_metrics_port, stages)


if __name__ == "__main__":
    asyncio.run(main())
