"""Triton Python backend for `embedder`: a thin wrapper over reasoning_mesh.models.embedding.

All requests of a dynamic batch are embedded in one forward pass; each request still gets exactly
one response, and a bad request gets a TritonError response without failing its neighbours.
"""

import json

import numpy as np
import triton_python_backend_utils as pb_utils

from reasoning_mesh.errors import MeshError
from reasoning_mesh.models.embedding import SentenceEmbedder, validate_texts


def _texts(request):
    tensor = pb_utils.get_input_tensor_by_name(request, "TEXT")
    if tensor is None:
        raise ValueError("missing input TEXT")
    raw = tensor.as_numpy().reshape(-1)
    return [v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in raw]


class TritonPythonModel:
    def initialize(self, args):
        config = json.loads(args["model_config"])
        params = {k: v["string_value"] for k, v in config.get("parameters", {}).items()}
        gpu = args.get("model_instance_kind") == "GPU"
        device = f"cuda:{args['model_instance_device_id']}" if gpu else "cpu"
        self.embedder = SentenceEmbedder(
            device=device, threads=int(params.get("torch_threads", "0")) or None
        )

    def execute(self, requests):
        parsed = []
        for request in requests:
            try:
                texts = _texts(request)
                validate_texts(texts)
                parsed.append(texts)
            except (MeshError, ValueError, UnicodeDecodeError) as exc:
                parsed.append(exc)
        flat = [t for p in parsed if isinstance(p, list) for t in p]
        try:
            vectors = self.embedder.embed(flat)
        except Exception as exc:
            return [
                pb_utils.InferenceResponse(error=pb_utils.TritonError(f"embedding failed: {exc}"))
                for _ in requests
            ]
        responses, start = [], 0
        for p in parsed:
            if isinstance(p, Exception):
                responses.append(
                    pb_utils.InferenceResponse(error=pb_utils.TritonError(f"bad request: {p}"))
                )
                continue
            rows = vectors[start : start + len(p)]
            start += len(p)
            out = pb_utils.Tensor("EMBEDDING", np.ascontiguousarray(rows, dtype=np.float32))
            responses.append(pb_utils.InferenceResponse(output_tensors=[out]))
        return responses
