"""What `rmesh up --brokers N --replicas ...` plans, without starting anything: replica ids,
distinct ports, the brokers' quorum and the settings every service replica is given."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from reasoning_mesh.errors import InfraError
from reasoning_mesh.infra.kafka import cluster
from reasoning_mesh.infra.stack import Stack, parse_replicas
from reasoning_mesh.settings import MeshSettings


def test_replicas_are_parsed_and_bad_ones_refused() -> None:
    assert parse_replicas("verifier=3, reasoner=2") == {"verifier": 3, "reasoner": 2}
    assert parse_replicas("") == {}
    for bad in ("verifier", "verifier=0", "verifier=x", "nosuch=2", "verifier=99"):
        with pytest.raises(InfraError, match="service=N"):
            parse_replicas(bad)


def test_every_replica_gets_its_own_instance_id_and_ports(tmp_path: Path) -> None:
    stack = Stack(MeshSettings(home=tmp_path), brokers=3, replicas={"verifier": 3, "gateway": 2})
    specs = stack.service_specs()
    verifiers = [s for s in specs if s.name == "verifier"]
    assert [s.replica for s in verifiers] == [0, 1, 2]
    assert [s.env["RMESH_INSTANCE_ID"] for s in verifiers] == ["0", "1", "2"]
    ports = [p for s in specs for p in s.ports.values()]
    assert len(ports) == len(set(ports))  # no two processes share a port
    gateways = [s for s in specs if s.name == "gateway"]
    assert [s.env["RMESH_HTTP_PORT"] for s in gateways] == ["8080", "8081"]
    for s in specs:
        assert s.env["RMESH_KAFKA__BOOTSTRAP_SERVERS"] == stack.bootstrap_servers
        assert s.env["RMESH_KAFKA__REPLICATION_FACTOR"] == "3"
    assert stack.bootstrap_servers == "127.0.0.1:19092,127.0.0.1:19094,127.0.0.1:19096"


def test_a_three_broker_cluster_is_one_quorum_on_distinct_ports(tmp_path: Path) -> None:
    nodes = cluster(tmp_path, 3, port=40092)
    assert [n.node_id for n in nodes] == [1, 2, 3]
    assert {n.voters for n in nodes} == {((1, 40093), (2, 40095), (3, 40097))}
    assert len({n.data_dir for n in nodes}) == 3
    single = cluster(tmp_path, 1, port=40092)[0]
    assert single.data_dir == tmp_path / "kafka" and not single.in_cluster


def test_three_brokers_are_secured_by_default_and_no_password_is_in_a_spec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reasoning_mesh.infra.security import passwords

    # A shell that acts as a principal (`eval "$(rmesh secure env admin)"`) runs `rmesh up`.
    monkeypatch.setenv("RMESH_KAFKA__SASL_PASSWORD", "shell-secret")
    monkeypatch.setenv("RMESH_KAFKA__SECURITY_PROTOCOL", "SASL_PLAINTEXT")
    assert not Stack(MeshSettings(home=tmp_path)).secure  # the single dev broker: plain
    assert not Stack(MeshSettings(home=tmp_path), brokers=3, secure=False).secure
    stack = Stack(MeshSettings(home=tmp_path), brokers=3)
    assert stack.secure
    with pytest.raises(InfraError, match="lacks credentials"):
        stack.admin_kafka()  # no passwords until the brokers are first set up
    secret = passwords(tmp_path, create=True)
    specs = stack.specs()
    services = [s for s in specs if s.name not in ("kafka", "triton")]
    assert {s.principal for s in services} == {s.name for s in services}
    for s in specs:
        assert not any(k.startswith(("RMESH_KAFKA__SASL", "RMESH_KAFKA__SECURITY")) for k in s.env)
        assert not [p for p in (*secret.values(), "shell-secret") if p in str(s.env)]
    admin = stack.admin_kafka()
    assert admin.security_protocol == "SASL_PLAINTEXT" and admin.sasl_username == "admin"
    assert stack.kafka_as("client").sasl_username == "client"
    assert secret["admin"] not in repr(admin) and secret["admin"] not in str(admin.model_dump())
    assert (tmp_path / "secrets" / "kafka.json").stat().st_mode & 0o077 == 0


def test_credentials_in_any_spelling_stay_out_of_the_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    from reasoning_mesh.infra.procs import inherited_env

    monkeypatch.setenv("rmesh_kafka__sasl_password", "lower")
    monkeypatch.setenv("RMESH_KAFKA", '{"sasl_password": "json"}')
    monkeypatch.setenv("RMESH_KAFKA__SSL_CAFILE", "/ca")
    monkeypatch.setenv("RMESH_KAFKA__BOOTSTRAP_SERVERS", "127.0.0.1:1")
    env = inherited_env()
    assert not {"rmesh_kafka__sasl_password", "RMESH_KAFKA", "RMESH_KAFKA__SSL_CAFILE"} & set(env)
    assert env["RMESH_KAFKA__BOOTSTRAP_SERVERS"] == "127.0.0.1:1"


def test_a_broker_refuses_a_secrets_file_changed_since_it_was_formatted(tmp_path: Path) -> None:
    import json

    from reasoning_mesh.infra.kafka import KafkaBroker

    broker = KafkaBroker(tmp_path, port=39991, controller_port=39992, secure=True)
    argv = broker.command()  # formats the storage with the SCRAM credentials
    assert not [a for a in argv if "password" in a.lower()]  # none on the command line
    assert not (broker.data_dir / "format.args").exists()  # the argument file is gone
    assert (broker.data_dir / "server.properties").stat().st_mode & 0o077 == 0
    secrets = tmp_path / "secrets" / "kafka.json"
    changed = {**json.loads(secrets.read_text()), "admin": "regenerated"}
    secrets.write_text(json.dumps(changed))
    with pytest.raises(InfraError, match="changed since"):
        broker.command()


def test_background_services_yield_the_cores_to_the_serving_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    niceness = {s.name: s.nice for s in Stack(MeshSettings(home=tmp_path)).service_specs()}
    assert niceness == {"retriever": 0, "reasoner": 0, "verifier": 0, "planner": 0, "gateway": 0,
                        "learner": 10, "analytics": 10}  # fmt: skip
    monkeypatch.setenv("RMESH_ANALYTICS_NICE", "0")
    assert {s.name: s.nice for s in Stack(MeshSettings(home=tmp_path)).service_specs()}["analytics"] == 0


def test_a_port_another_process_holds_is_refused_before_anything_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        monkeypatch.setenv("RMESH_PLANNER_METRICS_PORT", str(port))
        stack = Stack(MeshSettings(home=tmp_path))
        assert f"planner-0 metrics {port}" in stack.taken_ports()
        with pytest.raises(InfraError, match=f"planner-0 metrics {port}"):
            stack.up(timeout_s=5)
    # Nothing started, nothing formatted or copied: the home holds no file.
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]
