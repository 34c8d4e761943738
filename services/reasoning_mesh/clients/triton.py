"""Async Triton client (gRPC) with typed errors and a span around every inference."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True)
class Sample:
    """One generation: the answer text, per-token log-probabilities and exit layers."""

    text: str
    token_logprobs: list[float]
    exit_layers: list[int]


def _str(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _tensor(name: str, data: npt.NDArray[Any], dtype: str) -> grpcclient.InferInput:
    inp = grpcclient.InferInput(name, list(data.shape), dtype)
    inp.set_data_from_numpy(data)
    return inp


_UNAVAILABLE = (
    "StatusCode.UNAVAILABLE",
    "failed to connect",
    "Connection refused",
    "DEADLINE_EXCEEDED",
    "is not ready",
    "unavailable",
    "retry later",
)


def classify(exc: InferenceServerException, model: str) -> Exception:
    text = f"{exc.status()} {exc.message()}"
    if any(marker.lower() in text.lower() for marker in _UNAVAILABLE):
        return DependencyUnavailableError(f"Triton model {model!r} unavailable: {exc.message()}")
    if "bad request" in text or "INVALID_ARG" in text:
        return BadInferenceRequestError(f"Triton rejected the request to {model!r}: {exc.message()}")
    return InferenceError(f"Triton model {model!r} failed: {exc.message()}")


class TritonClient:
    """Async client for the project's Triton models (gRPC)."""

    def __init__(self, url: str, timeout_s: float = 30.0) -> None:
        self.url = url
        self._timeout_s = timeout_s
        self._client = grpcclient.InferenceServerClient(url=url)

    async def ready(self, model: str) -> bool:
        try:
            return bool(await self._client.is_model_ready(model))
        except InferenceServerException:
            return False

    async def _infer(
        self, model: str, inputs: list[grpcclient.InferInput], attributes: dict[str, Any]
    ) -> Any:
        """One inference inside a CLIENT span, Triton errors turned into typed mesh errors."""
        with get_tracer().start_as_current_span(
            f"triton infer {model}",
            kind=SpanKind.CLIENT,
            attributes={
                "rpc.system": "grpc",
                "server.address": self.url,
                "triton.model": model,
                **attributes,
            },
        ):
            try:
                return await self._client.infer(model, inputs, client_timeout=self._timeout_s)
            except InferenceServerException as exc:
                raise classify(exc, model) from exc

    async def embed(self, texts: Sequence[str], model: str = "embedder") -> npt.NDArray[np.float32]:
        data = np.array([[t.encode("utf-8")] for t in texts], dtype=np.object_)
        result = await self._infer(model, [_tensor("TEXT", data, "BYTES")], {"triton.batch": len(texts)})
        out = result.as_numpy("EMBEDDING")
        if out is None:
            raise InferenceError(f"Triton model {model!r} returned no EMBEDDING")
        return np.asarray(out, dtype=np.float32)

    async def generate(
        self,
        prompts: Sequence[str],
        *,
        samples: int = 1,
        temperature: float = 0.0,
        top_k: int = 0,
        max_new_tokens: int = 24,
        threshold: float = 1.0,
        seed: int = 0,
        adapter_id: str = "",
        model: str = "reasoner",
    ) -> list[list[Sample]]:
        """One request per prompt (Triton batches them); per prompt, `samples` generations."""
        import asyncio

        return list(
            await asyncio.gather(
                *(
                    self._generate_one(
                        p,
                        samples,
                        temperature,
                        top_k,
                        max_new_tokens,
                        threshold,
                        seed,
                        adapter_id,
                        model,
                    )
                    for p in prompts
                )
            )
        )

    async def _generate_one(
        self,
        prompt: str,
        samples: int,
        temperature: float,
        top_k: int,
        max_new_tokens: int,
        threshold: float,
        seed: int,
        adapter_id: str,
        model: str,
    ) -> list[Sample]:
        inputs = [
            _tensor("PROMPT", np.array([[prompt.encode()]], dtype=np.object_), "BYTES"),
            _tensor("SAMPLES", np.array([[samples]], dtype=np.int32), "INT32"),
            _tensor("TEMPERATURE", np.array([[temperature]], dtype=np.float32), "FP32"),
            _tensor("TOP_K", np.array([[top_k]], dtype=np.int32), "INT32"),
            _tensor("MAX_NEW_TOKENS", np.array([[max_new_tokens]], dtype=np.int32), "INT32"),
            _tensor("EXIT_THRESHOLD", np.array([[threshold]], dtype=np.float32), "FP32"),
            _tensor("SEED", np.array([[seed]], dtype=np.int32), "INT32"),
        ]
        if adapter_id:
            inputs.append(
                _tensor("ADAPTER_ID", np.array([[adapter_id.encode()]], dtype=np.object_), "BYTES")
            )
        result = await self._infer(
            model, inputs, {"triton.samples": samples, "rmesh.exit_threshold": threshold}
        )
        texts, logprobs = result.as_numpy("TEXTS"), result.as_numpy("TOKEN_LOGPROBS")
        exits, counts = result.as_numpy("EXIT_LAYERS"), result.as_numpy("TOKEN_COUNTS")
        if texts is None or logprobs is None or exits is None or counts is None:
            raise InferenceError(f"Triton model {model!r} returned incomplete outputs")
        return [
            Sample(
                text=(t.decode() if isinstance(t, bytes) else str(t)),
                token_logprobs=[float(x) for x in logprobs[0, i, : counts[0, i]]],
                exit_layers=[int(x) for x in exits[0, i, : counts[0, i]]],
            )
            for i, t in enumerate(texts[0])
        ]

    async def translate(
        self,
        question: str,
        *,
        samples: int = 1,
        temperature: float = 0.0,
        seed: int = 0,
        model: str = "translator",
    ) -> list[tuple[str, str]]:
        """`samples` readings of `question` by the translation model: (reading, why none), the
        reading empty where the model read none."""
        inputs = [
            _tensor("QUESTION", np.array([[question.encode()]], dtype=np.object_), "BYTES"),
            _tensor("SAMPLES", np.array([[samples]], dtype=np.int32), "INT32"),
            _tensor("TEMPERATURE", np.array([[temperature]], dtype=np.float32), "FP32"),
            _tensor("SEED", np.array([[seed]], dtype=np.int32), "INT32"),
        ]
        result = await self._infer(model, inputs, {"triton.samples": samples})
        readings, why = result.as_numpy("READINGS"), result.as_numpy("WHY_NONE")
        if readings is None or why is None:
            raise InferenceError(f"Triton model {model!r} returned incomplete outputs")
        return [(_str(r), _str(w)) for r, w in zip(readings[0], why[0], strict=True)]

    async def read_story(self, question: str, *, model: str = "stories") -> list[tuple[str, str]]:
        """One reading of `question` per head of the story model: (reading, why none), the
        reading empty where the head read none."""
        inputs = [_tensor("QUESTION", np.array([[question.encode()]], dtype=np.object_), "BYTES")]
        result = await self._infer(model, inputs, {})
        readings, why = result.as_numpy("READINGS"), result.as_numpy("WHY_NONE")
        if readings is None or why is None:
            raise InferenceError(f"Triton model {model!r} returned incomplete outputs")
        return [(_str(r), _str(w)) for r, w in zip(readings[0], why[0], strict=True)]

    async def close(self) -> None:
        await self._client.close()


class TritonEmbedder:
    """The retriever's `Embedder` port served by a Triton embedding model."""

    def __init__(self, client: TritonClient, model: str = "embedder") -> None:
        self.client, self.model = client, model

    async def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        return await self.client.embed(texts, model=self.model)
