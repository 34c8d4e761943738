"""Per-layer weight-only quantization: FP8 (e4m3, per-channel scales) and INT4 (group-wise,
asymmetric) through torch's int4pack kernels, plus a sensitivity-driven precision plan.

INT4 runs the real packed kernels (`_weight_int4pack_mm_for_cpu` on CPU, `_weight_int4pack_mm`
on CUDA); weights are never expanded back to floats. FP8 uses `torch._scaled_mm` where the GPU has
FP8 tensor cores (sm89+); elsewhere the FP8 weight is widened inside the matmul (weight-only).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Literal

import torch
from torch import Tensor, nn

Mode = Literal["fp32", "bf16", "fp8", "int4"]
FP8_MAX = 448.0


def quantize_int4(w: Tensor, group: int) -> tuple[Tensor, Tensor]:
    """q in [0, 15] as int32 [N, K] and scales/zeros [K/group, N, 2] (the int4pack layout):
    w ≈ (q - 8) * scale + zero."""
    n, k = w.shape
    g = w.float().reshape(n, k // group, group)
    lo, hi = g.amin(-1, keepdim=True), g.amax(-1, keepdim=True)
    scale = ((hi - lo) / 15).clamp(min=1e-8)
    q = ((g - lo) / scale).round().clamp(0, 15).to(torch.int32).reshape(n, k)
    zero = lo + 8 * scale
    sz = torch.stack([scale.reshape(n, -1), zero.reshape(n, -1)], -1).transpose(0, 1)
    return q, sz.contiguous()


def dequantize_int4(q: Tensor, sz: Tensor, group: int) -> Tensor:
    """Reference reconstruction (tests and error bounds only; inference uses the kernel)."""
    n, k = q.shape
    scale = sz[..., 0].transpose(0, 1).reshape(n, k // group, 1)
    zero = sz[..., 1].transpose(0, 1).reshape(n, k // group, 1)
    return ((q.reshape(n, k // group, group).float() - 8) * scale + zero).reshape(n, k)


class Int4Linear(nn.Module):
    def __init__(self, linear: nn.Linear, group: int = 32, inner_k_tiles: int = 2) -> None:
        super().__init__()
        w = linear.weight.detach()
        self.out_features, self.in_features = w.shape
        if self.in_features % group:
            raise ValueError(f"in_features {self.in_features} not a multiple of group {group}")
        self.group = group
        q, sz = quantize_int4(w.cpu(), group)
        if w.is_cuda:
            packed_u8 = (q[:, ::2] << 4 | q[:, 1::2]).to(torch.uint8).to(w.device)
            self.register_buffer(
                "packed", torch.ops.aten._convert_weight_to_int4pack(packed_u8, inner_k_tiles)
            )
            self.register_buffer("scales_zeros", sz.to(w.device, torch.bfloat16))
        else:
            self.register_buffer(
                "packed", torch.ops.aten._convert_weight_to_int4pack_for_cpu(q, inner_k_tiles)
            )
            self.register_buffer("scales_zeros", sz)
        self.bias = None if linear.bias is None else nn.Parameter(linear.bias.detach().clone())

    def forward(self, x: Tensor) -> Tensor:
        shape = x.shape
        x2 = x.reshape(-1, self.in_features)
        if self.packed.is_cuda:
            y = torch.ops.aten._weight_int4pack_mm(
                x2.to(torch.bfloat16), self.packed, self.group, self.scales_zeros
            ).to(x.dtype)
        else:
            y = torch.ops.aten._weight_int4pack_mm_for_cpu(
                x2, self.packed, self.group, self.scales_zeros.to(x2.dtype)
            )
        if self.bias is not None:
            y = y + self.bias
        return y.reshape(*shape[:-1], self.out_features)


def fp8_hardware(device: torch.device) -> bool:
    return device.type == "cuda" and torch.cuda.get_device_capability(device) >= (8, 9)


class Fp8Linear(nn.Module):
    def __init__(self, linear: nn.Linear) -> None:
        super().__init__()
        w = linear.weight.detach().float()
        self.out_features, self.in_features = w.shape
        scale = (w.abs().amax(1, keepdim=True) / FP8_MAX).clamp(min=1e-12)
        self.register_buffer("weight", (w / scale).to(torch.float8_e4m3fn))
        self.register_buffer("scale", scale.reshape(-1))
        self.bias = None if linear.bias is None else nn.Parameter(linear.bias.detach().clone())

    def forward(self, x: Tensor) -> Tensor:
        shape = x.shape
        x2 = x.reshape(-1, self.in_features)
        if fp8_hardware(x.device):
            # Row-wise activation scales, channel-wise weight scales, bf16 out: the Hopper path.
            xs = (x2.abs().amax(1, keepdim=True).float() / FP8_MAX).clamp(min=1e-12)
            x8 = (x2 / xs).to(torch.float8_e4m3fn)
            y = torch._scaled_mm(
                x8, self.weight.t(), scale_a=xs, scale_b=self.scale[None, :], out_dtype=torch.bfloat16
            ).to(x.dtype)
        else:
            y = (x2 @ self.weight.to(x2.dtype).t()) * self.scale.to(x2.dtype)
        if self.bias is not None:
            y = y + self.bias
        return y.reshape(*shape[:-1], self.out_features)


class Bf16Linear(nn.Module):
    def __init__(self, linear: nn.Linear) -> None:
        super().__init__()
        self.linear = copy.deepcopy(linear).to(torch.bfloat16)

    def forward(self, x: Tensor) -> Tensor:
        return self.linear(x.to(torch.bfloat16)).to(x.dtype)


def block_linears(model: nn.Module) -> list[str]:
    """Names of the linear layers inside transformer blocks (the quantizable ones)."""
    return [n for n, m in model.named_modules() if isinstance(m, nn.Linear) and ".blocks." in f".{n}"]


def quantize(model: nn.Module, plan: dict[str, Mode]) -> nn.Module:
    """A copy of `model` with each named linear layer in its planned precision."""
    out = copy.deepcopy(model)
    for name, mode in plan.items():
        if mode == "fp32":
            continue
        parent_name, _, attr = name.rpartition(".")
        parent = out.get_submodule(parent_name)
        linear = getattr(parent, attr)
        new: nn.Module = {"int4": Int4Linear, "fp8": Fp8Linear, "bf16": Bf16Linear}[mode](linear)
        setattr(parent, attr, new)
    return out


def uniform_plan(model: nn.Module, mode: Mode) -> dict[str, Mode]:
    return dict.fromkeys(block_linears(model), mode)


def weight_bytes(model: nn.Module) -> int:
    """Bytes of every parameter and buffer: what serving this model keeps in memory."""
    tensors = [*model.parameters(), *model.buffers()]
    return sum(t.numel() * t.element_size() for t in tensors)


def layer_bytes(linear: nn.Linear, mode: Mode, group: int = 32) -> int:
    n, k = linear.weight.shape
    bias = 0 if linear.bias is None else n * 4
    per = {
        "fp32": n * k * 4,
        "bf16": n * k * 2,
        "fp8": n * k + n * 4,
        "int4": n * k // 2 + (k // group) * n * 2 * 4,
    }
    return per[mode] + bias


def sensitivity(
    model: nn.Module, loss_fn: Callable[[nn.Module], float], modes: tuple[Mode, ...] = ("int4", "fp8")
) -> dict[str, dict[str, float]]:
    """Loss increase when one layer alone is quantized, per layer and mode."""
    base = loss_fn(model)
    return {
        name: {mode: loss_fn(quantize(model, {name: mode})) - base for mode in modes}
        for name in block_linears(model)
    }


def plan_precision(
    model: nn.Module, sens: dict[str, dict[str, float]], budget_ratio: float = 0.25
) -> dict[str, Mode]:
    """Every layer INT4 first (least memory, least bandwidth); then the layers INT4 hurts most
    move to FP8, most sensitive first, while the whole model stays within `budget_ratio` of its
    FP32 bytes. Layers INT4 does not hurt stay INT4."""
    fp32_total = weight_bytes(model)
    plan: dict[str, Mode] = uniform_plan(model, "int4")
    linears = {n: model.get_submodule(n) for n in plan}
    current = fp32_total - sum(
        layer_bytes(m, "fp32") - layer_bytes(m, "int4")  # type: ignore[arg-type]
        for m in linears.values()
    )
    for name in sorted(plan, key=lambda n: sens[n]["int4"] - sens[n].get("fp8", 0.0), reverse=True):
        gain = sens[name]["int4"] - sens[name].get("fp8", 0.0)
        extra = layer_bytes(linears[name], "fp8") - layer_bytes(linears[name], "int4")  # type: ignore[arg-type]
        if gain <= 0 or current + extra > budget_ratio * fp32_total:
            continue
        plan[name] = "fp8"
        current += extra
    return plan
