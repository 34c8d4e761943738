"""Verifier process: wiring only. `python -m reasoning_mesh.verifier`."""

from __future__ import annotations

import asyncio

from reasoning_mesh.contracts import feedback, results, retrieval, steps, verifier_inbox, verifier_state
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.runtime.service import run_service
from reasoning_mesh.runtime.stage import Stage, StageConfig
from reasoning_mesh.verifier.handlers import VerifierHandlers
from reasoning_mesh.verifier.settings import VerifierSettings
from reasoning_mesh.verifier.store import StateStore

SERVICE = "verifier"


def build_stage(
    settings: VerifierSettings, store: StateStore, group_prefix: str = "rmesh"
) -> Stage[VerifierInput]:
    handlers = VerifierHandlers(
        store, verifier_inbox.TOPIC, settings.exit_threshold, settings.publish_feedback
    )
    return Stage(
        service=SERVICE,
        kafka=settings.kafka,
        model=VerifierInput,
        handler=handlers.on_input,
        on_failure=handlers.on_failure,
        config=StageConfig(
            name="verify",
            topics=(verifier_inbox.TOPIC,),
            group_id=f"{group_prefix}.verifier",
            output_topics=(
                steps.TOPIC,
                retrieval.TOPIC,
                results.TOPIC,
                verifier_state.TOPIC,
                feedback.TOPIC,
            ),
            max_in_flight=settings.max_in_flight,
            # The state machine is deterministic: a transient failure is retried once, then the
            # request is failed visibly (retrying a pure function more would not help).
            retry_attempts=2,
        ),
    )


async def main() -> None:
    settings = VerifierSettings()
    store = StateStore(settings.finished_cache)
    await store.restore(settings.kafka)
    await run_service(SERVICE, settings, settings.verifier_metrics_port, [build_stage(settings, store)])


if __name__ == "__main__":
    asyncio.run(main())
