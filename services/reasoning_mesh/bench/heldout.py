"""What the learning bench must never teach: the rounding steps of every evaluation file.

The learner trains on the labelled examples the bench publishes, generated here. Long numbers
(5-10 digits) cannot meet a benchmark question by chance, but people round short ones (`847` to
the nearest ten), and a generator of short numbers draws some of the natural files' own steps
(about 1.5 of their 79 in a run of 4,000). So every number written in an evaluation file, with
either sign and any rounding place the mesh asks, is excluded: a superset of the prompts the
mesh would send for those files' rounding questions, however a question is read.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from reasoning_mesh.infra.paths import repo_root
from reasoning_mesh.models.reasoner.skills import round_prompt
from reasoning_mesh.planner.numwords import POINT, WORDS, read_number_words

#: The places a rounding prompt may cut at: 7 decimal places to the nearest ten million.
PLACES = range(-7, 8)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_WORD = "(?:" + "|".join(sorted((*WORDS, POINT), key=len, reverse=True)) + ")"
#: A run of number words (`five thousand four hundred and forty nine`), which the grammar reads.
_WORDED = re.compile(rf"\b{_WORD}(?:(?:-| | and ){_WORD})*\b", re.IGNORECASE)


def _worded(question: str) -> list[str]:
    """The numbers a question writes in words: each run whole, and each of its words."""
    found = []
    for run in _WORDED.findall(question):
        for said in (run, *re.split(r"[\s-]+", run)):
            try:
                found.append(read_number_words(said))
            except ValueError:
                continue
    return found


def evaluation_files() -> list[Path]:
    """The benchmark files beside the checkout and the project's own natural files."""
    root = repo_root()
    shared = sorted((root.parent / "shared" / "benchmarks").glob("*.jsonl"))
    return shared + sorted((root / "infra" / "bench").glob("natural_*.jsonl"))


def rounding_prompts(paths: list[Path] | None = None) -> set[str]:
    """Every rounding prompt of every number written in the evaluation files."""
    out: set[str] = set()
    for path in evaluation_files() if paths is None else paths:
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            question = str(json.loads(line).get("question", ""))
            for number in _NUMBER.findall(question.replace(",", "")) + _worded(question):
                for value in (number, f"-{number}"):
                    out.update(round_prompt(value, places) for places in PLACES)
    return out
