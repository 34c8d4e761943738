"""`rmesh bench verbatim`: every operand of every prompt is copied, never computed.

The public benchmark's questions are driven by the real model in process (the planner and the
state machine the mesh runs, `bench/offline.py`), and every prompt the verifier dispatches is
checked: each operand is a literal the question writes (a number word read as its numeral), the
exact text of a hypothesis the verifier accepted, either with its sign toggled (the lexical sign
rule), or a reading of how one of those is written (a route's place values, a decimal's digits,
a fraction's numerator and denominator, a power of ten for the places counted), a trial prime,
the `0` of a restated answer, or the coefficient `1` of a bare unknown in an equation (`- i`).
The test suite runs it on a sample of the file; the bench runs all of it.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

from reasoning_mesh.bench import offline
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.kb.units import facts
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import ROUTE_PRIMES
from reasoning_mesh.models.reasoner.numbers import negated
from reasoning_mesh.planner.units import words_to_number

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
    if not task.prompt.startswith("Q:"):  # anything else is a prompt shape nobody checked
        raise ValueError(f"a prompt of no known shape: {task.prompt!r}")
    return []  # a whole-question model step


def sample(rows: list[dict[str, Any]], every: int) -> list[tuple[str, dict[str, Any]]]:
    """Every `every`-th question of each module, so a sample still covers all of them."""
    seen: Counter[str] = Counter()
    out = []
    for i, row in enumerate(rows):
        module = str(row.get("module", ""))
        if seen[module] % every == 0:
            out.append((str(i), row))
        seen[module] += 1
    return out


def run_verbatim_bench(path: Path, every: int = 1) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    chosen = sample(rows, every)
    generate = offline.model_generate(checkpoint.default_dir())
    t0 = time.perf_counter()
    run = offline.run(
        ((rid, r["question"]) for rid, r in chosen), generate, offline.kb_retrieve(list(facts()))
    )
    prompts, violations = 0, 0
    examples: list[dict[str, Any]] = []
    for rid, row in chosen:
        if rid not in run.states:
            continue
        ok = allowed(row["question"], run.states[rid])
        for task in run.dispatched[rid]:
            prompts += 1
            if bad := [sorted(x) for x in operands(task) if not x & ok]:
                violations += 1
                if len(examples) < 10:
                    examples.append(
                        {"question": row["question"], "prompt": task.prompt, "operands": bad}
                    )
    return {
        "input": str(path),
        "every": every,
        "questions": len(chosen),
        "planned": len(run.states),
        "unplannable": len(run.unplannable),
        # Every planned request was driven to its result (a status), so all its prompts were seen.
        "unfinished": sorted(rid for rid, st in run.states.items() if st.status is None)[:10],
        "complete": all(st.status is not None for st in run.states.values())
        and len(run.states) + len(run.unplannable) == len(chosen),
        "modules": sorted({str(r.get("module", "")) for _, r in chosen}),
        "prompts_checked": prompts,
        "violations": violations,
        "examples": examples,
        "wall_s": round(time.perf_counter() - t0, 1),
    }
