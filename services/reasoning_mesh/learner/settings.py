"""Learner settings (env prefix `RMESH_`, e.g. `RMESH_LEARNER_MIN_NEW_EXAMPLES=400`)."""

from __future__ import annotations

from pathlib import Path

from reasoning_mesh.settings import MeshSettings


class LearnerSettings(MeshSettings):
    learner_metrics_port: int = 9106
    #: The served checkpoint (adapters are trained on, and pinned to, its digest).
    model_dir: Path | None = None
    #: New examples of a skill since its last job before it is trained again.
    min_new_examples: int = 4000
    #: Held-out examples a skill needs before an adapter for it can be judged.
    min_held_out: int = 40
    #: Train only when the served model is weaker than this on the skill's held-out feedback.
    weak_below: float = 0.9
    #: The evaluation gate (accuracy fractions): the skill must gain `min_gain`; a skill the
    #: adapter serves may lose at most `max_regression`; other skills are served without it
    #: (routing by skill), and forced onto them it may cost at most `max_cross_regression`
    #: (what a misrouted request could lose; guard sets of a few hundred examples are noisy
    #: by a few points, so this catches an adapter that breaks the base, not one flip).
    min_gain: float = 0.05
    max_regression: float = 0.01
    max_cross_regression: float = 0.10
    #: Generated examples per base skill: for the regression check, and (labelled by the base
    #: model itself) replayed during training.
    guard_examples: int = 300
    replay_examples: int = 4000
    adapter_rank: int = 16
    adapter_alpha: float = 32.0
    adapter_steps: int = 1000
    adapter_batch: int = 64
    adapter_lr: float = 3e-3
    #: Share of each batch replaying base skills, and the weight of their distillation loss
    #: (KL to the frozen base): what keeps other skills where they were.
    replay_share: float = 0.5
    replay_weight: float = 3.0
    torch_threads: int = 2
