"""The gated-depth decoder: shapes, KV-cache equivalence, exit logic, training objective."""

from __future__ import annotations

import pytest
import torch

from reasoning_mesh.models.reasoner.generate import NO_EXIT, Generator, GenRequest
from reasoning_mesh.models.reasoner.model import (
    GatedDecoder,
    ReasonerConfig,
    confidence,
    exit_losses,
    layer_drop_mask,
)
from reasoning_mesh.models.reasoner.tokenizer import EOS, PAD, CharTokenizer

CFG = ReasonerConfig(d_model=32, n_layers=4, n_heads=2, d_ff=64, max_len=48, min_exit_layer=2)


@pytest.fixture(scope="module")
def model() -> GatedDecoder:
    torch.manual_seed(0)
    m = GatedDecoder(CFG).eval()
    with torch.no_grad():
        for p in m.parameters():
            p.mul_(6)  # a peaky random model: greedy choices are stable, not ties
    return m


def full_forward_greedy(m: GatedDecoder, prompt: str, n: int) -> list[int]:
    tok = CharTokenizer()
    seq = tok.encode_prompt(prompt)
    out = []
    for _ in range(n):
        x = torch.tensor([seq])
        nxt = int(m.logits(m.forward_all_layers(x, x != PAD)[-1])[0, -1].argmax())
        out.append(nxt)
        if nxt == EOS:
            break
        seq.append(nxt)
    return out


def test_tokenizer_round_trip_and_reversed_answers() -> None:
    tok = CharTokenizer()
    assert tok.decode(tok.encode("C:(3/7)*-14=")) == "C:(3/7)*-14="
    ids, start = tok.encode_example("C:1+2=", "-31")
    assert tok.decode(ids[start:-1]) == "13-" and ids[-1] == EOS
    assert tok.decode_answer(ids[start:-1]) == "-31"
    assert max(tok.encode("~ ")) < tok.vocab_size


def test_shapes_of_every_exit(model: GatedDecoder) -> None:
    x = torch.randint(4, 100, (3, 11))
    states = model.forward_all_layers(x, x != PAD)
    assert len(states) == CFG.n_layers
    assert all(model.logits(h).shape == (3, 11, CFG.vocab_size) for h in states)


@pytest.mark.parametrize("prompt", ["C:12+7=", "Q:What is 3 - -2?="])
def test_incremental_decode_equals_full_forward_at_full_depth(model: GatedDecoder, prompt: str) -> None:
    (gen,) = Generator(model).generate([GenRequest(prompt, max_new_tokens=8, threshold=NO_EXIT)])[0:1]
    expected = full_forward_greedy(model, prompt, 8)
    tok = CharTokenizer()
    produced = [i for i in expected if i != EOS]
    assert gen[0].text == tok.decode_answer(produced)
    assert set(gen[0].exit_layers) == {CFG.n_layers}


def test_batching_with_left_padding_changes_nothing(model: GatedDecoder) -> None:
    g = Generator(model)
    alone = [
        g.generate([GenRequest(p, max_new_tokens=6)])[0][0].text
        for p in ("C:1+1=", "Q:Solve 2*x = 4 for x.=")
    ]
    batched = [
        o[0].text
        for o in g.generate(
            [
                GenRequest("C:1+1=", max_new_tokens=6),
                GenRequest("Q:Solve 2*x = 4 for x.=", max_new_tokens=6),
            ]
        )
    ]
    assert alone == batched


@pytest.mark.parametrize("threshold", [NO_EXIT, 0.6, 0.0])
def test_one_stream_without_a_mask_equals_the_same_prompt_in_a_padded_batch(
    model: GatedDecoder, threshold: float
) -> None:
    """A lone prompt decodes with no attention mask (is_causal prefill, mask-free steps) and
    leaves the layer loop when its row exits; in a batch with a longer prompt it is padded and
    masked. Texts, exit layers and log-probabilities must agree."""
    g = Generator(model)
    prompt, longer = "C:7*8=", "Q:What is 12 divided by 3?="
    alone = g.generate([GenRequest(prompt, max_new_tokens=6, threshold=threshold)])[0][0]
    batch = g.generate(
        [
            GenRequest(longer, max_new_tokens=6, threshold=threshold),
            GenRequest(prompt, max_new_tokens=6, threshold=threshold),
        ]
    )[1][0]
    assert alone.text == batch.text
    assert alone.exit_layers == batch.exit_layers
    assert alone.token_logprobs == pytest.approx(batch.token_logprobs, abs=1e-4)


def test_low_threshold_exits_at_the_first_allowed_layer(model: GatedDecoder) -> None:
    (gen,) = Generator(model).generate([GenRequest("C:5*5=", max_new_tokens=5, threshold=0.0)])[0]
    assert set(gen.exit_layers) == {CFG.min_exit_layer}


def test_mixed_thresholds_in_one_batch(model: GatedDecoder) -> None:
    outs = Generator(model).generate(
        [GenRequest("C:5*5=", max_new_tokens=5, threshold=0.0), GenRequest("C:5*5=", max_new_tokens=5)]
    )
    assert set(outs[0][0].exit_layers) == {CFG.min_exit_layer}
    assert set(outs[1][0].exit_layers) == {CFG.n_layers}


def test_state_propagation_fills_the_cache_of_skipped_layers(model: GatedDecoder) -> None:
    """After an early exit, later tokens must still see the exited token at deeper layers: the
    generation differs from one that ignored those positions, and is deterministic."""
    g = Generator(model)
    a = g.generate([GenRequest("C:9-4=", max_new_tokens=6, threshold=0.0)])[0][0]
    b = g.generate([GenRequest("C:9-4=", max_new_tokens=6, threshold=0.0)])[0][0]
    assert a.text == b.text and len(a.exit_layers) == len(a.token_logprobs)


def test_sampling_is_seeded_and_respects_top_k(model: GatedDecoder) -> None:
    g = Generator(model)
    req = GenRequest("C:2+2=", samples=4, temperature=1.5, top_k=3, max_new_tokens=6, seed=7)
    first = [s.text for s in g.generate([req])[0]]
    again = [s.text for s in g.generate([req])[0]]
    assert first == again and len(first) == 4


def test_context_overflow_is_refused(model: GatedDecoder) -> None:
    with pytest.raises(ValueError, match="context"):
        Generator(model).generate([GenRequest("C:" + "1" * 40 + "=", max_new_tokens=20)])


def test_confidence_is_top1_minus_top2() -> None:
    logits = torch.log(torch.tensor([[0.7, 0.2, 0.1]]))
    assert confidence(logits).item() == pytest.approx(0.5)


def test_exit_losses_weight_depth_and_layer_drop_rises() -> None:
    torch.manual_seed(1)
    m = GatedDecoder(CFG)
    x = torch.randint(4, 100, (2, 9))
    mask = torch.ones(2, 9)
    total, per_layer = exit_losses(m, m.forward_all_layers(x, x != PAD), x, mask)
    assert len(per_layer) == CFG.n_layers and total.requires_grad
    drops = layer_drop_mask(4, 20_000, 0.3, torch.Generator().manual_seed(0)).float().mean(1)
    assert drops[0] == 0 and drops[1] < drops[2] < drops[3]
    assert drops[3].item() == pytest.approx(0.3, abs=0.02)


def test_folded_propagation_equals_layer_by_layer(model: GatedDecoder) -> None:
    """The one-matmul propagation (LayerNorm affine folded into K/V weights) must give the same
    cache, hence the same generations, as propagating one layer at a time."""
    fast, slow = Generator(model), Generator(model)
    assert fast._fold is not None
    slow._fold = None
    # threshold 0.5: tokens leave at layers 2, 3 and 4, so deeper layers read propagated K/V
    reqs = [
        GenRequest(p, max_new_tokens=10, threshold=0.5) for p in ("C:9-4=", "C:123*7=", "Q:What is 5?=")
    ]
    outs = fast.generate(reqs)
    assert {layer for o in outs for layer in o[0].exit_layers} == {2, 3, 4}
    for a, b in zip(outs, slow.generate(reqs), strict=True):
        assert a[0].text == b[0].text and a[0].exit_layers == b[0].exit_layers
        assert a[0].token_logprobs == pytest.approx(b[0].token_logprobs, abs=1e-4)


def test_folded_exit_head_equals_the_models_head(model: GatedDecoder) -> None:
    """Exit checks use the head with ln_f folded in (fewer ops per check): the same logits, so
    the same exits and tokens as the model's own head."""
    gen = Generator(model)
    h = torch.randn(5, model.cfg.d_model)
    torch.testing.assert_close(gen._logits(h), model.logits(h), rtol=1e-5, atol=1e-5)
    plain = Generator(model)
    plain._head = None
    reqs = [GenRequest(p, max_new_tokens=10, threshold=0.5) for p in ("C:9-4=", "C:123*7=")]
    for a, b in zip(gen.generate(reqs), plain.generate(reqs), strict=True):
        assert a[0].text == b[0].text and a[0].exit_layers == b[0].exit_layers
