"""`rmesh learn ...`: teach the mesh (publish labelled feedback) and inspect its adapters."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from pydantic import ValidationError
from rich.markup import escape
from rich.table import Table

from reasoning_mesh.adapters.package import open_package
from reasoning_mesh.adapters.signing import TrustedKeys
from reasoning_mesh.adapters.store import LocalAdapterStore
from reasoning_mesh.cli.common import console, err_console, fail, run
from reasoning_mesh.contracts import feedback
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.errors import MeshError
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.infra.paths import adapter_store_dir, trusted_keys_dir
from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.runtime.codec import describe_validation
from reasoning_mesh.settings import MeshSettings

app = typer.Typer(help="Continual learning: feedback and adapters.", no_args_is_help=True)


@app.command("feedback")
def publish_feedback(
    path: Path = typer.Argument(..., help="JSONL: skill, answer, and prompt or question."),
) -> None:
    """Publish labelled examples to the feedback topic (bad lines are reported, not sent)."""
    good: list[Feedback] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            good.append(Feedback.model_validate_json(line))
        except ValidationError as exc:
            err_console.print(f"line {n}: {describe_validation(exc)}", markup=False)

    async def send() -> None:
        async with MeshClient(MeshSettings().kafka, client_id="rmesh-learn") as client:
            for fb in good:
                await client.publish(feedback.TOPIC, fb, key=fb.skill)

    run(send())
    console.print(f"published {len(good)} feedback records")


@app.command()
def adapters() -> None:
    """Every adapter in the local store, checked as the server checks it."""
    settings = MeshSettings()
    store = LocalAdapterStore(adapter_store_dir(settings.home))
    trusted = TrustedKeys.from_dir(trusted_keys_dir(settings.home))
    base = str(checkpoint.read_manifest(checkpoint.default_dir())["sha384"])
    ids = store.ids()
    if not ids:
        fail(f"no adapters in {store.root}")
    table = Table("adapter", "skills", "rank", "check", "metrics")
    for aid in ids:
        try:
            manifest, _ = open_package(store.get(aid), trusted, base)
        except MeshError as exc:
            table.add_row(aid, "?", "?", f"[red]{escape(str(exc))}[/red]", "")
            continue
        gains = {k: v for k, v in manifest.metrics.items() if k.endswith(tuple(manifest.skills))}
        table.add_row(aid, ",".join(manifest.skills), str(manifest.rank), "ok", json.dumps(gains))
    console.print(table)
