"""The Kubernetes manifests, offline: generated parts match the code, both overlays render with
kustomize, core kinds validate against the Kubernetes 1.32 schemas (strict: no unknown field),
KEDA's resources against KEDA's own CRD schemas (from the Go module proxy), and the wiring holds:
probes, resources, budgets, a principal per service, no more replicas than partitions."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from reasoning_mesh.infra import k8s
from reasoning_mesh.infra.paths import repo_root

from .test_acls import service_stages

KEDA = "github.com/kedacore/keda/v2@v2.16.1"
OVERLAYS = ("dev", "prod")


def render(overlay: str) -> list[dict[str, Any]]:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl (with its built-in kustomize) is not installed")
    out = subprocess.run(
        [kubectl, "kustomize", str(repo_root() / "infra" / "k8s" / "overlays" / overlay)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return [d for d in yaml.safe_load_all(out.stdout) if d]


def test_the_generated_manifests_match_the_code() -> None:
    assert k8s.write(check=True) == [], "run `rmesh k8s generate`"


@pytest.mark.parametrize("service", sorted(k8s.WORK))
async def test_autoscaling_reads_the_group_and_topic_the_service_consumes(service: str) -> None:
    topic, group = k8s.WORK[service]
    if service == "analytics":  # a faust app: its group is its app id
        from reasoning_mesh.analytics.app import READS

        assert topic in READS and group == "rmesh.analytics"
        return
    consumed = {(t, s.config.group_id) for s in service_stages(service) for t in s.config.topics}
    assert (topic, group) in consumed


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_core_kinds_validate_against_the_kubernetes_schemas(overlay: str) -> None:
    import kubernetes_validate

    docs = render(overlay)
    core = [d for d in docs if "." not in d["apiVersion"].split("/")[0] or d["apiVersion"] == "v1"]
    assert len(core) > 20
    for doc in core:
        kubernetes_validate.validate(doc, "1.32", strict=True)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_wiring_holds(overlay: str) -> None:
    docs = render(overlay)
    by_kind: dict[str, dict[str, dict[str, Any]]] = {}
    for d in docs:
        by_kind.setdefault(d["kind"], {})[d["metadata"]["name"]] = d
        assert d["metadata"].get("namespace", "reasoning-mesh") == "reasoning-mesh"
    deployments = by_kind["Deployment"]
    for name, dep in deployments.items():
        (container,) = dep["spec"]["template"]["spec"]["containers"]
        assert {"readinessProbe", "livenessProbe"} <= set(container), name
        assert {"requests", "limits"} <= set(container["resources"]), name
        assert name in by_kind["PodDisruptionBudget"] or name in ("otel-collector", "jaeger")
    partitions = {
        t["spec"]["topicName"]: t["spec"]["partitions"] for t in by_kind["KafkaTopic"].values()
    }
    for service in k8s.WORK:
        env = {
            e["name"]: e
            for e in deployments[service]["spec"]["template"]["spec"]["containers"][0]["env"]
        }
        assert env["RMESH_KAFKA__SASL_USERNAME"]["value"] == service
        assert env["RMESH_KAFKA__SASL_PASSWORD"]["valueFrom"]["secretKeyRef"]["name"] == service
        assert service in by_kind["KafkaUser"]  # Strimzi writes the Secret of that name
        scaled = by_kind["ScaledObject"][service]["spec"]
        (trigger,) = [t for t in scaled["triggers"] if t["type"] == "kafka"]
        assert scaled["scaleTargetRef"]["name"] == service
        assert 1 <= scaled["minReplicaCount"] <= scaled["maxReplicaCount"]
        assert scaled["maxReplicaCount"] <= partitions[trigger["metadata"]["topic"]]
        assert trigger["authenticationRef"]["name"] in by_kind["TriggerAuthentication"]
    # Old and new analytics replicas never run side by side (docs/analytics.md, upgrades);
    # the stages roll one pod at a time as Kubernetes does by default.
    assert deployments["analytics"]["spec"]["strategy"] == {"type": "Recreate"}
    assert all("strategy" not in deployments[s]["spec"] for s in ("gateway", "verifier"))
    gateway_triggers = by_kind["ScaledObject"]["gateway"]["spec"]["triggers"]
    assert {t["type"] for t in gateway_triggers} == {"kafka", "cpu"}  # HTTP load is not lag
    learner = deployments["learner"]["spec"]["template"]["spec"]
    claims = {
        v["persistentVolumeClaim"]["claimName"]
        for v in learner["volumes"]
        if "persistentVolumeClaim" in v
    }
    assert claims == {"learner-home", "adapter-store", "model-repository"}  # Triton reads its adapters
    for name, dep in deployments.items():
        if name in k8s.WORK:
            assert "replicas" not in dep["spec"]  # KEDA owns the count
    assert "User:admin" in by_kind["Kafka"]["rmesh"]["spec"]["kafka"]["authorization"]["superUsers"]
    assert "admin" in by_kind["KafkaUser"]  # tenants and the DLQ are the operator's
    triton = deployments["triton"]["spec"]["template"]["spec"]["containers"][0]["resources"]
    assert ("nvidia.com/gpu" in triton["limits"]) == (overlay == "prod")


def keda_crds() -> dict[str, dict[str, Any]]:
    """KEDA's CRDs by kind, from the Go module proxy (cached under ~/.cache/rmesh)."""
    go = shutil.which("go")
    if go is None:
        pytest.skip("Go is needed to fetch KEDA's CRDs from the module proxy")
    cache = Path(os.environ.get("RMESH_CACHE", Path.home() / ".cache" / "rmesh")) / "gopath"
    done = subprocess.run(
        [go, "mod", "download", "-json", KEDA],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "GOPATH": str(cache), "GOFLAGS": "-mod=mod"},
        cwd=cache.parent if cache.parent.exists() else None,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"the Go module proxy did not serve {KEDA}: {done.stdout}{done.stderr}")
    bases = Path(json.loads(done.stdout)["Dir"]) / "config" / "crd" / "bases"
    crds = [yaml.safe_load(p.read_text()) for p in bases.glob("keda.sh_*.yaml")]
    return {c["spec"]["names"]["kind"]: c for c in crds}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_keda_resources_validate_against_keda_s_crds(overlay: str) -> None:
    import jsonschema

    crds = keda_crds()
    keda = [d for d in render(overlay) if d["apiVersion"].startswith("keda.sh/")]
    assert {d["kind"] for d in keda} == {"ScaledObject", "TriggerAuthentication"}
    for doc in keda:
        (version,) = [v for v in crds[doc["kind"]]["spec"]["versions"] if v["name"] == "v1alpha1"]
        jsonschema.validate(doc, version["schema"]["openAPIV3Schema"])
