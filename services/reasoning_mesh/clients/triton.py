"""Async Triton client (gRPC) with typed errors and a span around every inference."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import tritonclient.grpc.aio as grpcclient
from opentelemetry.trace import SpanKind
from tritonclient.utils import InferenceServerException

from reasoning_mesh.errors import (
    BadInferenceRequestError,
    DependencyUnavailableError,
    InferenceError,
)
from reasoning_mesh.telemetry import get_tracer

_UNAVAILABLE = (
    "StatusCode.UNAVAILABLE",
    "failed to connect",
    "Connection refused",
    "DEADLINE_EXCEEDED",
    "is not ready",
    "unavailable",
)


def classify(exc: InferenceServerException, model: str) -> Exception:
    text = f"{exc.status()} {exc.message()}"
    if any(marker.lower() in text.lower() for marker in _UNAVAILABLE):
        return DependencyUnavailableError(f"Triton model {model!r} unavailable: {exc.message()}")
    if "bad request" in text or "INVALID_ARG" in text:
        return BadInferenceRequestError(f"Triton rejected the request to {model!r}: {exc.message()}")
    return InferenceError(f"Triton model {model!r} failed: {exc.message()}")


class TritonClient:
    def __init__(self, url: str, timeout_s: float = 30.0) -> None:
        self.url = url
        self._timeout_s = timeout_s
        self._client = grpcclient.InferenceServerClient(url=url)

    async def ready(self, model: str) -> bool:
        try:
            return bool(await self._client.is_model_ready(model))
        except InferenceServerException:
            return False

    async def embed(self, texts: Sequence[str], model: str = "embedder") -> npt.NDArray[np.float32]:
        data = np.array([[t.encode("utf-8")] for t in texts], dtype=np.object_)
        inp = grpcclient.InferInput("TEXT", list(data.shape), "BYTES")
        inp.set_data_from_numpy(data)
        with get_tracer().start_as_current_span(
            f"triton infer {model}",
            kind=SpanKind.CLIENT,
            attributes={
                "rpc.system": "grpc",
                "server.address": self.url,
                "triton.model": model,
                "triton.batch": len(texts),
            },
        ):
            try:
                result = await self._client.infer(model, [inp], client_timeout=self._timeout_s)
            except InferenceServerException as exc:
                raise classify(exc, model) from exc
        out = result.as_numpy("EMBEDDING")
        if out is None:
            raise InferenceError(f"Triton model {model!r} returned no EMBEDDING")
        return np.asarray(out, dtype=np.float32)

    async def close(self) -> None:
        await self._client.close()
