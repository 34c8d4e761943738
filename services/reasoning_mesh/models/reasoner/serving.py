"""What the Triton `reasoner` backend runs, minus Triton: validate requests, batch every valid
one into one generation pass, and answer each with its own result or its own error.

The adapter slot: requests may name a LoRA adapter; `AdapterSlot` hot-loads signed adapters into
the model's bank (an LRU) and a mixed batch serves several adapters in one pass. An adapter that
cannot be loaded is an error for the requests naming it alone.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import torch

from reasoning_mesh.errors import BadInferenceRequestError, MeshError, RetryableError
from reasoning_mesh.models.reasoner import checkpoint, lora
from reasoning_mesh.models.reasoner.data import MAX_PROMPT_CHARS
from reasoning_mesh.models.reasoner.generate import Generation, Generator, GenRequest
from reasoning_mesh.models.reasoner.lora import LoRAWeights
from reasoning_mesh.models.reasoner.model import GatedDecoder
from reasoning_mesh.models.reasoner.quant import Mode, quantize, uniform_plan

log = logging.getLogger(__name__)

MAX_SAMPLES = 16
MAX_NEW_TOKENS = 64
PRECISIONS = ("fp32", "bf16", "fp8", "int4", "mixed")
PLAN_FILE = "precision_plan.json"
#: The calibrated exit schedule (`rmesh bench model` writes it): the layers that check for an exit.
EXIT_PLAN_FILE = "exit_plan.json"


class AdapterBusyError(RetryableError):
    """More distinct adapters in one batch than the bank holds: retry, it will fit next batch."""

    code = "adapter_busy"


@dataclass(frozen=True)
class ServeRequest(GenRequest):
    """A generation request as the backend receives it: plus the adapter it asks for."""

    adapter_id: str = ""


class AdapterSlot:
    """Adapter id -> LoRA bank slot, an LRU of at most `capacity` loaded adapters.

    `source(adapter_id)` fetches and checks an adapter (signature, digest, base: see
    `reasoning_mesh.adapters`) and raises a `MeshError` when it is refused; without a source,
    any adapter id is an error. Loading swaps tensors into a free or least-recently-used slot of
    the model's bank: the model and the server keep running. A batch pins the adapters it uses,
    so none of them is evicted under it.
    """

    def __init__(
        self,
        model: torch.nn.Module | None = None,
        source: Callable[[str], LoRAWeights] | None = None,
        capacity: int = 8,
    ) -> None:
        self.model, self.source, self.capacity = model, source, capacity
        self.loaded: OrderedDict[str, int] = OrderedDict()
        if model is not None:
            lora.attach(model, slots=capacity + 1)

    def check(self, adapter_id: str) -> None:
        if adapter_id and (self.source is None or self.model is None):
            raise BadInferenceRequestError(f"unknown adapter {adapter_id!r}: no adapter store")

    def slots_for(self, ids: list[str]) -> list[int | MeshError]:
        """The bank slot of each id (0: none), loading missing adapters; errors per id."""
        wanted = list(dict.fromkeys(i for i in ids if i))
        pinned: set[str] = set()
        outcome: dict[str, int | MeshError] = {"": 0}
        for aid in wanted:
            try:
                outcome[aid] = self._slot(aid, pinned)
                pinned.add(aid)
            except MeshError as exc:
                outcome[aid] = exc
        return [outcome[i] for i in ids]

    def _slot(self, aid: str, pinned: set[str]) -> int:
        self.check(aid)
        if aid in self.loaded:
            self.loaded.move_to_end(aid)
            return self.loaded[aid]
        if len(pinned) >= self.capacity:
            raise AdapterBusyError(f"a batch may use at most {self.capacity} adapters at once")
        assert self.source is not None
        assert self.model is not None
        weights = self.source(aid)
        used = set(self.loaded.values())
        free = [s for s in range(1, self.capacity + 1) if s not in used]
        if free:
            slot = free[0]
        else:
            victim = next(a for a in self.loaded if a not in pinned)
            slot = self.loaded.pop(victim)
        lora.load_slot(self.model, slot, weights)
        self.loaded[aid] = slot
        return slot


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


def load_exit_layers(directory: Path, sha384: str) -> list[int] | None:
    """The checkpoint's calibrated exit layers, or None (every layer checks): without a plan, or
    with a plan calibrated on another checkpoint (`sha384` differs: stale after retraining), which
    is logged and ignored rather than applied to weights it was not measured on."""
    path = directory / EXIT_PLAN_FILE
    if not path.exists():
        return None
    try:
        plan = json.loads(path.read_text())
        layers, for_sha = plan["exit_layers"], plan["checkpoint_sha384"]
    except (ValueError, KeyError, TypeError) as exc:
        raise checkpoint.CheckpointError(f"{path} is not an exit plan: {exc}") from exc
    if not isinstance(layers, list) or not all(isinstance(x, int) for x in layers):
        raise checkpoint.CheckpointError(f"{path}: exit_layers must be a list of layer numbers")
    if for_sha != sha384:
        log.warning("%s was calibrated on another checkpoint; every layer checks", path)
        return None
    return layers


class ReasonerService:
    def __init__(
        self,
        model: GatedDecoder,
        slot: AdapterSlot | None = None,
        exit_layers: list[int] | None = None,
    ) -> None:
        self.generator = Generator(model, exit_layers=exit_layers)
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
        slots = self.slot.slots_for([r.adapter_id for _, r in valid])
        ready: list[tuple[int, GenRequest]] = []
        for (i, req), slot in zip(valid, slots, strict=True):
            if isinstance(slot, MeshError):
                results[i] = slot
            else:
                ready.append((i, replace(req, adapter=slot)))
        if ready:
            with torch.inference_mode():
                outs = self.generator.generate([r for _, r in ready])
            for (i, _), out in zip(ready, outs, strict=True):
                results[i] = out
        return results
