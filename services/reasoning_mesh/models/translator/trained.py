"""What the translation model trained on, kept beside its weights as digests.

A file of questions that measures the model must hold no phrasing it trained on, even with
other numbers (its masked text). Regenerating the training stream to check that takes minutes
(960,000 phrasings); the digests of its 240,000 distinct masked texts take one megabyte. Training
writes them (`trained_phrasings.u32`: sorted 32-bit BLAKE2b digests, little-endian) and the
manifest records their count and SHA-256; a test regenerates a prefix of the stream and finds
every phrasing of it among them, so the file is the stream's, and checks the file against the
manifest. A 32-bit digest can collide (about 1 in 18,000 for a text not trained on): a
collision refuses a clean question, it never admits a trained one.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt

from reasoning_mesh.models.translator import phrasings
from reasoning_mesh.models.translator.tokenizer import PlainTokenizer

FILE = "trained_phrasings.u32"


def key(masked: str) -> str:
    """The form compared: the masked text without its end punctuation."""
    return masked.rstrip("?.! ")


def digest(masked: str) -> int:
    return int.from_bytes(hashlib.blake2b(key(masked).encode(), digest_size=4).digest(), "little")


def stream(seed: int, steps: int, batch: int) -> Iterator[str]:
    """The masked texts the recipe trains on, in order (the fitting phrasings of its stream)."""
    from reasoning_mesh.models.translator.train import fits  # train imports torch

    tok = PlainTokenizer()
    fitting = (p for p in phrasings.training(seed) if fits(p, tok))
    return (p.masked for p in itertools.islice(fitting, steps * batch))


def digests(texts: Iterable[str]) -> npt.NDArray[np.uint32]:
    return np.unique(np.fromiter((digest(t) for t in texts), dtype=np.uint32))


def write(directory: Path, texts: Iterable[str]) -> dict[str, object]:
    """Write the digest file; what the manifest records of it."""
    table = digests(texts)
    path = directory / FILE
    path.write_bytes(table.astype("<u4").tobytes())
    return {"file": FILE, "count": int(table.size), "sha256": sha256(path)}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load(directory: Path) -> npt.NDArray[np.uint32]:
    return np.frombuffer((directory / FILE).read_bytes(), dtype="<u4").astype(np.uint32)


def trained(table: npt.NDArray[np.uint32], masked: str) -> bool:
    d = digest(masked)
    i = int(np.searchsorted(table, d))
    return i < table.size and int(table[i]) == d


def refresh(directory: Path) -> dict[str, object]:
    """Write the digests of the checkpoint in `directory` from its manifest's recipe, and record
    them in the manifest (a checkpoint trained before the digests existed)."""
    manifest_path = directory / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    if manifest["data"]["generator_crc32"] != phrasings.fingerprint():
        raise ValueError("the generator changed since this checkpoint trained: retrain it")
    recipe = manifest["recipe"]
    record = write(directory, stream(recipe["seed"], recipe["steps"], recipe["batch"]))
    manifest["trained_phrasings"] = record
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return record


if __name__ == "__main__":  # python -m reasoning_mesh.models.translator.trained [DIR]
    import sys

    from reasoning_mesh.infra.paths import model_repository

    print(refresh(Path(sys.argv[1]) if len(sys.argv) > 1 else model_repository() / "translator" / "1"))
