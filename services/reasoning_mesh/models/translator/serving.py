"""Serving the translation model: a question in, `samples` readings out (Triton's
`translator` model wraps this; it imports nothing from Triton, so it is unit-testable).

The question is masked (`masking.mask`) before the model sees it and each output unmasked after,
so every literal in a reading is copied from the question. A sample the model declined (`-`)
or wrote badly (a digit of its own, a placeholder the question lacks) comes back as no reading
with the reason; choosing among the samples is the planner's (`planner.translation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import torch

from reasoning_mesh.errors import BadInferenceRequestError
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.generate import Generation, Generator, GenRequest
from reasoning_mesh.models.reasoner.model import GatedDecoder
from reasoning_mesh.models.translator.masking import UnmaskError, mask, unmask
from reasoning_mesh.models.translator.phrasings import words_of
from reasoning_mesh.models.translator.tokenizer import PlainTokenizer

MAX_PROMPT = 120  # tokens of the masked question, BOS included
MAX_NEW = 64  # the longest reading
MAX_SAMPLES = 16


@dataclass(frozen=True)
class Reading:
    text: str | None  # the reading with its literals, or None
    raw: str  # what the model wrote (placeholders)
    logprob: float  # of the whole output
    why_none: str = ""


class Translator:
    """`vocabulary`: the words the model was trained on. A question with any other word is not
    read (every sample: no reading, naming the words): a small model meeting a word it has never
    seen guesses, and a guessed reading would be a verified answer to another question."""

    def __init__(self, model: GatedDecoder, vocabulary: frozenset[str]) -> None:
        self.tok = PlainTokenizer()
        self.generator = Generator(model, self.tok)
        self.vocabulary = vocabulary

    @classmethod
    def load(cls, directory: Path, device: str = "cpu") -> Translator:
        model, manifest = checkpoint.load(directory, device)
        words = manifest.get("vocabulary")
        if not words:  # without it every word would pass: refuse the checkpoint, not the check
            raise checkpoint.CheckpointError(f"{directory}: the manifest has no vocabulary")
        return cls(model, frozenset(words))

    def translate_masked(
        self, masked: list[str], samples: int = 1, temperature: float = 0.0, seed: int = 0
    ) -> list[list[Generation]]:
        if not masked:
            return []
        requests = [
            GenRequest(m, samples=samples, temperature=temperature, max_new_tokens=MAX_NEW, seed=seed)
            for m in masked
        ]
        with torch.inference_mode():
            return self.generator.generate(requests)

    def check(self, question: str, samples: int) -> None:
        if not 1 <= samples <= MAX_SAMPLES:
            raise BadInferenceRequestError(f"samples must be 1..{MAX_SAMPLES}, not {samples}")
        if len(self.tok.encode_prompt(mask(question).text)) > MAX_PROMPT:
            raise BadInferenceRequestError(f"the question is over {MAX_PROMPT} characters")

    def translate(
        self, questions: list[str], samples: int = 1, temperature: float = 0.0, seed: int = 0
    ) -> list[list[Reading]]:
        masks = [mask(q) for q in questions]
        unknown = [self.unknown_words(m.text) for m in masks]
        todo = [i for i, u in enumerate(unknown) if not u]
        outs = iter(self.translate_masked([masks[i].text for i in todo], samples, temperature, seed))
        readings: list[list[Reading]] = []
        for m, u in zip(masks, unknown, strict=True):
            if u:
                why = "words the model was never trained on: " + ", ".join(u[:5])
                readings.append([Reading(None, "", 0.0, why)] * samples)
            else:
                readings.append([_reading(g, m) for g in next(outs)])
        return readings

    def unknown_words(self, masked: str) -> list[str]:
        return sorted(words_of(masked) - self.vocabulary)


def _reading(g: Generation, masked: object) -> Reading:
    logprob = float(sum(g.token_logprobs))
    try:
        text = unmask(g.text, masked)  # type: ignore[arg-type]
    except UnmaskError as exc:
        return Reading(None, g.text, logprob, str(exc))
    return Reading(text, g.text, logprob, "" if text else "the model read no question the mesh answers")
