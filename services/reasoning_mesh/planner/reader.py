"""The planner's `ModelReader` port served by Triton's `translator` model."""

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
