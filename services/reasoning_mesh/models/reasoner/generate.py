"""Batched incremental decoding with per-token gated depth and a KV cache.

Every request may ask for several samples, its own temperature/top-k, token limit and exit
threshold; all rows of a batch decode together. Prompts are left-padded and run at full depth
(prefill); each generated token then runs layer by layer until its confidence passes its row's
threshold, and the layers it skips get K/V from its exited state (state propagation).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import torch
from torch import Tensor

from reasoning_mesh.models.reasoner.lora import rows_using
from reasoning_mesh.models.reasoner.model import Block, GatedDecoder, ReasonerConfig
from reasoning_mesh.models.reasoner.tokenizer import EOS, PAD, CharTokenizer

NO_EXIT = 1.0  # a threshold at or above this disables early exit for the row


@dataclass(frozen=True)
class GenRequest:
    prompt: str
    samples: int = 1
    temperature: float = 0.0
    top_k: int = 0
    max_new_tokens: int = 24
    threshold: float = NO_EXIT
    seed: int = 0
    adapter: int = 0  # LoRA bank slot (models.reasoner.lora); 0: the base model alone


@dataclass
class Generation:
    text: str
    token_logprobs: list[float] = field(default_factory=list)
    exit_layers: list[int] = field(default_factory=list)


def exit_schedule(cfg: ReasonerConfig, layers: Iterable[int] | None = None) -> frozenset[int]:
    """The layers (1-based) after which a token may leave: every one from `min_exit_layer` up to
    the last but one, or the fewer a calibration chose (`rmesh bench model`): at batch size one
    an exit check costs a good part of a layer, so a check that rarely lets a token go costs
    more than it saves."""
    every = frozenset(range(cfg.min_exit_layer, cfg.n_layers))
    if layers is None:
        return every
    chosen = frozenset(layers)
    if not chosen <= every:
        raise ValueError(f"exit layers {sorted(chosen - every)} are outside {sorted(every)}")
    return chosen


class Generator:
    def __init__(
        self,
        model: GatedDecoder,
        tokenizer: CharTokenizer | None = None,
        exit_layers: Iterable[int] | None = None,
    ) -> None:
        self.model = model.eval()
        self.tok = tokenizer or CharTokenizer()
        self.cfg = model.cfg
        self.exit_layers = exit_schedule(model.cfg, exit_layers)
        self._fold = _fold_kv(model)
        self._head = _fold_head(model)

    @torch.inference_mode()
    def generate(self, requests: list[GenRequest]) -> list[list[Generation]]:
        rows = [(i, s) for i, r in enumerate(requests) for s in range(r.samples)]
        reqs = [requests[i] for i, _ in rows]
        device = next(self.model.parameters()).device
        prompts = [self.tok.encode_prompt(r.prompt) for r in reqs]
        max_new = max(r.max_new_tokens for r in reqs)
        plen = max(len(p) for p in prompts)
        if plen + max_new > self.cfg.max_len:
            raise ValueError(
                f"prompt ({plen} tokens) + max_new_tokens ({max_new}) exceeds the "
                f"model's context of {self.cfg.max_len}"
            )
        b, total = len(rows), plen + max_new
        ids = torch.full((b, plen), PAD, dtype=torch.long, device=device)
        valid = torch.zeros((b, total), dtype=torch.bool, device=device)
        for r, p in enumerate(prompts):
            ids[r, plen - len(p) :] = torch.tensor(p, device=device)
            valid[r, plen - len(p) : plen] = True
        positions = (valid[:, :plen].long().cumsum(1) - 1).clamp(min=0)
        cache = _Cache(self.model, b, total, device)
        # Base-only batches (the common case) skip LoRA routing entirely: no per-layer work.
        slots = (
            torch.tensor([r.adapter for r in reqs], device=device)
            if any(r.adapter for r in reqs)
            else None
        )
        if plen > 1:
            with rows_using(self.model, slots):
                self._prefill(ids[:, :-1], positions[:, :-1], valid, cache)
        thresholds = torch.tensor([r.threshold for r in reqs], device=device)
        gens = [
            torch.Generator(device="cpu").manual_seed(r.seed * 1000 + s)
            for (_, s), r in zip(rows, reqs, strict=True)
        ]
        out = [Generation("") for _ in rows]
        produced: list[list[int]] = [[] for _ in rows]
        alive = torch.ones(b, dtype=torch.bool, device=device)
        token, pos = ids[:, -1], positions[:, -1]
        for step in range(max_new):
            t = plen - 1 + step
            live = alive.nonzero().flatten()
            if live.numel() == 0:
                break
            logits, layers = self._step(
                token[live],
                pos[live],
                live,
                t,
                valid,
                thresholds[live],
                cache,
                None if slots is None else slots[live],
            )
            valid[live, t] = True
            nxt = torch.empty(b, dtype=torch.long, device=device)
            for j, r in enumerate(live.tolist()):
                choice, logprob = _sample(logits[j], reqs[r], gens[r])
                nxt[r] = choice
                if choice == EOS or step + 1 >= reqs[r].max_new_tokens:
                    alive[r] = False
                if choice != EOS:
                    produced[r].append(choice)
                out[r].token_logprobs.append(logprob)
                out[r].exit_layers.append(int(layers[j]))
            token, pos = nxt, pos + 1
        for r, g in enumerate(out):
            g.text = self.tok.decode_answer(produced[r])
        grouped: list[list[Generation]] = [[] for _ in requests]
        for (i, _), g in zip(rows, out, strict=True):
            grouped[i].append(g)
        return grouped

    def _logits(self, h: Tensor) -> Tensor:
        if self._head is None:
            return self.model.logits(h)
        weight, bias, eps = self._head
        n = torch.nn.functional.layer_norm(h, h.shape[-1:], eps=eps)
        return torch.nn.functional.linear(n, weight, bias)

    def _prefill(self, ids: Tensor, positions: Tensor, valid: Tensor, cache: _Cache) -> None:
        t = ids.shape[1]
        h = self.model.embed(ids, positions)
        causal = torch.ones(t, t, dtype=torch.bool, device=ids.device).tril()
        mask = (causal[None] & valid[:, None, :t])[:, None] | torch.eye(
            t, dtype=torch.bool, device=ids.device
        )[None, None]
        last = len(self.model.blocks) - 1
        for layer, block in enumerate(self.model.blocks):
            k, v = block.keys_values(h)
            cache.k[layer][:, :, :t], cache.v[layer][:, :, :t] = k, v
            if layer < last:  # decoding reads only the last layer's K/V over the prompt
                h = block(h, k, v, mask)

    def _step(
        self,
        token: Tensor,
        pos: Tensor,
        rows: Tensor,
        t: int,
        valid: Tensor,
        thresholds: Tensor,
        cache: _Cache,
        slots: Tensor | None,
    ) -> tuple[Tensor, Tensor]:
        """One token for each row in `rows`; returns its logits and exit layer (1-based).

        Bookkeeping stays in Python lists and the cache is addressed by slices while every row
        is still running: for a small model the per-layer overhead, not the matmuls, decides
        whether skipping layers saves time."""
        n_layers, n = len(self.model.blocks), len(rows)
        whole = n == cache.batch  # rows == arange(batch): slices, not gathers
        h = self.model.embed(token[:, None], pos[:, None])
        logits = torch.empty(n, self.cfg.vocab_size, device=h.device)
        exit_layer = [n_layers] * n
        thr = thresholds.tolist()
        gated = any(x < NO_EXIT for x in thr)
        key_mask = (valid[:, : t + 1] if whole else valid[rows, : t + 1]).clone()
        key_mask[:, t] = True
        mask_all = key_mask[:, None, None, :]
        act: list[int] = list(range(n))
        done: list[int] = []
        for layer, block in enumerate(self.model.blocks):
            ck, cv = cache.k[layer], cache.v[layer]
            if done:  # state propagation, layer by layer (quantized K/V projections)
                d = torch.tensor(done, device=h.device)
                k, v = block.keys_values(h[d])
                ck[rows[d], :, t : t + 1], cv[rows[d], :, t : t + 1] = k, v
            if not act:
                continue
            if len(act) == n:
                hs, mask, row_slots = h, mask_all, slots
                r: Tensor | slice = slice(None) if whole else rows
            else:
                sel = torch.tensor(act, device=h.device)
                hs, mask, r = h[sel], mask_all[sel], rows[sel]
                row_slots = None if slots is None else slots[sel]
            k, v = block.keys_values(hs)
            ck[r, :, t : t + 1], cv[r, :, t : t + 1] = k, v
            with rows_using(self.model, row_slots):
                hs = block(hs, ck[r, :, : t + 1], cv[r, :, : t + 1], mask)
            if len(act) == n:
                h = hs
            else:
                h[sel] = hs
            depth = layer + 1
            if depth == n_layers:
                logits[act if len(act) < n else slice(None)] = self._logits(hs[:, 0])
            elif gated and depth in self.exit_layers:
                lg = self._logits(hs[:, 0])
                leaving = _leaving(lg, act, thr)
                if leaving:
                    left = [act[j] for j in leaving]
                    for a in left:
                        exit_layer[a] = depth
                    logits[left] = lg[leaving]
                    done += self._exit(hs[leaving, 0], rows, left, depth, t, cache)
                    act = [a for a in act if a not in set(left)]
        return logits, torch.tensor(exit_layer)

    def _exit(
        self, h: Tensor, rows: Tensor, local: list[int], first: int, t: int, cache: _Cache
    ) -> list[int]:
        """Rows leaving after layer `first`: propagate their state now when the K/V weights fold;
        else hand them back for layer-by-layer propagation."""
        if self._fold is None:
            return local
        self._propagate(h, rows, local, first, t, cache)
        return []

    def _propagate(
        self, h: Tensor, rows: Tensor, local: list[int], first: int, t: int, cache: _Cache
    ) -> None:
        """State propagation for every layer from `first` on, in one matmul: each layer's
        LayerNorm affine is folded into its K/V weights, so the exited states are normalised
        once and projected for all the layers they skip together."""
        assert self._fold is not None
        weight, bias = self._fold
        n = torch.nn.functional.layer_norm(h, h.shape[-1:])
        kv = torch.matmul(n, weight[first:].transpose(1, 2)) + bias[first:, None]  # [L, m, 2D]
        heads, d_head = self.cfg.n_heads, self.cfg.d_model // self.cfg.n_heads
        kv = kv.view(kv.shape[0], kv.shape[1], 2, heads, d_head)
        if len(local) == 1:  # the common case: plain indexing writes in place, no scatter
            r0 = int(rows[local[0]])
            cache.k_all[first:, r0 : r0 + 1, :, t : t + 1] = kv[:, :, 0, :, None]
            cache.v_all[first:, r0 : r0 + 1, :, t : t + 1] = kv[:, :, 1, :, None]
            return
        r = rows[torch.tensor(local, device=h.device)]
        cache.k_all[first:, r, :, t : t + 1] = kv[:, :, 0, :, None]
        cache.v_all[first:, r, :, t : t + 1] = kv[:, :, 1, :, None]


def _leaving(lg: Tensor, act: list[int], thr: list[float]) -> list[int]:
    """Positions in `act` whose exit logits are confident enough to leave: CALM's softmax
    response (top-1 minus top-2 probability) against each row's threshold. The subtraction is
    done in Python: one tensor op fewer per check, and checks are most of what gating costs."""
    probs = (lg if lg.dtype == torch.float32 else lg.float()).softmax(-1)
    top = probs.topk(2, dim=-1).values.tolist()
    return [j for j, a in enumerate(act) if thr[a] < NO_EXIT and top[j][0] - top[j][1] >= thr[a]]


def _fold_head(model: GatedDecoder) -> tuple[Tensor, Tensor | None, float] | None:
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


def _fold_kv(model: GatedDecoder) -> tuple[Tensor, Tensor] | None:
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


class _Cache:
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


def _sample(logits: Tensor, req: GenRequest, gen: torch.Generator) -> tuple[int, float]:
    logp = torch.log_softmax(logits.float(), -1)
    if req.temperature <= 0:
        choice = int(logp.argmax())
    else:
        scaled = logits.float() / req.temperature
        if req.top_k > 0:
            kth = scaled.topk(min(req.top_k, scaled.numel())).values[-1]
            scaled = scaled.masked_fill(scaled < kth, float("-inf"))
        choice = int(torch.multinomial(scaled.softmax(-1).cpu(), 1, generator=gen))
    return choice, float(logp[choice])
