"""Export JSON Schemas and an AsyncAPI 3 document from the topic registry.

`rmesh schemas export` writes them to `schemas/`; `tests/unit/test_contracts.py` fails when the
checked-in files drift from the models.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reasoning_mesh import __version__
from reasoning_mesh.contracts.topics import TOPICS, TopicSpec

HEADERS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "traceparent": {"type": "string", "description": "W3C trace context of the producer span."},
        "tracestate": {"type": "string", "description": "W3C trace state (optional)."},
        "content-type": {"type": "string", "const": "application/json"},
        "rmesh-schema": {"type": "string", "description": "Value model name and schema version."},
        "rmesh-service": {"type": "string", "description": "Service that produced the record."},
    },
}


def schema_file(spec: TopicSpec) -> str:
    return f"{spec.name}.schema.json"


def json_schema(spec: TopicSpec) -> dict[str, Any]:
    schema = spec.model.model_json_schema(mode="serialization")
    schema["$id"] = f"https://reasoning-mesh.dev/schemas/{schema_file(spec)}"
    schema["x-topic"] = spec.name
    schema["x-key"] = spec.key
    return schema


def asyncapi() -> dict[str, Any]:
    channels: dict[str, Any] = {}
    operations: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    for spec in TOPICS:
        cid = spec.name.replace(".", "_")
        mid = spec.model.__name__
        messages[mid] = {
            "name": mid,
            "contentType": "application/json",
            "headers": HEADERS_SCHEMA,
            "payload": {"$ref": f"./{schema_file(spec)}"},
        }
        channels[cid] = {
            "address": spec.name,
            "description": spec.description,
            "messages": {mid: {"$ref": f"#/components/messages/{mid}"}},
            "bindings": {
                "kafka": {
                    "bindingVersion": "0.5.0",
                    "topicConfiguration": {"cleanup.policy": ["delete"]},
                }
            },
        }
        operations[f"publish_{cid}"] = {
            "action": "send",
            "channel": {"$ref": f"#/channels/{cid}"},
            "bindings": {
                "kafka": {"bindingVersion": "0.5.0", "key": {"type": "string", "description": spec.key}}
            },
        }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "reasoning-mesh",
            "version": __version__,
            "description": "Topics of the reasoning mesh. Values are JSON; keys are UTF-8 strings.",
        },
        "defaultContentType": "application/json",
        "servers": {
            "local": {
                "host": "127.0.0.1:19092",
                "protocol": "kafka",
                "description": "`rmesh up` broker (KRaft, single node)",
            }
        },
        "channels": channels,
        "operations": operations,
        "components": {"messages": messages},
    }


def render() -> dict[str, str]:
    """Every exported file name -> its exact text."""
    files = {schema_file(s): json.dumps(json_schema(s), indent=2, sort_keys=True) + "\n" for s in TOPICS}
    files["asyncapi.json"] = json.dumps(asyncapi(), indent=2, sort_keys=True) + "\n"
    return files


def write(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render().items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
