"""What every Triton Python model of the repository reads at `initialize`: its parameters, the
device of this instance, and its version directory (pure of Triton: `args` is its dict)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch


def instance(args: dict[str, Any]) -> tuple[dict[str, str], str, Path]:
    """(parameters, device, version directory); torch's threads set from `torch_threads`."""
    config = json.loads(args["model_config"])
    params = {k: v["string_value"] for k, v in config.get("parameters", {}).items()}
    torch.set_num_threads(int(params.get("torch_threads", "1")))
    gpu = args.get("model_instance_kind") == "GPU"
    device = f"cuda:{args['model_instance_device_id']}" if gpu else "cpu"
    return params, device, Path(args["model_repository"]) / args["model_version"]
