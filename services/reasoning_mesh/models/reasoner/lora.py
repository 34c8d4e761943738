"""LoRA adapters for the gated decoder: trained one at a time, served many at once.

Every block's `q`, `out`, `fc1` and `fc2` projection becomes a `LoRALinear`: the frozen base
(fp32, or one of our FP8/INT4/bf16 modules) plus a bank of adapter slots. Slot 0 is "no adapter"
(zeros), so a batch whose rows ask for different adapters runs once: per projection, two matmuls
over the present adapters' concatenated ranks, masked per row, not one pass per adapter.

K/V projections are deliberately not adapted: a token that exits early gets the K/V of the layers
it skipped from the generator's folded LayerNorm+K/V weights (state propagation); adapting K/V
would need per-row folded weights, and the queries, outputs and MLPs carry a skill well enough.

Why not PEFT: its mixed-adapter batches hook the top-level `forward`, while the generator calls
blocks one layer at a time on shrinking row subsets (early exit); and it cannot wrap our own
quantized linear modules. The saved tensors use PEFT's `lora_A`/`lora_B` naming all the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import torch
from torch import Tensor, nn

TARGETS = ("q", "out", "fc1", "fc2")


@dataclass(frozen=True)
class LoRAWeights:
    """One adapter: for each adapted module (`blocks.3.fc1`) its A [r, in] and B [out, r]; the
    update is ΔW = (alpha / rank) · B A."""

    rank: int
    alpha: float
    tensors: dict[str, tuple[Tensor, Tensor]]

    @property
    def scale(self) -> float:
        return self.alpha / self.rank

    def delta(self, name: str) -> Tensor:
        a, b = self.tensors[name]
        return (b @ a) * self.scale

    def state_dict(self) -> dict[str, Tensor]:
        out: dict[str, Tensor] = {}
        for name, (a, b) in self.tensors.items():
            out[f"{name}.lora_A"] = a.contiguous()
            out[f"{name}.lora_B"] = b.contiguous()
        return out

    @classmethod
    def from_state_dict(cls, tensors: dict[str, Tensor], rank: int, alpha: float) -> LoRAWeights:
        names = sorted({k.rsplit(".", 1)[0] for k in tensors})
        pairs = {}
        for name in names:
            a, b = tensors.get(f"{name}.lora_A"), tensors.get(f"{name}.lora_B")
            if a is None or b is None or a.shape[0] != rank or b.shape[1] != rank:
                raise ValueError(f"adapter tensors for {name!r} are missing or not rank {rank}")
            pairs[name] = (a.float(), b.float())
        return cls(rank, alpha, pairs)


_RowsState = tuple[list[int], bool, Tensor | None, dict[int, Tensor]]


class _Rows:
    """Which bank slot each row of the current call uses, shared by all of a model's LoRA
    modules and worked out once per call: the adapters present (slot 0, the base alone, needs
    nothing), whether every row uses the same one, and each row's one-hot over those present."""

    def __init__(self) -> None:
        self.present: list[int] = []
        self.uniform = False
        self.onehot: Tensor | None = None  # [rows, adapters present]
        self._masks: dict[int, Tensor] = {}
        self._memo: tuple[Tensor, _RowsState] | None = None
        self.base_only = False  # training: the frozen base's own outputs (distillation teacher)

    def set(self, slots: Tensor | None) -> None:
        if slots is not None and self._memo is not None and slots is self._memo[0]:
            # The same rows as the previous call (the generator's next layer): reuse its work.
            self.restore(self._memo[1])
            return
        self.present, self.uniform, self.onehot, self._masks = [], False, None, {}
        if slots is None:
            return
        self.present = [int(u) for u in slots.unique().tolist() if u != 0]
        if len(self.present) == 1 and bool((slots == self.present[0]).all()):
            self.uniform = True
        elif self.present:
            index = torch.tensor(self.present, device=slots.device)
            self.onehot = (slots[:, None] == index[None, :]).float()
        self._memo = (slots, self.state())

    def mask(self, rank: int) -> Tensor:
        """[rows, present × rank]: 1 on the rank columns of the row's own adapter."""
        assert self.onehot is not None
        if rank not in self._masks:
            self._masks[rank] = self.onehot.repeat_interleave(rank, dim=1)
        return self._masks[rank]

    def state(self) -> _RowsState:
        return self.present, self.uniform, self.onehot, self._masks

    def restore(self, state: _RowsState) -> None:
        self.present, self.uniform, self.onehot, self._masks = state


class LoRALinear(nn.Module):
    bank_a: Tensor
    bank_b: Tensor

    def __init__(self, base: nn.Module, rows: _Rows, slots: int, max_rank: int) -> None:
        super().__init__()
        self.base = base
        self.rows = rows
        out_f, in_f = _shape(base)
        self.in_features, self.out_features, self.max_rank = in_f, out_f, max_rank
        self.register_buffer("bank_a", torch.zeros(slots, max_rank, in_f), persistent=False)
        self.register_buffer("bank_b", torch.zeros(slots, out_f, max_rank), persistent=False)
        # Training mode: one adapter as parameters; probe: a dense ΔW whose gradient is dL/dW.
        self.train_a: nn.Parameter | None = None
        self.train_b: nn.Parameter | None = None
        self.train_scale = 1.0
        self.probe: nn.Parameter | None = None

    def forward(self, x: Tensor) -> Tensor:
        y: Tensor = self.base(x)
        if self.rows.base_only:
            return y
        if self.train_a is not None and self.train_b is not None:
            y = y + (x @ self.train_a.T) @ self.train_b.T * self.train_scale
        if self.probe is not None:
            y = y + x @ self.probe.T
        rows = self.rows
        if not rows.present:
            return y
        if rows.uniform:  # every row on one adapter: plain LoRA
            a, b = self.bank_a[rows.present[0]], self.bank_b[rows.present[0]]
            return y + (x @ a.to(x.dtype).T) @ b.to(x.dtype).T
        # Mixed: the adapters present side by side (rank columns concatenated), each row masked
        # to its own — two matmuls whatever the mix. Per-row gathers of A/B (BGMV) or a loop
        # over adapters cost more in memory traffic or op count than the extra columns here.
        index = torch.tensor(rows.present, device=x.device)
        a = self.bank_a[index].reshape(-1, self.in_features).to(x.dtype)
        b = self.bank_b[index].permute(1, 0, 2).reshape(self.out_features, -1).to(x.dtype)
        mask = rows.mask(self.max_rank).to(x.dtype)
        mask = mask.view(x.shape[0], *([1] * (x.dim() - 2)), mask.shape[-1])
        return y + ((x @ a.T) * mask) @ b.T

    def put(self, slot: int, a: Tensor, b: Tensor, scale: float) -> None:
        r = a.shape[0]
        if r > self.max_rank:
            raise ValueError(f"adapter rank {r} exceeds the bank's {self.max_rank}")
        self.bank_a[slot].zero_()
        self.bank_b[slot].zero_()
        self.bank_a[slot, :r] = a.to(self.bank_a.device)
        self.bank_b[slot, :, :r] = b.to(self.bank_b.device) * scale


def _shape(m: nn.Module) -> tuple[int, int]:
    if isinstance(m, nn.Linear):
        return m.out_features, m.in_features
    out_f, in_f = getattr(m, "out_features", None), getattr(m, "in_features", None)
    if isinstance(out_f, int) and isinstance(in_f, int):
        return out_f, in_f
    raise TypeError(f"cannot adapt {type(m).__name__}: no in/out features")


def attach(model: nn.Module, slots: int = 9, max_rank: int = 16) -> dict[str, LoRALinear]:
    """Wrap every target projection in place (idempotent); returns them by module name."""
    existing = lora_modules(model)
    if existing:
        return existing
    rows = _Rows()
    model.lora_rows = rows  # type: ignore[assignment]
    for block in model.blocks:  # type: ignore[union-attr]
        for t in TARGETS:
            setattr(block, t, LoRALinear(getattr(block, t), rows, slots, max_rank))
    return lora_modules(model)


def lora_modules(model: nn.Module) -> dict[str, LoRALinear]:
    return {n: m for n, m in model.named_modules() if isinstance(m, LoRALinear)}


@contextmanager
def rows_using(model: nn.Module, slots: Tensor | None) -> Iterator[None]:
    """Route the rows of the calls inside to these bank slots (None or all zero: no adapter)."""
    rows: _Rows | None = getattr(model, "lora_rows", None)
    if rows is None:
        yield
        return
    previous = rows.state()
    rows.set(slots)
    try:
        yield
    finally:
        rows.restore(previous)


@contextmanager
def base_only(model: nn.Module) -> Iterator[None]:
    """Run the calls inside on the base weights alone, ignoring every adapter."""
    rows: _Rows | None = getattr(model, "lora_rows", None)
    if rows is None:
        yield
        return
    rows.base_only = True
    try:
        yield
    finally:
        rows.base_only = False


def load_slot(model: nn.Module, slot: int, weights: LoRAWeights) -> None:
    mods = lora_modules(model)
    unknown = set(weights.tensors) - set(mods)
    if unknown:
        raise ValueError(f"adapter names modules this model does not have: {sorted(unknown)[:3]}")
    for name, mod in mods.items():
        if name in weights.tensors:
            a, b = weights.tensors[name]
            mod.put(slot, a, b, weights.scale)
        else:
            mod.bank_a[slot].zero_()
            mod.bank_b[slot].zero_()


def start_training(
    model: nn.Module, rank: int, alpha: float, seed: int, init: LoRAWeights | None = None
) -> list[nn.Parameter]:
    """Trainable A and B on every adapted module: fresh (A Kaiming-uniform, B zeros) or a copy
    of `init` (continuing an adapter); the base and the banks stay frozen. Returns them."""
    mods = attach(model)
    for p in model.parameters():
        p.requires_grad_(False)
    gen = torch.Generator().manual_seed(seed)
    params: list[nn.Parameter] = []
    for name, mod in mods.items():
        if init is not None:
            a, b = (t.clone() for t in init.tensors[name])
            rank, alpha = init.rank, init.alpha
        else:
            bound = 1 / math.sqrt(mod.in_features)
            a = (torch.rand(rank, mod.in_features, generator=gen) * 2 - 1) * bound
            b = torch.zeros(mod.out_features, rank)
        mod.train_a = nn.Parameter(a)
        mod.train_b = nn.Parameter(b)
        mod.train_scale = alpha / rank
        params += [mod.train_a, mod.train_b]
    return params


def set_training(model: nn.Module, weights: LoRAWeights | None) -> None:
    """Install one adapter as the (frozen) training adapter, or remove it."""
    for name, mod in lora_modules(model).items():
        if weights is None or name not in weights.tensors:
            mod.train_a = mod.train_b = None
            continue
        a, b = weights.tensors[name]
        mod.train_a = nn.Parameter(a.clone(), requires_grad=False)
        mod.train_b = nn.Parameter(b.clone(), requires_grad=False)
        mod.train_scale = weights.scale


def finish_training(model: nn.Module, rank: int, alpha: float) -> LoRAWeights:
    tensors = {}
    for name, mod in lora_modules(model).items():
        assert mod.train_a is not None
        assert mod.train_b is not None
        tensors[name] = (mod.train_a.detach().clone(), mod.train_b.detach().clone())
    set_training(model, None)
    return LoRAWeights(rank, alpha, tensors)


def merge(
    adapters: list[LoRAWeights], rank: int, fishers: list[dict[str, Tensor]] | None = None
) -> LoRAWeights:
    """Merge in weight space, then back to rank `rank` by truncated SVD. Plain: the mean ΔW.
    Fisher-weighted: ΔW = Σ Fᵢ ⊙ ΔWᵢ / Σ Fᵢ with diagonal Fisher Fᵢ per weight entry."""
    tensors = {}
    for name in adapters[0].tensors:
        deltas = [w.delta(name) for w in adapters]
        if fishers is None:
            merged = torch.stack(deltas).mean(0)
        else:
            fs = torch.stack([f[name] for f in fishers])
            # A small floor keeps entries no skill cares about at the plain mean, not 0/0.
            fs = fs + 1e-6 * fs.mean().clamp(min=1e-30)
            merged = (fs * torch.stack(deltas)).sum(0) / fs.sum(0)
        u, s, vh = torch.linalg.svd(merged, full_matrices=False)
        root = s[:rank].sqrt()
        tensors[name] = (root[:, None] * vh[:rank], u[:, :rank] * root[None, :])
    return LoRAWeights(rank, float(rank), tensors)
