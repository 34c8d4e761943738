"""The SDK's HTTP client: for callers outside the cluster, through the gateway, with an API key.

    async with HttpMeshClient("http://127.0.0.1:8080") as mesh:   # key: RMESH_API_KEY
        await mesh.submit(MeshRequest(id="q1", kind="reason", query="What is 56 plus 29?"))
        result = await mesh.wait("q1")

(Inside the cluster, `MeshClient` publishes to Kafka directly: the trusted path.)"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import httpx

from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import NonRetryableError

API_KEY_ENV = "RMESH_API_KEY"


class GatewayHttpError(NonRetryableError):
    code = "gateway_http"

    def __init__(self, status: int, detail: str, retry_after_s: float | None = None) -> None:
        super().__init__(f"HTTP {status}: {detail}")
        self.status, self.retry_after_s = status, retry_after_s


class HttpMeshClient:
    def __init__(self, base_url: str, api_key: str | None = None, timeout_s: float = 30.0) -> None:
        key = api_key or os.environ.get(API_KEY_ENV)
        if not key:
            raise GatewayHttpError(401, f"no API key: pass api_key= or set {API_KEY_ENV}")
        self._http = httpx.AsyncClient(
            base_url=base_url, timeout=timeout_s, headers={"Authorization": f"Bearer {key}"}
        )

    async def __aenter__(self) -> HttpMeshClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._http.aclose()

    async def submit(self, request: MeshRequest) -> dict[str, Any]:
        """Accepted (202), or `GatewayHttpError` (429 carries `retry_after_s` in its detail)."""
        got = await self._http.post("/v1/requests", content=request.model_dump_json(exclude={"tenant"}))
        return self._ok(got)

    async def result(self, request_id: str) -> MeshResult | None:
        got = await self._http.get(f"/v1/results/{request_id}")
        if got.status_code == 404:
            return None
        return MeshResult.model_validate(self._ok(got))

    async def wait(self, request_id: str, timeout_s: float = 120.0, poll_s: float = 0.2) -> MeshResult:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            found = await self.result(request_id)
            if found is not None:
                return found
            await asyncio.sleep(poll_s)
        raise TimeoutError(f"no result for {request_id!r} within {timeout_s:.0f}s")

    @staticmethod
    def _ok(got: httpx.Response) -> dict[str, Any]:
        if got.status_code >= 400:
            try:
                failure = got.json()
            except ValueError:
                failure = {}
            error = failure.get("error") if isinstance(failure.get("error"), dict) else {}
            detail = failure.get("detail") or error.get("message") or got.text
            retry = error.get("retry_after_s") if got.status_code == 429 else None
            raise GatewayHttpError(got.status_code, str(detail)[:500], retry)
        body: dict[str, Any] = got.json()
        return body
