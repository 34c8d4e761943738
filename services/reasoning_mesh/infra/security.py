"""The secured local broker (`rmesh up --secure`): SASL/SCRAM principals and their ACLs.

One principal per service, `client` for the SDK and CLI, and `admin` (the brokers' own and the
operator's; the only super user). Passwords are random (192 bits), generated once per home, when
the brokers first format their storage, and kept in `<home>/secrets/kafka.json` (mode 0600);
the brokers' configuration holds the admin's (also 0600), and the storage format reads the SCRAM
credentials from a 0600 argument file, never from a command line. Brokers authenticate clients
with SCRAM-SHA-512 (only a salted hash is stored, in the metadata log, bootstrapped when the
storage is formatted); the KRaft controller listener uses SASL/PLAIN, because a controller
cannot read SCRAM credentials from a log it has not loaded yet. `StandardAuthorizer` with no
ACL means no access.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from reasoning_mesh.contracts.topics import BY_NAME, PRINCIPALS, TOPICS
from reasoning_mesh.errors import InfraError
from reasoning_mesh.infra.acls import Acl, acls
from reasoning_mesh.settings import KafkaSettings

log = logging.getLogger(__name__)

ADMIN = "admin"
MECHANISM = "SCRAM-SHA-512"


def secrets_file(home: Path) -> Path:
    return home / "secrets" / "kafka.json"


def passwords(home: Path, create: bool = False) -> dict[str, str]:
    """Every principal's password (admin, the services, client). Only a broker formatting its
    storage (`create`) makes them: anywhere else a missing or incomplete file is an error, since
    new passwords would not match the SCRAM credentials the brokers already hold."""
    path = secrets_file(home)
    known: dict[str, str] = dict(json.loads(path.read_text())) if path.exists() else {}
    wanted = {ADMIN, *PRINCIPALS}
    if set(known) >= wanted:
        return known
    if not create:
        missing = ", ".join(sorted(wanted - set(known)))
        raise InfraError(
            f"{path} lacks credentials for {missing}: these brokers were not set up secured "
            "here (`rmesh up --secure` on a fresh home makes them)"
        )
    # Hex: no character SCRAM's bootstrap syntax or a JAAS string would have to escape.
    fresh = {p: known.get(p) or secrets.token_hex(24) for p in sorted(wanted)}
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.parent.chmod(0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(fresh, out)
    tmp.replace(path)
    return fresh


def fingerprint(home: Path) -> str:
    """A digest of the passwords: a broker's storage remembers the set it was formatted with."""
    import hashlib

    return hashlib.sha256(json.dumps(passwords(home), sort_keys=True).encode()).hexdigest()


def principal_settings(kafka: KafkaSettings, home: Path, principal: str) -> KafkaSettings:
    """`kafka` as `principal` sees it on the secured local brokers."""
    known = passwords(home)
    if principal not in known:
        raise InfraError(f"unknown principal {principal!r}; one of {', '.join(sorted(known))}")
    return kafka.model_copy(
        update={
            "security_protocol": "SASL_PLAINTEXT",
            "sasl_mechanism": MECHANISM,
            "sasl_username": principal,
            "sasl_password": SecretStr(known[principal]),
        }
    )


def principal_env(home: Path, principal: str, bootstrap: str) -> dict[str, str]:
    """The `RMESH_KAFKA__*` variables a process runs as `principal` with."""
    return {
        "RMESH_KAFKA__BOOTSTRAP_SERVERS": bootstrap,
        "RMESH_KAFKA__SECURITY_PROTOCOL": "SASL_PLAINTEXT",
        "RMESH_KAFKA__SASL_MECHANISM": MECHANISM,
        "RMESH_KAFKA__SASL_USERNAME": principal,
        "RMESH_KAFKA__SASL_PASSWORD": passwords(home)[principal],
    }


def broker_properties(home: Path, create: bool = False) -> str:
    """The lines a secured broker's `server.properties` adds to (and overrides in) the plain one."""
    admin = passwords(home, create)[ADMIN]
    scram = "org.apache.kafka.common.security.scram.ScramLoginModule"
    plain = "org.apache.kafka.common.security.plain.PlainLoginModule"
    return f"""\
listener.security.protocol.map=CONTROLLER:SASL_PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT
inter.broker.listener.name=SASL_PLAINTEXT
sasl.enabled.mechanisms={MECHANISM}
listener.name.sasl_plaintext.sasl.enabled.mechanisms={MECHANISM}
listener.name.controller.sasl.enabled.mechanisms=PLAIN
sasl.mechanism.inter.broker.protocol={MECHANISM}
sasl.mechanism.controller.protocol=PLAIN
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config={scram} required \
username="{ADMIN}" password="{admin}";
listener.name.controller.plain.sasl.jaas.config={plain} required \
username="{ADMIN}" password="{admin}" user_{ADMIN}="{admin}";
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:{ADMIN}
allow.everyone.if.no.acl.found=false
"""


def scram_bootstrap_args(home: Path) -> list[str]:
    """`kafka-storage format` arguments that store every principal's SCRAM credential."""
    out: list[str] = []
    for name, password in sorted(passwords(home).items()):
        out += ["--add-scram", f"{MECHANISM}=[name={name},password={password}]"]
    return out


# Kafka's enum codes (org.apache.kafka.common.resource / acl), as the wire protocol sends them.
_RESOURCE = {"TOPIC": 2, "GROUP": 3, "TRANSACTIONAL_ID": 5}
_PATTERN = {"LITERAL": 3, "PREFIXED": 4}
_OPERATION = {"READ": 3, "WRITE": 4, "DESCRIBE": 8}
_ALLOW, _ANY_HOST = 3, "*"


@contextlib.asynccontextmanager
async def _admin_client(admin_kafka: KafkaSettings) -> AsyncIterator[Any]:
    """A started admin client for the ACL requests (aiokafka has no ACL methods, only the
    protocol's requests), closed afterwards."""
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(**admin_kafka.client_options(), request_timeout_ms=15_000)
    await admin.start()
    try:
        yield admin
    finally:
        await admin.close()


async def create_acls(admin_kafka: KafkaSettings, rules: list[Acl]) -> None:
    """Create `rules` (idempotent: an existing rule is left as it is)."""
    import asyncio

    from aiokafka.errors import for_code
    from aiokafka.protocol.admin import CreateAclsRequest

    async with _admin_client(admin_kafka) as admin:

        async def one(rule: Acl) -> None:
            request = CreateAclsRequest(
                _RESOURCE[rule.resource_type],
                rule.resource_name,
                _PATTERN[rule.pattern_type],
                rule.user,
                _ANY_HOST,
                _OPERATION[rule.operation],
                _ALLOW,
            )
            # aiokafka has no create_acls(); its protocol has the request (v1: pattern types).
            response = await admin._send_request(request)
            for code, message in response.creation_responses:
                if code:
                    raise InfraError(f"creating ACL {rule}: {for_code(code).__name__} {message}")

        await asyncio.gather(*(one(r) for r in rules))


async def held_acls(admin_kafka: KafkaSettings, principals: tuple[str, ...]) -> list[Acl]:
    """The ALLOW rules the brokers hold for `principals` (kinds this module does not name are
    reported with their numeric codes, so they can still be deleted)."""
    from aiokafka.protocol.admin import DescribeAclsRequest

    names = {v: k for k, v in _RESOURCE.items()}
    patterns = {v: k for k, v in _PATTERN.items()}
    operations = {v: k for k, v in _OPERATION.items()}
    out: list[Acl] = []
    async with _admin_client(admin_kafka) as admin:
        for principal in principals:
            # ANY (1) resource, pattern, operation and permission; any name and host (null).
            request = DescribeAclsRequest(1, None, 1, f"User:{principal}", None, 1, 1)  # type: ignore[arg-type]
            response = await admin._send_request(request)
            if response.error_code:
                raise InfraError(f"describing ACLs: {response.error_message}")
            for rtype, rname, pattern, entries in response.resources:
                for _user, host, op, permission in entries:
                    if permission != _ALLOW or host != _ANY_HOST:
                        continue
                    out.append(
                        Acl(
                            principal,
                            names.get(rtype, str(rtype)),
                            rname,
                            patterns.get(pattern, str(pattern)),
                            operations.get(op, str(op)),
                        )
                    )
    return sorted(out)


async def delete_acls(admin_kafka: KafkaSettings, rules: list[Acl]) -> None:
    from aiokafka.protocol.admin import DeleteAclsRequest

    def code(table: dict[str, int], name: str) -> int:
        return table[name] if name in table else int(name)

    async with _admin_client(admin_kafka) as admin:
        for r in rules:
            request = DeleteAclsRequest(
                code(_RESOURCE, r.resource_type),
                r.resource_name,
                code(_PATTERN, r.pattern_type),
                r.user,
                _ANY_HOST,
                code(_OPERATION, r.operation),
                _ALLOW,
            )
            response = await admin._send_request(request)
            for error, message, *_ in response.filter_responses:
                if error:
                    raise InfraError(f"deleting ACL {r}: {message}")


def ours(rule: Acl, kafka: KafkaSettings, group_prefix: str) -> bool:
    """Whether a rule names this mesh's resources (a topic under its topic prefix, a group or
    transactional id under its group prefix): another mesh's rules on the same brokers stay."""
    if rule.resource_type == "TOPIC":
        # An unprefixed mesh's `rmesh.` must not claim `staging.rmesh.` topics: the whole
        # logical name is checked against the registry.
        return kafka.logical(rule.resource_name) in BY_NAME and rule.resource_name.startswith(
            kafka.topic_prefix
        )
    return rule.resource_name == group_prefix or rule.resource_name.startswith(f"{group_prefix}.")


async def provision(admin_kafka: KafkaSettings, group_prefix: str = "rmesh") -> int:
    """Create every topic of the registry and every principal's ACLs, and delete the rules of
    this mesh's namespace that the registry no longer grants (a right removed in a new version
    leaves the brokers too); returns the rule count."""
    from reasoning_mesh.runtime.kafka import ensure_topics

    await ensure_topics(admin_kafka, [t.name for t in TOPICS])
    rules = acls(admin_kafka, group_prefix)
    wanted = set(rules)
    await create_acls(admin_kafka, rules)
    stale = [
        r
        for r in await held_acls(admin_kafka, PRINCIPALS)
        if r not in wanted and ours(r, admin_kafka, group_prefix)
    ]
    if stale:
        await delete_acls(admin_kafka, stale)
    log.info(
        "provisioned %d topics and %d ACL rules (%d stale removed)", len(TOPICS), len(rules), len(stale)
    )
    return len(rules)
