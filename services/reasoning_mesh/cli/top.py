"""`rmesh top`: a live view of the local mesh (rich), or one JSON snapshot for scripts."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import typer
from rich.console import Group
from rich.live import Live
from rich.table import Table

from reasoning_mesh.cli.common import console, fail


def snapshot(interval_s: float) -> dict[str, Any]:
    from reasoning_mesh.infra.stack import Stack, consumer_lag
    from reasoning_mesh.infra.top import scrape, summarize

    stack = Stack()
    processes = stack.status()
    if not processes:
        fail("nothing runs here: `rmesh up` first")
    before, t0 = scrape(processes), time.monotonic()
    time.sleep(interval_s)
    now, t1 = scrape(processes), time.monotonic()
    kafka_up = any(p["name"] == "kafka" and p["healthy"] for p in processes)
    lag = asyncio.run(consumer_lag(stack.admin_kafka())) if kafka_up else {}
    return summarize(processes, before, now, t1 - t0, lag)


def render(snap: dict[str, Any]) -> Group:
    services = Table(
        "service", "replicas", "healthy", "restarts", "records/s", "p95", "errors", "dlq",
        title=f"over the last {snap['interval_s']:.1f} s",
    )  # fmt: skip
    for name, r in snap["services"].items():
        p95 = "-" if r.get("p95_s") is None else f"{r['p95_s'] * 1000:.0f} ms"
        services.add_row(
            name,
            str(r["replicas"]),
            str(r["healthy"]),
            str(r["restarts"]),
            f"{r['per_s']:.1f}",
            p95,
            f"{r['errors']:.0f}",
            f"{r['dlq']:.0f}",
        )
    lag = Table("consumer group", "lag")
    for group, n in sorted(snap["lag"].items()):
        lag.add_row(group, "no commits yet" if n is None else str(n))
    tenants = Table("tenant", "admitted", "refused", title="since each gateway started")
    for tenant, t in snap["tenants"].items():
        tenants.add_row(tenant, f"{t['admitted']:.0f}", f"{t['refused']:.0f}")
    skills = Table("skill", "sub-goals", "verified share", title="since each verifier started")
    for skill, k in snap["skills"].items():
        share = "-" if k["verified_share"] is None else f"{k['verified_share']:.1%}"
        skills.add_row(skill, f"{k['goals']:.0f}", share)
    adapters = Table("adapter serving", "skills")
    for adapter_id, names in snap["adapters_serving"].items():
        adapters.add_row(adapter_id, names)
    return Group(services, lag, tenants, skills, adapters)


def top(
    once: bool = typer.Option(False, "--once", help="One snapshot, then exit."),
    as_json: bool = typer.Option(False, "--json", help="With --once: print it as JSON."),
    interval: float = typer.Option(2.0, min=0.2, help="Seconds between samples."),
) -> None:
    """The whole mesh live: per service replicas, throughput, p95, errors and dead letters; the
    consumer groups' lag; per tenant admitted and refused; per skill the verified share of
    sub-goals; the LoRA adapters the reasoners serve."""
    if once:
        snap = snapshot(interval)
        if as_json:
            typer.echo(json.dumps(snap, indent=1))
        else:
            console.print(render(snap))
        return
    with Live(console=console, refresh_per_second=1) as live:
        try:
            while True:
                live.update(render(snapshot(interval)))
        except KeyboardInterrupt:
            return
