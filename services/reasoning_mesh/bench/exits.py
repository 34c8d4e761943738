"""Where tokens may leave: the exit schedule `rmesh bench model` calibrates.

Gated depth saves the layers a token skips and pays an exit check (normalise, project to the
vocabulary, compare the top two probabilities) at every layer it passes that may let it go. At
batch size one every op is dispatch-bound, so a check costs a fair part of a layer, and a check
that rarely lets a token leave (the last layers, or the first one when tokens confident there
are as confident one layer later) costs more than it saves. The schedule is chosen on the
calibration set by a cost model (layers + checks x the measured cost of a check in layers),
removing one checking layer at a time while accuracy stays within the loss allowed.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import torch

from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.generate import Generator, GenRequest, _leaving, exit_schedule
from reasoning_mesh.models.reasoner.model import Block, GatedDecoder
from reasoning_mesh.models.reasoner.train import exact


def check_cost(model: GatedDecoder, context: int = 16, calls: int = 500, rounds: int = 5) -> float:
    """One exit check's time over one layer's (its K/V projection included), for one token at
    batch size one: timed alternately, median of `rounds`."""
    gen, cfg = Generator(model), model.cfg
    block = model.blocks[0]
    assert isinstance(block, Block)
    device = next(model.parameters()).device
    h = torch.zeros(1, 1, cfg.d_model, device=device)
    k = torch.zeros(1, cfg.n_heads, context, cfg.d_model // cfg.n_heads, device=device)

    def layer() -> None:  # as one unpadded stream decodes it: one normalisation, no mask
        n = block.ln1(h)
        block.keys_values_normed(n)
        block.attend(h, n, k, k, None)

    def check() -> None:
        _leaving(gen._logits(h[:, 0]), [0], [0.5])

    def timed(fn: Callable[[], None]) -> float:
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        if device.type == "cuda":
            torch.cuda.synchronize(device)  # kernels are queued, not done, when the loop ends
        return time.perf_counter() - start

    with torch.inference_mode():
        ratios = [timed(check) / timed(layer) for _ in range(rounds + 1)]
    return statistics.median(ratios[1:])  # the first round warms up


def _measure(
    model: GatedDecoder, calib: list[Example], threshold: float, schedule: frozenset[int], cost: float
) -> dict[str, Any]:
    gen = Generator(model, exit_layers=schedule)
    n, right, layers, checks = model.cfg.n_layers, 0, 0, 0
    tokens = 0
    for i in range(0, len(calib), 64):
        chunk = calib[i : i + 64]
        outs = gen.generate([GenRequest(e.prompt, threshold=threshold) for e in chunk])
        for e, (g,) in zip(chunk, outs, strict=True):
            right += exact(g.text, e.answer)
            for exit_at in g.exit_layers:
                tokens += 1
                layers += exit_at
                # Checks passed on the way, and the exit's state propagation (about one check).
                checks += sum(1 for x in schedule if x <= exit_at) + (exit_at < n)
    per = max(1, tokens)
    return {
        "exit_layers": sorted(schedule),
        "accuracy": right / len(calib),
        "layers_per_token": layers / per,
        "checks_per_token": checks / per,
        "cost_per_token": (layers + cost * checks) / per,
    }


def calibrate_schedule(
    model: GatedDecoder, calib: list[Example], threshold: float, max_loss_pts: float, cost: float
) -> tuple[frozenset[int], list[dict[str, Any]]]:
    """The schedule with the lowest modelled cost whose accuracy on `calib` stays within
    `max_loss_pts` of full depth, found by removing one checking layer at a time."""
    full = _measure(model, calib, 1.0, frozenset(), cost)["accuracy"]
    current = exit_schedule(model.cfg)
    best = _measure(model, calib, threshold, current, cost)
    trail = [best]
    while current:
        options = [_measure(model, calib, threshold, current - {x}, cost) for x in sorted(current)]
        fine = [o for o in options if (full - o["accuracy"]) * 100 <= max_loss_pts]
        pick = min(fine, key=lambda o: o["cost_per_token"], default=None)
        if pick is None or pick["cost_per_token"] >= best["cost_per_token"]:
            break
        current, best = frozenset(pick["exit_layers"]), pick
        trail.append(pick)
    return current, trail
