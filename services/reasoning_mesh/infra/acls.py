"""The broker ACLs each principal needs, generated from the topic registry.

Every principal reads and writes only the topics the registry lists it for (`TopicSpec.readers`,
`writers`); a service also joins its own consumer groups and runs its own transactions (both
prefixed `<group prefix>.<service>`, as `runtime.subscribers` and `runtime.transactions` name
them). Nothing else: no `Create` (topics are provisioned by an administrator, `rmesh up` or
Strimzi's `KafkaTopic`s), no cluster rights, no wildcard. `client`, the SDK and CLI publishing
from inside the cluster, has no group and no transaction. The same list feeds `rmesh secure
acls`, the local broker's provisioning and, in Kubernetes, Strimzi `KafkaUser`s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reasoning_mesh.contracts.topics import PRINCIPALS, SERVICES, STAGE_SERVICES, TOPICS
from reasoning_mesh.settings import KafkaSettings


@dataclass(frozen=True, order=True)
class Acl:
    """One ALLOW rule, in Kafka's own terms (`kafka-acls`, Strimzi `KafkaUser`)."""

    principal: str
    resource_type: str  # TOPIC | GROUP | TRANSACTIONAL_ID
    resource_name: str
    pattern_type: str  # LITERAL | PREFIXED
    operation: str  # READ | WRITE | DESCRIBE

    @property
    def user(self) -> str:
        return f"User:{self.principal}"


def acls(kafka: KafkaSettings, group_prefix: str = "rmesh") -> list[Acl]:
    """Every rule of every principal, sorted (the order the tests and `rmesh secure acls` see)."""
    out: set[Acl] = set()
    for principal in PRINCIPALS:
        out |= set(principal_acls(principal, kafka, group_prefix))
    return sorted(out)


def principal_acls(principal: str, kafka: KafkaSettings, group_prefix: str = "rmesh") -> list[Acl]:
    if principal not in PRINCIPALS:
        raise ValueError(f"unknown principal {principal!r}; one of {', '.join(PRINCIPALS)}")
    rules: set[Acl] = set()
    for spec in TOPICS:
        topic = kafka.physical(spec.name)
        ops = (("READ",) if principal in spec.readers else ()) + (
            ("WRITE",) if principal in spec.writers else ()
        )
        for op in (*ops, "DESCRIBE") if ops else ():
            rules.add(Acl(principal, "TOPIC", topic, "LITERAL", op))
    if principal in SERVICES:
        own = f"{group_prefix}.{principal}"
        # Its consumer groups (`rmesh.verifier`, `rmesh.planner.routes.<id>`) and the
        # transactional ids of its per-partition producers (`rmesh.verifier.verify.<topic>.<p>`):
        # the name itself and names under it with a separator (`rmesh.planner` must not match
        # a `rmesh.plannerx` of someone else).
        for name, pattern in ((own, "LITERAL"), (f"{own}.", "PREFIXED")):
            for op in ("READ", "DESCRIBE"):
                rules.add(Acl(principal, "GROUP", name, pattern, op))
        if principal in STAGE_SERVICES:  # analytics (faust, at least once) runs no transactions
            for op in ("WRITE", "DESCRIBE"):
                rules.add(Acl(principal, "TRANSACTIONAL_ID", f"{own}.", "PREFIXED", op))
    return sorted(rules)


def topics_of(principal: str, kafka: KafkaSettings, operation: str) -> set[str]:
    """The physical topics `principal` may READ or WRITE."""
    return {
        a.resource_name
        for a in principal_acls(principal, kafka)
        if a.resource_type == "TOPIC" and a.operation == operation
    }


_STRIMZI_TYPE = {"TOPIC": "topic", "GROUP": "group", "TRANSACTIONAL_ID": "transactionalId"}
#: Strimzi's AclRule spells Kafka's PREFIXED pattern `prefix`.
_STRIMZI_PATTERN = {"LITERAL": "literal", "PREFIXED": "prefix"}


def strimzi_users(rules: list[Acl], cluster: str) -> list[dict[str, Any]]:
    """The same rules as Strimzi `KafkaUser` resources (SCRAM-SHA-512, simple authorization):
    one per principal, operations grouped per resource."""
    by_principal: dict[str, dict[tuple[str, str, str], list[str]]] = {}
    for r in rules:
        key = (r.resource_type, r.resource_name, r.pattern_type)
        by_principal.setdefault(r.principal, {}).setdefault(key, []).append(r.operation)
    return [
        {
            "apiVersion": "kafka.strimzi.io/v1beta2",
            "kind": "KafkaUser",
            "metadata": {"name": principal, "labels": {"strimzi.io/cluster": cluster}},
            "spec": {
                "authentication": {"type": "scram-sha-512"},
                "authorization": {
                    "type": "simple",
                    "acls": [
                        {
                            "resource": {
                                "type": _STRIMZI_TYPE[rtype],
                                "name": name,
                                "patternType": _STRIMZI_PATTERN[pattern],
                            },
                            "operations": sorted(op.capitalize() for op in ops),
                            "host": "*",
                        }
                        for (rtype, name, pattern), ops in sorted(resources.items())
                    ],
                },
            },
        }
        for principal, resources in sorted(by_principal.items())
    ]
