"""Verifier settings (env prefix `RMESH_`)."""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.settings import MeshSettings


class VerifierSettings(MeshSettings):
    max_in_flight: int = 256
    verifier_metrics_port: int = 9105
    #: Early-exit threshold asked of the reasoner for every step (1.0: full depth).
    exit_threshold: float = Field(default=0.9, ge=0.0, le=1.0)
    #: Ids of tombstoned requests kept in memory per partition, to recognise late inputs.
    finished_cache: int = 100_000
    #: How long a finished request's full state stays in the state topic before its tombstone.
    state_grace_s: float = Field(default=60.0, ge=0.0)
    #: Publish the exactly verified steps of verified results as feedback for the learner.
    publish_feedback: bool = True
