"""The reasoner's character vocabulary, read left to right: a reading is text, not a number,
so nothing is reversed."""

from __future__ import annotations

from collections.abc import Sequence

from reasoning_mesh.models.reasoner.tokenizer import BOS, EOS, CharTokenizer


class PlainTokenizer(CharTokenizer):
    def encode_example(self, prompt: str, answer: str) -> tuple[list[int], int]:
        ids = [BOS, *self.encode(prompt)]
        return [*ids, *self.encode(answer), EOS], len(ids)

    def decode_answer(self, ids: Sequence[int]) -> str:
        return self.decode(ids)
