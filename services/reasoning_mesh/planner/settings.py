"""Planner settings (env prefix `RMESH_`)."""

from __future__ import annotations

from pydantic import Field, model_validator

from reasoning_mesh.settings import MeshSettings


class PlannerSettings(MeshSettings):
    max_in_flight: int = 128
    planner_metrics_port: int = 9103
    #: Arithmetic plans carry fallback routes (their expression regrouped); off trades accuracy
    #: on fraction chains for a shorter latency tail (`RMESH_PLANNER_FALLBACK_ROUTES=0`).
    planner_fallback_routes: bool = True
    #: Questions the grammar cannot read go to the translation model on Triton (`translator`);
    #: off, they are answered `unsupported` at once (`RMESH_PLANNER_TRANSLATOR=0`).
    planner_translator: bool = True
    planner_translator_model: str = "translator"
    #: Independent samples per question, their temperature, and how many must give the same
    #: sound reading before it is planned.
    planner_translator_samples: int = Field(default=5, ge=1, le=16)
    planner_translator_temperature: float = Field(default=0.7, ge=0.0)
    planner_translator_min_agree: int = Field(default=3, ge=1)
    #: Questions neither reads, told as stories, go to the story model on Triton (`stories`);
    #: off, they are answered `unsupported` (`RMESH_PLANNER_STORIES=0`). How many of its heads
    #: (five in the shipped model) must read the same expression.
    planner_stories: bool = True
    planner_stories_model: str = "stories"
    planner_stories_min_agree: int = Field(default=4, ge=1)

    @model_validator(mode="after")
    def _a_majority_agrees(self) -> PlannerSettings:
        # Fewer than a majority could be outvoted by another reading of the same question.
        if 2 * self.planner_translator_min_agree <= self.planner_translator_samples:
            raise ValueError("planner_translator_min_agree must be a majority of the samples")
        return self
