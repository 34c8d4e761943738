"""GPU checks for a lent GPU machine: `PYTHONPATH=services python3 infra/gpu/checks.py OUT`.

Needs torch and safetensors only (no broker, no Triton, nothing the GPU image lacks), so it runs
on a bare CUDA image. In order, each part written to OUT as soon as it is done, a failure
recorded and the next part run:
1. the `gpu`-marked tests (FP8 `_scaled_mm`, INT4 `_weight_int4pack_mm`);
2. the translation model trained on the GPU (`OUT/translator/`);
3. `rmesh bench model` on the GPU (`OUT/bench-model-gpu.json`).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path


def _part(name: str, out: Path, fn: object) -> None:
    start = time.perf_counter()
    try:
        fn()  # type: ignore[operator]
        status = "ok"
    except Exception:  # noqa: BLE001 - recorded, and the next part still runs
        status = traceback.format_exc()
    line = {"part": name, "status": status, "wall_s": round(time.perf_counter() - start, 1)}
    with (out / "parts.jsonl").open("a") as f:
        f.write(json.dumps(line) + "\n")
    print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--held", type=int, default=400)
    ap.add_argument("--skip", nargs="*", default=[])
    args = ap.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    def tests() -> None:
        cmd = [sys.executable, "-m", "pytest", "-q", "--noconftest", "-o", "addopts=",
               "-p", "no:cacheprovider", "-m", "gpu", "tests/unit/reasoner/test_quant.py"]  # fmt: skip
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        (out / "gpu-tests.txt").write_text(run.stdout + run.stderr)
        if run.returncode != 0:
            raise RuntimeError(f"pytest exited {run.returncode}")

    def translator() -> None:
        from reasoning_mesh.models.translator.train import Recipe, train

        recipe = Recipe(device=args.device)  # the default recipe, on the GPU
        target = out / "translator"
        with (out / "translator-train.log").open("w") as log:
            train(recipe, target, log=lambda line: print(line, file=log, flush=True))

    def bench() -> None:
        from reasoning_mesh.bench.model import run_model_bench

        with tempfile.TemporaryDirectory() as tmp:  # the bench writes its plans beside weights
            ckpt = Path(tmp) / "1"
            shutil.copytree("model_repository/reasoner/1", ckpt)
            figures = run_model_bench(ckpt, held_n=args.held, device=args.device)
        (out / "bench-model-gpu.json").write_text(json.dumps(figures, indent=2) + "\n")

    for name, fn in (("tests", tests), ("translator", translator), ("bench-model", bench)):
        if name not in args.skip:
            _part(name, out, fn)


if __name__ == "__main__":
    main()
