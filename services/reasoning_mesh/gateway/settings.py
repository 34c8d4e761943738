"""Gateway settings. Tenants: `RMESH_TENANTS='{"acme": {"rate": 20, "burst": 40}}'`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from reasoning_mesh.contracts import reasoning, retrieval
from reasoning_mesh.gateway.adaptive import AdaptiveSettings
from reasoning_mesh.settings import MeshSettings


class TenantLimit(BaseModel):
    model_config = ConfigDict(frozen=True)

    rate: float = Field(default=200.0, ge=0, description="Requests per second; 0 = unlimited.")
    burst: float = Field(default=400.0, ge=1, description="Bucket size.")


class GatewaySettings(MeshSettings):
    tenants: dict[str, TenantLimit] = Field(
        default_factory=lambda: {"default": TenantLimit(), "bench": TenantLimit(rate=0)}
    )
    #: kind -> topic: `retrieve` to the retriever, `reason` to the planner.
    routes: dict[str, str] = Field(
        default_factory=lambda: {"retrieve": retrieval.TOPIC, "reason": reasoning.TOPIC}
    )
    http_host: str = "127.0.0.1"
    http_port: int = 8080
    gateway_metrics_port: int = 9101
    #: Ingress records held at once (handled or waiting for their commit). Refusals waiting to
    #: share a transaction may hold half of them: 512 lets ~250 refusals a second wait the
    #: full `refusal_commit_within_s` (at 128 the cap cut the wait to ~0.25 s at 261/s offered,
    #: and the broker used 0.67 cores instead of 0.55; 30 s probes, side by side).
    max_in_flight: int = 512
    #: Requests of each kind this gateway replica keeps in flight through the mesh (admitted,
    #: no result yet); more are refused with `retry_after_s` (`overloaded`). Size it as the
    #: mesh's throughput for the kind × the latency you accept under overload (Little's law);
    #: `rmesh bench overload` measures both. 0: no limit.
    #: With `in_flight_adaptive` (the default) these are ceilings: the limit in force adapts
    #: below them to the latency the mesh shows.
    in_flight_limits: dict[str, int] = Field(default_factory=lambda: {"reason": 64, "retrieve": 128})
    #: Each kind's limit moves below its `in_flight_limits` ceiling to keep latency within
    #: `tolerance` x its no-load value (`{"enabled": false}`: the ceilings are used as they are).
    in_flight_adaptive: AdaptiveSettings = Field(default_factory=AdaptiveSettings)
    #: A refused request's result may wait this long to share a transaction with the next
    #: records of its partition (an admitted one takes it along at once): at 10x capacity a
    #: transaction per refusal costs the cores the admitted requests need. 0: commit each at once.
    refusal_commit_within_s: float = Field(default=0.5, ge=0, le=30)
    #: A request whose result never came back frees its slot after this long.
    in_flight_max_age_s: float = Field(default=900.0, gt=0)
