"""Planner settings (env prefix `RMESH_`)."""

from __future__ import annotations

from reasoning_mesh.settings import MeshSettings


class PlannerSettings(MeshSettings):
    max_in_flight: int = 128
    planner_metrics_port: int = 9103
    #: Arithmetic plans carry fallback routes (their expression regrouped); off trades accuracy
    #: on fraction chains for a shorter latency tail (`RMESH_PLANNER_FALLBACK_ROUTES=0`).
    planner_fallback_routes: bool = True
