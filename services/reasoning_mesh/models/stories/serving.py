"""Serving the story model: a question in, one reading per head out (Triton's `stories` model
wraps this; it imports nothing from Triton, so it is unit-testable).

Each head picks a template or `-`; a template below the manifest's threshold is no reading
either. Choosing among the heads (how many must agree) is the planner's, as for the
translation model's samples (`planner.translation`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors.torch import load_file

from reasoning_mesh.errors import BadInferenceRequestError
from reasoning_mesh.models.reasoner.checkpoint import CheckpointError, sha384
from reasoning_mesh.models.stories.features import WIDTH, Encoder
from reasoning_mesh.models.stories.heads import NONE, Heads
from reasoning_mesh.models.stories.operands import Story, reading, story
from reasoning_mesh.models.stories.train import WEIGHTS

MAX_QUESTION_CHARS = 2_000


@dataclass(frozen=True)
class Reading:
    text: str | None  # `What is 12*84?`, or None
    template: str  # `(O1*O2)`, or `-`
    probability: float
    why_none: str = ""


class StoryReader:
    def __init__(self, heads: Heads, encoder: Encoder, threshold: float) -> None:
        self.heads, self.encoder, self.threshold = heads.eval(), encoder, threshold

    @classmethod
    def load(cls, directory: Path, device: str = "cpu") -> StoryReader:
        manifest = json.loads((directory / "manifest.json").read_text())
        weights = directory / WEIGHTS
        if sha384(weights) != manifest["sha384"]:
            raise CheckpointError(f"{weights}: SHA-384 differs from the manifest's; refusing to load")
        state = load_file(str(weights))
        if manifest["width"] != WIDTH or state["weight"].shape[-1] != WIDTH:
            raise CheckpointError(
                f"{directory}: heads of width {manifest['width']}, features of {WIDTH}"
            )
        heads = Heads(manifest["classes"], manifest["width"], state["weight"].shape[0])
        heads.load_state_dict(state)
        return cls(heads, Encoder(device), float(manifest["threshold"]))

    @property
    def samples(self) -> int:
        return int(self.heads.weight.shape[0])

    @staticmethod
    def check(question: str) -> None:
        if not question.strip():
            raise BadInferenceRequestError("the question is empty")
        if len(question) > MAX_QUESTION_CHARS:
            raise BadInferenceRequestError(
                f"the question has {len(question)} characters; the limit is {MAX_QUESTION_CHARS}"
            )

    @torch.no_grad()
    def read(self, questions: Sequence[str]) -> list[list[Reading]]:
        """One reading per head for each question."""
        out: list[list[Reading] | None] = [None] * len(questions)
        stories: list[tuple[int, Story]] = []
        for i, q in enumerate(questions):
            try:
                stories.append((i, story(q)))
            except (ValueError, ZeroDivisionError, IndexError) as exc:  # NotAStoryError and kin
                # one question's numbers never fail the batch it came in
                out[i] = [Reading(None, NONE, 1.0, f"not a story: {exc}")] * self.samples
        if stories:
            feats = self.encoder.features([s for _, s in stories])
            operands = torch.tensor([len(s.operands) for _, s in stories])
            probs = self.heads(feats, operands)
            for j, (i, s) in enumerate(stories):
                out[i] = [self._reading(probs[h, j], s) for h in range(probs.shape[0])]
        return [r or [] for r in out]

    def _reading(self, probs: torch.Tensor, s: Story) -> Reading:
        p, k = probs.max(-1)
        template, probability = self.heads.classes[int(k)], float(p)
        if template == NONE:
            return Reading(None, NONE, probability, "the story model reads no expression")
        if probability < self.threshold:
            return Reading(None, template, probability, f"unsure ({probability:.2f} < {self.threshold})")
        return Reading(reading(template, s), template, probability)
