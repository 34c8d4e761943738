"""The reasoning loop end to end on the real broker and Triton: gateway → planner → reasoner ⇄
verifier (→ retriever for facts), with a killed verifier resuming and a forced wrong hypothesis."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from reasoning_mesh.clients.triton import Sample, TritonClient
from reasoning_mesh.contracts import events, kb_documents, kb_ingested, results, verifier_state
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.kb.units import facts
from reasoning_mesh.reasoner.app import triton_generate
from reasoning_mesh.settings import KafkaSettings, TritonSettings
from reasoning_mesh.verifier.store import StateStore

from .conftest import collect, running
from .helpers import gateway_stage, reasoning_stages, retriever_stages, verifier_stage


def ask(rid: str, question: str) -> MeshRequest:
    return MeshRequest(id=rid, kind="reason", query=question)


async def test_questions_end_to_end_with_events_and_traces(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, client, _ = reasoning_stages(kafka, triton_settings, tmp_path)
    retr, _, rclient = retriever_stages(kafka, triton_settings, tmp_path)
    wanted = ("unit-volume-l-to-ml", "unit-time-h-to-s", "unit-time-min-to-s")
    docs = [KbDocument.model_validate(f) for f in facts() if f["id"] in wanted]
    questions = {
        "q-arith": ("What is 12 + (30 - 7)?", "35"),
        "q-linear": ("Solve 3*x + 4 = 10 for x.", "2"),
        "q-conv": ("How many millilitres are there in 2.5 litres?", "2500"),
        # two amounts of one measure: a fact and a product for each part, then their sum
        "q-two-units": ("How many seconds are there in 2 hours 15 minutes?", "8100"),
        "q-empty-ish": ("?", None),
        # Phrasings the grammar cannot read: the translation model on Triton reads the first;
        # the second it declines (a number, but no question the mesh can answer).
        "q-model": ("How many times does 7 go into 91?", "13"),
        "q-model-ood": ("How many legs do 3 spiders have?", None),
    }
    async with running([*stages, *retr, gateway_stage(kafka, tmp_path)]), MeshClient(kafka) as mesh:
        async with mesh.subscribe((kb_ingested.TOPIC,)) as receipts:
            for doc in docs:
                await mesh.publish(kb_documents.TOPIC, doc, key=doc.id)
            await collect(receipts, len(docs))
        async with mesh.subscribe((results.TOPIC,), request_ids=set(questions)) as sub:
            for rid, (q, _) in questions.items():
                await mesh.submit(ask(rid, q))
            got = {m.request_id: m for _, m in await collect(sub, len(questions), timeout=120)}
        async with mesh.subscribe((events.TOPIC,), request_ids={"q-arith"}, from_beginning=True) as ev:
            seen = {m.event for _, m in await collect(ev, 6)}
    await client.close()
    await rclient.close()
    for rid, (_, expected) in questions.items():
        result = got[rid]
        assert isinstance(result, MeshResult) and result.kind == "reason"
        if expected is None:
            # "?" is no question: the mesh says it cannot answer, with no number.
            assert result.status == "unsupported" and result.answer is None
            assert result.error is not None and result.error.code == "unsupported"
            continue
        assert result.status == "verified", result.reasoning_trace
        assert result.answer == expected  # the text, not just the value
        trace = result.reasoning_trace or {}
        assert trace["budget"]["model_calls"] >= 1
        assert all(g["status"] == "verified" for g in trace["goals"])
        for g in (g for g in trace["goals"] if g["kind"] == "arith"):
            accepted = [h for a in g["attempts"] for h in a["hypotheses"] if h["accepted"]]
            assert len(accepted) == 1 and accepted[0]["text"] == g["value"]  # the model's own text
    model = got["q-model"].reasoning_trace or {}
    assert model["plan_source"] == "model" and model["reading"] == "What is 91/7?"
    assert "the translation model" in (
        got["q-model-ood"].error.message if got["q-model-ood"].error else ""
    )
    assert (got["q-arith"].reasoning_trace or {})["plan_source"] == "rules"
    conv = got["q-conv"].reasoning_trace or {}
    assert conv["goals"][0]["attempts"][0]["evidence_ids"][0] == "unit-volume-l-to-ml"
    two = got["q-two-units"].reasoning_trace or {}
    facts_used = [g["attempts"][0]["evidence_ids"][0] for g in two["goals"] if g["kind"] == "fact"]
    assert facts_used == ["unit-time-h-to-s", "unit-time-min-to-s"]
    assert {"admitted", "planned", "step_dispatched", "hypotheses", "step_verified"} <= seen


def wrong_first(client: TritonClient) -> Any:
    real = triton_generate(client, "reasoner")

    async def generate(task: StepTask) -> list[Sample]:
        if task.attempt == 0:
            return [Sample(text="999999", token_logprobs=[-0.01], exit_layers=[8])]
        return list(await real(task))

    return generate


async def test_a_forced_wrong_first_hypothesis_is_rejected_and_the_loop_recovers(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, client, _ = reasoning_stages(kafka, triton_settings, tmp_path, generate=wrong_first)
    async with (
        running([*stages, gateway_stage(kafka, tmp_path)]),
        MeshClient(kafka) as mesh,
        mesh.subscribe((results.TOPIC,), request_ids={"w-1"}) as sub,
    ):
        await mesh.submit(ask("w-1", "What is 7 + 5?"))
        [(_, result)] = await collect(sub, 1, timeout=90)
    await client.close()
    assert result.status == "verified" and result.answer == "12"
    (goal,) = result.reasoning_trace["goals"]
    first, *rest = goal["attempts"]
    assert (
        first["hypotheses"] == [{**first["hypotheses"][0], "text": "999999", "accepted": False}]
        and "is not" in first["hypotheses"][0]["reason"]
    )
    assert rest and rest[-1]["hypotheses"][-1]["accepted"]
    assert result.reasoning_trace["budget"]["backtracks"] >= 1


async def test_a_killed_verifier_resumes_mid_request_without_loss_or_duplicates(
    kafka: KafkaSettings, triton_settings: TritonSettings, tmp_path: Path
) -> None:
    stages, client, _ = reasoning_stages(kafka, triton_settings, tmp_path)
    planner, reasoner, verifier = stages
    question = "Let h = 12 + 30. Let k be h - 2. Let m = k + 5. Solve m*x = 90 for x."
    async with running([planner, reasoner, gateway_stage(kafka, tmp_path)]), MeshClient(kafka) as mesh:  # noqa: SIM117 - the inner subscriptions need `mesh`
        async with (
            mesh.subscribe((results.TOPIC,), request_ids={"k-1"}) as sub,
            mesh.subscribe((verifier_state.TOPIC,), request_ids={"k-1"}) as states,
        ):
            await verifier.start()
            task = asyncio.create_task(verifier.run())
            await mesh.submit(ask("k-1", question))
            await collect(states, 2, timeout=60)  # planned and at least one step committed
            task.cancel()  # killed: whatever it held uncommitted is lost with it
            await asyncio.gather(task, return_exceptions=True)
            # A new instance: same group and transactional id, state restored from the topic.
            store = StateStore()
            await store.restore(kafka)  # every partition: the test does not know which is k-1's
            (restored,) = [s for p in store.parts for s in [store.get(p, "k-1")] if s is not None]
            assert restored.version >= 2
            again = verifier_stage(kafka, tmp_path, StateStore())
            async with running([again]):
                [(_, result)] = await collect(sub, 1, timeout=120)
                await asyncio.sleep(3)  # time for a duplicate to show up, if there were one
                extra: list[Any] = []
                try:
                    extra = await asyncio.wait_for(collect(sub, 1, timeout=1), 2)
                except BaseException:
                    extra = []
    await client.close()
    assert not extra
    assert result.status == "verified" and result.answer == "2"


def never_answers(client: TritonClient, prompts: set[str]) -> Any:
    """The real model, except that it always misses the steps in `prompts`."""
    real = triton_generate(client, "reasoner")

    async def generate(task: StepTask) -> list[Sample]:
        if task.prompt in prompts:
            return [Sample(text="-1", token_logprobs=[-0.01], exit_layers=[8])] * task.samples
        return list(await real(task))

    return generate


@pytest.mark.parametrize(
    ("question", "missed", "answer", "route"),
    [
        # the step and its reworded form, always missed
        ("What is 390/-546?", {"C:390/-546=", "C:-390/546="}, "-5/7", "cancelled"),
        ("What is -26*-26?", {"C:-26*-26="}, "676", "summed"),
    ],
)
async def test_a_missed_step_is_answered_by_the_real_model_through_a_route(
    kafka: KafkaSettings,
    triton_settings: TritonSettings,
    tmp_path: Path,
    question: str,
    missed: set[str],
    answer: str,
    route: str,
) -> None:
    stages, client, _ = reasoning_stages(
        kafka, triton_settings, tmp_path, generate=lambda c: never_answers(c, missed)
    )
    async with (
        running([*stages, gateway_stage(kafka, tmp_path)]),
        MeshClient(kafka) as mesh,
        mesh.subscribe((results.TOPIC,), request_ids={"c-1"}) as sub,
    ):
        await mesh.submit(ask("c-1", question))
        [(_, result)] = await collect(sub, 1, timeout=120)
    await client.close()
    assert result.status == "verified", result.reasoning_trace
    assert result.answer == answer
    goals = result.reasoning_trace["goals"]
    assert goals[0]["status"] == "verified" and route in goals[0]["reason"]
    last = [g for g in goals if g["role"] == "answer" and g["refines"] == "g0"]
    assert last and last[0]["value"] == result.answer  # the model's own answer
