"""Where the project's own files are: the repository root holds `infra/` and `model_repository/`."""

from __future__ import annotations

import os
from pathlib import Path


def repo_root() -> Path:
    override = os.environ.get("RMESH_REPO_ROOT")
    if override:
        return Path(override).resolve()
    # services/reasoning_mesh/infra/paths.py -> repository root (editable install or checkout).
    return Path(__file__).resolve().parents[3]


def services_dir() -> Path:
    return repo_root() / "services"


def model_repository() -> Path:
    return Path(os.environ.get("RMESH_MODEL_REPOSITORY", repo_root() / "model_repository"))


def adapter_store_dir(home: Path) -> Path:
    """The local adapter store (learner writes, the Triton reasoner reads)."""
    return (home / "adapters").resolve()


def trusted_keys_dir(home: Path) -> Path:
    """Public keys whose adapter signatures the server accepts."""
    return (home / "keys" / "trusted").resolve()


def signing_key_file(home: Path) -> Path:
    return (home / "keys" / "learner.ed25519").resolve()
