"""Train, evaluate and weigh LoRA adapters on the gated decoder (torch only, no serving code).

Training keeps the base's LayerSkip objective (a loss at every exit), so an adapted model still
exits early, and mixes in replayed examples of the old skills so the adapter does not trade them
away: the evaluation gate would refuse it otherwise.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import torch
import torch.nn.functional as F  # noqa: N812 - the conventional alias

from reasoning_mesh.models.reasoner import lora
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.generate import Generator, GenRequest
from reasoning_mesh.models.reasoner.model import GatedDecoder, exit_losses
from reasoning_mesh.models.reasoner.tokenizer import CharTokenizer
from reasoning_mesh.models.reasoner.train import encode_batch, exact, lr_at

EVAL_SLOT = 1  # the bank slot evaluation loads a candidate adapter into


@dataclass(frozen=True)
class AdaptRecipe:
    rank: int = 8
    alpha: float = 16.0
    steps: int = 800
    batch: int = 64
    lr: float = 3e-3
    warmup: int = 40
    replay_share: float = 0.25
    replay_weight: float = 1.0
    seed: int = 7

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def train_adapter(
    model: GatedDecoder,
    new: Sequence[Example],
    replay: Sequence[Example],
    recipe: AdaptRecipe,
    log: Callable[[str], None] = lambda _: None,
    init: lora.LoRAWeights | None = None,
) -> lora.LoRAWeights:
    """One adapter on `new` (from scratch, or continuing `init`). Replayed old-skill sequences
    are distilled from the frozen base (KL to its output distribution at every exit), so the
    adapter learns to leave them alone."""
    if not new:
        raise ValueError("no examples to train on")
    params = lora.start_training(model, recipe.rank, recipe.alpha, recipe.seed, init)
    rank, alpha = (init.rank, init.alpha) if init is not None else (recipe.rank, recipe.alpha)
    opt = torch.optim.AdamW(params, lr=recipe.lr, weight_decay=0.0)
    rng, tok = random.Random(recipe.seed), CharTokenizer()
    n_replay = round(recipe.batch * recipe.replay_share) if replay else 0
    start = time.perf_counter()
    for step in range(recipe.steps):
        ids, targets, loss_mask, pad_mask = encode_batch(
            rng.choices(new, k=recipe.batch - n_replay), tok
        )
        for group in opt.param_groups:
            group["lr"] = lr_at(step, recipe, floor=0.05)
        loss, _ = exit_losses(model, model.forward_all_layers(ids, pad_mask), targets, loss_mask)
        if n_replay:
            loss = loss + recipe.replay_weight * _distill(model, rng.choices(replay, k=n_replay), tok)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        if step % 100 == 0 or step == recipe.steps - 1:
            log(f"adapter step {step:4d} loss {loss.item():.4f} {time.perf_counter() - start:.0f}s")
    return lora.finish_training(model, rank, alpha)


def _distill(model: GatedDecoder, batch: list[Example], tok: CharTokenizer) -> torch.Tensor:
    # Every position, prompt included: the answer's tokens attend to the prompt's hidden states,
    # so those must stay the base's too, not just the answer's output distribution.
    ids, _, _, pad_mask = encode_batch(batch, tok)
    loss_mask = pad_mask.float()
    with torch.no_grad(), lora.base_only(model):
        teacher = [model.logits(h).log_softmax(-1) for h in model.forward_all_layers(ids, pad_mask)]
    student = model.forward_all_layers(ids, pad_mask)
    denom = loss_mask.sum().clamp(min=1)
    total = torch.zeros(())
    for t, h in zip(teacher, student, strict=True):
        kl = F.kl_div(model.logits(h).log_softmax(-1), t, log_target=True, reduction="none").sum(-1)
        total = total + (kl * loss_mask).sum() / denom
    return total / len(student)


@torch.inference_mode()
def accuracy(
    model: GatedDecoder,
    examples: Sequence[Example],
    weights: lora.LoRAWeights | None = None,
    batch: int = 128,
) -> float:
    """Greedy exact-match accuracy, with `weights` loaded in the evaluation slot (or the base)."""
    if not examples:
        return 0.0
    slot = 0
    if weights is not None:
        lora.attach(model)
        lora.load_slot(model, EVAL_SLOT, weights)
        slot = EVAL_SLOT
    gen, right = Generator(model), 0
    for i in range(0, len(examples), batch):
        chunk = examples[i : i + batch]
        outs = gen.generate([GenRequest(e.prompt, max_new_tokens=24, adapter=slot) for e in chunk])
        right += sum(exact(g.text, e.answer) for e, (g,) in zip(chunk, outs, strict=True))
    return right / len(examples)


def diag_fisher(
    model: GatedDecoder, weights: lora.LoRAWeights, examples: Sequence[Example]
) -> dict[str, torch.Tensor]:
    """Diagonal (empirical) Fisher of every adapted weight matrix at base + adapter: the mean
    over examples of the squared gradient of the answer's log-likelihood, one example at a time
    (a batch gradient squared would not be a Fisher)."""
    mods = lora.lora_modules(model)
    lora.set_training(model, weights)
    for p in model.parameters():
        p.requires_grad_(False)
    for mod in mods.values():
        mod.probe = torch.nn.Parameter(torch.zeros(mod.out_features, mod.in_features))
    fisher = {name: torch.zeros(m.out_features, m.in_features) for name, m in mods.items()}
    tok = CharTokenizer()
    try:
        for ex in examples:
            ids, targets, loss_mask, pad_mask = encode_batch([ex], tok)
            h = model.forward_all_layers(ids, pad_mask)[-1]
            ce = F.cross_entropy(model.logits(h).transpose(1, 2), targets, reduction="none")
            model.zero_grad(set_to_none=True)
            (ce * loss_mask).sum().backward()
            for name, mod in mods.items():
                assert mod.probe is not None
                assert mod.probe.grad is not None
                fisher[name] += mod.probe.grad.detach() ** 2
    finally:
        for mod in mods.values():
            mod.probe = None
        lora.set_training(model, None)
    return {name: f / len(examples) for name, f in fisher.items()}


@torch.inference_mode()
def self_labelled(model: GatedDecoder, prompts: Sequence[Example], batch: int = 128) -> list[Example]:
    """Replay examples answered by the base model itself (greedy, no adapter): training on them
    teaches the adapter to leave old skills exactly as the base does them, errors included,
    which is what "regresses no other skill" asks; gold labels would pull them elsewhere."""
    gen, out = Generator(model), []
    for i in range(0, len(prompts), batch):
        chunk = prompts[i : i + batch]
        outs = gen.generate([GenRequest(e.prompt, max_new_tokens=24) for e in chunk])
        out += [Example(e.prompt, g.text, e.kind) for e, (g,) in zip(chunk, outs, strict=True)]
    return out
