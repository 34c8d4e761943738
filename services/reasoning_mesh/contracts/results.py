"""Topic `rmesh.results.v1`: the one final result of each request. Key: the request id.

Subscribers (`rmesh subscribe`, SSE, the SDK) read it with `isolation_level=read_committed`, so they
only see results whose producing transaction committed."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from reasoning_mesh.contracts.base import ErrorInfo, Message, RequestId, TenantId, now

TOPIC = "rmesh.results.v1"

#: `unsupported`: a question of no shape the mesh can plan; no answer, the reason in `error`.
Status = Literal["ok", "verified", "unverified", "failed", "refused", "unsupported"]


class Evidence(BaseModel):
    """One retrieved passage."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    doc_id: str = Field(description="Id of the source document.")
    chunk: int = Field(ge=0, description="Chunk index within the document.")
    text: str
    score: float = Field(description="Cosine similarity to the query.")
    metadata: dict[str, Any] = Field(default_factory=dict)


class MeshResult(Message):
    request_id: RequestId
    subgoal_id: str | None = None
    tenant: TenantId = "default"
    kind: Literal["retrieve", "reason"] = "retrieve"
    status: Status = Field(
        description="`ok`/`verified`: success; `refused`: admission; `unsupported`: the mesh "
        "cannot plan the question (no answer, the reason in `error`); else failure."
    )
    evidence: list[Evidence] = Field(default_factory=list)
    answer: str | None = Field(default=None, description="Final answer (reason requests).")
    reasoning_trace: dict[str, Any] | None = Field(default=None, description="Full trace (reason).")
    error: ErrorInfo | None = None
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Per-stage timings.")
    cached: bool = Field(default=False, description="Served from the retriever's result cache.")
    completed_at: float = Field(default_factory=now)
    submitted_at: float | None = Field(
        default=None,
        description="When the request was submitted (its `submitted_at`), where known: "
        "`completed_at - submitted_at` is the latency its caller saw.",
    )

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "request_id": "q-1",
                    "status": "ok",
                    "evidence": [
                        {
                            "doc_id": "len-km-m",
                            "chunk": 0,
                            "score": 0.83,
                            "text": "1 kilometre is 1000 metres.",
                        }
                    ],
                }
            ]
        }
    )
