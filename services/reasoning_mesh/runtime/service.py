"""Run a service process: telemetry once, start stages, serve until SIGTERM, drain, exit."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any

from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.settings import MeshSettings
from reasoning_mesh.telemetry import health, setup_telemetry, shutdown_telemetry
from reasoning_mesh.telemetry.metrics import READY

log = logging.getLogger(__name__)

#: Seconds a service has to drain and stop after SIGTERM before it is ended.
STOP_TIMEOUT_S = 120.0
#: Exit status of a process its watchdog ended (stuck): the supervisor restarts it.
STUCK_EXIT = 70


def hard_exit(reason: str) -> None:
    """End a stuck process now. Safe for exactly-once: nothing uncommitted becomes visible, and
    the partitions' next owner (fencing this one) redoes what was held."""
    log.critical("ending the process: %s", reason)
    logging.shutdown()
    os._exit(STUCK_EXIT)


async def watchdog(
    stages: Sequence[Stage[Any]], on_stuck: Callable[[str], None], interval_s: float = 5.0
) -> None:
    """A member that is alive but stuck (a rebalance step that never ends, held records that
    never finish) reports healthy and serves nobody; ending it lets the supervisor restart it."""
    while True:
        await asyncio.sleep(interval_s)
        now = time.monotonic()
        for stage in stages:
            reason = stage.stalled(now)
            if reason is not None:
                on_stuck(reason)
                return


def configure_logging(service: str) -> None:
    logging.basicConfig(
        level=os.environ.get("RMESH_LOG_LEVEL", "INFO"),
        format=f"%(asctime)s {service} %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("aiokafka").setLevel(logging.WARNING)


async def run_service(
    service: str, settings: MeshSettings, metrics_port: int, stages: Sequence[Stage[Any]]
) -> None:
    configure_logging(service)
    setup_telemetry(
        service,
        settings.traces_dir(),
        settings.telemetry.otlp_endpoint,
        settings.telemetry.metrics_port or metrics_port,
        metrics_host=settings.telemetry.metrics_host,
    )
    loop = asyncio.get_running_loop()

    def stop_all() -> None:
        health.ready.clear()  # draining: no new traffic routed here (Kubernetes readiness)
        for stage in stages:
            stage.request_stop()
        # A graceful drain is bounded: a member that cannot finish it is ended, not waited on.
        loop.call_later(STOP_TIMEOUT_S, hard_exit, f"not stopped {STOP_TIMEOUT_S:.0f}s after a signal")

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop_all)
    for stage in stages:
        await stage.start()
    READY.labels(service).set(1)
    health.ready.set()
    log.info("%s ready: %s", service, ", ".join(s.config.name for s in stages))
    dog = asyncio.create_task(watchdog(stages, hard_exit))
    try:
        # Each stage finishes the batch in hand before returning: graceful drain.
        await asyncio.gather(*(s.run() for s in stages))
    finally:
        dog.cancel()
        health.ready.clear()
        READY.labels(service).set(0)
        shutdown_telemetry()
        log.info("%s stopped", service)
