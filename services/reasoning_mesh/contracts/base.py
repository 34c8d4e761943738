"""Base for every message on a topic.

Consumers ignore unknown fields (`extra="ignore"`) so producers can add optional fields without a
lock-step deploy; anything breaking gets a new versioned topic instead (`...v2`). `schema_version`
is checked by the codec so a record from a future, incompatible producer is dead-lettered with a
clear reason rather than half-understood.
"""

from __future__ import annotations

import re
import time
from typing import Annotated, ClassVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from reasoning_mesh.errors import MeshError

#: Request ids travel in Kafka keys and file names: keep them printable and bounded.
RequestId = Annotated[
    str, StringConstraints(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9._:\-]+$")
]
TenantId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._\-]+$")]
#: Free text that must carry something besides whitespace.
NonBlank = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]

#: C0 controls other than tab, newline and carriage return, and DEL: never part of a question,
#: and invisible in a trace or a log line that would show the question.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _printable(value: str) -> str:
    found = _CONTROL.search(value)
    if found:
        raise ValueError(
            f"contains control character U+{ord(found.group()):04X} at position {found.start()}"
        )
    return value


#: A question or query: non-blank text without control characters.
QueryText = Annotated[NonBlank, AfterValidator(_printable)]


def now() -> float:
    return time.time()


def safe_text(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with anything that cannot be UTF-8 (a lone surrogate
    from a `\\ud800` escape in some input) spelled out: always encodable, never a failed send."""
    return text[:limit].encode("utf-8", "backslashreplace").decode("utf-8")


class Message(BaseModel):
    """A versioned, immutable message."""

    model_config = ConfigDict(extra="ignore", frozen=True, str_max_length=200_000)

    #: Versions of this message a consumer of this build understands.
    SUPPORTED_VERSIONS: ClassVar[frozenset[int]] = frozenset({1})

    schema_version: int = Field(default=1, description="Version of this message's schema.")


class ErrorInfo(BaseModel):
    """Why something failed, in a form a program can branch on."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    code: str = Field(description="Machine-readable reason, e.g. `throttled`, `invalid_message`.")
    message: str = Field(description="Human-readable explanation.")
    retryable: bool = Field(default=False, description="Whether the same request may succeed later.")
    retry_after_s: float | None = Field(
        default=None, description="For `throttled`: seconds to wait before resubmitting."
    )

    @classmethod
    def of(cls, error: MeshError) -> ErrorInfo:
        """The wire form of a typed mesh error (message bounded for the record size)."""
        return cls(code=error.code, message=safe_text(str(error), 2000), retryable=error.retryable)
