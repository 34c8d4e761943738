"""Topic `rmesh.kb.ingested.v1`: one receipt per indexed (or rejected) document. Key: document id.
`rmesh kb ingest` waits for these to report progress and failures."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from reasoning_mesh.contracts.base import ErrorInfo, Message, now

TOPIC = "rmesh.kb.ingested.v1"


class IngestReceipt(Message):
    doc_id: str
    batch_id: str = ""
    collection: str = "kb"
    status: Literal["indexed", "failed"]
    chunks: int = Field(default=0, ge=0)
    error: ErrorInfo | None = None
    #: Which retriever replica indexed it: with embedded stores every replica indexes every
    #: document into its own copy, and a waiting client counts receipts per replica.
    replica: str = Field(default="0", max_length=32)
    ts: float = Field(default_factory=now)
