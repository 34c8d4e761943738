import json

import pytest

from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.errors import (
    InvalidMessageError,
    OversizedMessageError,
    UnknownSchemaVersionError,
)
from reasoning_mesh.runtime.codec import decode, encode, peek_request_id


def raw(**fields: object) -> bytes:
    return json.dumps({"id": "q1", "query": "hello", **fields}).encode()


def test_round_trip() -> None:
    msg = MeshRequest(id="q1", query="How many metres in a km?", kind="retrieve")
    assert decode(encode(msg), MeshRequest, 10_000) == msg


@pytest.mark.parametrize(
    ("payload", "error", "needle"),
    [
        (b"{not json", InvalidMessageError, "not valid JSON"),
        (b"[1, 2]", InvalidMessageError, "JSON object"),
        (b"\xff\xfe", InvalidMessageError, "not valid JSON"),
        (raw(top_k="many"), InvalidMessageError, "top_k"),
        (raw(query="   "), InvalidMessageError, "query"),
        (raw(kind="dance"), InvalidMessageError, "kind"),
        (raw(schema_version=7), UnknownSchemaVersionError, "schema_version 7"),
        (raw(schema_version=True), UnknownSchemaVersionError, "schema_version True"),
        (raw(schema_version="1"), UnknownSchemaVersionError, "schema_version '1'"),
        (raw(schema_version=[]), UnknownSchemaVersionError, "schema_version \\[\\]"),
        (raw(query="2 +\x07 2"), InvalidMessageError, "control character U\\+0007"),
        (raw(query="9" * 5_000), InvalidMessageError, "at most 4096"),
        (raw(id="a b/../c"), InvalidMessageError, "id"),
        (b'{"id": "q1", "query": ' + b"[" * 9_000, InvalidMessageError, "nested too deeply"),
        (b'{"id": "q1", "query": "q", "top_k": ' + b"9" * 5_000 + b"}", InvalidMessageError, "number"),
        (None, InvalidMessageError, "tombstone"),
    ],
)
def test_every_bad_input_class_gets_a_typed_error(
    payload: bytes | None, error: type, needle: str
) -> None:
    with pytest.raises(error, match=needle):
        decode(payload, MeshRequest, 10_000)


def test_oversized_is_refused_before_parsing() -> None:
    with pytest.raises(OversizedMessageError, match="limit is 100"):
        decode(raw(query="x" * 500), MeshRequest, 100)


def test_unknown_fields_are_ignored_for_forward_compatibility() -> None:
    msg = decode(raw(added_in_v1_1="fine"), MeshRequest, 10_000)
    assert not hasattr(msg, "added_in_v1_1")


def test_a_question_keeps_its_tabs_and_newlines() -> None:
    assert decode(raw(query="What is\t2 + 2?\n"), MeshRequest, 10_000).query == "What is\t2 + 2?"


def test_peek_request_id_never_raises() -> None:
    assert peek_request_id(b"[" * 100_000) is None
    assert peek_request_id(b'{"id": "abc", "query": 3}') == "abc"
    assert peek_request_id(b'{"request_id": "r9"}') == "r9"
    assert peek_request_id(b"garbage") is None
    assert peek_request_id(None) is None
