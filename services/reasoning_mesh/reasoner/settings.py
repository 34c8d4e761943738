"""Reasoner settings (env prefix `RMESH_`, e.g. `RMESH_REASONER_MODEL=reasoner`)."""

from __future__ import annotations

from reasoning_mesh.settings import MeshSettings


class ReasonerSettings(MeshSettings):
    reasoner_model: str = "reasoner"
    max_in_flight: int = 64
    rate_per_s: float = 0.0
    reasoner_metrics_port: int = 9104
