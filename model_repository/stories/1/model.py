"""Triton Python backend for `stories`: a thin wrapper over
reasoning_mesh.models.stories.serving.

The whole dynamic batch is read in one pass of the encoder; each request gets exactly one
response, and a bad request gets a TritonError without failing the others. The heads' SHA-384
is checked against their manifest before they are loaded.
"""

import numpy as np
import triton_python_backend_utils as pb_utils

from reasoning_mesh.errors import MeshError
from reasoning_mesh.models.stories.serving import StoryReader
from reasoning_mesh.models.triton_instance import instance


def _question(request):
    raw = pb_utils.get_input_tensor_by_name(request, "QUESTION").as_numpy().reshape(-1)[0]
    return raw.decode("utf-8") if isinstance(raw, bytes) else str(raw)


def _response(readings):
    return pb_utils.InferenceResponse(
        output_tensors=[
            pb_utils.Tensor(
                "READINGS", np.array([[(r.text or "").encode() for r in readings]], dtype=np.object_)
            ),
            pb_utils.Tensor(
                "WHY_NONE", np.array([[r.why_none.encode() for r in readings]], dtype=np.object_)
            ),
            pb_utils.Tensor(
                "PROBABILITIES", np.array([[r.probability for r in readings]], dtype=np.float32)
            ),
        ]
    )


class TritonPythonModel:
    def initialize(self, args):
        _, device, version_dir = instance(args)
        self.reader = StoryReader.load(version_dir, device)

    def execute(self, requests):
        responses, members = [], []
        for i, request in enumerate(requests):
            try:
                question = _question(request)
                self.reader.check(question)
            except (
                MeshError,
                ValueError,
                TypeError,
                IndexError,
                AttributeError,
                UnicodeDecodeError,
            ) as exc:
                responses.append(
                    (i, pb_utils.InferenceResponse(error=pb_utils.TritonError(f"bad request: {exc}")))
                )
                continue
            members.append((i, question))
        if members:
            try:
                outs = self.reader.read([q for _, q in members])
                responses.extend((i, _response(r)) for (i, _), r in zip(members, outs, strict=True))
            except Exception as exc:
                err = pb_utils.TritonError(f"story reading failed: {exc}")
                responses.extend((i, pb_utils.InferenceResponse(error=err)) for i, _ in members)
        return [r for _, r in sorted(responses, key=lambda x: x[0])]
