"""One root exception for the whole mesh, split by what the caller should do about it.

`RetryableError` means "the same input may succeed later" (a broker hiccup, Triton still loading a
model); the stage runtime retries those with backoff. `NonRetryableError` means "this input will never
succeed" (bad schema, empty question); the runtime dead-letters it at once.
"""

from __future__ import annotations


class MeshError(Exception):
    """Root of every error raised on purpose by reasoning-mesh."""

    retryable: bool = False
    #: Short machine-readable reason, used as the DLQ `reason` and in result `error.code`.
    code: str = "error"


class RetryableError(MeshError):
    """The operation may succeed if tried again later."""

    retryable = True
    code = "retryable"


class NonRetryableError(MeshError):
    """The input or request can never succeed as it is."""

    code = "non_retryable"


class InvalidMessageError(NonRetryableError):
    """A Kafka record or API payload failed decoding or schema validation."""

    code = "invalid_message"


class OversizedMessageError(InvalidMessageError):
    """A record is larger than the configured limit."""

    code = "oversized"


class UnknownSchemaVersionError(InvalidMessageError):
    """A record declares a schema version this consumer does not understand."""

    code = "unknown_schema_version"


class UnknownTenantError(NonRetryableError):
    """The tenant is not registered at the gateway."""

    code = "unknown_tenant"


class ThrottledError(MeshError):
    """Admission refused by a token bucket; try again after `retry_after_s`."""

    code = "throttled"

    def __init__(self, tenant: str, retry_after_s: float) -> None:
        super().__init__(f"tenant {tenant!r} is over its rate limit; retry after {retry_after_s:.3f}s")
        self.tenant = tenant
        self.retry_after_s = retry_after_s


class OverloadedError(ThrottledError):
    """The mesh is at its in-flight limit for a kind of request; try again after
    `retry_after_s`. Refused like a throttled request (HTTP 429, a `refused` result)."""

    code = "overloaded"

    def __init__(self, kind: str, limit: int, retry_after_s: float) -> None:
        MeshError.__init__(
            self,
            f"the mesh is at its limit of {limit} `{kind}` requests in flight; "
            f"retry after {retry_after_s:.3f}s",
        )
        self.tenant, self.kind, self.retry_after_s = "*", kind, retry_after_s


class DependencyUnavailableError(RetryableError):
    """A backing service (Kafka, Triton, Qdrant) did not answer."""

    code = "dependency_unavailable"


class InferenceError(RetryableError):
    """Triton answered with an error for a request that looked valid."""

    code = "inference_error"


class BadInferenceRequestError(NonRetryableError):
    """Triton rejected the request itself (bad shape, empty input)."""

    code = "bad_inference_request"


class VectorStoreError(RetryableError):
    """The vector store failed an operation."""

    code = "vector_store"


class PartitionFencedError(MeshError):
    """A stage's producer for an input partition was fenced: another member owns the partition
    now, and redoes the records this member had not committed."""

    code = "fenced"


class InfraError(MeshError):
    """A local infrastructure process (broker, Triton, a service) failed to start or stop."""

    code = "infra"


class BatchInputError(NonRetryableError):
    """A line of a batch input file is not a valid request."""

    code = "bad_batch_line"

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class AdapterRefusedError(NonRetryableError):
    """A LoRA adapter failed its checks (signature, digest, base model, format): it is not
    loaded and serving continues without it. `reason` is one short machine-readable word."""

    code = "adapter_refused"

    def __init__(self, adapter_id: str, reason: str, detail: str) -> None:
        super().__init__(f"adapter {adapter_id!r} refused ({reason}): {detail}")
        self.adapter_id = adapter_id
        self.reason = reason


class AdapterNotFoundError(NonRetryableError):
    """The adapter store holds no adapter under this id."""

    code = "adapter_not_found"
