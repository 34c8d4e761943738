"""The exit schedule: tokens leave only at the layers that check, a schedule outside the model's
layers is refused, the served plan is read (or refused) from beside the checkpoint, and the
calibration only removes checks that cost more than they save, within the accuracy allowed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from reasoning_mesh.bench.exits import calibrate_schedule, check_cost
from reasoning_mesh.models.reasoner.checkpoint import CheckpointError
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.generate import Generator, GenRequest, exit_schedule
from reasoning_mesh.models.reasoner.model import GatedDecoder, ReasonerConfig
from reasoning_mesh.models.reasoner.serving import EXIT_PLAN_FILE, load_exit_layers

CFG = ReasonerConfig(d_model=32, n_layers=6, n_heads=2, d_ff=64, max_len=48, min_exit_layer=2)


@pytest.fixture(scope="module")
def model() -> GatedDecoder:
    torch.manual_seed(1)
    return GatedDecoder(CFG).eval()


def test_every_layer_from_the_first_allowed_checks_by_default() -> None:
    assert exit_schedule(CFG) == frozenset({2, 3, 4, 5})
    assert exit_schedule(CFG, [3, 5]) == frozenset({3, 5})
    with pytest.raises(ValueError, match="outside"):
        exit_schedule(CFG, [1, 3])
    with pytest.raises(ValueError, match="outside"):
        exit_schedule(CFG, [6])  # the last layer is full depth, not an exit


def test_tokens_leave_only_at_the_scheduled_layers(model: GatedDecoder) -> None:
    request = GenRequest("C:5*5=", max_new_tokens=6, threshold=0.0)  # any check lets it go
    (every,) = Generator(model).generate([request])[0]
    assert set(every.exit_layers) == {2}
    (scheduled,) = Generator(model, exit_layers=[4]).generate([request])[0]
    assert set(scheduled.exit_layers) == {4}
    (none,) = Generator(model, exit_layers=[]).generate([request])[0]
    assert set(none.exit_layers) == {CFG.n_layers}


def test_the_served_plan_is_read_from_beside_its_checkpoint_only(tmp_path: Path) -> None:
    assert load_exit_layers(tmp_path, "abc") is None  # no plan: every layer checks
    plan = {"exit_layers": [3, 5], "checkpoint_sha384": "abc", "threshold": 0.99}
    (tmp_path / EXIT_PLAN_FILE).write_text(json.dumps(plan))
    assert load_exit_layers(tmp_path, "abc") == [3, 5]
    # Calibrated on other weights (a retrained checkpoint): ignored, never applied.
    assert load_exit_layers(tmp_path, "def") is None
    (tmp_path / EXIT_PLAN_FILE).write_text(json.dumps({**plan, "exit_layers": "3"}))
    with pytest.raises(CheckpointError, match="list of layer numbers"):
        load_exit_layers(tmp_path, "abc")
    (tmp_path / EXIT_PLAN_FILE).write_text(json.dumps({"exit_layers": [3]}))  # no digest
    with pytest.raises(CheckpointError, match="not an exit plan"):
        load_exit_layers(tmp_path, "abc")
    (tmp_path / EXIT_PLAN_FILE).write_text("{")
    with pytest.raises(CheckpointError, match="not an exit plan"):
        load_exit_layers(tmp_path, "abc")


def test_the_shipped_plan_belongs_to_the_shipped_checkpoint() -> None:
    directory = Path(__file__).resolve().parents[3] / "model_repository" / "reasoner" / "1"
    manifest = json.loads((directory / "manifest.json").read_text())
    layers = load_exit_layers(directory, manifest["sha384"])
    assert layers is not None
    assert exit_schedule(ReasonerConfig(**manifest["config"]), layers) == frozenset(layers)


def test_calibration_keeps_within_the_loss_and_never_raises_the_cost(model: GatedDecoder) -> None:
    calib = [Example(f"C:{a}+{a}=", str(2 * a), "step_add") for a in range(12)]
    assert check_cost(model, calls=20, rounds=1) > 0
    # Nothing is confident enough to leave: every check is pure cost, and all are removed.
    schedule, trail = calibrate_schedule(model, calib, threshold=0.9999, max_loss_pts=100.0, cost=0.5)
    assert trail[0]["exit_layers"] == [2, 3, 4, 5] and trail[0]["layers_per_token"] == CFG.n_layers
    costs = [t["cost_per_token"] for t in trail]
    assert costs == sorted(costs, reverse=True) and schedule == frozenset()
    # Everything leaves at the first check: removing it would cost layers, so it stays.
    first, _ = calibrate_schedule(model, calib, threshold=0.0, max_loss_pts=100.0, cost=5.0)
    assert 2 in first
    # A schedule that loses accuracy beyond the allowance is never chosen.
    strict, trail = calibrate_schedule(model, calib, threshold=0.0, max_loss_pts=-1.0, cost=0.5)
    assert strict == frozenset({2, 3, 4, 5}) and len(trail) == 1


def test_paired_rounds_report_every_gated_variant_against_full_depth() -> None:
    from reasoning_mesh.bench.gated_rounds import paired_rounds

    torch.manual_seed(0)
    tiny = GatedDecoder(ReasonerConfig(d_model=16, n_layers=8, n_heads=2, d_ff=32, max_len=48)).eval()
    got = paired_rounds(tiny, {"threshold": 0.5, "exit_layers": [2, 3]}, ["C:1+2=", "C:3*4="], rounds=2)
    assert set(got["median"]) == {"schedule@0.5", "every@0.5", "schedule@0.99", "every@0.99"}
    assert all(len(v) == 2 and all(r > 0 for r in v) for v in got["ratios_by_round"].values())
