"""Topic `rmesh.kb.documents.v1`: documents to index into the knowledge base. Key: document id.
Re-sending an id replaces that document's chunks."""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from reasoning_mesh.contracts.base import Message, NonBlank

TOPIC = "rmesh.kb.documents.v1"


class KbDocument(Message):
    id: str = Field(min_length=1, max_length=256, pattern=r"^[A-Za-z0-9._:/\-]+$")
    text: NonBlank = Field(max_length=100_000)
    metadata: dict[str, Any] = Field(default_factory=dict)
    collection: str = Field(default="kb", pattern=r"^[a-z0-9_]{1,64}$")
    batch_id: str = Field(default="", max_length=128, description="Groups receipts of one ingest.")

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "id": "len-km-m",
                    "text": "1 kilometre is 1000 metres.",
                    "metadata": {"dimension": "length"},
                }
            ]
        }
    )
