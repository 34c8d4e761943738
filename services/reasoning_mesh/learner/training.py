"""One training job: base model + a skill's journaled feedback → an adapter, judged by the gate,
signed and stored, or rejected with the reason. Runs in a worker thread (torch releases the GIL),
so the learner keeps consuming feedback while it trains."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from reasoning_mesh.adapters import package
from reasoning_mesh.adapters.store import AdapterStore
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.learner.domain import gate, split
from reasoning_mesh.learner.journal import Journal
from reasoning_mesh.learner.settings import LearnerSettings
from reasoning_mesh.models.reasoner import checkpoint, lora
from reasoning_mesh.models.reasoner.adapt import (
    AdaptRecipe,
    accuracy,
    self_labelled,
    train_adapter,
)
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.skills import OLD_SKILLS, skill_examples

log = logging.getLogger(__name__)

GUARD_SEED, REPLAY_SEED = 5_101, 5_303  # generated base-skill sets: never the same prompts


def replay_examples(settings: LearnerSettings) -> list[Example]:
    """The base's own step skills an adapter replays while it learns (self-labelled by the base):
    training data too, so no evaluation set may contain these prompts."""
    return [e for k in OLD_SKILLS for e in skill_examples(k, settings.replay_examples, REPLAY_SEED)]


def model_dir(settings: LearnerSettings) -> Path:
    return settings.model_dir or checkpoint.default_dir()


def recipe_of(settings: LearnerSettings) -> AdaptRecipe:
    return AdaptRecipe(
        rank=settings.adapter_rank,
        alpha=settings.adapter_alpha,
        steps=settings.adapter_steps,
        batch=settings.adapter_batch,
        lr=settings.adapter_lr,
        replay_share=settings.replay_share,
        replay_weight=settings.replay_weight,
    )


@dataclass
class Trainer:
    settings: LearnerSettings
    journal: Journal
    store: AdapterStore
    key: Ed25519PrivateKey

    def guards(
        self, skill: str, splits: dict[str, tuple[list[Example], list[Example]]]
    ) -> dict[str, list[Example]]:
        """Held-out sets of every other skill: the base's step skills (generated) and every
        skill with enough held-out feedback."""
        replayed = {e.prompt for e in replay_examples(self.settings)}
        out = {
            s: skill_examples(s, self.settings.guard_examples, GUARD_SEED, exclude=replayed)
            for s in OLD_SKILLS
        }
        for other, (_, test) in splits.items():
            if other != skill and len(test) >= self.settings.min_held_out:
                out[other] = test
        out.pop(skill, None)
        return out

    def run(self, skill: str) -> AdapterEvent:
        s = self.settings
        torch.set_num_threads(s.torch_threads)
        model, manifest = checkpoint.load(model_dir(s))
        base_sha = str(manifest["sha384"])
        # Every skill's journal, read and split once for this job.
        splits = {k: split(self.journal.examples(k)) for k in {*self.journal.skills(), skill}}
        train, test = splits[skill]
        common: dict[str, Any] = {"adapter_id": f"{skill}-pending", "skills": [skill]}
        if len(test) < s.min_held_out or not train:
            reason = (
                f"{len(train)} training / {len(test)} held-out examples; need {s.min_held_out} held out"
            )
            return AdapterEvent(event="rejected", reason=reason, **common)
        lora.attach(model)
        guards = self.guards(skill, splits)
        before = {skill: accuracy(model, test)} | {g: accuracy(model, ex) for g, ex in guards.items()}
        if before[skill] >= s.weak_below:
            reason = f"the base already scores {before[skill]:.3f} on {skill}"
            return AdapterEvent(event="rejected", reason=reason, metrics=before, **common)
        replay_prompts = replay_examples(s)
        for other in guards:
            if other not in OLD_SKILLS:
                replay_prompts += splits[other][0]
        replay = self_labelled(model, replay_prompts)
        recipe = recipe_of(s)
        start = time.perf_counter()
        weights = train_adapter(model, train, replay, recipe, log=log.info)
        train_s = time.perf_counter() - start
        after = {skill: accuracy(model, test, weights)} | {
            g: accuracy(model, ex, weights) for g, ex in guards.items()
        }
        # `after.<skill>`: served with the adapter; `cross.<other>`: the adapter forced onto a
        # skill it is not routed to (as served, other skills keep their `before` accuracy).
        metrics = {f"before.{k}": round(v, 4) for k, v in before.items()}
        metrics |= {f"{'after' if k == skill else 'cross'}.{k}": round(v, 4) for k, v in after.items()}
        metrics |= {"train_seconds": round(train_s, 1), "train_examples": float(len(train))}
        verdict = gate(skill, before, after, s.min_gain, s.max_regression, s.max_cross_regression)
        log.info("adapter for %s: %s", skill, verdict.reason)
        if not verdict.passed:
            return AdapterEvent(event="rejected", reason=verdict.reason, metrics=metrics, **common)
        sources = dict(self.journal.sources(skill, [e.prompt for e in train]))
        sources["replay"] = len(replay_prompts)
        data = package.training_data([e.prompt for e in [*train, *replay_prompts]], sources)
        built, pkg = package.build(
            skill, weights, base_sha, self.key, metrics=metrics, recipe=recipe.to_dict(), trained_on=data
        )
        location = self.store.put(pkg)
        return AdapterEvent(
            event="published",
            adapter_id=built.adapter_id,
            skills=[skill],
            base_sha384=base_sha,
            location=location,
            metrics=metrics,
            reason=verdict.reason,
            published_at=time.time(),
        )
