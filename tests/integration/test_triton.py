"""The embedder, the translator and the story model on the real tritonserver: shapes,
normalisation, bad requests answered with an error while the rest of the dynamic batch is
served."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
import tritonclient.grpc.aio as grpcclient
from tritonclient.utils import InferenceServerException

from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.errors import BadInferenceRequestError, DependencyUnavailableError
from reasoning_mesh.settings import TritonSettings


async def test_embeddings_are_normalised_and_semantic(triton_settings: TritonSettings) -> None:
    client = TritonClient(triton_settings.grpc_url)
    vecs = await client.embed(
        ["1 kilometre is 1000 metres", "How many metres in a km?", "Bananas are yellow"]
    )
    await client.close()
    assert vecs.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)
    assert vecs[0] @ vecs[1] > vecs[0] @ vecs[2] + 0.2


async def test_bad_request_fails_alone_in_a_concurrent_batch(triton_settings: TritonSettings) -> None:
    client = TritonClient(triton_settings.grpc_url)
    texts = [f"fact number {i}" for i in range(12)]
    results = await asyncio.gather(
        *(client.embed([t]) for t in texts), client.embed(["   "]), return_exceptions=True
    )
    await client.close()
    assert all(isinstance(r, np.ndarray) and r.shape == (1, 384) for r in results[:-1])
    assert isinstance(results[-1], BadInferenceRequestError)
    assert "empty" in str(results[-1])


async def test_wrong_dtype_is_rejected(triton_settings: TritonSettings) -> None:
    raw = grpcclient.InferenceServerClient(triton_settings.grpc_url)
    inp = grpcclient.InferInput("TEXT", [1, 1], "INT32")
    inp.set_data_from_numpy(np.array([[1]], dtype=np.int32))
    with pytest.raises(InferenceServerException, match=r"(?i)data.?type|dtype|expected"):
        await raw.infer("embedder", [inp])
    await raw.close()


async def test_unreachable_server_is_retryable() -> None:
    client = TritonClient("127.0.0.1:1", timeout_s=2)
    with pytest.raises(DependencyUnavailableError):
        await client.embed(["x"])
    await client.close()


async def test_the_translator_reads_questions_and_refuses_bad_requests_alone(
    triton_settings: TritonSettings,
) -> None:
    """The translation model on the real tritonserver: one list of `samples` readings per
    question, numbers copied from the question; a request over its limits fails alone."""
    client = TritonClient(triton_settings.grpc_url)
    good = client.translate("how many times does 7 go into 91", samples=3, seed=1, temperature=0.7)
    ood = client.translate("who wrote hamlet", samples=2)
    too_many = client.translate("add 2 and 3", samples=99)
    readings, refused, bad = await asyncio.gather(good, ood, too_many, return_exceptions=True)
    await client.close()
    assert isinstance(readings, list) and len(readings) == 3
    assert ("What is 91/7?", "") in readings
    assert refused == [("", "the model read no question the mesh answers")] * 2
    assert isinstance(bad, BadInferenceRequestError) and "samples" in str(bad)


async def test_the_story_model_reads_a_story_and_refuses_bad_requests_alone(
    triton_settings: TritonSettings,
) -> None:
    """The story model on the real tritonserver: one reading per head, made of the question's
    own numbers; a question with no story is read by no head; a bad request fails alone."""
    client = TritonClient(triton_settings.grpc_url)
    story = client.read_story("I knitted 12 rows of 84 stitches. How many stitches is that in total?")
    none = client.read_story("who wrote hamlet")
    long = client.read_story("7 and 9 " + "x" * 3000)
    readings, refused, bad = await asyncio.gather(story, none, long, return_exceptions=True)
    await client.close()
    assert isinstance(readings, list) and len(readings) == 5
    assert sum(r == ("What is 12*84?", "") for r in readings) >= 4  # the planner's default
    assert isinstance(refused, list) and len(refused) == 5
    assert all(r == "" and why.startswith("not a story") for r, why in refused)
    assert isinstance(bad, BadInferenceRequestError) and "characters" in str(bad)
