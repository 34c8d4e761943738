"""Verifier settings (env prefix `RMESH_`)."""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.settings import MeshSettings


class VerifierSettings(MeshSettings):
    max_in_flight: int = 256
    verifier_metrics_port: int = 9105
    #: Early-exit threshold asked of the reasoner for every step (1.0: full depth).
    exit_threshold: float = Field(default=0.9, ge=0.0, le=1.0)
    #: Finished requests kept in memory to recognise late inputs (their state stays on Kafka).
    finished_cache: int = 100_000
    #: Publish the exactly verified steps of verified results as feedback for the learner.
    publish_feedback: bool = True
