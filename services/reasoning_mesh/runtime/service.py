"""Run a service process: telemetry once, start stages, serve until SIGTERM, drain, exit."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Sequence
from typing import Any

from reasoning_mesh.runtime.stage import Stage
from reasoning_mesh.settings import MeshSettings
from reasoning_mesh.telemetry import setup_telemetry, shutdown_telemetry
from reasoning_mesh.telemetry.metrics import READY

log = logging.getLogger(__name__)


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
        for stage in stages:
            stage.request_stop()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop_all)
    for stage in stages:
        await stage.start()
    READY.labels(service).set(1)
    log.info("%s ready: %s", service, ", ".join(s.config.name for s in stages))
    try:
        # Each stage finishes the batch in hand before returning: graceful drain.
        await asyncio.gather(*(s.run() for s in stages))
    finally:
        READY.labels(service).set(0)
        shutdown_telemetry()
        log.info("%s stopped", service)
