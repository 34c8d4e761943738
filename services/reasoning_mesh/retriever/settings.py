"""Retriever settings (env prefix `RMESH_`, e.g. `RMESH_STORE=qdrant`, `RMESH_QDRANT_URL=...`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from reasoning_mesh.settings import MeshSettings


class RetrieverSettings(MeshSettings):
    #: `edge`: the embedded Qdrant engine on disk (default); `qdrant`: a Qdrant server or
    #: qdrant-client's local mode.
    store: Literal["edge", "qdrant"] = "edge"
    edge_path: Path | None = None  # default: <home>/qdrant-edge
    qdrant_url: str = ""  # e.g. http://qdrant:6333; empty: local mode at qdrant_path
    qdrant_path: Path | None = None  # default: <home>/qdrant-local
    embed_model: str = "embedder"
    chunk_words: int = 120
    chunk_overlap: int = 20
    embedding_cache_size: int = 4096
    result_cache_size: int = 4096
    cache_ttl_s: float = 600.0
    max_in_flight: int = 64
    rate_per_s: float = 0.0
    retriever_metrics_port: int = 9102

    def edge_dir(self) -> Path:
        suffix = "" if self.instance_id == "0" else f"-{self.instance_id}"
        return self.edge_path or self.home / f"qdrant-edge{suffix}"

    def local_qdrant_dir(self) -> Path:
        suffix = "" if self.instance_id == "0" else f"-{self.instance_id}"
        return self.qdrant_path or self.home / f"qdrant-local{suffix}"
