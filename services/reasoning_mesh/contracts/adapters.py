"""Topic `rmesh.adapters.v1`: the life of a LoRA adapter. Key: the adapter id.

`published` (learner: in the store, signed) → `loaded` (reasoner: hot-loaded into the served
model, with the seconds it took) or `refused` (failed a check: signature, digest, base; serving
continues on the previous adapter). `rejected`: the learner's evaluation gate kept it unpublished.
The planner routes each skill to its newest `loaded` adapter.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from reasoning_mesh.contracts.base import Message, now

TOPIC = "rmesh.adapters.v1"


class AdapterEvent(Message):
    event: Literal["published", "loaded", "refused", "rejected"]
    adapter_id: str = Field(min_length=1, max_length=128)
    skills: list[str] = Field(default_factory=list)
    base_sha384: str = ""
    location: str = Field(default="", description="Where the store keeps it (a path or URL).")
    metrics: dict[str, float] = Field(default_factory=dict)
    reason: str = Field(default="", description="Why it was refused or rejected.")
    seconds: float | None = Field(default=None, description="`loaded`: publish → loaded.")
    published_at: float | None = None
    at: float = Field(default_factory=now)
