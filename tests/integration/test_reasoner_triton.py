"""The committed reasoner checkpoint on the real tritonserver: generation with per-token exit
layers, a batch of mixed thresholds, and bad requests refused one by one."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
import tritonclient.grpc.aio as grpcclient
from tritonclient.utils import InferenceServerException

from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.errors import BadInferenceRequestError
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.settings import TritonSettings


async def test_generate_with_exit_layers_and_samples(triton_settings: TritonSettings) -> None:
    client = TritonClient(triton_settings.grpc_url)
    cfg = checkpoint.read_manifest(checkpoint.default_dir())["config"]
    greedy, sampled = await client.generate(["C:12+7=", "C:3*4="], samples=1), None
    sampled = await client.generate(["C:12+7="], samples=4, temperature=1.0, top_k=5, seed=3)
    await client.close()
    for (sample,) in greedy:
        assert sample.text and len(sample.exit_layers) == len(sample.token_logprobs)
        assert set(sample.exit_layers) == {cfg["n_layers"]}  # default threshold: full depth
        assert all(lp <= 0 for lp in sample.token_logprobs)
    assert len(sampled[0]) == 4


async def test_mixed_thresholds_in_one_dynamic_batch(triton_settings: TritonSettings) -> None:
    client = TritonClient(triton_settings.grpc_url)
    cfg = checkpoint.read_manifest(checkpoint.default_dir())["config"]
    low, full = await asyncio.gather(
        client.generate(["C:40-9="], threshold=0.0), client.generate(["C:40-9="], threshold=1.0)
    )
    await client.close()
    assert set(low[0][0].exit_layers) == {cfg["min_exit_layer"]}
    assert set(full[0][0].exit_layers) == {cfg["n_layers"]}


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"prompts": [""]}, "empty"),
        ({"prompts": ["C:1+1="], "max_new_tokens": 5000}, "max_new"),
        ({"prompts": ["C:1+1="], "adapter_id": "rounding-v9"}, "not an adapter id"),
        ({"prompts": ["C:1+1="], "adapter_id": "round_number-000000000000"}, "no adapter"),
    ],
)
async def test_bad_requests_get_an_error_the_rest_an_answer(
    triton_settings: TritonSettings, kwargs: dict, needle: str
) -> None:
    client = TritonClient(triton_settings.grpc_url)
    prompts = kwargs.pop("prompts")
    bad, good = await asyncio.gather(
        client.generate(prompts, **kwargs), client.generate(["C:2+2="]), return_exceptions=True
    )
    await client.close()
    assert isinstance(bad, BadInferenceRequestError) and needle in str(bad)
    assert isinstance(good, list) and good[0][0].text


async def test_wrong_dtype_is_rejected(triton_settings: TritonSettings) -> None:
    raw = grpcclient.InferenceServerClient(triton_settings.grpc_url)
    prompt = grpcclient.InferInput("PROMPT", [1, 1], "BYTES")
    prompt.set_data_from_numpy(np.array([[b"C:1+1="]], dtype=np.object_))
    samples = grpcclient.InferInput("SAMPLES", [1, 1], "FP32")
    samples.set_data_from_numpy(np.array([[2.0]], dtype=np.float32))
    with pytest.raises(InferenceServerException, match=r"(?i)data.?type|expected"):
        await raw.infer("reasoner", [prompt, samples])
    await raw.close()
