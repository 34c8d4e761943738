"""An adapter package: safetensors weights + a JSON manifest + an Ed25519 signature over the
manifest's exact bytes. The manifest pins the weights (SHA-384) and the base model (its
checkpoint's SHA-384), so one signature covers all three.

`open_package` is the only way in: every refusal is an `AdapterRefusedError` with a reason
(`unsigned`, `untrusted_key`, `bad_signature`, `malformed`, `digest_mismatch`, `wrong_base`).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from safetensors.torch import load as st_load
from safetensors.torch import save as st_save

from reasoning_mesh.adapters.signing import TrustedKeys, key_id
from reasoning_mesh.errors import AdapterRefusedError
from reasoning_mesh.models.reasoner.lora import TARGETS, LoRAWeights

if TYPE_CHECKING:
    from reasoning_mesh.adapters.store import AdapterStore

FORMAT = "reasoning-mesh/lora-adapter@1"
ADAPTER_ID = re.compile(r"^[a-z][a-z0-9_]{0,63}-[0-9a-f]{12}$")


class TrainingData(BaseModel):
    """What an adapter was trained on, signed with it: a 64-bit SHA-256 prefix of every prompt
    it saw (skill examples and replay), so anyone holding a test set can check that none of its
    prompts was trained on (`overlap`) without the training data being shipped."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    prompts_sha256_64: list[str] = Field(default_factory=list)
    sources: dict[str, int] = Field(default_factory=dict, description="Examples per source.")


def prompt_digest(prompt: str) -> str:
    return hashlib.sha256(prompt.encode()).hexdigest()[:16]


def training_data(prompts: list[str], sources: dict[str, int]) -> TrainingData:
    return TrainingData(prompts_sha256_64=sorted({prompt_digest(p) for p in prompts}), sources=sources)


def overlap(data: TrainingData, prompts: list[str]) -> int:
    """How many of `prompts` the adapter was trained on."""
    seen = set(data.prompts_sha256_64)
    return sum(prompt_digest(p) in seen for p in prompts)


class Manifest(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    format: str = FORMAT
    adapter_id: str = Field(pattern=ADAPTER_ID.pattern)
    skills: list[str] = Field(min_length=1)
    base_model: str = "reasoner"
    base_sha384: str = Field(pattern=r"^[0-9a-f]{96}$")
    rank: int = Field(ge=1, le=64)
    alpha: float = Field(gt=0)
    targets: list[str] = Field(default_factory=lambda: list(TARGETS))
    weights_sha384: str = Field(pattern=r"^[0-9a-f]{96}$")
    metrics: dict[str, float] = Field(default_factory=dict)
    recipe: dict[str, Any] = Field(default_factory=dict)
    training_data: TrainingData | None = None
    created_at: float = Field(default_factory=time.time)
    key_id: str = Field(pattern=r"^[0-9a-f]{16}$")


@dataclass(frozen=True)
class AdapterPackage:
    adapter_id: str
    manifest: bytes
    signature: bytes | None
    weights: bytes


def sha384(data: bytes) -> str:
    return hashlib.sha384(data).hexdigest()


def build(
    skill_name: str,
    weights: LoRAWeights,
    base_sha384: str,
    key: Ed25519PrivateKey,
    *,
    metrics: dict[str, float] | None = None,
    recipe: dict[str, Any] | None = None,
    trained_on: TrainingData | None = None,
) -> tuple[Manifest, AdapterPackage]:
    """Serialise, digest and sign an adapter. Its id is content-addressed: `<skill>-<12 hex>`."""
    blob = st_save(weights.state_dict())
    digest = sha384(blob)
    manifest = Manifest(
        adapter_id=f"{skill_name}-{digest[:12]}",
        skills=[skill_name],
        base_sha384=base_sha384,
        rank=weights.rank,
        alpha=weights.alpha,
        weights_sha384=digest,
        metrics=metrics or {},
        recipe=recipe or {},
        training_data=trained_on,
        key_id=key_id(key.public_key()),
    )
    text = json.dumps(manifest.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    data = text.encode()
    return manifest, AdapterPackage(manifest.adapter_id, data, key.sign(data), blob)


def open_package(
    package: AdapterPackage, trusted: TrustedKeys, base_sha384: str
) -> tuple[Manifest, LoRAWeights]:
    """Check signature, then manifest, then digests, then tensors; refuse at the first failure."""
    aid = package.adapter_id

    def refuse(reason: str, detail: str) -> AdapterRefusedError:
        return AdapterRefusedError(aid, reason, detail)

    if not package.signature:
        raise refuse("unsigned", "the package has no signature")
    try:
        kid = str(json.loads(package.manifest).get("key_id", ""))
    except (ValueError, AttributeError) as exc:
        raise refuse("malformed", f"manifest is not a JSON object: {exc}") from exc
    if kid not in trusted.keys:
        raise refuse("untrusted_key", f"signing key {kid or '?'} is not among the trusted keys")
    if not trusted.verify(kid, package.signature, package.manifest):
        raise refuse("bad_signature", "the signature does not match the manifest")
    try:
        manifest = Manifest.model_validate_json(package.manifest)
    except ValidationError as exc:
        raise refuse("malformed", f"manifest fails validation: {exc.errors()[0]['msg']}") from exc
    if manifest.format != FORMAT or manifest.adapter_id != aid:
        raise refuse("malformed", f"format {manifest.format!r}, id {manifest.adapter_id!r}")
    if sha384(package.weights) != manifest.weights_sha384:
        raise refuse("digest_mismatch", "the weights' SHA-384 differs from the signed manifest")
    if manifest.base_sha384 != base_sha384:
        raise refuse(
            "wrong_base",
            f"trained on base {manifest.base_sha384[:12]}…, served base is {base_sha384[:12]}…",
        )
    try:
        weights = LoRAWeights.from_state_dict(st_load(package.weights), manifest.rank, manifest.alpha)
    except (ValueError, RuntimeError) as exc:
        raise refuse("malformed", f"weights: {exc}") from exc
    return manifest, weights


def loader(store: AdapterStore, trusted_dir: Path, base_sha384: str) -> Callable[[str], LoRAWeights]:
    """What a server's adapter slot loads through: fetch, then `open_package`. The trust
    directory is read on every load, so a newly provisioned key needs no restart."""

    def load(adapter_id: str) -> LoRAWeights:
        _, weights = open_package(store.get(adapter_id), TrustedKeys.from_dir(trusted_dir), base_sha384)
        return weights

    return load
