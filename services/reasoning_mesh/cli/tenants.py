"""`rmesh tenants add|rotate|revoke|list`: the tenant registry (a compacted topic).

A new key is printed once, alone on the last line of standard output (for scripts:
`KEY=$(rmesh tenants add acme | tail -n1)`); only its hash is stored."""

from __future__ import annotations

import re
import time

import typer
from rich.table import Table

from reasoning_mesh.cli.common import console, fail, run
from reasoning_mesh.contracts import tenants
from reasoning_mesh.contracts.tenants import TENANT_NAME, TenantRecord
from reasoning_mesh.errors import InvalidMessageError
from reasoning_mesh.gateway import keys
from reasoning_mesh.gateway.tenant_feed import read_record
from reasoning_mesh.runtime.kafka import ensure_topics, read_to_end
from reasoning_mesh.settings import MeshSettings

app = typer.Typer(
    help="Tenants and their API keys (the HTTP gateway's authentication).", no_args_is_help=True
)


async def registry(settings: MeshSettings) -> dict[str, TenantRecord]:
    """Every tenant's latest record (a tombstone removes it)."""
    kafka = settings.kafka
    await ensure_topics(kafka, [tenants.TOPIC])
    table: dict[str, TenantRecord] = {}
    async for rec in read_to_end(kafka, kafka.physical(tenants.TOPIC)):
        try:
            name, record = read_record(rec.key, rec.value)
        except InvalidMessageError:
            continue  # the gateways skip it too
        if record is None:
            table.pop(name, None)
        else:
            table[name] = record
    return table


async def write(settings: MeshSettings, record: TenantRecord) -> None:
    from reasoning_mesh.gateway.sdk import MeshClient

    async with MeshClient(settings.kafka, client_id="rmesh-tenants") as client:
        await client.publish(tenants.TOPIC, record, key=record.name)


def _name(name: str) -> str:
    if not re.match(TENANT_NAME, name):
        fail(f"a tenant name is lower-case letters, digits, '.', '_' or '-' (got {name!r})")
    return name


@app.command()
def add(
    name: str = typer.Argument(..., help="The tenant's name."),
    rate: float = typer.Option(200.0, min=0, help="Requests per second (0: unlimited)."),
    burst: float = typer.Option(400.0, min=1, help="Bucket size."),
) -> None:
    """Register a tenant and print its first API key (once; only a hash is kept)."""
    settings = MeshSettings()
    current = run(registry(settings)).get(_name(name))
    if current is not None and not current.revoked:
        fail(f"tenant {name!r} exists; `rmesh tenants rotate {name}` issues a new key")
    key, record = keys.add(name, rate, burst, time.time())
    run(write(settings, record))
    console.print(f"tenant {name!r} added (rate {rate}/s, burst {burst}); its API key, shown once:")
    print(key)


@app.command()
def rotate(
    name: str = typer.Argument(..., help="The tenant's name."),
    grace_s: float = typer.Option(
        3600.0, min=0, help="How long the keys in use keep working beside the new one."
    ),
) -> None:
    """Issue a new key; the old ones keep working for `--grace-s`, then are refused."""
    settings = MeshSettings()
    current = run(registry(settings)).get(_name(name))
    if current is None:
        fail(f"no tenant {name!r}; `rmesh tenants add {name}` registers it")
    try:
        key, record = keys.rotate(current, grace_s, time.time())
    except keys.TenantRegistryError as exc:
        fail(str(exc))
    run(write(settings, record))
    console.print(f"tenant {name!r}: new API key (old ones refused after {grace_s:.0f}s), shown once:")
    print(key)


@app.command()
def revoke(name: str = typer.Argument(..., help="The tenant's name.")) -> None:
    """Refuse every key of the tenant at once, and admit nothing more from it."""
    settings = MeshSettings()
    current = run(registry(settings)).get(_name(name))
    if current is None:
        fail(f"no tenant {name!r}")
    run(write(settings, keys.revoke(current, time.time())))
    console.print(f"tenant {name!r} revoked: its keys are refused")


@app.command("list")
def list_tenants() -> None:
    """Every tenant, its limits and how many keys it has (keys are never shown)."""
    table = Table("tenant", "rate/s", "burst", "keys", "state")
    now = time.time()
    for name, r in sorted(run(registry(MeshSettings())).items()):
        live = [k for k in r.keys if k.not_after is None or k.not_after > now]
        expiring = sum(k.not_after is not None for k in live)
        state = "revoked" if r.revoked else (f"{expiring} expiring" if expiring else "active")
        table.add_row(name, f"{r.rate:g}", f"{r.burst:g}", str(len(live)), state)
    console.print(table)
