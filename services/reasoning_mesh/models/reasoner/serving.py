"""What the Triton `reasoner` backend runs, minus Triton: validate requests, batch every valid
one into one generation pass, and answer each with its own result or its own error.

The adapter slot: requests may name an adapter; `AdapterSlot` resolves ids to adapters (the
continual-learning issue fills it with signed LoRA adapters). Until one is loaded, any id other
than the empty one is an error for that request alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from reasoning_mesh.errors import BadInferenceRequestError, MeshError
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import MAX_PROMPT_CHARS
from reasoning_mesh.models.reasoner.generate import Generation, Generator, GenRequest
from reasoning_mesh.models.reasoner.model import GatedDecoder
from reasoning_mesh.models.reasoner.quant import Mode, quantize, uniform_plan

MAX_SAMPLES = 16
MAX_NEW_TOKENS = 64
PRECISIONS = ("fp32", "bf16", "fp8", "int4", "mixed")
PLAN_FILE = "precision_plan.json"


@dataclass(frozen=True)
class ServeRequest(GenRequest):
    """A generation request as the backend receives it: plus the adapter it asks for."""

    adapter_id: str = ""


@dataclass
class AdapterSlot:
    """Adapter id -> loaded adapter. Empty until continual learning publishes adapters."""

    adapters: dict[str, Any] = field(default_factory=dict)

    def check(self, adapter_id: str) -> None:
        if adapter_id and adapter_id not in self.adapters:
            raise BadInferenceRequestError(
                f"unknown adapter {adapter_id!r} (loaded: {sorted(self.adapters) or 'none'})"
            )


def validate(req: ServeRequest, slot: AdapterSlot) -> None:
    if not req.prompt.strip():
        raise BadInferenceRequestError("prompt is empty")
    if len(req.prompt) > MAX_PROMPT_CHARS:
        raise BadInferenceRequestError(
            f"prompt has {len(req.prompt)} characters; the limit is {MAX_PROMPT_CHARS}"
        )
    if not 1 <= req.samples <= MAX_SAMPLES:
        raise BadInferenceRequestError(f"samples must be 1..{MAX_SAMPLES}, got {req.samples}")
    if not 1 <= req.max_new_tokens <= MAX_NEW_TOKENS:
        raise BadInferenceRequestError(
            f"max_new_tokens must be 1..{MAX_NEW_TOKENS}, got {req.max_new_tokens}"
        )
    if not 0.0 <= req.temperature <= 5.0:
        raise BadInferenceRequestError(f"temperature must be 0..5, got {req.temperature}")
    if req.top_k < 0:
        raise BadInferenceRequestError(f"top_k must be >= 0, got {req.top_k}")
    if not 0.0 <= req.threshold <= 1.0:
        raise BadInferenceRequestError(f"exit threshold must be 0..1, got {req.threshold}")
    slot.check(req.adapter_id)


def load_model(
    directory: Path, precision: str, device: str = "cpu"
) -> tuple[GatedDecoder, dict[str, Any]]:
    if precision not in PRECISIONS:
        raise BadInferenceRequestError(f"precision must be one of {PRECISIONS}")
    model, manifest = checkpoint.load(directory, device)
    if precision == "fp32":
        return model, manifest
    if precision == "mixed":
        plan_path = directory / PLAN_FILE
        if not plan_path.exists():
            raise checkpoint.CheckpointError(
                f"precision 'mixed' needs {plan_path} (`rmesh bench model` writes it)"
            )
        plan: dict[str, Mode] = json.loads(plan_path.read_text())["plan"]
    else:
        plan = uniform_plan(model, precision)  # type: ignore[arg-type]
    quantized = quantize(model, plan)
    assert isinstance(quantized, GatedDecoder)
    return quantized.eval(), manifest


class ReasonerService:
    def __init__(self, model: GatedDecoder, slot: AdapterSlot | None = None) -> None:
        self.generator = Generator(model)
        self.slot = slot or AdapterSlot()

    def run(self, requests: list[ServeRequest]) -> list[list[Generation] | MeshError]:
        results: list[list[Generation] | MeshError] = []
        valid: list[tuple[int, ServeRequest]] = []
        for i, req in enumerate(requests):
            try:
                validate(req, self.slot)
            except MeshError as exc:
                results.append(exc)
                continue
            results.append([])
            valid.append((i, req))
        if valid:
            with torch.inference_mode():
                outs = self.generator.generate([r for _, r in valid])
            for (i, _), out in zip(valid, outs, strict=True):
                results[i] = out
        return results
