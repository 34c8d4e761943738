"""`rmesh k8s generate [--check]`: the Kubernetes resources that derive from the code."""

from __future__ import annotations

import typer

from reasoning_mesh.cli.common import console, fail

app = typer.Typer(help="Kubernetes manifests (infra/k8s, kustomize).", no_args_is_help=True)


@app.command()
def generate(
    check: bool = typer.Option(False, help="Only compare; exit 1 if a file is out of date."),
) -> None:
    """Write infra/k8s/base/generated/ (Deployments, budgets, KEDA autoscaling, Strimzi topics
    and users) from the services, the topic registry and the generated ACLs."""
    from reasoning_mesh.infra import k8s

    stale = k8s.write(check=check)
    if check and stale:
        fail(f"out of date: {', '.join(stale)} (run `rmesh k8s generate`)")
    verb = "would write" if check else "wrote"
    console.print(f"{verb} {len(stale)} file(s) under {k8s.generated_dir()}")
