"""Bytes ⇄ messages, with every failure turned into a typed, dead-letterable error."""

from __future__ import annotations

import json
import re
from typing import TypeVar

from pydantic import ValidationError

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.errors import (
    InvalidMessageError,
    OversizedMessageError,
    UnknownSchemaVersionError,
)

M = TypeVar("M", bound=Message)
#: What a request id may be (contracts.base.RequestId); anything else is not reported as one.
_ID = re.compile(r"[A-Za-z0-9._:\-]{1,128}")


def encode(message: Message) -> bytes:
    return message.model_dump_json(exclude_none=False).encode("utf-8")


def describe_validation(err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:5]:
        loc = ".".join(str(p) for p in e["loc"]) or "(root)"
        parts.append(f"{loc}: {e['msg']}")
    more = f" (+{err.error_count() - 5} more)" if err.error_count() > 5 else ""
    return "; ".join(parts) + more


def decode(raw: bytes | None, model: type[M], max_bytes: int) -> M:
    if raw is None:
        raise InvalidMessageError("record has no value (tombstone)")
    if len(raw) > max_bytes:
        raise OversizedMessageError(f"record is {len(raw)} bytes; the limit is {max_bytes}")
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidMessageError(f"not valid JSON: {exc}") from exc
    except RecursionError as exc:  # the stdlib parser recurses once per nesting level
        raise InvalidMessageError("JSON nested too deeply to be a message") from exc
    except ValueError as exc:  # an integer literal past int's 4,300-digit conversion limit
        raise InvalidMessageError(f"a number in it cannot be read: {exc}") from exc
    if not isinstance(data, dict):
        raise InvalidMessageError(f"expected a JSON object, got {type(data).__name__}")
    version = data.get("schema_version", 1)
    # `true == 1` in Python, and a list is unhashable: only an integer is a version number.
    if type(version) is not int or version not in model.SUPPORTED_VERSIONS:
        raise UnknownSchemaVersionError(
            f"{model.__name__} schema_version {version!r} is not supported "
            f"(supported: {sorted(model.SUPPORTED_VERSIONS)})"
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidMessageError(f"{model.__name__} invalid: {describe_validation(exc)}") from exc


def peek_request_id(raw: bytes | None) -> str | None:
    """Best-effort request id of a record that failed validation, for the DLQ and a failure
    result; never raises."""
    try:
        data = json.loads(raw or b"")
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, a 5,000-digit literal, nesting
        return None
    if isinstance(data, dict):
        for key in ("request_id", "id", "doc_id"):
            value = data.get(key)
            if isinstance(value, str) and _ID.fullmatch(value):
                return value
    return None
