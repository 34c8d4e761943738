"""What the decoder's hot loop reads: exit-head and K/V weights with their LayerNorm affines
folded in, and the per-batch KV cache."""

from __future__ import annotations

import torch
from torch import Tensor

from reasoning_mesh.models.reasoner.model import Block, GatedDecoder


def fold_head(model: GatedDecoder) -> tuple[Tensor, Tensor | None, float] | None:
    """The exit head with `ln_f`'s affine folded in, so an exit check is one normalisation and
    one matmul (no module calls): logits = (W·diag γ) n + W β. None when the head is quantized
    or has no affine LayerNorm in front (then the model's own `logits` is used)."""
    head, ln = model.head, model.ln_f
    if not isinstance(head, torch.nn.Linear) or ln.weight is None:
        return None
    with torch.no_grad():
        weight = (head.weight * ln.weight[None, :]).detach()
        bias = head.weight @ ln.bias if ln.bias is not None else None
        if head.bias is not None:
            bias = head.bias if bias is None else bias + head.bias
    return weight, None if bias is None else bias.detach(), ln.eps


def fold_kv(model: GatedDecoder) -> tuple[Tensor, Tensor] | None:
    """Per-layer K/V weights with the LayerNorm affine folded in: kv(γ⊙n + β) = (W·diag γ) n +
    (W β + b). None when a K/V projection is quantized (then layers are propagated one by one)."""
    blocks = [b for b in model.blocks if isinstance(b, Block)]
    kvs, lns = [b.kv for b in blocks], [b.ln1 for b in blocks]
    if not all(isinstance(kv, torch.nn.Linear) and kv.bias is not None for kv in kvs):
        return None
    with torch.no_grad():
        weight = torch.stack([kv.weight * ln.weight[None, :] for kv, ln in zip(kvs, lns, strict=True)])
        bias = torch.stack([kv.weight @ ln.bias + kv.bias for kv, ln in zip(kvs, lns, strict=True)])
    return weight.detach(), bias.detach()


class KVCache:
    def __init__(self, model: GatedDecoder, batch: int, total: int, device: torch.device) -> None:
        cfg = model.cfg
        self.batch = batch
        shape = (batch, cfg.n_heads, total, cfg.d_model // cfg.n_heads)
        dtype = next(model.parameters()).dtype
        if dtype not in (torch.float32, torch.bfloat16, torch.float16):
            dtype = torch.float32
        # One tensor per K and V with a layer axis: propagation writes all skipped layers at once.
        self.k_all = torch.zeros((len(model.blocks), *shape), device=device, dtype=dtype)
        self.v_all = torch.zeros((len(model.blocks), *shape), device=device, dtype=dtype)
        self.k = list(self.k_all.unbind(0))
        self.v = list(self.v_all.unbind(0))
