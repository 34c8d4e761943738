"""A service's stages, declared in one place: topic → handler (in the spirit of FastStream's
subscribers). `stages()` turns the declarations into `Stage`s with the service's Kafka settings,
instance id and group prefix, so no `app.py` spells out the same wiring again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.runtime.processor import FailureHook, Handler
from reasoning_mesh.runtime.stage import PartitionHook, Stage, StageConfig
from reasoning_mesh.settings import MeshSettings

M = TypeVar("M", bound=Message)


@dataclass(frozen=True)
class Subscriber(Generic[M]):
    name: str
    topic: str
    model: type[M]
    handler: Handler[M]
    #: The consumer group, after the group prefix (`verifier` → `rmesh.verifier`).
    group: str
    outputs: tuple[str, ...] = ()
    on_failure: FailureHook[M] | None = None
    on_assign: PartitionHook | None = None
    on_revoke: PartitionHook | None = None
    max_in_flight: int = 64
    rate_per_s: float = 0.0
    retry_attempts: int = 4
    max_poll_interval_ms: int = 300_000


def stage(service: str, settings: MeshSettings, group_prefix: str, sub: Subscriber[M]) -> Stage[M]:
    return Stage(
        service=service,
        kafka=settings.kafka,
        model=sub.model,
        handler=sub.handler,
        on_failure=sub.on_failure,
        on_assign=sub.on_assign,
        on_revoke=sub.on_revoke,
        config=StageConfig(
            name=sub.name,
            topics=(sub.topic,),
            group_id=f"{group_prefix}.{sub.group}",
            output_topics=sub.outputs,
            enforce_outputs=True,
            max_in_flight=sub.max_in_flight,
            rate_per_s=sub.rate_per_s,
            retry_attempts=sub.retry_attempts,
            instance_id=settings.instance_id,
            max_poll_interval_ms=sub.max_poll_interval_ms,
        ),
    )


def stages(
    service: str, settings: MeshSettings, group_prefix: str, *subs: Subscriber[Any]
) -> list[Stage[Any]]:
    return [stage(service, settings, group_prefix, s) for s in subs]
