"""Learner domain (feedback → examples, splits, the gate), its journal, rounding parsing and the
planner/verifier side of the rounding skill."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.learner.domain import UnlearnableFeedbackError, due, gate, split, to_example
from reasoning_mesh.learner.journal import Journal, journal_dir
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.skills import (
    round_answer,
    round_example,
    round_prompt,
    skill_examples,
)
from reasoning_mesh.planner.domain import plan_question, route
from reasoning_mesh.planner.rounding import parse_round
from reasoning_mesh.verifier import domain


@pytest.mark.parametrize(
    ("question", "parsed"),
    [
        ("What is 0.00252893646 rounded to 4 decimal places?", ("0.00252893646", 4)),
        ("Round 138.979414 to one decimal place.", ("138.979414", 1)),
        ("What is -0.0080610685 rounded to four dps?", ("-0.0080610685", 4)),
        ("Round -94040350 to the nearest 1000000.", ("-94040350", -6)),
        ("Round 455467.01 to the nearest one hundred.", ("455467.01", -2)),
        ("What is 12.5 rounded to the nearest integer?", ("12.5", 0)),
        ("Round 2.04566264 to 1 dp.", ("2.04566264", 1)),
        ("What is 2 + 2?", None),
        ("Round 3.5 to the nearest banana.", None),
    ],
)
def test_parse_round(question: str, parsed: tuple[str, int] | None) -> None:
    assert parse_round(question) == parsed


@pytest.mark.parametrize(
    ("value", "places", "prompt"),
    [
        ("14.1443798", 3, "R:14.144|3798="),
        ("-94040350", -6, "R:-94|040350="),
        ("138.979414", 1, "R:138.9|79414="),
        ("12.5", 0, "R:12|.5="),
        ("5.2", -2, "R:0|05.2="),  # above the leading digit: zeros make the place visible
    ],
)
def test_round_prompt_marks_the_cut(value: str, places: int, prompt: str) -> None:
    assert round_prompt(value, places) == prompt


def test_round_answers_are_canonical_and_half_up() -> None:
    assert round_answer("138.979414", 1) == "139"
    assert round_answer("-94040350", -6) == "-94000000"
    assert round_answer("0.000089705927", 6) == "0.00009"
    assert round_answer("2.5", 0) == "3"
    assert round_answer("-2.5", 0) == "-3"


def test_generated_rounding_examples_always_drop_digits() -> None:
    import random

    rng = random.Random(3)
    for _ in range(300):
        ex = round_example(rng)
        kept, dropped = ex.prompt[2:-1].split("|")
        assert dropped.strip(".")  # something is dropped
        places = len(kept.split(".")[1]) if "." in kept else -len(dropped.split(".")[0])
        assert ex.answer == round_answer(kept + dropped, places)
        assert len(ex.prompt) <= 40
    assert len({e.prompt for e in skill_examples("step_mul", 50, 1)}) == 50


def test_feedback_to_example() -> None:
    fb = Feedback(skill="round_number", question="Round 2.35 to one decimal place.", answer="2.4")
    assert to_example(fb) == Example("R:2.3|5=", "2.4", "round_number")
    fb = Feedback(skill="step_add", prompt="C:1+2=", answer="3", source="verified")
    assert to_example(fb).prompt == "C:1+2="
    with pytest.raises(UnlearnableFeedbackError, match="not a number"):
        to_example(Feedback(skill="round_number", prompt="R:1,0=", answer="one"))
    with pytest.raises(UnlearnableFeedbackError, match="single step"):
        to_example(Feedback(skill="round_number", question="Why is the sky blue?", answer="1"))
    with pytest.raises(ValidationError, match="prompt"):
        Feedback(skill="round_number", answer="1")


def test_split_is_stable_and_holds_out_about_a_fifth() -> None:
    exs = skill_examples("round_number", 1000, 1)
    train, test = split(exs)
    assert 150 < len(test) < 250
    assert split(list(reversed(exs)))[1] == list(reversed(test))
    assert not {e.prompt for e in train} & {e.prompt for e in test}


def test_gate() -> None:
    before = {"round_number": 0.0, "step_add": 0.80, "step_mul": 0.30}
    up = {**before, "round_number": 0.6}

    def judge(after: dict[str, float], routed: frozenset[str] = frozenset()) -> str:
        verdict = gate("round_number", before, after, 0.05, 0.01, 0.10, routed)
        return "ok" if verdict.passed else verdict.reason

    assert judge({**up, "step_add": 0.76}) == "ok"  # forced on: within the misrouting bound
    assert "step_mul regressed -0.120 with the adapter forced on" in judge({**up, "step_mul": 0.18})
    # a skill the adapter will serve (a merged adapter's parts) may lose at most 1 pt
    assert "served with it" in judge({**up, "step_add": 0.78}, frozenset({"step_add"}))
    assert "gained +0.020" in judge({**before, "round_number": 0.02})
    assert due(400, 0, 400)
    assert not due(799, 400, 400)


def test_journal_is_idempotent_under_replay(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    ex = Example("R:2.35,1=", "2.4", "round_number")
    assert journal.append(ex, "user") == 1
    assert journal.append(ex, "user") == 1  # a replayed record after a crash
    assert Journal(tmp_path).append(Example("R:2.45,1=", "2.5", "round_number"), "user") == 2
    with (tmp_path / "round_number.jsonl").open("a") as f:
        f.write('{"prompt": "R:9')  # a torn last line
    assert len(Journal(tmp_path).examples("round_number")) == 2
    journal.mark_job("round_number", 2)
    assert journal.last_job("round_number") == 2
    assert journal.skills() == ["round_number"]


def test_journal_is_per_base_checkpoint_and_keeps_each_examples_source(tmp_path: Path) -> None:
    a, b = journal_dir(tmp_path, "a" * 96), journal_dir(tmp_path, "b" * 96)
    assert a != b and a.parent == b.parent == tmp_path / "learner"
    journal = Journal(a)
    journal.append(Example("C:1+1=", "2", "step_add"), "verified", "acme", "req-1")
    journal.append(Example("C:2+2=", "4", "step_add"), "user", "acme")
    assert Journal(b).examples("step_add") == []  # another base learns nothing from these
    assert journal.sources("step_add") == {"verified": 1, "user": 1}
    assert journal.sources("step_add", ["C:2+2="]) == {"user": 1}
    record = json.loads((a / "step_add.jsonl").read_text().splitlines()[0])
    assert (record["source"], record["tenant"], record["request_id"]) == ("verified", "acme", "req-1")


def test_rounding_plan_routes_to_the_loaded_adapter() -> None:
    plan = plan_question("Round -5271.2423 to the nearest 10.")
    (goal,) = plan.goals
    assert (plan.shape, goal.kind, goal.left, goal.right, goal.skill) == (
        "rounding", "round", "-5271.2423", "-1", "round_number"
    )  # fmt: skip
    assert goal.adapter_id == ""
    routed = route(plan, {"round_number": "round_number-0123456789ab"})
    assert routed.goals[0].adapter_id == "round_number-0123456789ab"
    arith = plan_question("What is 2 + 3?")
    assert route(arith, {"round_number": "round_number-0123456789ab"}) == arith


@pytest.mark.parametrize(
    ("value", "places", "claimed", "ok"),
    [
        ("-5271.2423", "-1", "-5270", True),
        ("138.979414", "1", "139", True),
        ("138.979414", "1", "139.0", False),  # the right value, not canonical
        ("138.979414", "1", "138.9", False),
        ("0.0025289", "4", "0.0025", True),
        ("0.0025289", "4", "25", False),
        ("0.0025289", "4", "abc", False),
        ("0.0025289", "four", "0.0025", False),
    ],
)
def test_verify_round(value: str, places: str, claimed: str, ok: bool) -> None:
    assert domain.verify_round(value, places, claimed).accepted is ok
