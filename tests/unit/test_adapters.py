"""Signed adapter packages: every way a package can be wrong is refused with its reason."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import torch
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from reasoning_mesh.adapters import package, signing
from reasoning_mesh.adapters.store import LocalAdapterStore
from reasoning_mesh.errors import AdapterNotFoundError, AdapterRefusedError
from reasoning_mesh.models.reasoner.lora import LoRAWeights

BASE = "a" * 96
OTHER_BASE = "b" * 96


def weights() -> LoRAWeights:
    gen = torch.Generator().manual_seed(0)
    return LoRAWeights(
        2, 4.0, {"blocks.0.q": (torch.randn(2, 8, generator=gen), torch.randn(8, 2, generator=gen))}
    )


@pytest.fixture
def signed(tmp_path: Path) -> tuple[package.AdapterPackage, signing.TrustedKeys, Ed25519PrivateKey]:
    key = signing.load_or_create(tmp_path / "keys" / "learner.ed25519")
    signing.trust(key.public_key(), tmp_path / "trusted", "learner")
    _, pkg = package.build("round_number", weights(), BASE, key, metrics={"gain": 0.5})
    return pkg, signing.TrustedKeys.from_dir(tmp_path / "trusted"), key


def refusal(pkg: package.AdapterPackage, trusted: signing.TrustedKeys, base: str = BASE) -> str:
    with pytest.raises(AdapterRefusedError) as info:
        package.open_package(pkg, trusted, base)
    return info.value.reason


def test_a_good_package_opens_to_the_same_weights(signed) -> None:  # type: ignore[no-untyped-def]
    pkg, trusted, _ = signed
    manifest, got = package.open_package(pkg, trusted, BASE)
    assert manifest.skills == ["round_number"]
    assert manifest.adapter_id.startswith("round_number-")
    assert manifest.weights_sha384 == package.sha384(pkg.weights)
    torch.testing.assert_close(got.delta("blocks.0.q"), weights().delta("blocks.0.q"))


def test_tampered_weights_are_refused(signed) -> None:  # type: ignore[no-untyped-def]
    pkg, trusted, _ = signed
    flipped = bytearray(pkg.weights)
    flipped[-1] ^= 0x01
    assert refusal(dataclasses.replace(pkg, weights=bytes(flipped)), trusted) == "digest_mismatch"


def test_tampered_manifest_breaks_the_signature(signed) -> None:  # type: ignore[no-untyped-def]
    pkg, trusted, _ = signed
    manifest = json.loads(pkg.manifest)
    manifest["metrics"]["gain"] = 0.99
    text = json.dumps(manifest, sort_keys=True, separators=(",", ":")).encode()
    assert refusal(dataclasses.replace(pkg, manifest=text), trusted) == "bad_signature"


def test_unsigned_and_untrusted_keys_are_refused(signed, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pkg, trusted, _ = signed
    assert refusal(dataclasses.replace(pkg, signature=None), trusted) == "unsigned"
    stranger = Ed25519PrivateKey.generate()
    _, forged = package.build("round_number", weights(), BASE, stranger)
    assert refusal(forged, trusted) == "untrusted_key"
    assert refusal(pkg, signing.TrustedKeys.from_dir(tmp_path / "empty")) == "untrusted_key"


def test_a_signature_by_the_wrong_trusted_key_is_refused(signed, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pkg, _, key = signed
    other = Ed25519PrivateKey.generate()
    # A trust store holding a different key under the signer's id cannot verify it.
    spoofed = signing.TrustedKeys({signing.key_id(key.public_key()): other.public_key()})
    assert refusal(pkg, spoofed) == "bad_signature"


def test_wrong_base_is_refused(signed) -> None:  # type: ignore[no-untyped-def]
    pkg, trusted, _ = signed
    assert refusal(pkg, trusted, OTHER_BASE) == "wrong_base"


def test_store_round_trip_and_missing_ids(signed, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pkg, trusted, _ = signed
    store = LocalAdapterStore(tmp_path / "store")
    store.put(pkg)
    store.put(pkg)  # content-addressed: idempotent
    assert store.ids() == [pkg.adapter_id]
    load = package.loader(store, tmp_path / "trusted", BASE)
    assert load(pkg.adapter_id).rank == 2
    with pytest.raises(AdapterNotFoundError):
        store.get("round_number-000000000000")
    with pytest.raises(AdapterRefusedError, match="malformed"):
        store.get("../../etc-passwd")
    del trusted


def test_signing_key_is_created_once_and_private(tmp_path: Path) -> None:
    path = tmp_path / "k" / "learner.ed25519"
    k1 = signing.load_or_create(path)
    k2 = signing.load_or_create(path)
    assert signing.key_id(k1.public_key()) == signing.key_id(k2.public_key())
    assert path.stat().st_mode & 0o077 == 0
