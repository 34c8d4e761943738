"""The checked-in JSON Schemas and AsyncAPI document must match the models (no drift)."""

import json
from pathlib import Path

from reasoning_mesh.contracts.export import render
from reasoning_mesh.contracts.topics import TOPICS

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def test_checked_in_schemas_match_models() -> None:
    expected = render()
    drift = [
        name
        for name, text in expected.items()
        if not (SCHEMAS / name).exists() or (SCHEMAS / name).read_text() != text
    ]
    assert not drift, f"run `rmesh schemas export`; drifted: {drift}"
    stray = {p.name for p in SCHEMAS.glob("*.json")} - set(expected)
    assert not stray, f"schema files without a topic: {stray}"


def test_asyncapi_lists_every_topic_with_traceparent_header() -> None:
    doc = json.loads((SCHEMAS / "asyncapi.json").read_text())
    assert doc["asyncapi"].startswith("3.")
    addresses = {c["address"] for c in doc["channels"].values()}
    assert addresses == {t.name for t in TOPICS}
    for message in doc["components"]["messages"].values():
        assert "traceparent" in message["headers"]["properties"]


def test_topics_are_versioned_and_unique() -> None:
    names = [t.name for t in TOPICS]
    assert len(names) == len(set(names))
    assert all(n.rsplit(".", 1)[1].startswith("v") for n in names)


def test_every_model_has_documented_fields_or_examples() -> None:
    for spec in TOPICS:
        schema = spec.model.model_json_schema()
        assert schema.get("examples") or any(
            "description" in p for p in schema["properties"].values()
        ), spec.name
