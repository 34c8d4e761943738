"""The local Apache Kafka brokers: KRaft, fetched from Maven Central, on loopback.

One node by default (`<home>/kafka`); `cluster(home, 3)` gives three nodes, each broker and
controller, on consecutive port pairs (`<home>/kafka-cluster/node-N`, one shared cluster id), with
internal topics replicated three times and `min.insync.replicas=2`: any one broker may die.

`infra/kafka/pom.xml` lists the broker's artifacts; Maven copies them (and every dependency) into
the git-ignored `infra/kafka/lib/`, and the broker runs as `java -cp lib/* kafka.Kafka`. The log
directory lives under `<home>/kafka` and survives restarts (durable), formatted once.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

from reasoning_mesh.errors import InfraError
from reasoning_mesh.infra import procs
from reasoning_mesh.infra.paths import repo_root
from reasoning_mesh.settings import KafkaSettings

SERVER_PROPERTIES = """\
# Written by reasoning_mesh.infra.kafka; edit the launcher, not this file.
process.roles=broker,controller
node.id={node_id}
controller.quorum.voters={voters}
listeners={listener}://127.0.0.1:{port},CONTROLLER://127.0.0.1:{controller_port}
advertised.listeners={listener}://127.0.0.1:{port}
controller.listener.names=CONTROLLER
log.dirs={log_dir}
num.partitions=3
# Topics are created explicitly (rmesh up / each stage); a typo must not create a new topic.
auto.create.topics.enable=false
offsets.topic.replication.factor={replication}
offsets.topic.num.partitions=6
transaction.state.log.replication.factor={replication}
transaction.state.log.min.isr={min_isr}
transaction.state.log.num.partitions=6
group.initial.rebalance.delay.ms=0
message.max.bytes=8388608
log.retention.hours=168
# A dev broker: fsync is left to the OS as in every default Kafka; replication is the real guard.
"""

PLAIN_LISTENERS = """\
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
"""


@dataclass(frozen=True)
class KafkaBroker:
    home: Path
    port: int = 19092
    controller_port: int = 19093
    heap: str = "768m"
    node_id: int = 1
    #: Every controller of the cluster as (node id, controller port); empty: this node alone.
    voters: tuple[tuple[int, int], ...] = ()
    #: SASL/SCRAM listeners and ACLs (`infra.security`); its own storage, apart from a plain one.
    secure: bool = False

    @property
    def in_cluster(self) -> bool:
        return len(self.voters) > 1

    @property
    def data_dir(self) -> Path:
        suffix = "-secure" if self.secure else ""
        if self.in_cluster:
            return self.home / f"kafka-cluster{suffix}" / f"node-{self.node_id}"
        return self.home / f"kafka{suffix}"

    def admin_settings(self) -> KafkaSettings:
        """How an administrator reaches this broker (the `admin` principal when secured)."""
        kafka = KafkaSettings(bootstrap_servers=self.bootstrap)
        if not self.secure:
            return kafka
        from reasoning_mesh.infra.security import ADMIN, principal_settings

        return principal_settings(kafka, self.home, ADMIN)

    @property
    def pid_file(self) -> Path:
        return self.data_dir / "kafka.pid"

    @property
    def log_file(self) -> Path:
        return self.data_dir / "kafka.log"

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def running(self) -> bool:
        return procs.pid_of(self.pid_file) is not None and procs.port_open("127.0.0.1", self.port)

    def command(self) -> list[str]:
        """Write the node's configuration, format its storage once, and return its command line."""
        jars = ensure_jars()
        props = self.data_dir / "server.properties"
        log_dir = self.data_dir / "log"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        voters = self.voters or ((self.node_id, self.controller_port),)
        replication = min(3, len(voters))
        security, scram = PLAIN_LISTENERS, []
        formatted = (log_dir / "meta.properties").exists()
        if self.secure:
            from reasoning_mesh.infra import security as sec

            security = sec.broker_properties(self.home, create=not formatted)
            scram = sec.scram_bootstrap_args(self.home)
            stamp = self.data_dir / "secrets.sha256"
            if formatted and not stamp.exists():
                stamp.write_text(sec.fingerprint(self.home))  # formatted before stamps existed
            if formatted and stamp.read_text() != sec.fingerprint(self.home):
                raise InfraError(
                    f"{sec.secrets_file(self.home)} changed since {self.data_dir} was formatted: "
                    "its SCRAM credentials no longer match; restore the file or start afresh"
                )
        # The secured broker's file holds the admin password: readable by its owner only.
        props.touch(mode=0o600)
        props.chmod(0o600)  # also a file an earlier version left readable
        props.write_text(
            SERVER_PROPERTIES.format(
                listener="SASL_PLAINTEXT" if self.secure else "PLAINTEXT",
                port=self.port,
                controller_port=self.controller_port,
                log_dir=log_dir,
                node_id=self.node_id,
                voters=",".join(f"{n}@127.0.0.1:{p}" for n, p in voters),
                replication=replication,
                min_isr=2 if replication >= 3 else 1,
            )
            + security
        )
        base = [
            _java(),
            f"-Xmx{self.heap}",
            "-XX:+UseG1GC",
            f"-Dlog4j2.configurationFile={kafka_infra_dir() / 'log4j2.properties'}",
            "-cp",
            f"{jars}/*",
        ]
        if not formatted:
            args = [
                *base[1:],
                "kafka.tools.StorageTool",
                "format",
                # `--cluster-id=…` in one argument: an id may start with "-" (URL-safe base64),
                # which argparse would otherwise read as an option.
                f"--cluster-id={self._cluster_id()}",
                "-c",
                str(props),
                *scram,
            ]
            # The SCRAM credentials are passwords: they go through a 0600 argument file
            # (`java @file`), never the command line other users can read in /proc.
            argfile = self.data_dir / "format.args"
            fd = os.open(argfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write("".join(f'"{a}"\n' for a in args))
            try:
                result = subprocess.run(
                    [base[0], f"@{argfile}"], capture_output=True, text=True, check=False
                )
            finally:
                argfile.unlink(missing_ok=True)
            if result.returncode != 0:
                # The output may echo the SCRAM arguments: say what failed, not the secrets.
                text = result.stdout + result.stderr
                for arg in scram:
                    text = text.replace(arg, "<scram credential>")
                raise InfraError(f"kafka storage format failed: {text}")
            if self.secure:
                from reasoning_mesh.infra.security import fingerprint

                (self.data_dir / "secrets.sha256").write_text(fingerprint(self.home))
        return [*base, "kafka.Kafka", str(props)]

    def _cluster_id(self) -> str:
        if not self.in_cluster:
            return _cluster_id()
        # Every node of a cluster is formatted with the same id.
        path = self.data_dir.parent / "cluster.id"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_cluster_id())
        return path.read_text().strip()

    def start(self, timeout_s: float = 90.0) -> None:
        """Start the broker unless it is already up (idempotent)."""
        if self.running():
            return
        if procs.pid_of(self.pid_file) is None and procs.port_open("127.0.0.1", self.port):
            raise InfraError(f"port {self.port} is taken by another process")
        procs.spawn(self.command(), log_file=self.log_file, pid_file=self.pid_file)
        procs.wait_until(
            self.ready,
            timeout_s=timeout_s,
            what="Kafka broker",
            alive=lambda: procs.pid_of(self.pid_file) is not None,
            log_file=self.log_file,
        )

    def ready(self) -> bool:
        if not procs.port_open("127.0.0.1", self.port):
            return False
        # The port opens before the broker has joined its own quorum; ask for metadata.
        return metadata_ok(self.admin_settings())

    def stop(self) -> bool:
        return procs.stop(self.pid_file, timeout_s=60)


def cluster(home: Path, nodes: int, port: int = 19092, secure: bool = False) -> list[KafkaBroker]:
    """`nodes` brokers on port pairs from `port` (broker, controller), one KRaft quorum."""
    if nodes == 1:
        return [KafkaBroker(home, port=port, controller_port=port + 1, secure=secure)]
    voters = tuple((i + 1, port + 2 * i + 1) for i in range(nodes))
    return [
        KafkaBroker(
            home,
            port=port + 2 * i,
            controller_port=port + 2 * i + 1,
            node_id=i + 1,
            voters=voters,
            secure=secure,
        )
        for i in range(nodes)
    ]


def kafka_infra_dir() -> Path:
    return repo_root() / "infra" / "kafka"


def ensure_jars() -> Path:
    """Fetch the broker's jars with Maven if they are not there yet; returns the lib directory."""
    lib = kafka_infra_dir() / "lib"
    if lib.is_dir() and any(lib.glob("kafka_2.13-*.jar")):
        return lib
    mvn = shutil.which("mvn")
    if mvn is None:
        raise InfraError("Maven (mvn) is needed to fetch the Kafka broker; install maven")
    result = subprocess.run(
        [mvn, "-q", "-B", "-f", str(kafka_infra_dir() / "pom.xml"), "dependency:copy-dependencies"],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise InfraError(f"fetching Kafka from Maven Central failed:\n{result.stdout}{result.stderr}")
    return lib


def _java() -> str:
    java = shutil.which("java")
    if java is None:
        raise InfraError("Java 17+ is needed to run the Kafka broker")
    return java


def _cluster_id() -> str:
    # Kafka cluster ids are 16 random bytes in URL-safe base64 without padding.
    import base64

    return base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")


def metadata_ok(kafka: KafkaSettings | str) -> bool:
    import asyncio

    from aiokafka.admin import AIOKafkaAdminClient

    if isinstance(kafka, str):
        kafka = KafkaSettings(bootstrap_servers=kafka)
    options = kafka.client_options()

    async def probe() -> bool:
        admin = AIOKafkaAdminClient(**options, request_timeout_ms=3000)
        try:
            await admin.start()
            await admin.list_topics()
            return True
        except Exception:  # noqa: BLE001 - any failure just means "not yet"
            return False
        finally:
            await admin.close()

    # A broker that is still starting is expected here: its connection errors are not news
    # (silenced for the probe only, not for the rest of the process).
    aiokafka_log = logging.getLogger("aiokafka")
    level = aiokafka_log.level
    aiokafka_log.setLevel(logging.CRITICAL)
    try:
        return asyncio.run(probe())
    finally:
        aiokafka_log.setLevel(level)
