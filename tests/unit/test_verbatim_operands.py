"""Invariant over every public benchmark question, driven by the real model in process (the
planner and state machine the mesh runs, `bench/offline.py`): every operand of every prompt the
verifier dispatches is a literal the question writes (a number word read as its numeral), the
exact text of a hypothesis the verifier accepted, either with its sign toggled (the lexical sign
rule), or a reading of how one of those is written (a route's place values, a decimal's digits, a
fraction's numerator and denominator, a power of ten for the places counted), a trial prime,
the `0` of a restated answer, or the coefficient `1` of a bare unknown in an equation (`- i`).
Nothing in a prompt is computed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from reasoning_mesh.bench import offline
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.kb.units import facts
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import ROUTE_PRIMES
from reasoning_mesh.models.reasoner.numbers import negated
from reasoning_mesh.planner.units import words_to_number

PUBLIC = Path(__file__).resolve().parents[2].parent / "shared" / "benchmarks" / "math_public.jsonl"
_OPERAND = r"\(-?\d+/-?\d+\)|-?\d+(?:\.\d+)?"
STEP = re.compile(rf"[CD]:(?P<a>{_OPERAND})(?P<op>[-+*/])(?P<b>{_OPERAND})=")
ROUND = re.compile(r"R:(?P<sign>-?)(?P<kept>[\d.]*)\|(?P<dropped>[\d.]*)=")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
FRACTION = re.compile(r"\d+/\d+")  # a conversion's amount (`14/5 of a litre`) is one literal
EQUATION = re.compile(r"\b(solve|suppose)\b", re.IGNORECASE)


def literals(text: str) -> set[str]:
    return set(NUMBER.findall(text)) | set(FRACTION.findall(text))


def readings(text: str) -> set[str]:
    """What a route may read off `text` as written, nothing evaluated."""
    body = text.lstrip("-")
    out: set[str] = set()
    if "/" in body:
        out.update(body.split("/"))
    if "." in body:
        whole, frac = body.split(".")
        out.add(str(int(whole + frac)))
        out.update("1" + "0" * k for k in range(1, 2 * len(frac) + 1))
    if body.isdigit():
        out.update(d + "0" * (len(body) - 1 - i) for i, d in enumerate(body) if d != "0")
    return out | {"-" + r for r in out}


def allowed(question: str, state: RequestState) -> set[str]:
    written = literals(question) | literals(words_to_number(question.lower()))
    if EQUATION.search(question):  # a bare unknown (`- i`) is written with the coefficient 1
        written.add("1")
    accepted = {st.value for st in state.goals.values() if st.value is not None}
    sources = written | accepted
    out = sources | {negated(s) for s in sources}
    for _ in range(2):  # a route's reading may be read again (`347549.7` → `3475497` → `3000000`)
        out |= {r for s in list(out) for r in readings(s)}
    # Combined places of two decimal operands (a product's shift): any power of ten up to 30.
    return out | {str(p) for p in ROUTE_PRIMES} | {"0"} | {"1" + "0" * k for k in range(31)}


def operands(task: StepTask) -> list[set[str]]:
    """Each operand of the prompt, as the set of texts it may have been written from: a rounding
    prompt writes zeros before the value when the cut falls above its leading digit."""
    step = STEP.fullmatch(task.prompt)
    if step:
        return [{step["a"].strip("()")}, {step["b"].strip("()")}]
    rounding = ROUND.fullmatch(task.prompt)
    if rounding:
        value = rounding["kept"] + rounding["dropped"]
        stripped = value.lstrip("0")
        forms = {value, stripped, "0" + stripped}
        return [{rounding["sign"] + f for f in forms}]
    assert task.prompt.startswith("Q:"), task.prompt  # a whole-question model step
    return []


def test_readings_only_read() -> None:
    assert readings("-326") >= {"-300", "-20", "-6"}
    assert readings("23.75") >= {"2375", "100"} and readings("-28/3") >= {"28", "3", "-28"}


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_every_dispatched_operand_is_copied_never_computed() -> None:
    if not PUBLIC.exists():
        pytest.skip(f"no public benchmark beside the checkout ({PUBLIC})")
    rows = [json.loads(line) for line in PUBLIC.read_text().splitlines() if line.strip()]
    generate = offline.model_generate(checkpoint.default_dir())
    run = offline.run(
        ((str(i), r["question"]) for i, r in enumerate(rows)),
        generate,
        offline.kb_retrieve(list(facts())),
    )
    assert len(run.states) + len(run.unplannable) == len(rows)
    prompts = violations = 0
    examples: list[str] = []
    for i, row in enumerate(rows):
        rid = str(i)
        if rid not in run.states:
            continue
        ok = allowed(row["question"], run.states[rid])
        for task in run.dispatched[rid]:
            prompts += 1
            bad = [x for x in operands(task) if not x & ok]
            if bad:
                violations += 1
                if not any(e.startswith(repr(row["question"])) for e in examples):
                    examples.append(f"{row['question']!r}: {task.prompt} ({bad})")
    assert prompts > 10_000  # the whole benchmark was driven, routes included
    assert violations == 0, examples[:10]
