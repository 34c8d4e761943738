"""Settings shared by every service: where the broker is, where local state lives, telemetry.

Every service has its own frozen `settings.py` that embeds these; environment variables use the
`RMESH_` prefix and `__` for nesting (e.g. `RMESH_KAFKA__BOOTSTRAP_SERVERS`), the same names
docker-compose.yml sets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_HOME = Path(".rmesh")


class KafkaSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    bootstrap_servers: str = "127.0.0.1:19092"
    #: Read-process-write in one Kafka transaction: outputs, DLQ records and the consumed offsets
    #: commit together, so a crash never loses a request nor duplicates a result.
    exactly_once: bool = True
    #: The largest record value a consumer accepts; bigger ones are dead-lettered as `oversized`.
    max_message_bytes: int = 1_000_000
    #: Namespace for every topic name (e.g. `staging.`): several meshes or test runs can share
    #: one cluster without seeing each other's records.
    topic_prefix: str = Field(default="", pattern=r"^[A-Za-z0-9._\-]{0,64}$")
    #: Partitions of every topic the mesh creates: the most replicas of a stage that can share
    #: its work (one partition is one member's). The verifier's inbox and state topics must have
    #: the same count (state is partition-scoped).
    topic_partitions: int = Field(default=12, ge=1)
    #: How often a compacted topic rolls a segment, so the cleaner can drop superseded states
    #: and tombstoned keys (it never compacts the active segment).
    compacted_segment_ms: int = 300_000
    #: How long a compacted topic keeps a tombstone (a finished request's marker) before the
    #: cleaner drops it: a restore reads tombstones of the last hour, not of all history.
    compacted_tombstone_ms: int = 3_600_000
    #: Longest a consumer fetch waits at the broker for data (latency vs idle polling).
    fetch_max_wait_ms: int = 100

    def physical(self, topic: str) -> str:
        """The broker-side name of a logical topic name."""
        return f"{self.topic_prefix}{topic}"

    def logical(self, topic: str) -> str:
        return topic.removeprefix(self.topic_prefix) if self.topic_prefix else topic

    #: Copies of every topic the mesh creates; with 3 or more, `min.insync.replicas` is 2.
    replication_factor: int = 1
    #: How clients reach the brokers: `PLAINTEXT` (the dev default), or SASL (SCRAM) with a
    #: principal of its own per service (`rmesh up --secure`; `rmesh secure env`), over TLS
    #: (`SASL_SSL`) anywhere off loopback.
    security_protocol: Literal["PLAINTEXT", "SASL_PLAINTEXT", "SASL_SSL"] = "PLAINTEXT"
    sasl_mechanism: Literal["SCRAM-SHA-512", "SCRAM-SHA-256"] = "SCRAM-SHA-512"
    sasl_username: str = ""
    #: A secret: never printed by repr, logs or `model_dump` (pydantic masks it).
    sasl_password: SecretStr = SecretStr("")
    #: CA bundle that signs the brokers' certificates (`SASL_SSL`); empty: the system's.
    ssl_cafile: str = ""

    @property
    def fetch_bytes(self) -> int:
        """What a consumer fetches per partition: oversized records (up to 4x the limit) must
        still be fetched, so they can be dead-lettered rather than stall their partition."""
        return max(self.max_message_bytes * 4, 1_048_576)

    @property
    def request_bytes(self) -> int:
        """What a producer may send at once (the broker's message.max.bytes): a dead letter
        carries a fetched record of up to `fetch_bytes`, base64-encoded."""
        return max(self.max_message_bytes * 8, 8_388_608)

    def client_options(self) -> dict[str, Any]:
        """Keyword arguments every aiokafka client (producer, consumer, admin) is built with."""
        options: dict[str, Any] = {"bootstrap_servers": self.bootstrap_servers}
        if self.security_protocol == "PLAINTEXT":
            return options
        options |= {
            "security_protocol": self.security_protocol,
            "sasl_mechanism": self.sasl_mechanism,
            "sasl_plain_username": self.sasl_username,
            "sasl_plain_password": self.sasl_password.get_secret_value(),
        }
        if self.security_protocol == "SASL_SSL":
            from aiokafka.helpers import create_ssl_context

            options["ssl_context"] = create_ssl_context(cafile=self.ssl_cafile or None)
        return options


class TritonSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    http_url: str = "127.0.0.1:18000"
    grpc_url: str = "127.0.0.1:18001"
    metrics_port: int = 18002
    timeout_s: float = 30.0


class TelemetrySettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    #: OTLP/HTTP endpoint of a collector (docker-compose runs one); empty: no OTLP export.
    otlp_endpoint: str = ""
    #: Local JSONL span file directory; `rmesh trace` reads it. Empty: `<home>/traces`.
    traces_dir: str = ""
    #: Prometheus endpoint port of this service; 0 lets the service pick its default.
    metrics_port: int = 0
    #: Bind address of the Prometheus endpoint (0.0.0.0 inside containers).
    metrics_host: str = "127.0.0.1"


class MeshSettings(BaseSettings):
    """Settings every process reads. Frozen: a running service never changes its wiring."""

    model_config = SettingsConfigDict(
        env_prefix="RMESH_", env_nested_delimiter="__", frozen=True, extra="ignore"
    )

    home: Path = Field(default=DEFAULT_HOME, description="Local state: logs, broker data, traces.")
    #: Which replica of its service this process is (`rmesh up --replicas` numbers them 0..N-1):
    #: client ids, and per-replica local state such as an embedded vector store.
    instance_id: str = Field(default="0", pattern=r"^[A-Za-z0-9_\-]{1,32}$")
    kafka: KafkaSettings = KafkaSettings()
    triton: TritonSettings = TritonSettings()
    telemetry: TelemetrySettings = TelemetrySettings()

    def traces_dir(self) -> Path:
        return Path(self.telemetry.traces_dir) if self.telemetry.traces_dir else self.home / "traces"
