"""Model samples → hypotheses: per-sample summaries the verifier ranks and records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from reasoning_mesh.contracts.verifier_inbox import Hypothesis


class SampleLike(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def token_logprobs(self) -> list[float]: ...
    @property
    def exit_layers(self) -> list[int]: ...


def hypotheses(samples: Sequence[SampleLike]) -> list[Hypothesis]:
    out = []
    for s in samples:
        n = len(s.token_logprobs)
        out.append(
            Hypothesis(
                text=s.text.strip()[:256],
                mean_logprob=sum(s.token_logprobs) / n if n else float("-inf"),
                mean_exit_layer=sum(s.exit_layers) / len(s.exit_layers) if s.exit_layers else 0.0,
                tokens=n,
            )
        )
    return out
