"""The Grafana dashboard and the compose wiring it needs, offline: every panel queries metrics the
services really export (a renamed metric fails here, not on a blank panel), Prometheus discovers
every replica of every service, and compose provisions Grafana with both."""

from __future__ import annotations

import json
import re

import yaml
from prometheus_client import REGISTRY

import reasoning_mesh.telemetry.metrics  # noqa: F401 - registers every rmesh_* metric
from reasoning_mesh.infra.paths import repo_root
from reasoning_mesh.infra.stack import SERVICES

ROOT = repo_root()


def exported() -> set[str]:
    names = set()
    for family in REGISTRY.collect():
        names.add(family.name)
        if family.type == "counter":  # a family is named without the suffix its samples get
            names.add(f"{family.name}_total")
        names |= {s.name for s in family.samples}
    return {n for n in names if n.startswith("rmesh_")}


def test_every_panel_queries_metrics_the_services_export() -> None:
    dash = json.loads((ROOT / "infra/grafana/dashboards/reasoning-mesh.json").read_text())
    assert dash["uid"] == "reasoning-mesh" and len(dash["panels"]) >= 12
    known = exported() | {f"{n}_bucket" for n in exported()}
    used = set()
    for panel in dash["panels"]:
        assert panel["targets"], panel["title"]
        assert panel["datasource"]["uid"] == "prometheus"
        for target in panel["targets"]:
            used |= set(re.findall(r"\brmesh_[a-z_]+", target["expr"]))
    assert used and used <= known, used - known
    ids = [p["id"] for p in dash["panels"]]
    assert len(ids) == len(set(ids))


def test_prometheus_finds_every_replica_and_compose_provisions_grafana() -> None:
    prom = yaml.safe_load((ROOT / "infra/prometheus/prometheus.yml").read_text())
    (rmesh,) = [j for j in prom["scrape_configs"] if j["job_name"] == "rmesh"]
    found = {(c["names"][0], c["port"]) for c in rmesh["dns_sd_configs"]}
    assert found == {(s.name, s.default_metrics_port) for s in SERVICES}
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    grafana = compose["services"]["grafana"]
    assert any("infra/grafana/provisioning" in v for v in grafana["volumes"])
    assert any("infra/grafana/dashboards" in v for v in grafana["volumes"])
    source = yaml.safe_load(
        (ROOT / "infra/grafana/provisioning/datasources/prometheus.yaml").read_text()
    )
    assert source["datasources"][0]["uid"] == "prometheus"
    for svc in SERVICES:  # each service's metrics port matches what Prometheus scrapes
        env = compose["services"][svc.name]["environment"]
        assert str(env[f"RMESH_{svc.name.upper()}_METRICS_PORT"]) == str(svc.default_metrics_port)
