"""Triton Python backend for `reasoner`: a thin wrapper over reasoning_mesh.models.reasoner.

The whole dynamic batch is generated in one pass, whatever LoRA adapters its requests name; each
request gets exactly one response, and a bad request (or a refused adapter) gets a TritonError
without failing the others. The checkpoint's SHA-384 is checked
against its manifest before any weight is loaded.
"""

import os
from pathlib import Path

import numpy as np
import triton_python_backend_utils as pb_utils

from reasoning_mesh.adapters.package import loader
from reasoning_mesh.adapters.store import LocalAdapterStore
from reasoning_mesh.errors import MeshError
from reasoning_mesh.models.reasoner.serving import (
    AdapterSlot,
    ReasonerService,
    ServeRequest,
    load_exit_layers,
    load_model,
)
from reasoning_mesh.models.triton_instance import instance

_DEFAULTS = {
    "SAMPLES": 1,
    "TEMPERATURE": 0.0,
    "TOP_K": 0,
    "MAX_NEW_TOKENS": 24,
    "EXIT_THRESHOLD": 1.0,
    "SEED": 0,
}


def _scalar(request, name):
    tensor = pb_utils.get_input_tensor_by_name(request, name)
    if tensor is None:
        return _DEFAULTS.get(name, b"")
    return tensor.as_numpy().reshape(-1)[0]


def _text(value):
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _parse(request):
    return ServeRequest(
        prompt=_text(_scalar(request, "PROMPT")),
        samples=int(_scalar(request, "SAMPLES")),
        temperature=float(_scalar(request, "TEMPERATURE")),
        top_k=int(_scalar(request, "TOP_K")),
        max_new_tokens=int(_scalar(request, "MAX_NEW_TOKENS")),
        threshold=float(_scalar(request, "EXIT_THRESHOLD")),
        seed=int(_scalar(request, "SEED")),
        adapter_id=_text(_scalar(request, "ADAPTER_ID")),
    )


def _response(gens):
    width = max([len(g.token_logprobs) for g in gens] + [1])
    logprobs = np.zeros((1, len(gens), width), dtype=np.float32)
    exits = np.zeros((1, len(gens), width), dtype=np.int32)
    for i, g in enumerate(gens):
        logprobs[0, i, : len(g.token_logprobs)] = g.token_logprobs
        exits[0, i, : len(g.exit_layers)] = g.exit_layers
    return pb_utils.InferenceResponse(
        output_tensors=[
            pb_utils.Tensor("TEXTS", np.array([[g.text.encode() for g in gens]], dtype=np.object_)),
            pb_utils.Tensor("TOKEN_LOGPROBS", logprobs),
            pb_utils.Tensor("EXIT_LAYERS", exits),
            pb_utils.Tensor(
                "TOKEN_COUNTS", np.array([[len(g.exit_layers) for g in gens]], dtype=np.int32)
            ),
        ]
    )


class TritonPythonModel:
    def initialize(self, args):
        params, device, version_dir = instance(args)
        model, self.manifest = load_model(version_dir, params.get("precision", "fp32"), device)
        # LoRA adapters hot-load from the store on first use, checked against the trusted keys
        # and this checkpoint's digest; without a store, requests naming an adapter are refused.
        store = os.environ.get("RMESH_ADAPTER_STORE") or params.get("adapter_store", "")
        trusted = os.environ.get("RMESH_TRUSTED_KEYS") or params.get("trusted_keys", "")
        source = None
        if store and trusted:
            source = loader(LocalAdapterStore(Path(store)), Path(trusted), self.manifest["sha384"])
        slot = AdapterSlot(model, source, capacity=int(params.get("adapter_slots", "8")))
        # The calibrated exit schedule (exit_plan.json beside the checkpoint), if there is one.
        exits = load_exit_layers(version_dir, self.manifest["sha384"])
        self.service = ReasonerService(model, slot, exits)

    def execute(self, requests):
        parsed = []
        for request in requests:
            try:
                parsed.append(_parse(request))
            except (ValueError, TypeError, UnicodeDecodeError) as exc:
                parsed.append(exc)
        good = [p for p in parsed if isinstance(p, ServeRequest)]
        try:
            results = iter(self.service.run(good))
        except Exception as exc:
            return [
                pb_utils.InferenceResponse(error=pb_utils.TritonError(f"generation failed: {exc}"))
                for _ in requests
            ]
        responses = []
        for p in parsed:
            out = next(results) if isinstance(p, ServeRequest) else p
            if isinstance(out, (MeshError, Exception)):
                # The client classifies by this prefix: retry later, or never.
                kind = "retry later" if getattr(out, "retryable", False) else "bad request"
                responses.append(
                    pb_utils.InferenceResponse(error=pb_utils.TritonError(f"{kind}: {out}"))
                )
            else:
                responses.append(_response(out))
        return responses
