"""A character tokenizer fit for maths: printable ASCII plus four specials.

Answers are generated least-significant character first (`reverse_answer`): small transformers
learn carries far more easily that way. Decoding reverses them back, so callers only ever see
normal numbers, and every character still comes from the model.
"""

from __future__ import annotations

from collections.abc import Sequence

PAD, BOS, EOS, UNK = 0, 1, 2, 3
_FIRST = 32  # ' '
_LAST = 126  # '~'
OFFSET = 4
VOCAB_SIZE = 128  # 4 specials + 95 printable characters, padded to a round number


class CharTokenizer:
    vocab_size = VOCAB_SIZE

    def encode(self, text: str) -> list[int]:
        return [OFFSET + ord(c) - _FIRST if _FIRST <= ord(c) <= _LAST else UNK for c in text]

    def decode(self, ids: Sequence[int]) -> str:
        return "".join(
            chr(i - OFFSET + _FIRST) for i in ids if OFFSET <= i < OFFSET + _LAST - _FIRST + 1
        )

    def encode_example(self, prompt: str, answer: str) -> tuple[list[int], int]:
        """BOS prompt reversed(answer) EOS, and the index where the answer starts."""
        ids = [BOS, *self.encode(prompt)]
        return [*ids, *self.encode(answer[::-1]), EOS], len(ids)

    def encode_prompt(self, prompt: str) -> list[int]:
        return [BOS, *self.encode(prompt)]

    def decode_answer(self, ids: Sequence[int]) -> str:
        return self.decode(ids)[::-1]
