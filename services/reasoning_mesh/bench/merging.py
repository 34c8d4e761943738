"""Adapter merging and mixed-batch cost, measured in process on the served checkpoint.

Two adapters cover overlapping halves of one skill: the published rounding adapter, trained on
further into one specialised in decimal places and one in the nearest 10^n (adapters that share
an ancestor, like two teams' refinements of one adapter; independently trained LoRAs live in
unrelated subspaces and no weight-space average keeps either). They are merged into one rank-r
adapter by a Fisher-weighted merge (diagonal Fisher from each half's own examples) and by a plain
linear merge, each judged on the benchmark's rounding questions. The same adapters then serve
one mixed batch.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import torch

from reasoning_mesh.models.reasoner import checkpoint, lora
from reasoning_mesh.models.reasoner.adapt import (
    AdaptRecipe,
    accuracy,
    diag_fisher,
    self_labelled,
    train_adapter,
)
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.generate import Generator, GenRequest
from reasoning_mesh.models.reasoner.skills import OLD_SKILLS, skill_examples

HALVES = ("round_places", "round_nearest")


def merge_figures(
    new: list[Example], steps: int = 300, start: lora.LoRAWeights | None = None, threads: int = 2
) -> dict[str, Any]:
    torch.set_num_threads(threads)
    model, _ = checkpoint.load(checkpoint.default_dir())
    lora.attach(model)
    replay = self_labelled(model, [e for k in OLD_SKILLS for e in skill_examples(k, 300, 7_001)])
    recipe = AdaptRecipe(rank=16, alpha=32.0, steps=steps, lr=1e-3, replay_share=0.5, replay_weight=3.0)
    parts: dict[str, lora.LoRAWeights] = {}
    fishers = []
    for i, half in enumerate(HALVES):
        data = skill_examples(half, 3000, 7_100 + i)
        parts[half] = train_adapter(model, data, replay, recipe, init=start)
        fishers.append(diag_fisher(model, parts[half], data[:200]))
    adapters = list(parts.values())
    rank = adapters[0].rank
    fisher = lora.merge(adapters, rank, fishers)
    linear = lora.merge(adapters, rank)
    figures: dict[str, Any] = {
        "fisher_merge_accuracy": accuracy(model, new, fisher),
        "linear_merge_accuracy": accuracy(model, new, linear),
        "merge_parts_accuracy": {h: accuracy(model, new, w) for h, w in parts.items()},
        "merge_start_accuracy": accuracy(model, new, start) if start is not None else None,
        "merge_rank": rank,
        "merge_train_steps": steps,
    }
    figures["mixed_batch_overhead"] = mixed_batch_overhead(model, [*adapters, fisher])
    return figures


def mixed_batch_overhead(
    model: torch.nn.Module, adapters: list[lora.LoRAWeights], rows: int = 64, rounds: int = 5
) -> float:
    """Tokens/s of a batch whose rows cycle through the base and every adapter, over tokens/s of
    the same batch on the base alone (interleaved rounds, median of per-round ratios)."""
    for slot, w in enumerate(adapters, start=1):
        lora.load_slot(model, slot, w)
    gen = Generator(model)  # type: ignore[arg-type]
    prompts = [e.prompt for k in OLD_SKILLS for e in skill_examples(k, rows // len(OLD_SKILLS) + 1, 9)]
    prompts = prompts[:rows]

    def tokens_per_s(mixed: bool) -> float:
        reqs = [
            GenRequest(p, max_new_tokens=16, adapter=(i % (len(adapters) + 1)) if mixed else 0)
            for i, p in enumerate(prompts)
        ]
        t0 = time.perf_counter()
        outs = gen.generate(reqs)
        tokens = sum(len(g.exit_layers) for out in outs for g in out)
        return tokens / (time.perf_counter() - t0)

    tokens_per_s(True)  # warm-up
    ratios = [tokens_per_s(True) / tokens_per_s(False) for _ in range(rounds)]
    return round(statistics.median(ratios), 3)
