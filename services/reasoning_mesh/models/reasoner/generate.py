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

from reasoning_mesh.models.reasoner.folding import KVCache, fold_head, fold_kv
from reasoning_mesh.models.reasoner.lora import rows_using
from reasoning_mesh.models.reasoner.model import GatedDecoder, ReasonerConfig
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
        self._fold = fold_kv(model)
        self._head = fold_head(model)

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
        # No row padded (one prompt, or prompts of one length): attention needs no mask at all.
        padded = any(len(p) != plen for p in prompts)
        cache = KVCache(self.model, b, total, device)
        # Base-only batches (the common case) skip LoRA routing entirely: no per-layer work.
        slots = (
            torch.tensor([r.adapter for r in reqs], device=device)
            if any(r.adapter for r in reqs)
            else None
        )
        if plen > 1:
            with rows_using(self.model, slots):
                self._prefill(ids[:, :-1], positions[:, :-1], valid, cache, padded)
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
                padded,
            )
            if padded:  # only masks read it, and unpadded rows build none
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
                out[r].exit_layers.append(layers[j])
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

    def _prefill(
        self, ids: Tensor, positions: Tensor, valid: Tensor, cache: KVCache, padded: bool
    ) -> None:
        t = ids.shape[1]
        h = self.model.embed(ids, positions)
        mask: Tensor | None = None
        if padded:
            causal = torch.ones(t, t, dtype=torch.bool, device=ids.device).tril()
            mask = (causal[None] & valid[:, None, :t])[:, None] | torch.eye(
                t, dtype=torch.bool, device=ids.device
            )[None, None]
        last = len(self.model.blocks) - 1
        for layer, block in enumerate(self.model.blocks):
            n = block.ln1(h)
            k, v = block.keys_values_normed(n)
            cache.k[layer][:, :, :t], cache.v[layer][:, :, :t] = k, v
            if layer < last:  # decoding reads only the last layer's K/V over the prompt
                h = block.attend(h, n, k, v, mask, causal=mask is None)

    def _step(
        self,
        token: Tensor,
        pos: Tensor,
        rows: Tensor,
        t: int,
        valid: Tensor,
        thresholds: Tensor,
        cache: KVCache,
        slots: Tensor | None,
        padded: bool = True,
    ) -> tuple[Tensor, list[int]]:
        """One token for each row in `rows`; returns its logits and exit layer (1-based).
        `padded` False: no row has padding (no attention mask is built).

        Bookkeeping stays in Python lists and the cache is addressed by slices while every row
        is still running: for a small model the per-layer overhead, not the matmuls, decides
        whether skipping layers saves time."""
        n_layers, n = len(self.model.blocks), len(rows)
        whole = n == cache.batch  # rows == arange(batch): slices, not gathers
        h = self.model.embed(token[:, None], pos[:, None])
        st = _Decoding(torch.empty(n, self.cfg.vocab_size, device=h.device), [n_layers] * n)
        st.act = list(range(n))
        thr = thresholds.tolist()
        gated = any(x < NO_EXIT for x in thr)
        mask_all = _key_mask(valid, rows, whole, t) if padded else None
        for layer, block in enumerate(self.model.blocks):
            ck, cv = cache.k[layer], cache.v[layer]
            if st.done:  # state propagation, layer by layer (quantized K/V projections)
                d = torch.tensor(st.done, device=h.device)
                k, v = block.keys_values(h[d])
                ck[rows[d], :, t : t + 1], cv[rows[d], :, t : t + 1] = k, v
            if not st.act:
                continue
            if len(st.act) == n:
                hs, mask, row_slots = h, mask_all, slots
                r: Tensor | slice = slice(None) if whole else rows
            else:
                sel = torch.tensor(st.act, device=h.device)
                hs, r = h[sel], rows[sel]
                mask = None if mask_all is None else mask_all[sel]
                row_slots = None if slots is None else slots[sel]
            n_h = block.ln1(hs)
            k, v = block.keys_values_normed(n_h)
            ck[r, :, t : t + 1], cv[r, :, t : t + 1] = k, v
            with rows_using(self.model, row_slots):
                hs = block.attend(hs, n_h, ck[r, :, : t + 1], cv[r, :, : t + 1], mask)
            if len(st.act) == n:
                h = hs
            else:
                h[sel] = hs
            depth = layer + 1
            if depth == n_layers:
                lg = self._logits(hs[:, 0])
                if len(st.act) == n:
                    st.logits = lg
                else:
                    st.logits[st.act] = lg
            elif gated and depth in self.exit_layers:
                self._gate(st, self._logits(hs[:, 0]), hs, depth, thr, rows, t, cache)
                if not st.act and not st.done:
                    break  # nothing left to compute or to propagate at deeper layers
        return st.logits, st.exit_layer

    def _gate(
        self,
        st: _Decoding,
        lg: Tensor,
        hs: Tensor,
        depth: int,
        thr: list[float],
        rows: Tensor,
        t: int,
        cache: KVCache,
    ) -> None:
        """The exit check after layer `depth`: active rows confident enough leave with `lg`."""
        leaving = _leaving(lg, st.act, thr)
        if not leaving:
            return
        # Every active row leaving (always so for one stream) needs no gathers.
        every = len(leaving) == len(st.act)
        left = st.act if every else [st.act[j] for j in leaving]
        for a in left:
            st.exit_layer[a] = depth
        if every and len(left) == len(st.exit_layer):
            st.logits, exited = lg, hs[:, 0]
        else:
            st.logits[left] = lg[leaving]
            exited = hs[leaving, 0]
        st.done += self._exit(exited, rows, left, depth, t, cache)
        st.act = [] if every else [a for a in st.act if a not in set(left)]

    def _exit(
        self, h: Tensor, rows: Tensor, local: list[int], first: int, t: int, cache: KVCache
    ) -> list[int]:
        """Rows leaving after layer `first`: propagate their state now when the K/V weights fold;
        else hand them back for layer-by-layer propagation."""
        if self._fold is None:
            return local
        self._propagate(h, rows, local, first, t, cache)
        return []

    def _propagate(
        self, h: Tensor, rows: Tensor, local: list[int], first: int, t: int, cache: KVCache
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


@dataclass
class _Decoding:
    """One decoding step's rows: their logits and exit layers so far, the rows still going
    deeper (`act`) and those left to propagate layer by layer (`done`); positions in the step."""

    logits: Tensor
    exit_layer: list[int]
    act: list[int] = field(default_factory=list)
    done: list[int] = field(default_factory=list)


def _key_mask(valid: Tensor, rows: Tensor, whole: bool, t: int) -> Tensor:
    """[rows, 1, 1, t + 1]: the keys each row's new token may see (its padding hidden)."""
    key_mask = (valid[:, : t + 1] if whole else valid[rows, : t + 1]).clone()
    key_mask[:, t] = True
    return key_mask[:, None, None, :]


def _leaving(lg: Tensor, act: list[int], thr: list[float]) -> list[int]:
    """Positions in `act` whose exit logits are confident enough to leave: CALM's softmax
    response (top-1 minus top-2 probability) against each row's threshold. The subtraction is
    done in Python: one tensor op fewer per check, and checks are most of what gating costs."""
    probs = (lg if lg.dtype == torch.float32 else lg.float()).softmax(-1)
    top = probs.topk(2, dim=-1).values.tolist()
    return [j for j, a in enumerate(act) if thr[a] < NO_EXIT and top[j][0] - top[j][1] >= thr[a]]


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
