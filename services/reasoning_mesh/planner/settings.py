"""Planner settings (env prefix `RMESH_`)."""

from __future__ import annotations

from reasoning_mesh.settings import MeshSettings


class PlannerSettings(MeshSettings):
    max_in_flight: int = 128
    planner_metrics_port: int = 9103
