"""LoRA on the gated decoder: mixed batches, the adapter LRU, and the merge math."""

from __future__ import annotations

import pytest
import torch

from reasoning_mesh.errors import BadInferenceRequestError, MeshError
from reasoning_mesh.models.reasoner import lora
from reasoning_mesh.models.reasoner.generate import Generator, GenRequest
from reasoning_mesh.models.reasoner.model import GatedDecoder, ReasonerConfig
from reasoning_mesh.models.reasoner.serving import AdapterSlot, ReasonerService, ServeRequest

CFG = ReasonerConfig(d_model=32, n_layers=3, n_heads=2, d_ff=64, max_len=64, min_exit_layer=1)


def tiny(seed: int = 0) -> GatedDecoder:
    torch.manual_seed(seed)
    return GatedDecoder(CFG).eval()


def random_adapter(model: GatedDecoder, seed: int, rank: int = 4) -> lora.LoRAWeights:
    gen = torch.Generator().manual_seed(seed)
    tensors = {
        name: (
            torch.randn(rank, m.in_features, generator=gen) * 0.5,
            torch.randn(m.out_features, rank, generator=gen) * 0.5,
        )
        for name, m in lora.lora_modules(model).items()
    }
    return lora.LoRAWeights(rank, float(rank), tensors)


def texts(gen: Generator, reqs: list[GenRequest]) -> list[list[str]]:
    return [[g.text for g in out] for out in gen.generate(reqs)]


def test_mixed_batch_matches_one_adapter_per_batch() -> None:
    model = tiny()
    lora.attach(model, slots=3)
    a, b = random_adapter(model, 1), random_adapter(model, 2)
    lora.load_slot(model, 1, a)
    lora.load_slot(model, 2, b)
    gen = Generator(model)
    prompts = ["C:12+7=", "C:3*4=", "R:1.25,1=", "C:9-2="]
    reqs = [GenRequest(p, max_new_tokens=6, adapter=i % 3) for i, p in enumerate(prompts)]
    mixed = texts(gen, reqs)
    alone = [texts(gen, [r])[0] for r in reqs]
    assert mixed == alone
    # and the adapters do change what the model says
    base = texts(gen, [GenRequest(p, max_new_tokens=6) for p in prompts])
    assert [m for i, m in enumerate(mixed) if i % 3] != [x for i, x in enumerate(base) if i % 3]


def test_adapter_equals_merged_dense_weights() -> None:
    """Serving an adapter from the bank is the same function as W + ΔW written into the base."""
    model, dense = tiny(), tiny()
    lora.attach(model, slots=2)
    w = random_adapter(model, 3)
    lora.load_slot(model, 1, w)
    with torch.no_grad():
        for name in lora.lora_modules(model):
            block, attr = name.split(".")[1], name.split(".")[2]
            linear = getattr(dense.blocks[int(block)], attr)
            linear.weight += w.delta(name)
    ids = torch.tensor([[1, 40, 41, 42, 43]])
    pad = torch.ones_like(ids, dtype=torch.bool)
    with lora.rows_using(model, torch.tensor([1])):
        got = model.forward_all_layers(ids, pad)[-1]
    want = dense.forward_all_layers(ids, pad)[-1]
    torch.testing.assert_close(got, want, rtol=1e-3, atol=1e-4)


def test_lru_evicts_least_recently_used_and_never_a_pinned_one() -> None:
    model = tiny()
    loads: list[str] = []

    def source(aid: str) -> lora.LoRAWeights:
        loads.append(aid)
        return random_adapter(model, hash(aid) % 100)

    slot = AdapterSlot(model, source, capacity=2)
    assert slot.slots_for(["a-000000000001", "a-000000000002"]) == [1, 2]
    slot.slots_for(["a-000000000001"])  # a1 is now the most recent
    (s3,) = slot.slots_for(["a-000000000003"])
    assert s3 == 2  # a2 was evicted, its slot reused
    assert list(slot.loaded) == ["a-000000000001", "a-000000000003"]
    assert loads == ["a-000000000001", "a-000000000002", "a-000000000003"]
    # three distinct adapters in one batch with two slots: the third waits (retryable)
    out = slot.slots_for(["a-000000000001", "a-000000000003", "a-000000000004"])
    assert out[:2] == [1, 2]
    assert isinstance(out[2], MeshError)
    assert out[2].retryable


def test_service_refuses_only_the_request_whose_adapter_fails() -> None:
    model = tiny()

    def source(aid: str) -> lora.LoRAWeights:
        if aid.startswith("bad"):
            raise BadInferenceRequestError(f"adapter {aid} refused (bad_signature)")
        return random_adapter(model, 5)

    service = ReasonerService(model, AdapterSlot(model, source))
    out = service.run(
        [
            ServeRequest("C:1+1=", max_new_tokens=3, adapter_id="good-000000000001"),
            ServeRequest("C:1+1=", max_new_tokens=3, adapter_id="bad-000000000001"),
            ServeRequest("C:1+1=", max_new_tokens=3),
        ]
    )
    assert isinstance(out[0], list)
    assert isinstance(out[1], MeshError)
    assert "bad_signature" in str(out[1])
    assert isinstance(out[2], list)


def test_no_store_means_adapter_ids_are_refused() -> None:
    service = ReasonerService(tiny())
    (out,) = service.run([ServeRequest("C:1+1=", adapter_id="x-000000000001")])
    assert isinstance(out, BadInferenceRequestError)


def test_linear_merge_of_one_adapter_is_itself_at_full_rank() -> None:
    model = tiny()
    lora.attach(model)
    w = random_adapter(model, 7, rank=4)
    merged = lora.merge([w, w], rank=4)
    for name in w.tensors:
        torch.testing.assert_close(merged.delta(name), w.delta(name), rtol=1e-4, atol=1e-4)


def test_fisher_merge_follows_the_skill_that_cares() -> None:
    """Where adapter 1's Fisher dominates an entry, the merge keeps adapter 1's update there."""
    model = tiny()
    lora.attach(model)
    w1, w2 = random_adapter(model, 8), random_adapter(model, 9)
    name = next(iter(w1.tensors))
    d1, d2 = w1.delta(name), w2.delta(name)
    shape = d1.shape
    f1 = {
        n: torch.ones(lora.lora_modules(model)[n].out_features, lora.lora_modules(model)[n].in_features)
        for n in w1.tensors
    }
    f2 = {n: torch.ones_like(f) for n, f in f1.items()}
    f1[name] = torch.full(shape, 1e6)
    full = min(shape)
    merged = lora.merge([w1, w2], rank=full, fishers=[f1, f2])
    linear = lora.merge([w1, w2], rank=full)
    torch.testing.assert_close(merged.delta(name), d1, rtol=1e-3, atol=1e-3)
    torch.testing.assert_close(linear.delta(name), (d1 + d2) / 2, rtol=1e-3, atol=1e-3)


def test_merge_truncates_to_the_requested_rank() -> None:
    model = tiny()
    lora.attach(model)
    merged = lora.merge([random_adapter(model, 1), random_adapter(model, 2)], rank=3)
    for a, b in merged.tensors.values():
        assert a.shape[0] == 3
        assert b.shape[1] == 3
    with pytest.raises(ValueError, match="rank"):
        lora.LoRAWeights.from_state_dict(merged.state_dict(), rank=4, alpha=4.0)


def test_diag_fisher_is_a_nonnegative_per_weight_map_and_leaves_the_model_clean() -> None:
    from reasoning_mesh.models.reasoner.adapt import diag_fisher
    from reasoning_mesh.models.reasoner.data import Example

    model = tiny()
    lora.attach(model)
    w = random_adapter(model, 4)
    fisher = diag_fisher(
        model, w, [Example("C:1+2=", "3", "step_add"), Example("C:4*5=", "20", "step_mul")]
    )
    mods = lora.lora_modules(model)
    assert set(fisher) == set(mods)
    for name, f in fisher.items():
        assert f.shape == (mods[name].out_features, mods[name].in_features)
        assert bool((f >= 0).all())
        assert float(f.sum()) > 0
    assert all(m.probe is None and m.train_a is None for m in mods.values())


def test_training_moves_only_the_adapter() -> None:
    from reasoning_mesh.models.reasoner.adapt import AdaptRecipe, train_adapter
    from reasoning_mesh.models.reasoner.data import Example

    model = tiny()
    before = {k: v.clone() for k, v in model.state_dict().items()}
    data = [Example("R:2.35,1=", "2.4", "round_number")]
    replay = [Example("C:1+2=", "3", "step_add")]
    w = train_adapter(model, data, replay, AdaptRecipe(rank=2, steps=3, batch=4, warmup=1))
    after = {k.replace(".base.", "."): v for k, v in model.state_dict().items()}
    assert set(after) == set(before)
    assert all(torch.equal(before[k], after[k]) for k in before)
    assert any(float(b.abs().sum()) > 0 for _, b in w.tensors.values())  # B moved off zero
