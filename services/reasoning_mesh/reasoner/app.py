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
from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.runtime.subscribers import Subscriber, stage

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
    hypothesise = Subscriber(
        "hypothesise",
        steps.TOPIC,
        StepTask,
        handlers.on_step,
        group="reasoner",
        outputs=(verifier_inbox.TOPIC,),
        on_failure=handlers.on_step_failure,
        max_in_flight=settings.max_in_flight,
        rate_per_s=settings.rate_per_s,
    )
    return stage(SERVICE, settings, group_prefix, hypothesise)


def build_adapter_stage(
    settings: ReasonerSettings,
    triton: TritonClient,
    group_prefix: str = "rmesh",
    generate: Generate | None = None,
) -> Stage[AdapterEvent]:
    handlers = ReasonerHandlers(generate or triton_generate(triton, settings.reasoner_model))
    # One group for every replica: the served model (Triton's) loads each adapter once.
    hot_load = Subscriber(
        "hot-load",
        adapters.TOPIC,
        AdapterEvent,
        handlers.on_adapter,
        group="reasoner.adapters",
        outputs=(adapters.TOPIC,),
        max_in_flight=1,
    )
    return stage(SERVICE, settings, group_prefix, hot_load)


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
