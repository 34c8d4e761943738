"""Topic `rmesh.reason.requests.v1`: `reason` requests, routed by the gateway to the planner.
Key: the request id. The value is the admitted `MeshRequest`, unchanged."""

from __future__ import annotations

from reasoning_mesh.contracts.requests import MeshRequest

TOPIC = "rmesh.reason.requests.v1"

__all__ = ["TOPIC", "MeshRequest"]
