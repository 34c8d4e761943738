"""Planner process: wiring only. `python -m reasoning_mesh.planner`."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from reasoning_mesh.contracts import adapters, reasoning, results, verifier_inbox
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.planner.handlers import PlannerHandlers
from reasoning_mesh.planner.settings import PlannerSettings
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage, StageConfig

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
    return Stage(
        service=SERVICE,
        kafka=settings.kafka,
        model=MeshRequest,
        handler=h.on_request,
        on_failure=h.on_failure,
        config=StageConfig(
            instance_id=settings.instance_id,
            name="plan",
            topics=(reasoning.TOPIC,),
            group_id=f"{group_prefix}.planner",
            output_topics=(verifier_inbox.TOPIC, results.TOPIC),
            max_in_flight=settings.max_in_flight,
        ),
    )


def _routing_stage(
    settings: PlannerSettings, group_prefix: str, h: PlannerHandlers
) -> Stage[AdapterEvent]:
    # Every planner process must see every adapter event from the start (the routing table is
    # rebuilt from the topic), so this consumer group is its own on each start.
    return Stage(
        service=SERVICE,
        kafka=settings.kafka,
        model=AdapterEvent,
        handler=h.on_adapter,
        config=StageConfig(
            instance_id=settings.instance_id,
            name="route",
            topics=(adapters.TOPIC,),
            group_id=f"{group_prefix}.planner.routes.{uuid.uuid4().hex[:12]}",
        ),
    )


async def main() -> None:
    settings = PlannerSettings()
    await run_service(SERVICE, settings, settings.planner_metrics_port, build_stages(settings))


if __name__ == "__main__":
    asyncio.run(main())
