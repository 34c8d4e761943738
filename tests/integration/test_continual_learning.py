"""Continual learning on the real broker and tritonserver: feedback → learner → signed adapter →
hot-loaded by the running server (no restart) → served; a tampered adapter is refused while
serving continues on the previous one."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from pathlib import Path

import torch

from reasoning_mesh.adapters import package, signing
from reasoning_mesh.adapters.store import LocalAdapterStore
from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.contracts import adapters, feedback
from reasoning_mesh.contracts.adapters import AdapterEvent
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.infra.paths import adapter_store_dir, signing_key_file, trusted_keys_dir
from reasoning_mesh.learner.app import build_stages as learner_stages
from reasoning_mesh.learner.app import build_trainer
from reasoning_mesh.learner.settings import LearnerSettings
from reasoning_mesh.models.reasoner import checkpoint, lora
from reasoning_mesh.models.reasoner.serving import AdapterSlot, ReasonerService, ServeRequest
from reasoning_mesh.models.reasoner.skills import round_answer
from reasoning_mesh.planner.app import build_stages as planner_stages
from reasoning_mesh.planner.handlers import PlannerHandlers
from reasoning_mesh.planner.settings import PlannerSettings
from reasoning_mesh.reasoner.app import build_adapter_stage
from reasoning_mesh.reasoner.settings import ReasonerSettings
from reasoning_mesh.settings import KafkaSettings, TritonSettings
from tests.integration.conftest import collect, running

PROMPTS = ["C:12+7=", "C:3*4=", "R:2.3|5=", "C:90/6="]


def _labelled_questions(n: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        value = f"{rng.randint(-99_999_999, 99_999_999) / 10 ** rng.randint(0, 6):f}".rstrip("0").rstrip(
            "."
        )
        places = rng.randint(-3, 4)
        target = f"{places} decimal places" if places >= 0 else f"the nearest {10**-places}"
        out.append((f"Round {value} to {target}.", round_answer(value, places)))
    return out


def _random_adapter(seed: int) -> lora.LoRAWeights:
    model, _ = checkpoint.load(checkpoint.default_dir())
    mods = lora.attach(model)
    gen = torch.Generator().manual_seed(seed)
    return lora.LoRAWeights(
        4,
        4.0,
        {
            n: (
                torch.randn(4, m.in_features, generator=gen) * 0.2,
                torch.randn(m.out_features, 4, generator=gen) * 0.2,
            )
            for n, m in mods.items()
        },
    )


async def test_feedback_trains_publishes_and_hot_loads(
    kafka: KafkaSettings, triton_settings: TritonSettings, infra_home: Path
) -> None:
    settings = LearnerSettings(
        home=infra_home,
        kafka=kafka,
        min_new_examples=60,
        min_held_out=5,
        adapter_steps=4,
        adapter_batch=16,
        guard_examples=8,
        replay_examples=8,
        min_gain=-1.0,  # plumbing under test here; `rmesh bench learning` measures the gains
        max_regression=1.0,
    )
    client = TritonClient(triton_settings.grpc_url)
    routing = PlannerHandlers()
    stages = [
        *learner_stages(settings, build_trainer(settings), group_prefix=kafka.topic_prefix),
        build_adapter_stage(
            ReasonerSettings(home=infra_home, kafka=kafka, triton=triton_settings),
            client,
            group_prefix=kafka.topic_prefix,
        ),
        *planner_stages(PlannerSettings(home=infra_home, kafka=kafka), kafka.topic_prefix, routing),
    ]
    labelled = _labelled_questions(60, seed=int(time.time()))
    async with running(stages), MeshClient(kafka) as mesh, mesh.subscribe((adapters.TOPIC,)) as sub:
        for question, answer in labelled:
            fb = Feedback(skill="round_number", question=question, answer=answer)
            await mesh.publish(feedback.TOPIC, fb, key="round_number")
        got = [m for _, m in await collect(sub, 2, timeout=150)]
        published, loaded = got
        assert isinstance(published, AdapterEvent) and published.event == "published", published
        assert isinstance(loaded, AdapterEvent) and loaded.event == "loaded", loaded
        assert loaded.adapter_id == published.adapter_id
        assert loaded.seconds is not None and loaded.seconds < 30
        (sample,) = (await client.generate(["R:2.3|5="], adapter_id=published.adapter_id))[0]
        assert sample.text
        deadline = time.time() + 10
        # the planner applies the `loaded` event on its own stage: poll its table briefly
        while "round_number" not in routing.routes() and time.time() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(0.2)
        assert routing.routes()["round_number"] == published.adapter_id
    await client.close()
    assert {"after.round_number", "before.step_add"} <= set(published.metrics)


async def test_tampered_adapter_is_refused_and_serving_continues(
    kafka: KafkaSettings, triton_settings: TritonSettings, infra_home: Path
) -> None:
    key = signing.load_or_create(signing_key_file(infra_home))
    signing.trust(key.public_key(), trusted_keys_dir(infra_home), "learner")
    store = LocalAdapterStore(adapter_store_dir(infra_home))
    base_sha = checkpoint.read_manifest(checkpoint.default_dir())["sha384"]
    _, good = package.build("step_add", _random_adapter(1), base_sha, key)
    _, bad = package.build("step_add", _random_adapter(2), base_sha, key)
    flipped = bytearray(bad.weights)
    flipped[len(flipped) // 2] ^= 0x40
    store.put(good)
    store.put(dataclasses.replace(bad, weights=bytes(flipped)))

    # What the server must answer with the good adapter, computed in process.
    model, _ = checkpoint.load(checkpoint.default_dir())
    local = ReasonerService(
        model, AdapterSlot(model, package.loader(store, trusted_keys_dir(infra_home), base_sha))
    )
    expected = [
        out[0].text  # type: ignore[index]
        for out in local.run([ServeRequest(p, adapter_id=good.adapter_id) for p in PROMPTS])
    ]
    base = [out[0].text for out in local.run([ServeRequest(p) for p in PROMPTS])]  # type: ignore[index]
    assert expected != base  # the adapter changes what the model says

    client = TritonClient(triton_settings.grpc_url)
    stage = build_adapter_stage(
        ReasonerSettings(home=infra_home, kafka=kafka, triton=triton_settings),
        client,
        group_prefix=kafka.topic_prefix,
    )
    async with running([stage]), MeshClient(kafka) as mesh, mesh.subscribe((adapters.TOPIC,)) as sub:
        for pkg in (good, bad):
            event = AdapterEvent(
                event="published",
                adapter_id=pkg.adapter_id,
                skills=["step_add"],
                published_at=time.time(),
            )
            await mesh.publish(adapters.TOPIC, event, key=pkg.adapter_id)
        got = [m for _, m in await collect(sub, 4, timeout=60)]
        verdicts = {m.adapter_id: m for m in got if m.event in ("loaded", "refused")}
        assert verdicts[good.adapter_id].event == "loaded"
        assert verdicts[bad.adapter_id].event == "refused"
        assert "digest_mismatch" in verdicts[bad.adapter_id].reason
        # Concurrent, so Triton's dynamic batcher mixes adapter and base rows in one batch.
        served, plain = await asyncio.gather(
            client.generate(PROMPTS, adapter_id=good.adapter_id), client.generate(PROMPTS)
        )
    await client.close()
    assert [s[0].text for s in served] == expected
    assert [s[0].text for s in plain] == base
