"""A secured broker (SASL/SCRAM, StandardAuthorizer) with the ACLs generated from the topic
registry: each principal reads and writes only its own topics, joins only its own groups, runs only
its own transactions; a wrong password gets nowhere."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.errors import (
    GroupAuthorizationFailedError,
    KafkaError,
    TopicAuthorizationFailedError,
    TransactionalIdAuthorizationFailed,
)
from pydantic import SecretStr

from reasoning_mesh.contracts import (
    feedback,
    learner_journal,
    reasoning,
    steps,
    tenants,
    verifier_inbox,
)
from reasoning_mesh.infra.kafka import KafkaBroker
from reasoning_mesh.infra.security import principal_settings, provision
from reasoning_mesh.settings import KafkaSettings

pytestmark = pytest.mark.timeout(240)
PORT = 29192


@pytest.fixture(scope="module")
def secure_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KafkaBroker]:
    b = KafkaBroker(tmp_path_factory.mktemp("secure"), port=PORT, controller_port=PORT + 1, secure=True)
    b.start()
    yield b
    b.stop()


@pytest.fixture
async def base(secure_broker: KafkaBroker) -> KafkaSettings:
    """A fresh topic namespace, provisioned by the administrator."""
    kafka = KafkaSettings(
        bootstrap_servers=secure_broker.bootstrap,
        topic_prefix=f"a{uuid.uuid4().hex[:10]}.",
        topic_partitions=1,
    )
    admin = principal_settings(kafka, secure_broker.home, "admin")
    await provision(admin, group_prefix=f"g{kafka.topic_prefix}")
    return kafka


def as_(kafka: KafkaSettings, broker: KafkaBroker, principal: str) -> KafkaSettings:
    return principal_settings(kafka, broker.home, principal)


async def send(kafka: KafkaSettings, topic: str, **extra: object) -> None:
    producer = AIOKafkaProducer(**kafka.client_options(), request_timeout_ms=10_000, **extra)
    await producer.start()
    try:
        if extra.get("transactional_id"):
            async with producer.transaction():
                await producer.send_and_wait(kafka.physical(topic), b"{}", key=b"k")
        else:
            await producer.send_and_wait(kafka.physical(topic), b"{}", key=b"k")
    finally:
        await producer.stop()


async def read(kafka: KafkaSettings, topic: str, group: str | None) -> None:
    consumer = AIOKafkaConsumer(
        kafka.physical(topic),
        **kafka.client_options(),
        group_id=group,
        auto_offset_reset="earliest",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        await consumer.getmany(timeout_ms=2000)
    finally:
        await consumer.stop()


async def test_a_service_writes_and_reads_only_its_own_topics(
    secure_broker: KafkaBroker, base: KafkaSettings
) -> None:
    planner = as_(base, secure_broker, "planner")
    groups = f"g{base.topic_prefix}"
    await send(planner, verifier_inbox.TOPIC)  # its own output
    await read(planner, reasoning.TOPIC, f"{groups}.planner")  # its own input and group
    with pytest.raises(TopicAuthorizationFailedError):
        await send(planner, learner_journal.TOPIC)  # the learner's
    with pytest.raises(TopicAuthorizationFailedError):
        await read(planner, feedback.TOPIC, None)  # the learner's input
    with pytest.raises(GroupAuthorizationFailedError):
        await read(planner, reasoning.TOPIC, f"{groups}.verifier")  # another service's group


async def test_transactions_only_under_the_service_s_own_ids(
    secure_broker: KafkaBroker, base: KafkaSettings
) -> None:
    groups = f"g{base.topic_prefix}"
    verifier = as_(base, secure_broker, "verifier")
    await send(verifier, steps.TOPIC, transactional_id=f"{groups}.verifier.t.0")
    with pytest.raises(TransactionalIdAuthorizationFailed):
        await send(verifier, steps.TOPIC, transactional_id=f"{groups}.reasoner.t.0")


async def test_the_client_cannot_read_the_tenant_registry_and_a_wrong_password_gets_nothing(
    secure_broker: KafkaBroker, base: KafkaSettings
) -> None:
    client = as_(base, secure_broker, "client")
    with pytest.raises(TopicAuthorizationFailedError):
        await read(client, tenants.TOPIC, None)  # API key hashes are the gateway's to read
    gateway = as_(base, secure_broker, "gateway")
    await read(gateway, tenants.TOPIC, None)
    wrong = gateway.model_copy(update={"sasl_password": SecretStr("not-the-password")})
    with pytest.raises(KafkaError):
        await send(wrong, reasoning.TOPIC)
    plain = KafkaSettings(bootstrap_servers=secure_broker.bootstrap, topic_prefix=base.topic_prefix)
    with pytest.raises(KafkaError):
        await send(plain, reasoning.TOPIC)


def test_the_secrets_file_is_private(secure_broker: KafkaBroker) -> None:
    secrets = Path(secure_broker.home) / "secrets" / "kafka.json"
    assert secrets.stat().st_mode & 0o077 == 0
    props = secure_broker.data_dir / "server.properties"
    assert props.stat().st_mode & 0o077 == 0


async def test_a_right_the_registry_no_longer_grants_is_removed_on_provisioning(
    secure_broker: KafkaBroker, base: KafkaSettings
) -> None:
    from reasoning_mesh.infra.acls import Acl
    from reasoning_mesh.infra.security import create_acls

    admin = as_(base, secure_broker, "admin")
    groups = f"g{base.topic_prefix}"
    stray = Acl("planner", "TOPIC", base.physical(learner_journal.TOPIC), "LITERAL", "WRITE")
    await create_acls(admin, [stray])
    planner = as_(base, secure_broker, "planner")
    await send(planner, learner_journal.TOPIC)  # granted by hand, outside the registry
    await provision(admin, group_prefix=groups)  # e.g. the next `rmesh up`
    with pytest.raises(TopicAuthorizationFailedError):
        await send(planner, learner_journal.TOPIC)
    await send(planner, verifier_inbox.TOPIC)  # its own rights stay
