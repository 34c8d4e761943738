"""Reasoner process: wiring only. `python -m reasoning_mesh.reasoner`."""

from __future__ import annotations

import asyncio
from typing import Any

from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.contracts import adapters, steps, verifier_inbox
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.reasoner.domain import SampleLike
from reasoning_mesh.reasoner.handlers import Generate, ReasonerHandlers
from reasoning_mesh.reasoner.settings import ReasonerSettings
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage, StageConfig

SERVICE = "reasoner"


def triton_generate(triton: TritonClient, model: str) -> Any:
    async def generate(task: StepTask) -> list[SampleLike]:
        (samples,) = await triton.generate([task.prompt], **task.sampling(), model=model)
        return list(samples)

    return generate


def build_stage(
    settings: ReasonerSettings,
    triton: TritonClient,
    group_prefix: str = "rmesh",
    generate: Generate | None = None,
) -> Stage[StepTask]:
    handlers = ReasonerHandlers(generate or triton_generate(triton, settings.reasoner_model))
    return Stage(
        service=SERVICE,
        kafka=settings.kafka,
        model=StepTask,
        handler=handlers.on_step,
        on_failure=handlers.on_step_failure,
        config=StageConfig(
            instance_id=settings.instance_id,
            name="hypothesise",
            topics=(steps.TOPIC,),
            group_id=f"{group_prefix}.reasoner",
            output_topics=(verifier_inbox.TOPIC,),
            max_in_flight=settings.max_in_flight,
            rate_per_s=settings.rate_per_s,
        ),
    )


def build_adapter_stage(
    settings: ReasonerSettings,
    triton: TritonClient,
    group_prefix: str = "rmesh",
    generate: Generate | None = None,
) -> Stage[AdapterEvent]:
    handlers = ReasonerHandlers(generate or triton_generate(triton, settings.reasoner_model))
    return Stage(
        service=SERVICE,
        kafka=settings.kafka,
        model=AdapterEvent,
        handler=handlers.on_adapter,
        config=StageConfig(
            instance_id=settings.instance_id,
            name="hot-load",
            topics=(adapters.TOPIC,),
            group_id=f"{group_prefix}.reasoner.adapters",
            output_topics=(adapters.TOPIC,),
            max_in_flight=1,
        ),
    )


async def main() -> None:
    settings = ReasonerSettings()
    triton = TritonClient(settings.triton.grpc_url, settings.triton.timeout_s)
    stages: list[Stage[Any]] = [
        build_stage(settings, triton),
        build_adapter_stage(settings, triton),
    ]
    try:
        await run_service(SERVICE, settings, settings.reasoner_metrics_port, stages)
    finally:
        await triton.close()


if __name__ == "__main__":
    asyncio.run(main())
