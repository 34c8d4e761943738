"""Checkpoints: safetensors weights + a manifest (config, data recipe, metrics, SHA-384).

Loading verifies the digest before any weight is read, so a corrupted or swapped file is refused
rather than served.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file, save_file

from reasoning_mesh.errors import NonRetryableError
from reasoning_mesh.models.reasoner.model import GatedDecoder, ReasonerConfig

WEIGHTS = "reasoner.safetensors"
MANIFEST = "manifest.json"


class CheckpointError(NonRetryableError):
    code = "bad_checkpoint"


def sha384(path: Path) -> str:
    h = hashlib.sha384()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def save(
    model: GatedDecoder, directory: Path, extra: dict[str, Any], weights_name: str = WEIGHTS
) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    weights = directory / weights_name
    state = {k: v.detach().contiguous().cpu() for k, v in model.state_dict().items()}
    save_file(state, str(weights))
    manifest = {
        "format": "reasoning-mesh/reasoner@1",
        "config": model.cfg.to_dict(),
        "weights": weights_name,
        "sha384": sha384(weights),
        "bytes": weights.stat().st_size,
        **extra,
    }
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return weights


def read_manifest(directory: Path) -> dict[str, Any]:
    path = directory / MANIFEST
    if not path.exists():
        raise CheckpointError(f"no {MANIFEST} in {directory}")
    manifest: dict[str, Any] = json.loads(path.read_text())
    return manifest


def load(directory: Path, device: str = "cpu") -> tuple[GatedDecoder, dict[str, Any]]:
    manifest = read_manifest(directory)
    weights = directory / manifest["weights"]
    digest = sha384(weights)
    if digest != manifest["sha384"]:
        raise CheckpointError(
            f"{weights} has SHA-384 {digest[:16]}…, the manifest says "
            f"{manifest['sha384'][:16]}…: refusing to load"
        )
    model = GatedDecoder(ReasonerConfig(**manifest["config"]))
    model.load_state_dict(load_file(str(weights)))
    return model.to(device).eval(), manifest


def default_dir() -> Path:
    from reasoning_mesh.infra.paths import model_repository

    return model_repository() / "reasoner" / "1"


def set_threads(n: int) -> None:
    torch.set_num_threads(max(1, n))
