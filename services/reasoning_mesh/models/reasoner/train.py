"""`rmesh train`: train the reasoner on generated data (seeded, reproducible on CPU).

The recipe (seed, steps, batch, data mix) is written into the manifest; running the same recipe
on the same torch build reproduces the checkpoint.
"""

from __future__ import annotations

import math
import platform
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import torch

from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import (
    Example,
    example_batches,
    held_out_steps,
    training_prompts,
)
from reasoning_mesh.models.reasoner.generate import Generator, GenRequest
from reasoning_mesh.models.reasoner.model import (
    GatedDecoder,
    ReasonerConfig,
    exit_losses,
    layer_drop_mask,
    param_count,
)
from reasoning_mesh.models.reasoner.numbers import as_fraction
from reasoning_mesh.models.reasoner.tokenizer import PAD, CharTokenizer


@dataclass(frozen=True)
class Recipe:
    seed: int = 1234
    steps: int = 3000
    batch: int = 128
    lr: float = 2e-3
    warmup: int = 150
    weight_decay: float = 0.01
    layer_drop: float = 0.1
    question_share: float = 0.15
    threads: int = 2
    mix: str = "base"  # data.STEP_MIXES: which step distribution this phase trains on


def encode_batch(batch: list[Example], tok: CharTokenizer) -> tuple[torch.Tensor, ...]:
    """Right-padded ids, next-token targets, a loss mask on the answer and EOS only, and the
    padding mask."""
    seqs, starts = zip(*(tok.encode_example(e.prompt, e.answer) for e in batch), strict=True)
    t = max(len(s) for s in seqs)
    ids = torch.full((len(seqs), t), PAD, dtype=torch.long)
    loss_mask = torch.zeros((len(seqs), t), dtype=torch.float)
    for i, (s, start) in enumerate(zip(seqs, starts, strict=True)):
        ids[i, : len(s)] = torch.tensor(s)
        loss_mask[i, start - 1 : len(s) - 1] = 1.0
    targets = torch.full_like(ids, PAD)
    targets[:, :-1] = ids[:, 1:]
    return ids, targets, loss_mask, ids != PAD


def batches(recipe: Recipe, tok: CharTokenizer) -> Iterator[tuple[torch.Tensor, ...]]:
    for chunk in example_batches(recipe.seed, recipe.batch, recipe.question_share, recipe.mix):
        yield encode_batch(chunk, tok)


def seen_prompts(phases: list[dict[str, Any]]) -> set[str]:
    """Every prompt any training phase of a checkpoint saw (the phases in its manifest): what
    held-out sets must exclude."""
    seen: set[str] = set()
    for phase in phases:
        seen |= training_prompts(
            phase["seed"],
            phase["steps"] * phase["batch"],
            phase["question_share"],
            phase.get("mix", "base"),
            phase["batch"],
        )
    return seen


class Schedule(Protocol):
    @property
    def lr(self) -> float: ...
    @property
    def warmup(self) -> int: ...
    @property
    def steps(self) -> int: ...


def lr_at(step: int, recipe: Schedule, floor: float = 0.1) -> float:
    """Linear warm-up, then cosine decay to `floor` × the peak rate."""
    if step < recipe.warmup:
        return recipe.lr * (step + 1) / recipe.warmup
    progress = (step - recipe.warmup) / max(1, recipe.steps - recipe.warmup)
    return recipe.lr * (floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * progress)))


def exact(pred: str, gold: str) -> bool:
    """Right only when the text is the expected text (surrounding whitespace aside): `0.50` is
    not `0.5`, `2/4` is not `1/2`. Every accuracy this project reports is scored so."""
    return pred.strip() == gold.strip()


def same_value(pred: str, gold: str) -> bool:
    """The same number in any form: for reference beside a strict figure, never instead of it."""
    a, b = as_fraction(pred), as_fraction(gold)
    return a is not None and a == b


def step_accuracy(
    model: GatedDecoder,
    held: list[Example],
    threshold: float = 1.0,
    batch: int = 64,
    exit_layers: Iterable[int] | None = None,
) -> tuple[float, float]:
    """Exact-match accuracy on held-out steps and the mean layers used per generated token."""
    gen = Generator(model, exit_layers=exit_layers)
    right, layers, tokens = 0, 0, 0
    for i in range(0, len(held), batch):
        chunk = held[i : i + batch]
        outs = gen.generate([GenRequest(e.prompt, threshold=threshold) for e in chunk])
        for e, (g,) in zip(chunk, outs, strict=True):
            right += exact(g.text, e.answer)
            layers += sum(g.exit_layers)
            tokens += len(g.exit_layers)
    return right / len(held), layers / max(1, tokens)


def train(
    recipe: Recipe,
    cfg: ReasonerConfig,
    out: Path,
    log: Callable[[str], None] = print,
    resume: Path | None = None,
) -> dict[str, Any]:
    """Train from scratch, or continue a checkpoint (`resume`) with a new recipe: the manifest
    then lists every phase, so the whole chain can be replayed."""
    torch.manual_seed(recipe.seed)
    checkpoint.set_threads(recipe.threads)
    tok = CharTokenizer()
    phases: list[dict[str, Any]] = []
    if resume is not None:
        model, previous = checkpoint.load(resume)
        cfg = model.cfg
        phases = list(previous.get("phases", [previous["recipe"]]))
    else:
        model = GatedDecoder(cfg)
    opt = torch.optim.AdamW(
        model.parameters(), lr=recipe.lr, betas=(0.9, 0.98), weight_decay=recipe.weight_decay
    )
    drop_gen = torch.Generator().manual_seed(recipe.seed + 1)
    start = time.perf_counter()
    data = batches(recipe, tok)
    per_layer: list[float] = []
    model.train()
    for step in range(recipe.steps):
        ids, targets, loss_mask, pad_mask = next(data)
        for group in opt.param_groups:
            group["lr"] = lr_at(step, recipe)
        drop = layer_drop_mask(cfg.n_layers, ids.shape[0], recipe.layer_drop, drop_gen)
        loss, per_layer = exit_losses(
            model, model.forward_all_layers(ids, pad_mask, drop), targets, loss_mask
        )
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step % 100 == 0 or step == recipe.steps - 1:
            log(
                f"step {step:5d}  loss {loss.item():.4f}  last-layer {per_layer[-1]:.4f}  "
                f"first-exit {per_layer[cfg.min_exit_layer - 1]:.4f}  "
                f"{time.perf_counter() - start:.0f}s"
            )
    wall = time.perf_counter() - start
    model.eval()
    phases.append(asdict(recipe))
    held = held_out_steps(500, exclude=seen_prompts(phases))
    acc, _ = step_accuracy(model, held)
    log(f"held-out step accuracy {acc:.3f} after {wall:.0f}s")
    extra = {
        "recipe": asdict(recipe),
        "phases": phases,
        "params": param_count(model),
        "data": {
            "generator": "reasoning_mesh.models.reasoner.data@2",
            # Step format 2 (the `notation` mix): the prefix names the answer's notation.
            "formats": ["C:<a><op><b>=", "D:<a><op><b>=", "Q:<question>="],
            "excluded": ["numbers__round_number", "../shared/benchmarks"],
        },
        "train_wall_clock_s": round(wall, 1),
        "machine": {
            "cpu_threads": recipe.threads,
            "torch": torch.__version__,
            "platform": platform.platform(),
        },
        "final_losses_per_layer": [round(x, 4) for x in per_layer],
        "held_out_step_accuracy": round(acc, 4),
    }
    checkpoint.save(model, out, extra)
    return extra
