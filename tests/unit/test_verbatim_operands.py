"""Invariant over the public benchmark's questions, driven by the real model in process: every
operand of every prompt the verifier dispatches is copied from the question or an accepted
hypothesis (or read off how one is written), never computed (`bench/verbatim.py` says what is
allowed). The suite checks every eighth question of each module (CI time); `rmesh bench verbatim`
checks all of them (docs/figures/verbatim.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reasoning_mesh.bench.verbatim import operands, readings, run_verbatim_bench, sample
from reasoning_mesh.contracts.steps import StepTask

PUBLIC = Path(__file__).resolve().parents[2].parent / "shared" / "benchmarks" / "math_public.jsonl"


def test_readings_only_read() -> None:
    assert readings("-326") >= {"-300", "-20", "-6"}
    assert readings("23.75") >= {"2375", "100"} and readings("-28/3") >= {"28", "3", "-28"}


def test_a_prompt_of_an_unknown_shape_is_not_waved_through() -> None:
    with pytest.raises(ValueError, match="no known shape"):
        operands(_task("X:1+1="))
    assert operands(_task("C:12+-5=")) == [{"12"}, {"-5"}]


def test_the_sample_covers_every_module() -> None:
    rows = [{"module": m, "question": str(i)} for i, m in enumerate("aaaabbbbbc")]
    assert [r["module"] for _, r in sample(rows, 4)] == ["a", "b", "b", "c"]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_every_dispatched_operand_is_copied_never_computed() -> None:
    if not PUBLIC.exists():
        pytest.skip(f"no public benchmark beside the checkout ({PUBLIC})")
    modules = {json.loads(line)["module"] for line in PUBLIC.read_text().splitlines() if line.strip()}
    figures = run_verbatim_bench(PUBLIC, every=8)
    assert figures["complete"] and figures["planned"] + figures["unplannable"] == figures["questions"]
    assert figures["questions"] >= 170
    assert set(figures["modules"]) == modules
    assert figures["prompts_checked"] > 1_200  # the sample was driven, routes included
    assert figures["violations"] == 0, figures["examples"]


def _task(prompt: str) -> StepTask:
    return StepTask.model_construct(prompt=prompt)
