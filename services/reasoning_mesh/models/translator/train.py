"""`rmesh train translator`: train the question → reading model on generated phrasings.

The architecture is the reasoner's decoder (`models.reasoner.model`), smaller and at full depth:
a masked question (`what do you get if you add #1 and #2?`) is the prompt, the planner's
reading (`What is #1 + #2?`) or `-` the answer. Seeded and reproducible on CPU; the recipe, the
template fingerprint and a held-out score (phrasings never trained on) go into the manifest.
"""

from __future__ import annotations

import itertools
import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F  # noqa: N812 - the conventional alias

from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.model import GatedDecoder, ReasonerConfig, param_count
from reasoning_mesh.models.reasoner.tokenizer import PAD
from reasoning_mesh.models.reasoner.train import lr_at
from reasoning_mesh.models.translator import phrasings, trained
from reasoning_mesh.models.translator.serving import MAX_NEW, MAX_PROMPT, Translator
from reasoning_mesh.models.translator.tokenizer import PlainTokenizer

WEIGHTS = "translator.safetensors"
CONFIG = ReasonerConfig(d_model=128, n_layers=4, n_heads=4, d_ff=512, max_len=MAX_PROMPT + MAX_NEW)


@dataclass(frozen=True)
class Recipe:
    seed: int = 4321
    steps: int = 6000
    batch: int = 160
    lr: float = 2e-3
    warmup: int = 200
    weight_decay: float = 0.01
    threads: int = 2
    #: `cuda` trains on a GPU (minutes instead of most of an hour; not bit-identical to CPU).
    device: str = "cpu"


def encode(pairs: list[phrasings.Pair], tok: PlainTokenizer) -> tuple[torch.Tensor, ...]:
    seqs, starts = zip(*(tok.encode_example(p.masked, p.target) for p in pairs), strict=True)
    t = max(len(s) for s in seqs)
    ids = torch.full((len(seqs), t), PAD, dtype=torch.long)
    loss_mask = torch.zeros((len(seqs), t), dtype=torch.float)
    for i, (s, start) in enumerate(zip(seqs, starts, strict=True)):
        ids[i, : len(s)] = torch.tensor(s)
        loss_mask[i, start - 1 : len(s) - 1] = 1.0  # predict the answer and its EOS
    targets = torch.roll(ids, -1, dims=1)
    return ids, targets, loss_mask, ids != PAD


def fits(pair: phrasings.Pair, tok: PlainTokenizer) -> bool:
    return len(tok.encode_prompt(pair.masked)) <= MAX_PROMPT and len(pair.target) < MAX_NEW


def held_out_accuracy(translator: Translator, pairs: list[phrasings.Pair]) -> float:
    """Exact match of the greedy reading on phrasings from templates never trained on."""
    outputs = translator.translate_masked([p.masked for p in pairs], samples=1)
    return sum(o[0].text == p.target for o, p in zip(outputs, pairs, strict=True)) / len(pairs)


def train(recipe: Recipe, out: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    torch.manual_seed(recipe.seed)
    checkpoint.set_threads(recipe.threads)
    tok = PlainTokenizer()
    model = GatedDecoder(CONFIG).to(recipe.device)
    opt = torch.optim.AdamW(
        model.parameters(), lr=recipe.lr, betas=(0.9, 0.98), weight_decay=recipe.weight_decay
    )
    stream = (p for p in phrasings.training(recipe.seed) if fits(p, tok))
    start = time.perf_counter()
    model.train()
    loss = torch.zeros(())
    vocabulary: set[str] = set()
    for step in range(recipe.steps):
        batch = list(itertools.islice(stream, recipe.batch))
        for pair in batch:  # the words it was trained on: the only ones it will read
            vocabulary |= phrasings.words_of(pair.masked)
        ids, targets, loss_mask, pad_mask = (t.to(recipe.device) for t in encode(batch, tok))
        for group in opt.param_groups:
            group["lr"] = lr_at(step, recipe)
        hidden = model.forward_all_layers(ids, pad_mask)[-1]
        ce = F.cross_entropy(model.logits(hidden).transpose(1, 2), targets, reduction="none")
        loss = (ce * loss_mask).sum() / loss_mask.sum().clamp(min=1)
        opt.zero_grad(set_to_none=True)
        loss.backward()  # type: ignore[no-untyped-call]
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step % 100 == 0 or step == recipe.steps - 1:
            log(f"step {step:5d}  loss {loss.item():.4f}  {time.perf_counter() - start:.0f}s")
    wall = time.perf_counter() - start
    model = model.cpu().eval()  # served and scored on CPU, wherever it was trained
    held = [p for p in phrasings.held_out(600) if fits(p, tok)]
    acc = held_out_accuracy(Translator(model, frozenset(vocabulary)), held)
    log(f"held-out phrasing accuracy {acc:.3f} after {wall:.0f}s")
    extra = {
        "format": "reasoning-mesh/translator@1",
        "recipe": asdict(recipe),
        "params": param_count(model),
        "data": {
            # @2: the fingerprint covers wrappers and masking rules too (@1: templates only);
            # @3: and the slot values (fractions as operands, rounding units).
            "generator": "reasoning_mesh.models.translator.phrasings@3",
            "generator_crc32": phrasings.fingerprint(),
            "held_out": "every fifth template of each family",
            "excluded": ["../shared/benchmarks"],
        },
        "train_wall_clock_s": round(wall, 1),
        "machine": {
            "cpu_threads": recipe.threads,
            "device": recipe.device if recipe.device == "cpu" else torch.cuda.get_device_name(),
            "torch": torch.__version__,
            "platform": platform.platform(),
        },
        "final_loss": round(float(loss.detach()), 4),
        "held_out_phrasing_accuracy": round(acc, 4),
        "vocabulary": sorted(vocabulary),
    }
    out.mkdir(parents=True, exist_ok=True)
    extra["trained_phrasings"] = trained.write(
        out, trained.stream(recipe.seed, recipe.steps, recipe.batch)
    )
    checkpoint.save(model, out, extra, weights_name=WEIGHTS)
    return extra
