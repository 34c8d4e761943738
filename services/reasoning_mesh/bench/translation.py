"""`rmesh bench translation`: how questions as people write them are read, grammar vs model.

Offline and in-process (the planner's rules, the translation model's own serving code and the
planner's choice among its samples, exactly as the running planner uses them): a question is
*read right* when its plan's reading is the one its template means, *misread* when it is
planned from another reading (the worst case: a verified answer to another question), and
*refused* when nothing plans it. Out-of-domain questions are right only when refused. The
questions come from the held-out templates, never trained on.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.models.translator import phrasings
from reasoning_mesh.models.translator.masking import mask, unmask
from reasoning_mesh.models.translator.serving import Translator
from reasoning_mesh.planner import wrappers
from reasoning_mesh.planner.domain import UnsupportedQuestionError, plan_question
from reasoning_mesh.planner.rounding import parse_round
from reasoning_mesh.planner.translation import (
    Candidate,
    ReadingPolicy,
    choose,
    seed_of,
    worth_asking,
)
from reasoning_mesh.planner.units import UNIT_NAMES

_PAIR = re.compile(r"^what is (-?[\d.]+) ?([+*]) ?(-?[\d.]+)$")


def _norm(reading: str) -> str:
    """Text-level sameness: case, spacing, units as the planner names them, and the order of
    two operands of `+` or `*` (`59 + 81107.7` is read right for `81107.7 plus 59`)."""
    text = " ".join(UNIT_NAMES.get(w, w) for w in reading.lower().rstrip(".?").split())
    if m := _PAIR.match(text):
        a, op, b = m.groups()
        text = f"what is {op.join(sorted((a, b)))}"
    return "".join(text.split())


def _same(a: str, b: str) -> bool:
    rounding = parse_round(a)  # `What is 8217 rounded to the nearest 100?` as written
    if rounding is not None:
        return rounding == parse_round(b)
    return _norm(a) == _norm(b)


def _outcome(expected: str | None, reading: str | None) -> str:
    if reading is None:
        return "refused"
    return "read_right" if expected is not None and _same(reading, expected) else "misread"


def run_translation_bench(
    checkpoint_dir: Path, n: int = 1000, seed: int = 7, policy: ReadingPolicy | None = None
) -> dict[str, Any]:
    policy = policy or ReadingPolicy()
    pairs = phrasings.held_out(n, seed)
    budget = Budget()
    grammar: list[str | None] = []
    for p in pairs:
        try:
            plan = plan_question(p.question, budget, fallbacks=False)
            grammar.append(plan.reading or plan.question)
        except UnsupportedQuestionError:
            grammar.append(None)
    cores = [wrappers.unwrap(p.question) for p in pairs]  # as the planner asks the model
    ask = [i for i, r in enumerate(grammar) if r is None and worth_asking(cores[i])]
    translator = Translator.load(checkpoint_dir)
    t0 = time.perf_counter()
    model: dict[int, str | None] = {}
    votes: Counter[str] = Counter()
    for i in ask:  # one question per call, seeded per question as the planner seeds per request
        readings = translator.translate(
            [cores[i]], policy.samples, policy.temperature, seed_of(f"bench-{seed}-{i}")
        )[0]
        choice = choose(
            cores[i],
            [Candidate(r.text, r.why_none) for r in readings],
            budget,
            min_agree=policy.min_agree,
            fallbacks=False,
        )
        model[i] = choice.plan.reading if choice.plan else None
        votes[f"{choice.votes} of {choice.samples}"] += 1
    model_s = time.perf_counter() - t0
    per: dict[str, Counter[str]] = defaultdict(Counter)
    misreads: list[dict[str, Any]] = []
    for i, p in enumerate(pairs):
        expected = unmask(p.target, mask(p.question))
        alone = _outcome(expected, grammar[i])
        both = alone if grammar[i] is not None else _outcome(expected, model.get(i))
        c = per["out_of_domain" if expected is None else p.family]
        c["n"] += 1
        c[f"grammar_only:{alone}"] += 1
        c[f"with_model:{both}"] += 1
        c["read_by_model"] += grammar[i] is None and model.get(i) is not None
        if both == "misread":
            misreads.append(
                {"question": p.question, "expected": expected, "reading": grammar[i] or model.get(i)}
            )
    total: Counter[str] = Counter()
    for fam, c in per.items():
        if fam != "out_of_domain":
            total.update(c)
    ood = per["out_of_domain"]

    def share(c: Counter[str], key: str) -> float | None:
        return round(c[key] / c["n"], 4) if c["n"] else None

    return {
        "questions": n,
        "templates": "held out (every fifth of each family; never trained on)",
        "checkpoint": str(checkpoint_dir),
        "policy": {
            "samples": policy.samples,
            "temperature": policy.temperature,
            "min_agree": policy.min_agree,
        },
        "in_domain": total["n"],
        "in_domain_read_right": {
            "grammar_only": share(total, "grammar_only:read_right"),
            "with_model": share(total, "with_model:read_right"),
        },
        "in_domain_misread": {
            "grammar_only": share(total, "grammar_only:misread"),
            "with_model": share(total, "with_model:misread"),
        },
        "out_of_domain": ood["n"],
        "ood_refused": {
            "grammar_only": share(ood, "grammar_only:refused"),
            "with_model": share(ood, "with_model:refused"),
        },
        "model_calls": len(ask),
        "model_s_per_question": round(model_s / len(ask), 4) if ask else None,
        "agreement": dict(sorted(votes.items())),
        "per_family": {f: dict(sorted(c.items())) for f, c in sorted(per.items())},
        "misreads": misreads[:50],
    }
