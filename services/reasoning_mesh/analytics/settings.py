"""Analytics settings (env prefix `RMESH_`, e.g. `RMESH_ANALYTICS_PUBLISH_INTERVAL_S=2`)."""

from __future__ import annotations

from pydantic import Field

from reasoning_mesh.settings import MeshSettings


class AnalyticsSettings(MeshSettings):
    analytics_metrics_port: int = 9107
    #: Its consumer group is `<prefix>.analytics` (the principal's own group under ACLs).
    analytics_group_prefix: str = Field(default="rmesh", pattern=r"^[A-Za-z0-9._\-]{1,64}$")
    #: How long a window stays in the tables (and its changelog) after it ends: late results
    #: still count, and a reader sees the last two hours by the minute, two days by the hour.
    analytics_expires_1m_s: float = Field(default=2 * 3600, gt=60)
    analytics_expires_1h_s: float = Field(default=48 * 3600, gt=3600)
    #: Changed rows are published on `rmesh.stats.v1` at most this often (one record per
    #: changed row, not one per fact).
    analytics_publish_interval_s: float = Field(default=1.0, gt=0)
    #: A killed replica's partitions move to the others after this long without heartbeats.
    analytics_session_timeout_s: float = Field(default=10.0, ge=6)
    #: Inputs are read in batches of at most this many records, or what came within this
    #: long; a batch's facts are combined per dimension and minute before they are counted.
    analytics_batch_max: int = Field(default=1000, ge=1)
    analytics_batch_s: float = Field(default=0.5, gt=0)
