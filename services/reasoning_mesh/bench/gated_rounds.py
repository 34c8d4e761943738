"""Paired rounds of the gated / full-depth speed ratio (`docs/figures/gated-speed-rounds.json`):
each round is `rmesh bench model`'s own `interleaved_speeds`, with only full depth and the gated
variants in it (the exit plan beside the checkpoint, and the 0.99 / layers 2-6 plan it
replaced), so the spread of the ratio between rounds can be read.

    python -m reasoning_mesh.bench.gated_rounds OUT.json [ROUNDS]
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

import torch

from reasoning_mesh.bench.model import Variant, interleaved_speeds, step_sets
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.generate import NO_EXIT
from reasoning_mesh.models.reasoner.model import GatedDecoder
from reasoning_mesh.models.reasoner.serving import EXIT_PLAN_FILE

#: The plan the 1 pt calibration replaced (threshold 0.99, checks at layers 2-6).
PREVIOUS_PLAN = (0.99, frozenset({2, 3, 4, 5, 6}))


def paired_rounds(
    model: GatedDecoder, plan: dict[str, Any], prompts: list[str], rounds: int
) -> dict[str, Any]:
    thr, layers = float(plan["threshold"]), frozenset(plan["exit_layers"])
    variants: dict[str, Variant] = {
        "full": (model, NO_EXIT, None),
        f"schedule@{thr}": (model, thr, layers),
        f"every@{thr}": (model, thr, None),
        f"schedule@{PREVIOUS_PLAN[0]}": (model, PREVIOUS_PLAN[0], PREVIOUS_PLAN[1]),
        f"every@{PREVIOUS_PLAN[0]}": (model, PREVIOUS_PLAN[0], None),
    }
    ratios: dict[str, list[float]] = {k: [] for k in variants if k != "full"}
    for r in range(rounds):
        speeds = interleaved_speeds(variants, prompts, seed=r)
        for name, seen in ratios.items():
            seen.append(speeds[name] / speeds["full"])
    return {
        "ratios_by_round": ratios,
        "median": {k: statistics.median(v) for k, v in ratios.items()},
        "min": {k: min(v) for k, v in ratios.items()},
        "max": {k: max(v) for k, v in ratios.items()},
    }


def main(out: Path, rounds: int = 5) -> dict[str, Any]:
    torch.set_num_threads(1)
    directory = checkpoint.default_dir()
    model, manifest = checkpoint.load(directory)
    plan = json.loads((directory / EXIT_PLAN_FILE).read_text())
    held, _ = step_sets(manifest, 400, calib_n=0)
    prompts = [e.prompt for e in held[:60]]
    figures = {
        "what": "gated / full-depth tokens/s of the reasoner per round; each round is rmesh bench "
        "model's interleaved_speeds over full depth and the gated variants only (60 held-out "
        "step prompts, every prompt decoded by every variant in a seeded random order, 3 "
        "passes, tokens over summed time; 1 torch thread)",
        "script": "python -m reasoning_mesh.bench.gated_rounds",
        "checkpoint_sha384": manifest["sha384"],
        "exit_plan": plan,
        **paired_rounds(model, plan, prompts, rounds),
    }
    out.write_text(json.dumps(figures, indent=2) + "\n")
    return figures


if __name__ == "__main__":
    result = main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5)
    print(json.dumps({"median": result["median"], "min": result["min"]}, indent=2))
