"""The fuzz bench's generator and expectations, without a broker."""

from __future__ import annotations

import json
import random

from reasoning_mesh.bench.fuzz_check import expected_letters
from reasoning_mesh.bench.fuzz_records import INPUT_TOPICS, generate, is_bad, valid_requests
from reasoning_mesh.contracts import adapters, kb_documents, requests
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.runtime.codec import decode

LIMIT = 1_000_000


def test_every_generated_record_is_bad_for_its_topic_and_the_draw_is_reproducible() -> None:
    records = generate(300, LIMIT, seed_value=5)
    assert len(records) == 300 and all(is_bad(r.topic, r.value, LIMIT) for r in records)
    assert {r.topic for r in records} <= set(INPUT_TOPICS)
    assert [r.value for r in generate(300, LIMIT, seed_value=5)] == [r.value for r in records]


def test_valid_requests_decode_including_the_variants_accepted_on_purpose() -> None:
    bodies = valid_requests(["What is 2 + 3?"], 20, "ok", random.Random(1))
    decoded = [decode(b, MeshRequest, LIMIT) for b in bodies]
    assert [m.id for m in decoded] == [f"ok-{i}" for i in range(20)]
    assert any("schema_version" not in json.loads(b) for b in bodies)  # the default applies
    assert any("added_in_a_later_version" in json.loads(b) for b in bodies)  # ignored
    assert any(len(m.query) > 3000 for m in decoded)  # long numbers within the query limit


def test_each_consumer_group_of_a_topic_owes_one_letter() -> None:
    assert expected_letters(requests.TOPIC, {}) == {"gateway": 1}
    assert expected_letters(adapters.TOPIC, {"planner": 2}) == {"planner": 2, "reasoner": 1}
    assert expected_letters(kb_documents.TOPIC, {"retriever": 3}) == {"retriever": 3}
