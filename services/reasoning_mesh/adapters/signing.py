"""Ed25519 keys: the learner signs adapter manifests, servers trust a directory of public keys.

A key id is the first 16 hex digits of the SHA-256 of the raw public key, so a manifest can say
which key signed it without the server having to try every key.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

PUBLIC_SUFFIX = ".pub"


def key_id(public: Ed25519PublicKey) -> str:
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def public_hex(public: Ed25519PublicKey) -> str:
    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()


def load_or_create(path: Path) -> Ed25519PrivateKey:
    """The signing key at `path` (raw 32 bytes, hex), created with mode 0600 when missing."""
    if path.exists():
        return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(path.read_text().strip()))
    key = Ed25519PrivateKey.generate()
    raw = key.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(raw.hex())
    return key


def trust(public: Ed25519PublicKey, directory: Path, name: str) -> Path:
    """Write a public key into a trust directory (what an operator provisions in production)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}{PUBLIC_SUFFIX}"
    path.write_text(public_hex(public) + "\n")
    return path


@dataclass(frozen=True)
class TrustedKeys:
    keys: dict[str, Ed25519PublicKey]

    @classmethod
    def from_dir(cls, directory: Path) -> TrustedKeys:
        keys = {}
        if directory.is_dir():
            for path in sorted(directory.glob(f"*{PUBLIC_SUFFIX}")):
                public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(path.read_text().strip()))
                keys[key_id(public)] = public
        return cls(keys)

    def verify(self, kid: str, signature: bytes, data: bytes) -> bool:
        public = self.keys.get(kid)
        if public is None:
            return False
        try:
            public.verify(signature, data)
        except InvalidSignature:
            return False
        return True
