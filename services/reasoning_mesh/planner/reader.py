"""The planner's `ModelReader` ports served by Triton: the `translator` and `stories` models."""

from __future__ import annotations

from reasoning_mesh.clients.triton import TritonClient
from reasoning_mesh.planner.translation import Candidate


class TritonReader:
    def __init__(self, client: TritonClient, model: str = "translator") -> None:
        self.client, self.model = client, model

    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]:
        out = await self.client.translate(
            question, samples=samples, temperature=temperature, seed=seed, model=self.model
        )
        return [Candidate(reading or None, why) for reading, why in out]


class TritonStoryReader:
    """The story model's heads are its samples: `samples`, `temperature` and `seed` do not
    apply (each head reads once, deterministically)."""

    def __init__(self, client: TritonClient, model: str = "stories") -> None:
        self.client, self.model = client, model

    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]:
        del samples, temperature, seed
        out = await self.client.read_story(question, model=self.model)
        return [Candidate(reading or None, why) for reading, why in out]
