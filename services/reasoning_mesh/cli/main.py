"""`rmesh`: run the local mesh, publish, subscribe, trace, benchmark."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.tree import Tree

from reasoning_mesh.cli import bench, bench_faults, k8s, kb, learn, secure, tenants
from reasoning_mesh.cli.ask import ask as ask_command
from reasoning_mesh.cli.common import console, err_console, fail, run
from reasoning_mesh.cli.top import top as top_command
from reasoning_mesh.cli.train import train as train_command
from reasoning_mesh.cli.train import train_stories, train_translator
from reasoning_mesh.contracts import events, results
from reasoning_mesh.contracts.topics import SERVICES
from reasoning_mesh.errors import MeshError
from reasoning_mesh.settings import MeshSettings

app = typer.Typer(
    help="reasoning-mesh: verified multi-step reasoning over Kafka.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(kb.app, name="kb")
bench_faults.register(bench.app)
app.command("capacity")(bench_faults.plan)
app.add_typer(bench.app, name="bench")
app.add_typer(learn.app, name="learn")
app.add_typer(tenants.app, name="tenants")
app.add_typer(secure.app, name="secure")
app.add_typer(k8s.app, name="k8s")
schemas_app = typer.Typer(help="Message contracts.", no_args_is_help=True)
app.add_typer(schemas_app, name="schemas")
app.command("train")(train_command)
app.command("train-translator")(train_translator)
app.command("train-stories")(train_stories)
app.command("ask")(ask_command)
app.command("top")(top_command)


@app.command()
def up(
    replicas: str = typer.Option(
        "", help="Replicas per service, e.g. verifier=3,reasoner=2 (others: 1)."
    ),
    brokers: int | None = typer.Option(
        None,
        min=1,
        max=5,
        help="Kafka brokers (default 1; 3: replication factor 3, min.insync.replicas 2).",
    ),
    secure: bool | None = typer.Option(
        None,
        "--secure/--plain",
        help="SASL/SCRAM brokers with ACLs, each service its own principal (`rmesh secure env`); "
        "default: as the running stack, else secured with --brokers 3 or more, plain with one.",
    ),
) -> None:
    """Start Kafka, Triton and every service under a supervisor that restarts what dies; returns
    once all are healthy."""
    from reasoning_mesh.infra.stack import Stack, parse_replicas

    try:
        stack = Stack(brokers=brokers, replicas=parse_replicas(replicas), secure=secure)
        with console.status("starting Kafka, Triton and the services..."):
            stack.up()
    except MeshError as exc:
        fail(str(exc))
    _print_status(stack.status())


@app.command()
def down() -> None:
    """Stop every service, Triton and Kafka (data is kept under RMESH_HOME)."""
    from reasoning_mesh.infra.stack import Stack

    stopped = Stack().down()
    console.print(f"stopped: {', '.join(stopped) or 'nothing was running'}")


@app.command()
def status(
    lag: bool = typer.Option(True, help="Also show consumer-group lag."),
    as_json: bool = typer.Option(False, "--json", help="Print the processes as JSON."),
) -> None:
    """Every process (brokers, Triton, each service replica): pid, health, restarts, ports;
    and consumer lag. Exits 1 if anything is unhealthy."""
    from reasoning_mesh.infra.stack import Stack, consumer_lag

    stack = Stack()
    rows = stack.status()
    healthy = bool(rows) and all(r["healthy"] for r in rows)
    if as_json:
        out = {"processes": rows, "bootstrap_servers": stack.bootstrap_servers}
        typer.echo(json.dumps(out, indent=1))
    else:
        _print_status(rows)
        if lag and any(r["name"] == "kafka" and r["healthy"] for r in rows):
            table = Table("consumer group", "lag")
            for group, n in sorted(asyncio.run(consumer_lag(stack.admin_kafka())).items()):
                table.add_row(group, "no commits yet" if n is None else str(n))
            console.print(table)
    if not healthy:
        raise typer.Exit(1)


def _print_status(rows: list[dict[str, Any]]) -> None:
    table = Table("process", "replica", "pid", "healthy", "restarts", "ports")
    for row in rows:
        table.add_row(
            row["name"],
            str(row["replica"]),
            str(row["pid"] or "-"),
            "[green]yes" if row["healthy"] else "[red]no",
            str(row["restarts"]),
            " ".join(f"{k}:{v}" for k, v in row["ports"].items()),
        )
    if not rows:
        table.add_row("(nothing runs: rmesh up)", "", "", "", "", "")
    console.print(table)


@app.command()
def batch(
    input_path: Path = typer.Argument(..., exists=True, dir_okay=False, help="JSONL requests."),
    out: Path = typer.Option(..., "--out", help="JSONL results (appended; reruns resume)."),
    kind: str = typer.Option("reason", help="Kind for lines that do not say."),
    tenant: str = typer.Option(None, help="Tenant for every line (default: each line's own)."),
    max_in_flight: int = typer.Option(64, min=1, help="Requests awaiting results at once."),
    timeout: float = typer.Option(600.0, help="Seconds to wait for any one result."),
    feedback: bool = typer.Option(
        True,
        "--feedback/--no-feedback",
        help="--no-feedback: no answer's steps teach the learner, whatever a line says (use it for "
        "evaluation sets).",
    ),
) -> None:
    """Submit every line of INPUT and write one result line per input line to --out."""
    from reasoning_mesh.gateway.batch import BatchSummary, read_requests, run_batch
    from reasoning_mesh.gateway.sdk import MeshClient

    parse_kw = {"default_kind": kind, "tenant": tenant, "feedback": None if feedback else False}
    total = len(read_requests(input_path, BatchSummary(), **parse_kw))

    async def go() -> BatchSummary:
        columns = (TextColumn("batch"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console) as progress:
            task = progress.add_task("batch", total=total)
            async with MeshClient(MeshSettings().kafka, client_id="rmesh-batch") as client:
                return await run_batch(
                    client,
                    input_path,
                    out,
                    max_in_flight=max_in_flight,
                    timeout_s=timeout,
                    on_progress=lambda n: progress.advance(task, n),
                    **parse_kw,
                )

    summary = run(go())
    for bad in summary.bad_lines:
        err_console.print(f"[red]{escape(f'{input_path}:{bad.line}: {bad.reason}')}")
    for rid in summary.timed_out:
        err_console.print(f"[red]no result for {escape(rid)} within {timeout:.0f}s (rerun to retry)")
    console.print(
        f"answered {summary.answered} lines, skipped {summary.skipped} already "
        f"answered, {len(summary.bad_lines)} bad lines, "
        f"{summary.refusals} throttled and resubmitted; by status: "
        f"{json.dumps(summary.by_status)}"
    )
    if not summary.ok:
        raise typer.Exit(1)


@app.command()
def subscribe(
    request_id: list[str] = typer.Option(None, "--request-id", "-r", help="Only these ids."),
    with_events: bool = typer.Option(True, "--events/--no-events", help="Include events."),
    from_beginning: bool = typer.Option(False, help="Replay from the start of the topics."),
    limit: int = typer.Option(0, help="Stop after this many results (0: run until Ctrl-C)."),
) -> None:
    """Stream results (and per-request events) as JSON lines."""
    from reasoning_mesh.gateway.sdk import MeshClient

    topics = (results.TOPIC, events.TOPIC) if with_events else (results.TOPIC,)

    async def go() -> None:
        seen = 0
        async with (
            MeshClient(MeshSettings().kafka) as client,
            client.subscribe(
                topics,
                request_ids=set(request_id) if request_id else None,
                from_beginning=from_beginning,
            ) as sub,
        ):
            async for topic, msg in sub:
                print(json.dumps({"topic": topic, **msg.model_dump(mode="json")}), flush=True)
                if topic == results.TOPIC:
                    seen += 1
                    if limit and seen >= limit:
                        return

    run(go())


@app.command()
def trace(request_id: str = typer.Argument(..., help="The request id.")) -> None:
    """Print the span tree of every trace that touched REQUEST_ID."""
    from reasoning_mesh.telemetry.tracetree import build_forest, read_spans, spans_for_request

    spans = spans_for_request(read_spans(MeshSettings().traces_dir()), request_id)
    if not spans:
        fail(f"no spans recorded for {request_id!r} (are the services running with this RMESH_HOME?)")
    t0 = min(s["start_ns"] for s in spans)

    def label(s: dict[str, object]) -> str:
        dur = (int(s["end_ns"]) - int(s["start_ns"])) / 1e6  # type: ignore[call-overload]
        at = (int(s["start_ns"]) - t0) / 1e6  # type: ignore[call-overload]
        colour = "red" if s["status"] == "ERROR" else "cyan"
        return f"[{colour}]{s['service']}[/] {s['name']}  +{at:.1f} ms  ({dur:.2f} ms)"

    def add(node: Tree, forest: list[tuple[dict[str, object], list[object]]]) -> None:
        for span, children in forest:
            add(node.add(label(span)), children)  # type: ignore[arg-type]

    for span, children in build_forest(spans):
        root = Tree(f"trace {span['trace_id']}: " + label(span))
        add(root, children)  # type: ignore[arg-type]
        console.print(root)


@schemas_app.command("export")
def schemas_export(
    out: Path = typer.Option(Path("schemas"), help="Output directory."),
    check: bool = typer.Option(False, help="Fail if files differ instead."),
) -> None:
    """Write JSON Schemas and the AsyncAPI document for every topic."""
    from reasoning_mesh.contracts.export import render, write

    if check:
        drift = [
            n for n, text in render().items() if not (out / n).exists() or (out / n).read_text() != text
        ]
        if drift:
            fail(f"schemas out of date: {', '.join(drift)} (run `rmesh schemas export`)")
        console.print("schemas up to date")
        return
    for path in write(out):
        console.print(f"wrote {path}")


@app.command()
def serve(
    service: str = typer.Argument(
        ..., help="gateway, retriever, planner, reasoner, verifier, learner or analytics"
    ),
) -> None:
    """Run one service in the foreground (what `rmesh up` starts in the background)."""
    import importlib

    if service not in SERVICES:
        fail(f"unknown service {service!r}")
    module = importlib.import_module(f"reasoning_mesh.{service}.app")
    if service == "analytics":
        module.main()  # a faust worker: it runs its own event loop
    else:
        asyncio.run(module.main())


if __name__ == "__main__":
    app()
