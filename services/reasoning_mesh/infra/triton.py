"""The local Triton Inference Server: the `tritonserver` binary from the `nvidia-pytriton` wheel.

It serves `model_repository/` with the Python backend in explicit model-control mode on loopback.
The backend stub embeds this interpreter, so it needs the interpreter's libpython on
LD_LIBRARY_PATH and this environment's packages (numpy<2, torch, reasoning_mesh) on PYTHONPATH.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import sysconfig
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reasoning_mesh.errors import InfraError
from reasoning_mesh.infra import procs
from reasoning_mesh.infra.paths import (
    adapter_store_dir,
    model_repository,
    services_dir,
    trusted_keys_dir,
)

DEFAULT_MODELS = ("embedder", "reasoner", "translator", "stories")


def pytriton_server_dir() -> Path:
    spec = importlib.util.find_spec("pytriton")
    if spec is None or not spec.submodule_search_locations:
        raise InfraError("nvidia-pytriton is not installed: it carries the tritonserver binary")
    return Path(next(iter(spec.submodule_search_locations))) / "tritonserver"


@dataclass(frozen=True)
class TritonServer:
    home: Path
    http_port: int = 18000
    grpc_port: int = 18001
    metrics_port: int = 18002
    models: Sequence[str] = field(default=DEFAULT_MODELS)

    @property
    def run_dir(self) -> Path:
        return self.home / "triton"

    @property
    def pid_file(self) -> Path:
        return self.run_dir / "triton.pid"

    @property
    def log_file(self) -> Path:
        return self.run_dir / "triton.log"

    def running(self) -> bool:
        return procs.pid_of(self.pid_file) is not None and self.ready()

    def ready(self, model: str | None = None) -> bool:
        path = f"/v2/models/{model}/ready" if model else "/v2/health/ready"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.http_port}{path}", timeout=2) as resp:
                return bool(resp.status == 200)
        except OSError:
            return False

    def command(self) -> tuple[list[str], dict[str, str]]:
        """tritonserver's command line and environment (its backends prepared)."""
        server = pytriton_server_dir()
        backends = self._prepare_backends(server)
        cmd = [
            str(server / "bin" / "tritonserver"),
            f"--model-repository={model_repository()}",
            "--model-control-mode=explicit",
            *[f"--load-model={m}" for m in self.models],
            f"--backend-directory={backends}",
            f"--cache-directory={server / 'caches'}",
            "--http-address=127.0.0.1",
            f"--http-port={self.http_port}",
            "--grpc-address=127.0.0.1",
            f"--grpc-port={self.grpc_port}",
            f"--metrics-port={self.metrics_port}",
            "--allow-metrics=true",
            "--allow-gpu-metrics=false",
            "--strict-readiness=true",
            "--exit-on-error=true",
            "--log-verbose=0",
        ]
        return cmd, self._env(server)

    def serving(self) -> bool:
        return self.ready() and all(self.ready(m) for m in self.models)

    def start(self, timeout_s: float = 240.0) -> None:
        """Start tritonserver and load `models` unless it is already serving them (idempotent)."""
        if self.running() and all(self.ready(m) for m in self.models):
            return
        if procs.pid_of(self.pid_file) is None and procs.port_open("127.0.0.1", self.http_port):
            raise InfraError(f"port {self.http_port} is taken by another process")
        cmd, env = self.command()
        procs.spawn(cmd, log_file=self.log_file, pid_file=self.pid_file, env=env)
        procs.wait_until(
            self.serving,
            timeout_s=timeout_s,
            what="tritonserver",
            alive=lambda: procs.pid_of(self.pid_file) is not None,
            log_file=self.log_file,
        )

    def stop(self) -> bool:
        return procs.stop(self.pid_file, timeout_s=30)

    def _prepare_backends(self, server: Path) -> Path:
        """A backend directory holding the Python backend and the stub for *this* interpreter."""
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        stub = server / "python_backend_stubs" / version / "triton_python_backend_stub"
        if not stub.exists():
            raise InfraError(f"the Triton wheel has no Python backend stub for Python {version}")
        target = self.run_dir / "backends" / "python"
        target.mkdir(parents=True, exist_ok=True)
        for src in [*(server / "backends" / "python").iterdir(), stub]:
            if src.is_file():
                dst = target / src.name
                if not dst.exists() or dst.stat().st_size != src.stat().st_size:
                    shutil.copy2(src, dst)
        return target.parent

    def _env(self, server: Path) -> dict[str, str]:
        env = procs.inherited_env()
        libdir = sysconfig.get_config_var("LIBDIR") or ""
        wheel_libs = server.parent.parent / "nvidia_pytriton.libs"
        ld = [p for p in (libdir, str(wheel_libs), env.get("LD_LIBRARY_PATH", "")) if p]
        env["LD_LIBRARY_PATH"] = ":".join(ld)
        # The stub's interpreter must import reasoning_mesh and this environment's packages.
        paths = [str(services_dir()), *[p for p in sys.path if p and "site-packages" in p]]
        env["PYTHONPATH"] = ":".join(dict.fromkeys([*paths, env.get("PYTHONPATH", "")]))
        # The stub finds its interpreter's prefix through PATH, as pytriton arranges it.
        env["PATH"] = f"{Path(sys.executable).parent}:{env.get('PATH', '')}"
        env["PYTHONNOUSERSITE"] = "1"
        env.setdefault("HF_HUB_OFFLINE", "1")
        env.setdefault("TRANSFORMERS_OFFLINE", "1")
        env.setdefault("OMP_NUM_THREADS", "2")
        # Where the reasoner hot-loads LoRA adapters from, and whose signatures it trusts.
        env.setdefault("RMESH_ADAPTER_STORE", str(adapter_store_dir(self.home)))
        env.setdefault("RMESH_TRUSTED_KEYS", str(trusted_keys_dir(self.home)))
        return env
