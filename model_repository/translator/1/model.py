"""Triton Python backend for `translator`: a thin wrapper over
reasoning_mesh.models.translator.serving.

The whole dynamic batch is translated in one pass; each request gets exactly one response, and
a bad request gets a TritonError without failing the others. The checkpoint's SHA-384 is
checked against its manifest before any weight is loaded.
"""

import numpy as np
import triton_python_backend_utils as pb_utils

from reasoning_mesh.errors import MeshError
from reasoning_mesh.models.translator.serving import Translator
from reasoning_mesh.models.triton_instance import instance

_DEFAULTS = {"SAMPLES": 1, "TEMPERATURE": 0.0, "SEED": 0}


def _scalar(request, name):
    tensor = pb_utils.get_input_tensor_by_name(request, name)
    if tensor is None:
        return _DEFAULTS.get(name, b"")
    return tensor.as_numpy().reshape(-1)[0]


def _parse(request):
    raw = _scalar(request, "QUESTION")
    question = raw.decode("utf-8") if isinstance(raw, bytes) else str(raw)
    return (
        question,
        int(_scalar(request, "SAMPLES")),
        float(_scalar(request, "TEMPERATURE")),
        int(_scalar(request, "SEED")),
    )


def _response(readings):
    strings = [[(r.text or "").encode() for r in readings]]
    why = [[r.why_none.encode() for r in readings]]
    return pb_utils.InferenceResponse(
        output_tensors=[
            pb_utils.Tensor("READINGS", np.array(strings, dtype=np.object_)),
            pb_utils.Tensor("WHY_NONE", np.array(why, dtype=np.object_)),
            pb_utils.Tensor("LOGPROBS", np.array([[r.logprob for r in readings]], dtype=np.float32)),
        ]
    )


class TritonPythonModel:
    def initialize(self, args):
        _, device, version_dir = instance(args)
        self.translator = Translator.load(version_dir, device)

    def execute(self, requests):
        responses = []
        # Requests with the same sampling settings translate together, one pass per group.
        groups = {}
        for i, request in enumerate(requests):
            try:
                question, samples, temperature, seed = _parse(request)
                self.translator.check(question, samples)
            except (MeshError, ValueError, TypeError, IndexError, UnicodeDecodeError) as exc:
                error = pb_utils.TritonError(f"bad request: {exc}")
                responses.append((i, pb_utils.InferenceResponse(error=error)))
                continue
            groups.setdefault((samples, temperature, seed), []).append((i, question))
        for (samples, temperature, seed), members in groups.items():
            try:
                outs = self.translator.translate([q for _, q in members], samples, temperature, seed)
                responses.extend((i, _response(r)) for (i, _), r in zip(members, outs, strict=True))
            except Exception as exc:
                err = pb_utils.TritonError(f"translation failed: {exc}")
                responses.extend((i, pb_utils.InferenceResponse(error=err)) for i, _ in members)
        return [r for _, r in sorted(responses, key=lambda x: x[0])]
