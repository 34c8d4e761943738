"""A pre-norm decoder-only transformer whose every layer can emit the next token.

* One shared output head (`ln_f` + `head`) reads any layer: that is what makes early exit
  possible, and what the LayerSkip-style training objective (`exit_losses`) trains.
* Gated depth at inference: a token leaves at the first layer (from `min_exit_layer`) whose
  CALM-style confidence, top-1 minus top-2 probability of the shared head, reaches the threshold.
* KV cache with **state propagation**: layers a token skipped still get its keys and values,
  computed from the exited hidden state, so later tokens attend to every position at every layer
  (Schuster et al., CALM). A skipped layer costs one K/V projection instead of a whole block.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import torch
import torch.nn.functional as F  # noqa: N812 - the conventional alias
from torch import Tensor, nn


@dataclass(frozen=True)
class ReasonerConfig:
    vocab_size: int = 128
    d_model: int = 128
    n_layers: int = 8
    n_heads: int = 4
    d_ff: int = 512
    max_len: int = 160
    min_exit_layer: int = 2  # 1-based: the earliest layer a token may leave at

    def to_dict(self) -> dict[str, int]:
        return asdict(self)


class Block(nn.Module):
    def __init__(self, cfg: ReasonerConfig) -> None:
        super().__init__()
        self.n_heads, self.d_head = cfg.n_heads, cfg.d_model // cfg.n_heads
        self.ln1 = nn.LayerNorm(cfg.d_model)
        self.q = nn.Linear(cfg.d_model, cfg.d_model)
        self.kv = nn.Linear(cfg.d_model, 2 * cfg.d_model)
        self.out = nn.Linear(cfg.d_model, cfg.d_model)
        self.ln2 = nn.LayerNorm(cfg.d_model)
        self.fc1 = nn.Linear(cfg.d_model, cfg.d_ff)
        self.fc2 = nn.Linear(cfg.d_ff, cfg.d_model)

    def _heads(self, x: Tensor) -> Tensor:
        b, t, _ = x.shape
        return x.view(b, t, self.n_heads, self.d_head).transpose(1, 2)

    def keys_values(self, h: Tensor) -> tuple[Tensor, Tensor]:
        """K and V of hidden states `h` [B, T, D] as [B, H, T, Dh]: also what state propagation
        computes for a layer a token skipped."""
        return self.keys_values_normed(self.ln1(h))

    def keys_values_normed(self, n: Tensor) -> tuple[Tensor, Tensor]:
        """`keys_values` of `n = ln1(h)`: decoding normalises once for K/V and Q."""
        k, v = self.kv(n).chunk(2, dim=-1)
        return self._heads(k), self._heads(v)

    def forward(self, h: Tensor, k: Tensor, v: Tensor, mask: Tensor) -> Tensor:
        """`k`, `v`: keys/values of every visible position; `mask`: [B|1, 1, Tq, Tk] bool."""
        return self.attend(h, self.ln1(h), k, v, mask)

    def attend(
        self, h: Tensor, n: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, causal: bool = False
    ) -> Tensor:
        """`forward` given `n = ln1(h)`. `mask` None: every key is visible to every query
        (`causal`: to the queries at or after it), the unpadded case, which skips building a
        mask and lets attention take its mask-free kernel."""
        q = self._heads(self.q(n))
        att = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)
        b, _, t, _ = att.shape
        h = h + self.out(att.transpose(1, 2).reshape(b, t, -1))
        return h + self.fc2(F.gelu(self.fc1(self.ln2(h))))


class GatedDecoder(nn.Module):
    def __init__(self, cfg: ReasonerConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.tok = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.pos = nn.Embedding(cfg.max_len, cfg.d_model)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layers))
        self.ln_f = nn.LayerNorm(cfg.d_model)
        self.head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)
        self.apply(self._init)

    @staticmethod
    def _init(m: nn.Module) -> None:
        if isinstance(m, nn.Linear | nn.Embedding):
            nn.init.normal_(m.weight, std=0.02)
        if isinstance(m, nn.Linear) and m.bias is not None:
            nn.init.zeros_(m.bias)

    def logits(self, h: Tensor) -> Tensor:
        """The shared exit head, usable after any layer."""
        return self.head(self.ln_f(h))

    def embed(self, ids: Tensor, positions: Tensor) -> Tensor:
        return self.tok(ids) + self.pos(positions.clamp(max=self.cfg.max_len - 1))

    # -- training --------------------------------------------------------------------------------
    def forward_all_layers(
        self, ids: Tensor, pad_mask: Tensor, layer_drop: Tensor | None = None
    ) -> list[Tensor]:
        """Hidden states after every layer for a full (right-padded) sequence. `layer_drop`
        [L, B] bool skips a layer for a sample (LayerSkip's stochastic depth)."""
        b, t = ids.shape
        positions = torch.arange(t, device=ids.device).expand(b, t)
        h = self.embed(ids, positions)
        causal = torch.ones(t, t, dtype=torch.bool, device=ids.device).tril()
        mask = causal[None, None] & pad_mask[:, None, None, :]
        mask = mask | torch.eye(t, dtype=torch.bool, device=ids.device)[None, None]
        states = []
        for i, block in enumerate(self.blocks):
            k, v = block.keys_values(h)
            new = block(h, k, v, mask)
            if layer_drop is not None:
                keep = (~layer_drop[i]).to(h.dtype)[:, None, None]
                new = h + keep * (new - h)
            h = new
            states.append(h)
        return states


def exit_losses(
    model: GatedDecoder, states: list[Tensor], targets: Tensor, loss_mask: Tensor
) -> tuple[Tensor, list[float]]:
    """LayerSkip objective: cross-entropy of the shared head after every layer, weighted up with
    depth (the last layer counts most). Returns the total and per-layer losses."""
    n = len(states)
    weights = [(i + 1) / n for i in range(n)]
    total = torch.zeros((), device=targets.device)
    per_layer = []
    denom = loss_mask.sum().clamp(min=1)
    for w, h in zip(weights, states, strict=True):
        ce = F.cross_entropy(model.logits(h).transpose(1, 2), targets, reduction="none")
        layer_loss = (ce * loss_mask).sum() / denom
        per_layer.append(float(layer_loss.detach()))
        total = total + w * layer_loss
    return total / sum(weights), per_layer


def layer_drop_mask(n_layers: int, batch: int, p_max: float, generator: torch.Generator) -> Tensor:
    """Skip probability rising linearly with depth, 0 for the first layer."""
    p = torch.tensor([p_max * i / max(1, n_layers - 1) for i in range(n_layers)])
    return torch.rand(n_layers, batch, generator=generator) < p[:, None]


def param_count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def confidence(logits: Tensor) -> Tensor:
    """CALM's softmax response: top-1 minus top-2 probability, per row."""
    top = logits.float().softmax(-1).topk(2, dim=-1).values
    return top[..., 0] - top[..., 1]


def layer_flops(cfg: ReasonerConfig) -> tuple[int, int]:
    """Multiply-adds per token of a full block and of a skipped block's K/V projection."""
    d, f = cfg.d_model, cfg.d_ff
    return 4 * d * d + 2 * d * f, 2 * d * d


def perplexity(loss: float) -> float:
    return math.exp(min(loss, 50.0))
