"""`rmesh bench learning`: teach the served model a new skill while it serves, end to end.

One run against a running mesh (`rmesh up`, learner included):
1. before: the served model (no adapter) on the benchmark's rounding questions (as the planner
   prompts them) and on held-out examples of its old skills, greedy, through Triton;
2. keep a load running against Triton the whole time (old skills on the base; rounding on the
   newest adapter once there is one) and count every failed request;
3. publish generated, labelled rounding examples to the feedback topic; the learner journals them,
   trains a LoRA adapter, gates, signs and publishes it; the reasoner hot-loads it;
4. after: rounding with the adapter; old skills as served (base) and with the adapter forced on;
5. merging: the published adapter refined on two overlapping halves of the skill (decimal
   places, nearest 10^n), Fisher-weighted vs plain linear merge, judged on the benchmark;
6. mixed-batch overhead: tokens/s of one batch serving several adapters vs none (in process,
   interleaved rounds, medians).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

from reasoning_mesh.adapters.package import Manifest, loader, overlap
from reasoning_mesh.adapters.store import LocalAdapterStore
from reasoning_mesh.bench import heldout
from reasoning_mesh.bench.merging import merge_figures
from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.contracts import adapters, feedback
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.infra.paths import adapter_store_dir, trusted_keys_dir
from reasoning_mesh.learner.settings import LearnerSettings
from reasoning_mesh.learner.training import replay_examples
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import Example
from reasoning_mesh.models.reasoner.lora import LoRAWeights
from reasoning_mesh.models.reasoner.skills import OLD_SKILLS, ROUND_SKILL, skill_examples
from reasoning_mesh.models.reasoner.train import exact
from reasoning_mesh.planner.rounding import round_question_prompt
from reasoning_mesh.settings import MeshSettings

OLD_SEED = 6_007  # held-out old-skill prompts: neither the learner's guard nor replay seed


def rounding_questions(path: Path) -> list[Example]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    out = []
    for r in rows:
        if r.get("module") == "numbers__round_number":
            prompt = round_question_prompt(r["question"])
            if prompt is None:
                raise ValueError(f"the planner cannot read {r['question']!r}")
            out.append(Example(prompt, r["answer"], ROUND_SKILL))
    return out


async def accuracy(triton: TritonClient, examples: list[Example], adapter_id: str = "") -> float:
    sem = asyncio.Semaphore(32)

    async def one(e: Example) -> bool:
        async with sem:
            (samples,) = await triton.generate([e.prompt], adapter_id=adapter_id)
        return exact(samples[0].text, e.answer)

    return sum(await asyncio.gather(*(one(e) for e in examples))) / len(examples)


class Load:
    """Steady traffic on the served model while it learns: every failure is counted."""

    def __init__(self, triton: TritonClient, old: list[Example], new: list[Example]) -> None:
        self.triton, self.old, self.new = triton, old, new
        self.adapter = ""
        self.sent = self.failed = 0
        self.errors: list[str] = []
        self.first_served: dict[str, float] = {}
        self._stop = asyncio.Event()

    async def one(self, rng: random.Random) -> None:
        rounding = rng.random() < 0.5
        ex = rng.choice(self.new if rounding else self.old)
        adapter = self.adapter if rounding else ""
        self.sent += 1
        try:
            await self.triton.generate([ex.prompt], adapter_id=adapter)
        except Exception as exc:  # noqa: BLE001 - every failure counts, whatever it is
            self.failed += 1
            self.errors.append(f"{type(exc).__name__}: {exc}"[:300])
            return
        if adapter and adapter not in self.first_served:
            self.first_served[adapter] = time.time()

    async def run(self, rate: float, seed: int = 0) -> None:
        """Open loop: a request every 1/rate seconds, whatever the latency (at most 64 open)."""
        rng, open_ = random.Random(seed), asyncio.Semaphore(64)
        tasks: set[asyncio.Task[None]] = set()

        async def bounded() -> None:
            async with open_:
                await self.one(rng)

        while not self._stop.is_set():
            task = asyncio.create_task(bounded())
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            await asyncio.sleep(1.0 / rate)
        await asyncio.gather(*tasks)

    def stop(self) -> None:
        self._stop.set()


async def teach(
    client: MeshClient, n: int, seed: int, timeout_s: float, load: Load
) -> tuple[AdapterEvent | None, AdapterEvent | None, float]:
    """Publish `n` labelled rounding examples; wait for the adapter's publish and load events."""
    published: AdapterEvent | None = None
    loaded: AdapterEvent | None = None
    async with client.subscribe((adapters.TOPIC,)) as sub:
        t0 = time.perf_counter()
        # Never a rounding step of an evaluation file (`847` to the nearest ten), even by chance.
        for ex in skill_examples(ROUND_SKILL, n, seed, exclude=heldout.rounding_prompts()):
            fb = Feedback(skill=ROUND_SKILL, prompt=ex.prompt, answer=ex.answer, tenant="bench")
            await client.publish(feedback.TOPIC, fb, key=ROUND_SKILL)
        publish_s = time.perf_counter() - t0

        async def events() -> None:
            nonlocal published, loaded
            async for _topic, msg in sub:
                if not isinstance(msg, AdapterEvent) or ROUND_SKILL not in msg.skills:
                    continue
                if msg.event in ("rejected", "refused"):
                    published = published or msg
                    return
                if msg.event == "published":
                    published = msg
                    load.adapter = msg.adapter_id  # first use may come before the warm-up
                elif msg.event == "loaded" and published and msg.adapter_id == published.adapter_id:
                    loaded = msg
                    return

        with contextlib.suppress(TimeoutError):  # reported as "no adapter was published"
            await asyncio.wait_for(events(), timeout_s)
    return published, loaded, publish_s


async def run_learning_bench(
    settings: MeshSettings,
    input_path: Path,
    examples: int,
    timeout_s: float,
    load_rps: float,
    merge_steps: int,
) -> dict[str, Any]:
    new = rounding_questions(input_path)
    # Held out from what the learner replays (its base-skill training data): short step prompts
    # recur across seeds, and a replayed prompt would measure memory, not forgetting.
    replayed = {e.prompt for e in replay_examples(LearnerSettings())}
    old = [e for k in OLD_SKILLS for e in skill_examples(k, 100, OLD_SEED, exclude=replayed)]
    triton = TritonClient(settings.triton.grpc_url, max(settings.triton.timeout_s, 60.0))
    figures: dict[str, Any] = {"new_skill": ROUND_SKILL, "new_skill_questions": len(new)}
    try:
        figures["new_skill_accuracy_before"] = await accuracy(triton, new)
        figures["old_skills_accuracy_before"] = await accuracy(triton, old)
        load = Load(triton, old, new)
        runner = asyncio.create_task(load.run(load_rps))
        async with MeshClient(settings.kafka, client_id="bench-learning") as client:
            seed = int(time.time())  # new examples each run: the journal deduplicates prompts
            published, loaded, publish_s = await teach(client, examples, seed, timeout_s, load)
        # A few more seconds of load on the new adapter, then stop.
        await asyncio.sleep(3.0)
        load.stop()
        await runner
        figures |= {
            "feedback_examples": examples,
            "feedback_publish_seconds": round(publish_s, 2),
            "requests_during_load": load.sent,
            "failed_requests_during_load": load.failed,
            "load_errors": load.errors[:5],
        }
        if published is None or published.event != "published":
            figures["adapter_event"] = published.model_dump(mode="json") if published else None
            figures["error"] = "no adapter was published (see adapter_event)"
            return figures
        aid = published.adapter_id
        first = load.first_served.get(aid)
        stamp = published.published_at or published.at
        figures |= {
            "adapter_id": aid,
            "gate": published.reason,
            "learner_metrics": published.metrics,
            "hot_load_seconds": round(first - stamp, 3) if first else None,
            "hot_load_seconds_warmup": loaded.seconds if loaded else None,
            "new_skill_accuracy_after": await accuracy(triton, new, aid),
            "old_skills_accuracy_after": await accuracy(triton, old),
            "old_skills_accuracy_after_with_adapter": await accuracy(triton, old, aid),
        }
    finally:
        await triton.close()
    start = published_weights(settings, figures.get("adapter_id"))
    # Every prompt this bench tests on, checked against the prompts the adapter says (signed) it
    # was trained on: must be 0, or the before/after figures measure memory, not learning.
    figures |= test_overlap(settings, figures.get("adapter_id"), [e.prompt for e in [*new, *old]])
    figures |= await asyncio.to_thread(merge_figures, new, merge_steps, start)
    return figures


def test_overlap(settings: MeshSettings, adapter_id: str | None, prompts: list[str]) -> dict[str, Any]:
    if not adapter_id:
        return {"test_prompt_overlap": None}
    pkg = LocalAdapterStore(adapter_store_dir(settings.home)).get(adapter_id)
    data = Manifest.model_validate_json(pkg.manifest).training_data
    if data is None:
        return {"test_prompt_overlap": None, "error": "the adapter does not list its training data"}
    common = overlap(data, prompts)
    flagged = {"error": f"{common} test prompts were trained on"} if common else {}
    return flagged | {
        "test_prompts": len(prompts),
        "test_prompt_overlap": common,
        "adapter_training_prompts": len(data.prompts_sha256_64),
        "adapter_training_sources": data.sources,
    }


def published_weights(settings: MeshSettings, adapter_id: str | None) -> LoRAWeights | None:
    """The adapter the learner published, read and checked as the server reads it."""
    if not adapter_id:
        return None
    base = str(checkpoint.read_manifest(checkpoint.default_dir())["sha384"])
    store = LocalAdapterStore(adapter_store_dir(settings.home))
    return loader(store, trusted_keys_dir(settings.home), base)(adapter_id)
