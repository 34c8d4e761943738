"""`rmesh bench model`: gated depth and mixed precision of the reasoner, side by side in one run.

* Step accuracy is exact match on held-out step prompts (a seed range training never used).
* The exit threshold is calibrated on a separate calibration set: the lowest threshold whose
  accuracy stays within `max_loss_pts` of full depth; then the layers that check for an exit
  (`bench/exits.py`), written next to the checkpoint (`exit_plan.json`) for the Triton backend.
  The held-out figures use both; every-layer checking is reported beside them.
* tokens/s decode one prompt at a time (the latency-bound case gated depth is for), every
  variant timed on each prompt in turn.
* The mixed plan comes from measured sensitivity (teacher-forced loss increase when one layer
  alone is quantized) under a budget of 0.25 of the FP32 bytes, and is written next to the
  checkpoint (`precision_plan.json`) for the Triton backend's `precision: mixed`.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import torch
from torch import nn

from reasoning_mesh.bench.exits import calibrate_schedule, check_cost
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import Example, held_out_steps
from reasoning_mesh.models.reasoner.generate import NO_EXIT, Generator, GenRequest
from reasoning_mesh.models.reasoner.model import GatedDecoder, exit_losses
from reasoning_mesh.models.reasoner.quant import (
    Mode,
    plan_precision,
    quantize,
    sensitivity,
    uniform_plan,
    weight_bytes,
)
from reasoning_mesh.models.reasoner.serving import EXIT_PLAN_FILE, PLAN_FILE
from reasoning_mesh.models.reasoner.tokenizer import CharTokenizer
from reasoning_mesh.models.reasoner.train import encode_batch, seen_prompts, step_accuracy

THRESHOLDS = (0.99, 0.97, 0.95, 0.9, 0.85, 0.8, 0.7, 0.6)


def accuracy(
    model: GatedDecoder, held: list[Example], threshold: float = NO_EXIT
) -> tuple[float, float]:
    """Exact-match accuracy and mean layers evaluated per generated token."""
    return step_accuracy(model, held, threshold)


#: A variant to time: the module, its exit threshold, and its exit layers (None: every layer).
Variant = tuple[nn.Module, float, frozenset[int] | None]


def interleaved_speeds(
    variants: dict[str, Variant], prompts: list[str], rounds: int = 3, seed: int = 0
) -> dict[str, float]:
    """tokens/s of each variant, timed prompt by prompt: every prompt is decoded by every
    variant, in an order shuffled afresh for each prompt (seeded), before the next prompt, over
    `rounds` passes; each variant's tokens are divided by its summed time. A noisy neighbour or
    a frequency change then falls on every variant alike within milliseconds (alternating whole
    passes let the gated / full ratio of one checkpoint swing from 1.12 to 1.46 between rounds
    of one run), and no variant always follows the same one (a fixed rotation put the gated
    variant after a quantized one, whose work had evicted the caches, every time)."""
    gens: dict[str, tuple[Generator, float]] = {}
    for name, (model, threshold, exits) in variants.items():
        assert isinstance(model, GatedDecoder)
        gens[name] = (Generator(model, exit_layers=exits), threshold)
        for p in prompts[:3]:  # warm-up
            gens[name][0].generate([GenRequest(p, threshold=threshold)])
    order = random.Random(seed)
    names = list(gens)
    tokens = dict.fromkeys(names, 0)
    seconds = dict.fromkeys(names, 0.0)
    for _ in range(rounds):
        for prompt in prompts:
            order.shuffle(names)
            for name in names:
                gen, threshold = gens[name]
                start = time.perf_counter()
                out = gen.generate([GenRequest(prompt, threshold=threshold)])
                seconds[name] += time.perf_counter() - start  # choices are read back: no queue
                tokens[name] += len(out[0][0].exit_layers)
    return {name: tokens[name] / seconds[name] for name in gens}


def teacher_forced_loss(examples: list[Example], device: torch.device | str = "cpu") -> Any:
    ids, targets, mask, pad_mask = (t.to(device) for t in encode_batch(examples, CharTokenizer()))

    @torch.inference_mode()
    def loss(model: nn.Module) -> float:
        assert isinstance(model, GatedDecoder)
        states = model.forward_all_layers(ids, pad_mask)
        return exit_losses(model, states[-1:], targets, mask)[0].item()

    return loss


def step_sets(
    manifest: dict[str, Any], held_n: int, calib_n: int = 300
) -> tuple[list[Example], list[Example]]:
    """Held-out and calibration step prompts for the checkpoint `manifest` describes: seed
    ranges training never used, minus every prompt its phases trained on."""
    seen = seen_prompts(manifest.get("phases", [manifest["recipe"]]))
    held = held_out_steps(held_n, seed=10_007, exclude=seen)
    return held, held_out_steps(calib_n, seed=20_011, exclude=seen)


def calibrate_threshold(
    model: GatedDecoder, calib: list[Example], max_loss_pts: float
) -> tuple[float, list[dict[str, float]]]:
    """The lowest threshold, going down, before the first whose calibration accuracy falls more
    than `max_loss_pts` below full depth's (the sweep's first row is full depth itself)."""
    full, _ = accuracy(model, calib)
    sweep: list[dict[str, float]] = [
        {"threshold": NO_EXIT, "accuracy": full, "layers_per_token": float(model.cfg.n_layers)}
    ]
    chosen = NO_EXIT
    for thr in THRESHOLDS:
        acc, layers = accuracy(model, calib, thr)
        sweep.append({"threshold": thr, "accuracy": acc, "layers_per_token": layers})
        if (full - acc) * 100 > max_loss_pts:
            break  # a lower threshold that happens to pass again is luck, not a margin
        chosen = thr
    return chosen, sweep


def run_model_bench(
    directory: Path | None = None,
    *,
    held_n: int = 400,
    speed_n: int = 60,
    max_loss_pts: float = 1.0,
    threads: int = 2,
    speed_threads: int = 1,
    device: str = "cpu",
) -> dict[str, Any]:
    """The bench on `device` (`cuda`: the GPU table; the plans it writes are then calibrated
    on that device's check cost)."""
    torch.set_num_threads(threads)
    directory = directory or checkpoint.default_dir()
    model, manifest = checkpoint.load(directory)
    model = model.to(device)
    held, calib = step_sets(manifest, held_n)
    speed_prompts = [e.prompt for e in held[:speed_n]]

    threshold, sweep = calibrate_threshold(model, calib, max_loss_pts)
    torch.set_num_threads(speed_threads)  # a check's cost where the speed is measured
    cost = check_cost(model)
    torch.set_num_threads(threads)
    schedule, trail = calibrate_schedule(model, calib, threshold, max_loss_pts, cost)
    (directory / EXIT_PLAN_FILE).write_text(
        json.dumps(
            {
                "exit_layers": sorted(schedule),
                "checkpoint_sha384": manifest["sha384"],
                "threshold": threshold,
                "check_cost": cost,
            }
        )
        + "\n"
    )
    acc_full, layers_full = step_accuracy(model, held)
    acc_every, layers_every = step_accuracy(model, held, threshold)
    acc_gated, layers_gated = step_accuracy(model, held, threshold, exit_layers=schedule)

    loss_fn = teacher_forced_loss(calib[:200], device)
    sens = sensitivity(model, loss_fn)
    plan = plan_precision(model, sens, budget_ratio=0.25)
    (directory / PLAN_FILE).write_text(
        json.dumps({"budget_ratio": 0.25, "plan": plan, "sensitivity": sens}, indent=2, sort_keys=True)
        + "\n"
    )
    fp32_bytes = weight_bytes(model)
    modes: dict[str, Any] = {}
    variants: dict[str, Variant] = {}
    plans: dict[str, dict[str, Mode] | None] = {
        "fp32": None,
        "bf16": None,
        "fp8": uniform_plan(model, "fp8"),
        "int4": uniform_plan(model, "int4"),
        "mixed": plan,
    }
    for name, p in plans.items():
        if name == "bf16":
            variant: nn.Module = quantize(model, uniform_plan(model, "bf16"))
        else:
            variant = model if p is None else quantize(model, p)
        assert isinstance(variant, GatedDecoder)
        acc, _ = accuracy(variant, held)
        variants[name] = (variant, NO_EXIT, None)
        modes[name] = {
            "weight_bytes": weight_bytes(variant),
            "weight_ratio_vs_fp32": weight_bytes(variant) / fp32_bytes,
            "step_accuracy": acc,
        }
    # Speed is single-stream decoding on `speed_threads` threads (one by default: at this model
    # size extra threads cost more in synchronisation than they add), all variants interleaved.
    torch.set_num_threads(speed_threads)
    variants["gated"] = (model, threshold, schedule)
    variants["gated_every_layer"] = (model, threshold, None)
    speeds = interleaved_speeds(variants, speed_prompts)
    for name, figures in modes.items():
        figures["tokens_per_s"] = speeds[name]
    tps_full, tps_gated = speeds["fp32"], speeds["gated"]
    return {
        "checkpoint_sha384": manifest["sha384"],
        "device": device if device == "cpu" else torch.cuda.get_device_name(device),
        "threads": threads,
        "speed_threads": speed_threads,
        "held_out_steps": held_n,
        "layers_total": model.cfg.n_layers,
        "exit_threshold": threshold,
        "threshold_sweep_calibration": sweep,
        "check_cost_in_layers": cost,
        "exit_layers": sorted(schedule),
        "exit_schedule_calibration": trail,
        "gated_every_layer": {
            "layers_per_token": layers_every,
            "step_accuracy": acc_every,
            "tokens_per_s": speeds["gated_every_layer"],
            "speedup": speeds["gated_every_layer"] / tps_full,
        },
        "layers_per_token_full": layers_full,
        "layers_per_token_gated": layers_gated,
        "layer_fraction_gated": layers_gated / model.cfg.n_layers,
        "tokens_per_s_full": tps_full,
        "tokens_per_s_gated": tps_gated,
        "gated_speedup": tps_gated / tps_full,
        "step_accuracy_full": acc_full,
        "step_accuracy_gated": acc_gated,
        **modes,
        "mixed_plan_counts": {m: list(plan.values()).count(m) for m in ("int4", "fp8")},
    }
