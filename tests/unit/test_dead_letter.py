"""A dead letter can be built for any record: building it is where a record could be lost."""

from __future__ import annotations

import base64
import hashlib

from reasoning_mesh.contracts.dlq import MAX_VALUE_BYTES, DeadLetter
from reasoning_mesh.errors import InvalidMessageError
from reasoning_mesh.runtime.codec import decode, encode
from reasoning_mesh.runtime.context import Record
from reasoning_mesh.runtime.dlq import bare_letter, dead_letter


def record(value: bytes, headers: list[tuple[str, bytes]] | None = None) -> Record:
    return Record("rmesh.requests.v1", 3, 42, b"k", value, headers or [])


def roundtrip(letter: DeadLetter) -> DeadLetter:
    return decode(encode(letter), DeadLetter, 64 * 1024 * 1024)


def test_a_record_of_a_megabyte_is_kept_whole() -> None:
    value = b"x" * 1_100_000
    letter = roundtrip(dead_letter(record(value), InvalidMessageError("too big"), "gateway"))
    assert base64.b64decode(letter.value_b64) == value and not letter.value_truncated
    assert letter.value_bytes == len(value)
    assert letter.value_sha256 == hashlib.sha256(value).hexdigest()


def test_a_record_past_the_letter_bound_keeps_its_head_size_and_hash() -> None:
    value = b"y" * (MAX_VALUE_BYTES + 10)
    letter = dead_letter(record(value), InvalidMessageError("too big"), "gateway")
    assert letter.value_truncated and letter.value_bytes == len(value)
    assert len(base64.b64decode(letter.value_b64)) == MAX_VALUE_BYTES


def test_lone_surrogates_in_the_id_and_the_error_do_not_stop_the_letter() -> None:
    value = b'{"request_id": "\\ud800fz-1", "query": 1}'
    error = InvalidMessageError("bad \ud800 input")
    letter = roundtrip(dead_letter(record(value), error, "verifier"))
    assert letter.request_id is None  # not a valid id: not reported as one
    assert "\\ud800" in letter.message


def test_a_garbled_traceparent_header_is_kept_and_ignored() -> None:
    headers = [("traceparent", b"\xff\xfe not a trace"), ("x-fuzz", b"1")]
    letter = roundtrip(dead_letter(record(b"{", headers), InvalidMessageError("bad"), "planner"))
    assert letter.trace_id is None and len(letter.headers) == 2


def test_the_bare_letter_is_always_encodable() -> None:
    letter = roundtrip(bare_letter(record(b"\xff" * 10), "invalid_message", "reasoner"))
    assert base64.b64decode(letter.value_b64) == b"\xff" * 10


def test_a_letter_of_the_biggest_record_still_fits_a_record() -> None:
    # A 4 MiB value with a 2 MiB key is under the broker's 8 MiB; its letter must be too.
    rec = Record("rmesh.requests.v1", 0, 1, b"k" * 2_000_000, b"v" * (4 * 1024 * 1024), [("h", b"x")])
    letter = dead_letter(rec, InvalidMessageError("too big"), "gateway")
    assert letter.key_headers_truncated and not letter.value_truncated
    assert len(encode(letter)) < 8 * 1024 * 1024


def test_the_bare_letter_keeps_key_headers_and_trace() -> None:
    tp = b"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    letter = bare_letter(record(b"{", [("traceparent", tp)]), "invalid_message", "gateway")
    assert letter.key_b64 == base64.b64encode(b"k").decode()
    assert letter.trace_id == "4bf92f3577b34da6a3ce929d0e0e4736" and len(letter.headers) == 1
