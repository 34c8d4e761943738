"""Kubernetes resources that derive from code, generated into `infra/k8s/base/generated/`.

`rmesh k8s generate` writes them and `--check` (a unit test too) fails when the checked-in files
drift from the code: the services' Deployments (module, ports, probes, principal), their
PodDisruptionBudgets and KEDA ScaledObjects (lag of each service's consumer group on its input
topic, never more replicas than partitions), Strimzi `KafkaTopic`s (the topic registry, with the
configs `rmesh up` creates them with) and `KafkaUser`s (the ACLs `rmesh up --secure` applies).
Hand-written resources (Triton, Qdrant, the collector, the Kafka cluster) sit beside them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reasoning_mesh.contracts import (
    analytics_facts,
    feedback,
    reasoning,
    requests,
    retrieval,
    steps,
    verifier_inbox,
)
from reasoning_mesh.contracts.topics import TOPICS
from reasoning_mesh.infra.acls import acls, strimzi_users
from reasoning_mesh.infra.paths import repo_root
from reasoning_mesh.runtime.kafka import topic_configs
from reasoning_mesh.settings import KafkaSettings

CLUSTER = "rmesh"
BOOTSTRAP = f"{CLUSTER}-kafka-bootstrap:9093"
PARTITIONS = 12
IMAGE = "reasoning-mesh:latest"
#: Each service's work queue: the input topic and consumer group its replicas share (what KEDA
#: reads the lag of). A unit test holds this to the services' own stage declarations.
WORK = {
    "gateway": (requests.TOPIC, "rmesh.gateway"),
    "planner": (reasoning.TOPIC, "rmesh.planner"),
    "retriever": (retrieval.TOPIC, "rmesh.retriever"),
    "reasoner": (steps.TOPIC, "rmesh.reasoner"),
    "verifier": (verifier_inbox.TOPIC, "rmesh.verifier"),
    "learner": (feedback.TOPIC, "rmesh.learner"),
    # Its own work queue: the facts it has still to count (one per result and dimension).
    "analytics": (analytics_facts.TOPIC, "rmesh.analytics"),
}
#: Lag per replica before KEDA adds one. The analytics service is cheap per record but a
#: rebalance costs it a replay of its windows from the changelog: scale it only on real backlog.
LAG_THRESHOLD = {"analytics": 2000}
METRICS_PORT = 9100
#: Requests and limits per replica (CPU millicores, memory MiB), from the local runs' peak RSS
#: (docs/figures/overload.json: ≤ 108 MB per service) with headroom; the learner trains.
RESOURCES = {
    "gateway": (250, 1000, 256, 512),
    "planner": (250, 1000, 256, 512),
    "retriever": (250, 1000, 512, 1024),
    "reasoner": (250, 1000, 256, 512),
    "verifier": (250, 1000, 256, 768),
    "learner": (500, 2000, 1024, 4096),
    "analytics": (250, 1000, 256, 768),
}


def generated_dir() -> Path:
    return repo_root() / "infra" / "k8s" / "base" / "generated"


def kafka_settings() -> KafkaSettings:
    return KafkaSettings(bootstrap_servers=BOOTSTRAP, replication_factor=3, topic_partitions=PARTITIONS)


def kafka_topics(kafka: KafkaSettings) -> list[dict[str, Any]]:
    return [
        {
            "apiVersion": "kafka.strimzi.io/v1beta2",
            "kind": "KafkaTopic",
            "metadata": {"name": spec.name, "labels": {"strimzi.io/cluster": CLUSTER}},
            "spec": {
                "topicName": kafka.physical(spec.name),
                "partitions": kafka.topic_partitions,
                "replicas": kafka.replication_factor,
                "config": topic_configs(kafka, kafka.physical(spec.name)),
            },
        }
        for spec in TOPICS
    ]


def _env(service: str) -> list[dict[str, Any]]:
    kafka = {
        "RMESH_KAFKA__SECURITY_PROTOCOL": "SASL_SSL",
        "RMESH_KAFKA__SASL_MECHANISM": "SCRAM-SHA-512",
        "RMESH_KAFKA__SASL_USERNAME": service,
        "RMESH_KAFKA__SSL_CAFILE": "/etc/kafka-ca/ca.crt",
        f"RMESH_{service.upper()}_METRICS_PORT": str(METRICS_PORT),
        **({"RMESH_MODEL_REPOSITORY": "/models"} if service == "learner" else {}),
        "RMESH_TELEMETRY__METRICS_HOST": "0.0.0.0",  # noqa: S104 - the pod's own interface
    }
    # Strimzi's User Operator writes each KafkaUser's password into a Secret of the same name.
    password = {"secretKeyRef": {"name": service, "key": "password"}}
    return [{"name": k, "value": v} for k, v in kafka.items()] + [
        {"name": "RMESH_KAFKA__SASL_PASSWORD", "valueFrom": password},
        {"name": "RMESH_INSTANCE_ID", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}},
    ]


def deployment(service: str) -> dict[str, Any]:
    cpu_req, cpu_lim, mem_req, mem_lim = RESOURCES[service]
    labels = {"app.kubernetes.io/name": service, "app.kubernetes.io/part-of": "reasoning-mesh"}
    ports = [{"name": "metrics", "containerPort": METRICS_PORT}]
    if service == "gateway":
        ports.append({"name": "http", "containerPort": 8080})
    probe = {"httpGet": {"path": "/readyz", "port": "metrics"}, "periodSeconds": 5}
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": service, "labels": labels},
        "spec": {
            # No `replicas`: KEDA's ScaledObject owns the count (an apply would reset it).
            "selector": {"matchLabels": {"app.kubernetes.io/name": service}},
            **_strategy(service),
            "template": {
                "metadata": {"labels": labels},
                "spec": {
                    # A drain is capped at 120 s by the service itself (runtime.service).
                    "terminationGracePeriodSeconds": 150,
                    "containers": [
                        {
                            "name": service,
                            "image": IMAGE,
                            "args": [service],  # the image's entrypoint is `rmesh serve`
                            "envFrom": [{"configMapRef": {"name": "rmesh-settings"}}],
                            "env": _env(service),
                            "ports": ports,
                            "readinessProbe": probe,
                            "livenessProbe": {
                                "httpGet": {"path": "/livez", "port": "metrics"},
                                "periodSeconds": 10,
                                "failureThreshold": 6,
                            },
                            # A verifier restores its partitions' state before it is ready.
                            "startupProbe": {
                                "httpGet": {"path": "/livez", "port": "metrics"},
                                "periodSeconds": 5,
                                "failureThreshold": 60,
                            },
                            "resources": {
                                "requests": {"cpu": f"{cpu_req}m", "memory": f"{mem_req}Mi"},
                                "limits": {"cpu": f"{cpu_lim}m", "memory": f"{mem_lim}Mi"},
                            },
                            "volumeMounts": [
                                {"name": "kafka-ca", "mountPath": "/etc/kafka-ca", "readOnly": True},
                                {"name": "home", "mountPath": "/var/lib/rmesh"},
                                *_learner_mounts(service),
                            ],
                        }
                    ],
                    "volumes": [
                        {"name": "kafka-ca", "secret": {"secretName": f"{CLUSTER}-cluster-ca-cert"}},
                        _home_volume(service),
                        *_learner_volumes(service),
                    ],
                },
            },
        },
    }


def _strategy(service: str) -> dict[str, Any]:
    """Analytics replicas of two releases must never run side by side (an older one would
    misread a newer one's combined facts, docs/analytics.md): every old pod goes before a new
    one starts. Analytics is off the request path, so a rollout only delays its figures."""
    return {"strategy": {"type": "Recreate"}} if service == "analytics" else {}


def _home_volume(service: str) -> dict[str, Any]:
    # The learner's home keeps its signing key and journal cache across restarts; the other
    # services' local state is a cache (their state lives in Kafka).
    if service == "learner":
        return {"name": "home", "persistentVolumeClaim": {"claimName": "learner-home"}}
    return {"name": "home", "emptyDir": {}}


def _learner_mounts(service: str) -> list[dict[str, Any]]:
    """The learner writes signed adapters where Triton reads them (the shared adapter store; its
    trust folder too, a development convenience as in docker-compose) and reads the model
    repository's manifest."""
    if service != "learner":
        return []
    return [
        {"name": "adapters", "mountPath": "/var/lib/rmesh/adapters", "subPath": "store"},
        {"name": "adapters", "mountPath": "/var/lib/rmesh/keys/trusted", "subPath": "trusted"},
        {"name": "models", "mountPath": "/models", "readOnly": True},
    ]


def _learner_volumes(service: str) -> list[dict[str, Any]]:
    if service != "learner":
        return []
    return [
        {"name": "adapters", "persistentVolumeClaim": {"claimName": "adapter-store"}},
        {
            "name": "models",
            "persistentVolumeClaim": {"claimName": "model-repository", "readOnly": True},
        },
    ]


def disruption_budget(service: str) -> dict[str, Any]:
    return {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": service},
        "spec": {
            "maxUnavailable": 1,
            "selector": {"matchLabels": {"app.kubernetes.io/name": service}},
        },
    }


def autoscaling(service: str, kafka: KafkaSettings) -> list[dict[str, Any]]:
    """KEDA: the service's replicas follow its consumer group's lag, 1..partitions."""
    topic, group = WORK[service]
    auth = f"{service}-kafka"
    settings = {"sasl": "scram_sha512", "username": service, "tls": "enable"}
    return [
        {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": f"{auth}-mode"},
            "type": "Opaque",
            "stringData": settings,
        },
        {
            "apiVersion": "keda.sh/v1alpha1",
            "kind": "TriggerAuthentication",
            "metadata": {"name": auth},
            "spec": {
                "secretTargetRef": [
                    *({"parameter": k, "name": f"{auth}-mode", "key": k} for k in settings),
                    {"parameter": "password", "name": service, "key": "password"},
                    {"parameter": "ca", "name": f"{CLUSTER}-cluster-ca-cert", "key": "ca.crt"},
                ]
            },
        },
        {
            "apiVersion": "keda.sh/v1alpha1",
            "kind": "ScaledObject",
            "metadata": {"name": service},
            "spec": {
                "scaleTargetRef": {"name": service},
                "minReplicaCount": 1,
                # A replica beyond the partition count would hold nothing.
                "maxReplicaCount": kafka.topic_partitions,
                "cooldownPeriod": 300,
                "triggers": [
                    *_cpu_trigger(service),
                    {
                        "type": "kafka",
                        "metadata": {
                            "bootstrapServers": BOOTSTRAP,
                            "consumerGroup": group,
                            "topic": kafka.physical(topic),
                            "lagThreshold": str(LAG_THRESHOLD.get(service, 20)),
                            "offsetResetPolicy": "earliest",
                            "allowIdleConsumers": "false",
                        },
                        "authenticationRef": {"name": auth},
                    },
                ],
            },
        },
    ]


def _cpu_trigger(service: str) -> list[dict[str, Any]]:
    # The HTTP door publishes straight to the routed topics: its load never shows as lag of the
    # gateway's group, so the gateway also scales on CPU.
    if service != "gateway":
        return []
    return [{"type": "cpu", "metricType": "Utilization", "metadata": {"value": "70"}}]


def documents() -> dict[str, list[dict[str, Any]]]:
    """File name → the resources it holds."""
    kafka = kafka_settings()
    return {
        "kafka-topics.yaml": kafka_topics(kafka),
        "kafka-users.yaml": strimzi_users(acls(kafka), CLUSTER),
        "services.yaml": [r for s in WORK for r in (deployment(s), disruption_budget(s))],
        "autoscaling.yaml": [r for s in WORK for r in autoscaling(s, kafka)],
    }


def render() -> dict[str, str]:
    import yaml

    header = "# Generated by `rmesh k8s generate` from the code; edit the generator, not this file.\n"
    return {
        name: header + yaml.safe_dump_all(docs, sort_keys=False) for name, docs in documents().items()
    }


def write(check: bool = False) -> list[str]:
    """Write the files (or, with `check`, only compare); returns the names that differ."""
    out = generated_dir()
    stale = []
    for name, text in render().items():
        path = out / name
        if not path.exists() or path.read_text() != text:
            stale.append(name)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    return stale
