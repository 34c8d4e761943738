"""Checkpoint verification and request validation of the serving core."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from reasoning_mesh.errors import BadInferenceRequestError
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.model import GatedDecoder, ReasonerConfig
from reasoning_mesh.models.reasoner.serving import (
    AdapterSlot,
    ReasonerService,
    ServeRequest,
    load_model,
)

CFG = ReasonerConfig(d_model=32, n_layers=2, n_heads=2, d_ff=64, max_len=64, min_exit_layer=1)


@pytest.fixture
def ckpt(tmp_path: Path) -> Path:
    torch.manual_seed(0)
    checkpoint.save(GatedDecoder(CFG), tmp_path, {"recipe": {"seed": 0}})
    return tmp_path


def test_checkpoint_round_trip(ckpt: Path) -> None:
    model, manifest = checkpoint.load(ckpt)
    assert manifest["config"]["d_model"] == 32 and len(manifest["sha384"]) == 96
    assert isinstance(model, GatedDecoder)


def test_tampered_weights_are_refused(ckpt: Path) -> None:
    weights = ckpt / checkpoint.WEIGHTS
    data = bytearray(weights.read_bytes())
    data[-1] ^= 0xFF
    weights.write_bytes(bytes(data))
    with pytest.raises(checkpoint.CheckpointError, match="SHA-384"):
        checkpoint.load(ckpt)


def test_mixed_precision_needs_a_plan(ckpt: Path) -> None:
    with pytest.raises(checkpoint.CheckpointError, match="precision_plan"):
        load_model(ckpt, "mixed")
    model, _ = load_model(ckpt, "int4")
    assert model is not None


@pytest.mark.parametrize(
    ("req", "needle"),
    [
        (ServeRequest(""), "empty"),
        (ServeRequest("C:1+1=", max_new_tokens=10_000), "max_new"),
        (ServeRequest("C:1+1=", samples=0), "samples"),
        (ServeRequest("C:1+1=", adapter_id="rounding-v1"), "unknown adapter"),
        (ServeRequest("C:1+1=", threshold=2.0), "threshold"),
        (ServeRequest("x" * 500), "limit"),
    ],
)
def test_bad_requests_fail_alone(ckpt: Path, req: ServeRequest, needle: str) -> None:
    model, _ = checkpoint.load(ckpt)
    service = ReasonerService(model, AdapterSlot())
    good, bad, good2 = service.run(
        [
            ServeRequest("C:1+1=", max_new_tokens=3),
            req,
            ServeRequest("C:2*3=", samples=2, temperature=1.0, max_new_tokens=3),
        ]
    )
    assert isinstance(bad, BadInferenceRequestError) and needle in str(bad)
    assert isinstance(good, list) and len(good) == 1
    assert isinstance(good2, list) and len(good2) == 2
