"""Planner process: wiring only. `python -m reasoning_mesh.planner`."""

from __future__ import annotations

import asyncio

from reasoning_mesh.contracts import reasoning, results, verifier_inbox
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.planner import handlers
from reasoning_mesh.planner.settings import PlannerSettings
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage, StageConfig

SERVICE = "planner"


def build_stage(settings: PlannerSettings, group_prefix: str = "rmesh") -> Stage[MeshRequest]:
    return Stage(
        service=SERVICE,
        kafka=settings.kafka,
        model=MeshRequest,
        handler=handlers.on_request,
        on_failure=handlers.on_failure,
        config=StageConfig(
            name="plan",
            topics=(reasoning.TOPIC,),
            group_id=f"{group_prefix}.planner",
            output_topics=(verifier_inbox.TOPIC, results.TOPIC),
            max_in_flight=settings.max_in_flight,
        ),
    )


async def main() -> None:
    settings = PlannerSettings()
    await run_service(SERVICE, settings, settings.planner_metrics_port, [build_stage(settings)])


if __name__ == "__main__":
    asyncio.run(main())
