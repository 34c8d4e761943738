"""Generated data is exact and excludes rounding; training is seeded and reproducible."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
import torch

from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import (
    apply,
    examples,
    held_out_steps,
    step_example,
    step_prompt,
    training_prompts,
)
from reasoning_mesh.models.reasoner.model import ReasonerConfig
from reasoning_mesh.models.reasoner.numbers import as_fraction, canon
from reasoning_mesh.models.reasoner.train import Recipe, exact, train

BENCH = Path(__file__).resolve().parents[4] / "shared" / "benchmarks" / "math_public.jsonl"


def test_canon_and_parse_round_trip() -> None:
    for v in [Fraction(-3, 11), Fraction(5, 4), Fraction(0), Fraction(10**9), Fraction(-1, 8)]:
        assert as_fraction(canon(v)) == v
    assert canon(Fraction(1, 2)) == "0.5" and canon(Fraction(-3, 11)) == "-3/11"
    assert as_fraction("0.50") == Fraction(1, 2) and as_fraction("abc") is None
    assert as_fraction("1/0") is None


def test_step_answers_are_exact() -> None:
    import random

    rng = random.Random(5)
    for _ in range(2000):
        ex = step_example(rng)
        body = ex.prompt[2:-1]
        assert ex.prompt.startswith("C:") and ex.prompt.endswith("=")
        assert any(op in body[1:] for op in "+-*/"), body
        assert as_fraction(ex.answer) is not None
        assert len(ex.prompt) + len(ex.answer) < 100, ex
    assert step_prompt(Fraction(3, 7), "*", Fraction(-14)) == "C:(3/7)*-14="
    assert apply(Fraction(1, 2), "/", Fraction(1, 4)) == 2


def test_no_rounding_and_no_benchmark_questions_in_training_data() -> None:
    stream = list(itertools.islice(examples(1234), 20_000))
    assert not any("round" in e.prompt.lower() for e in stream)
    assert {e.kind for e in stream} >= {
        "step_add",
        "step_mul",
        "step_div",
        "step_frac",
        "step_conv",
        "q_add_sub",
        "q_linear",
    }
    if BENCH.exists():
        bench = {json.loads(line)["question"] for line in BENCH.read_text().splitlines()}
        questions = {e.prompt[2:-1] for e in stream if e.prompt.startswith("Q:")}
        assert not bench & questions


def test_held_out_prompts_never_repeat_training_prompts() -> None:
    seen = training_prompts(1234, 50_000)
    held = held_out_steps(500, exclude=seen)
    assert len(held) == 500 and not {e.prompt for e in held} & seen
    assert len({e.prompt for e in held}) == 500


def test_exact_compares_numbers_not_strings() -> None:
    assert exact("0.50", "1/2") and exact("-3/11", "-3/11") and not exact("x", "1")


def test_training_is_reproducible(tmp_path: Path) -> None:
    cfg = ReasonerConfig(d_model=32, n_layers=2, n_heads=2, d_ff=64, max_len=128, min_exit_layer=1)
    recipe = Recipe(steps=3, batch=8, threads=1, warmup=1)
    logs: list[str] = []
    a = train(recipe, cfg, tmp_path / "a", log=logs.append)
    b = train(recipe, cfg, tmp_path / "b", log=logs.append)
    wa, _ = checkpoint.load(tmp_path / "a")
    wb, _ = checkpoint.load(tmp_path / "b")
    for (ka, va), (kb, vb) in zip(wa.state_dict().items(), wb.state_dict().items(), strict=True):
        assert ka == kb and torch.equal(va, vb), ka
    assert a["final_losses_per_layer"] == b["final_losses_per_layer"]
    manifest = checkpoint.read_manifest(tmp_path / "a")
    assert manifest["recipe"]["steps"] == 3 and "numbers__round_number" in str(manifest["data"])


@pytest.mark.parametrize("seed", [0, 1])
def test_stream_is_seeded(seed: int) -> None:
    first = [e.prompt for e in itertools.islice(examples(seed), 50)]
    assert first == [e.prompt for e in itertools.islice(examples(seed), 50)]
