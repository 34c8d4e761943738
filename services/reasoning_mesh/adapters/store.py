"""Where adapter packages live. `AdapterStore` is the port; `LocalAdapterStore` (a directory, the
default) is one adapter: an object store needs only `put`, `get` and `ids`.

Layout: `<root>/<adapter id>/{manifest.json, manifest.sig, adapter.safetensors}`, written to a
temporary directory and renamed into place, so a reader never sees half a package.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Protocol

from reasoning_mesh.adapters.package import ADAPTER_ID, AdapterPackage
from reasoning_mesh.errors import AdapterNotFoundError, AdapterRefusedError

MANIFEST, SIGNATURE, WEIGHTS = "manifest.json", "manifest.sig", "adapter.safetensors"


class AdapterStore(Protocol):
    def put(self, package: AdapterPackage) -> str: ...

    def get(self, adapter_id: str) -> AdapterPackage: ...

    def ids(self) -> list[str]: ...


class LocalAdapterStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _dir(self, adapter_id: str) -> Path:
        if not ADAPTER_ID.match(adapter_id):
            raise AdapterRefusedError(adapter_id, "malformed", "not an adapter id (<skill>-<12 hex>)")
        return self.root / adapter_id

    def put(self, package: AdapterPackage) -> str:
        target = self._dir(package.adapter_id)
        self.root.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".incoming-", dir=self.root))
        (tmp / MANIFEST).write_bytes(package.manifest)
        if package.signature is not None:
            (tmp / SIGNATURE).write_bytes(package.signature)
        (tmp / WEIGHTS).write_bytes(package.weights)
        if target.exists():  # content-addressed: the same id is the same weights
            shutil.rmtree(tmp)
        else:
            os.replace(tmp, target)
        return str(target)

    def get(self, adapter_id: str) -> AdapterPackage:
        d = self._dir(adapter_id)
        if not (d / MANIFEST).exists() or not (d / WEIGHTS).exists():
            raise AdapterNotFoundError(f"no adapter {adapter_id!r} in {self.root}")
        sig = d / SIGNATURE
        return AdapterPackage(
            adapter_id,
            (d / MANIFEST).read_bytes(),
            sig.read_bytes() if sig.exists() else None,
            (d / WEIGHTS).read_bytes(),
        )

    def ids(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if ADAPTER_ID.match(p.name))
