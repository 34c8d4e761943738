"""The broker ACLs are generated from the topic registry; this checks the registry against what
each service's stages really consume and produce, both ways: a stage's topic without a rule
would be refused by the broker, and a rule no code uses is a right nobody needs."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import pytest

from reasoning_mesh.contracts import (
    adapters,
    dlq,
    events,
    learner_journal,
    results,
    stats,
    tenants,
    verifier_state,
)
from reasoning_mesh.contracts.topics import PRINCIPALS, STAGE_SERVICES, TOPICS
from reasoning_mesh.infra.acls import acls, principal_acls, topics_of
from reasoning_mesh.settings import KafkaSettings

KAFKA = KafkaSettings(topic_prefix="p.")
#: What a service reads or writes outside its stages (restores, feeds, the HTTP door).
READS_BESIDE_STAGES = {
    # HTTP results, streams, keys, GET /v1/stats
    "gateway": {results.TOPIC, events.TOPIC, tenants.TOPIC, stats.TOPIC},
    "verifier": {verifier_state.TOPIC},  # restore on assignment
    "learner": {learner_journal.TOPIC},  # journal replay
    "planner": set(),
    "retriever": set(),
    "reasoner": set(),
}


def service_stages(service: str) -> list[Any]:
    """The service's real stages, built with placeholders for what their handlers call."""
    placeholder: Any = MagicMock()  # never called: only the declarations are read
    if service == "gateway":
        from reasoning_mesh.gateway.app import build_stage
        from reasoning_mesh.gateway.settings import GatewaySettings

        return [build_stage(GatewaySettings(), placeholder)]
    if service == "planner":
        from reasoning_mesh.planner.app import build_stages
        from reasoning_mesh.planner.settings import PlannerSettings

        return build_stages(PlannerSettings())
    if service == "retriever":
        from reasoning_mesh.retriever.app import build_stages as retriever_stages
        from reasoning_mesh.retriever.settings import RetrieverSettings

        return retriever_stages(RetrieverSettings(), placeholder)
    if service == "reasoner":
        from reasoning_mesh.reasoner.app import build_adapter_stage
        from reasoning_mesh.reasoner.app import build_stage as reasoner_stage
        from reasoning_mesh.reasoner.settings import ReasonerSettings

        s = ReasonerSettings()
        return [reasoner_stage(s, placeholder), build_adapter_stage(s, placeholder)]
    if service == "verifier":
        from reasoning_mesh.verifier.app import build_stage as verifier_stage
        from reasoning_mesh.verifier.settings import VerifierSettings

        return [verifier_stage(VerifierSettings(), placeholder)]
    from reasoning_mesh.learner.app import build_stages as learner_stages
    from reasoning_mesh.learner.settings import LearnerSettings

    return learner_stages(LearnerSettings(), placeholder)


@pytest.mark.parametrize("service", STAGE_SERVICES)
async def test_each_service_s_rights_are_exactly_what_its_stages_declare(service: str) -> None:
    built = service_stages(service)
    reads = {t for s in built for t in s.config.topics}
    writes = {t for s in built for t in s.config.output_topics} | {dlq.TOPIC, events.TOPIC}
    assert all(s.config.enforce_outputs for s in built)  # outputs are checked at run time too
    physical = KafkaSettings(topic_prefix="").physical
    assert topics_of(service, KafkaSettings(), "READ") == {
        physical(t) for t in reads | READS_BESIDE_STAGES[service]
    }
    assert topics_of(service, KafkaSettings(), "WRITE") == {physical(t) for t in writes}
    for s in built:
        assert s.config.group_id.startswith(f"rmesh.{service}")


def test_analytics_rights_are_exactly_what_its_faust_app_uses() -> None:
    from reasoning_mesh.analytics.app import READS, WRITES, build_app
    from reasoning_mesh.analytics.settings import AnalyticsSettings

    physical = KAFKA.physical
    assert topics_of("analytics", KAFKA, "READ") == {physical(t) for t in READS}
    assert topics_of("analytics", KAFKA, "WRITE") == {physical(t) for t in WRITES}
    app = build_app(AnalyticsSettings(kafka=KAFKA, home="/tmp/rmesh-acl-test"))
    subscribed = {t for agent in app.agents.values() for t in agent.channel.topics}
    changelogs = {table.changelog_topic.get_topic_name() for table in app.tables.values()}
    assert subscribed | changelogs <= {physical(t) for t in READS}
    assert changelogs <= {physical(t) for t in WRITES}
    assert app.conf.id == "rmesh.analytics"  # its consumer group: the service's own
    assert not app.conf.topic_allow_declare  # it creates no topic: it has no right to
    rules = principal_acls("analytics", KAFKA)
    assert not [r for r in rules if r.resource_type == "TRANSACTIONAL_ID"]


def test_rules_are_literal_topics_and_own_prefixes_only() -> None:
    rules = acls(KAFKA, "g")
    assert rules == sorted(set(rules))
    for r in rules:
        assert r.principal in PRINCIPALS
        if r.resource_type == "TOPIC":
            assert r.pattern_type == "LITERAL" and r.resource_name.startswith("p.")
        else:
            assert r.resource_type in {"GROUP", "TRANSACTIONAL_ID"}
            own = f"g.{r.principal}"
            assert (r.pattern_type, r.resource_name) in {("LITERAL", own), ("PREFIXED", f"{own}.")}
        assert r.operation in {"READ", "WRITE", "DESCRIBE"}  # no Create, Delete, Alter, All


def test_the_client_has_no_group_no_transactions_and_no_private_topics() -> None:
    rules = principal_acls("client", KAFKA)
    assert {r.resource_type for r in rules} == {"TOPIC"}
    readable = topics_of("client", KAFKA, "READ")
    for private in (tenants.TOPIC, dlq.TOPIC, verifier_state.TOPIC, learner_journal.TOPIC):
        assert KAFKA.physical(private) not in readable
    assert KAFKA.physical(adapters.TOPIC) not in topics_of("client", KAFKA, "WRITE")


def test_every_registry_topic_names_known_principals() -> None:
    for spec in TOPICS:
        assert set(spec.readers) | set(spec.writers) <= set(PRINCIPALS), spec.name
    with pytest.raises(ValueError, match="unknown principal"):
        principal_acls("mallory", KAFKA)


def test_strimzi_users_carry_the_same_rules() -> None:
    from reasoning_mesh.infra.acls import strimzi_users

    rules = acls(KAFKA)
    users = strimzi_users(rules, "rmesh")
    assert [u["metadata"]["name"] for u in users] == sorted(PRINCIPALS)
    flat = {
        (
            u["metadata"]["name"],
            a["resource"]["type"],
            a["resource"]["name"],
            a["resource"]["patternType"],
            op.upper(),
        )
        for u in users
        for a in u["spec"]["authorization"]["acls"]
        for op in a["operations"]
    }
    kinds = {"TOPIC": "topic", "GROUP": "group", "TRANSACTIONAL_ID": "transactionalId"}
    # Strimzi's AclRule: patternType is `literal` or `prefix` (not Kafka's PREFIXED).
    patterns = {"LITERAL": "literal", "PREFIXED": "prefix"}
    assert flat == {
        (r.principal, kinds[r.resource_type], r.resource_name, patterns[r.pattern_type], r.operation)
        for r in rules
    }


def test_stale_rule_removal_keeps_to_this_mesh_s_names() -> None:
    from reasoning_mesh.contracts import reasoning
    from reasoning_mesh.infra.acls import Acl
    from reasoning_mesh.infra.security import ours

    plain, staging = KafkaSettings(), KafkaSettings(topic_prefix="staging.")
    mine = Acl("planner", "TOPIC", staging.physical(reasoning.TOPIC), "LITERAL", "READ")
    other = Acl("planner", "TOPIC", plain.physical(reasoning.TOPIC), "LITERAL", "READ")
    assert ours(mine, staging, "rmesh") and not ours(other, staging, "rmesh")
    assert ours(other, plain, "rmesh") and not ours(mine, plain, "rmesh")
    foreign = Acl("planner", "TOPIC", "payments.v1", "LITERAL", "READ")
    assert not ours(foreign, plain, "rmesh")
    group = Acl("planner", "GROUP", "rmesh.planner", "LITERAL", "READ")
    assert ours(group, plain, "rmesh") and not ours(group, plain, "gstaging")
