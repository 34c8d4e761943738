"""`rmesh secure env|acls`: the principals of a secured stack (`rmesh up --secure`).

`eval "$(rmesh secure env client)"` makes the SDK and CLI in this shell publish and subscribe as
the `client` principal; `admin` is the operator's (tenants, the DLQ, status). The password is
read from the home's secrets file, so only its owner can print it."""

from __future__ import annotations

import json
import shlex

import typer
from rich.table import Table

from reasoning_mesh.cli.common import console, fail
from reasoning_mesh.contracts.topics import PRINCIPALS
from reasoning_mesh.errors import MeshError
from reasoning_mesh.settings import MeshSettings

app = typer.Typer(
    help="Principals and ACLs of the secured brokers (`rmesh up --secure`).", no_args_is_help=True
)


@app.command()
def env(
    principal: str = typer.Argument("client", help=f"admin, or one of {', '.join(PRINCIPALS)}."),
) -> None:
    """Print `export` lines that make this shell's rmesh and SDK act as PRINCIPAL."""
    from reasoning_mesh.infra.security import principal_env
    from reasoning_mesh.infra.stack import Stack

    stack = Stack()
    if not stack.secure:
        fail("this stack's brokers are not secured; start it with `rmesh up --secure`")
    try:
        variables = principal_env(stack.home, principal, stack.bootstrap_servers)
    except (MeshError, KeyError):
        fail(f"unknown principal {principal!r}; admin or one of {', '.join(PRINCIPALS)}")
    for name, value in variables.items():
        typer.echo(f"export {name}={shlex.quote(value)}")


@app.command()
def acls(
    as_json: bool = typer.Option(False, "--json", help="One JSON object per rule."),
    strimzi: str = typer.Option(
        "", help="Print Strimzi KafkaUser resources for this Kafka cluster name instead."
    ),
    group_prefix: str = typer.Option("rmesh", help="The services' consumer-group prefix."),
) -> None:
    """Every ALLOW rule the brokers get, generated from the topic registry (topic names with
    this shell's RMESH_KAFKA__TOPIC_PREFIX)."""
    from reasoning_mesh.infra.acls import acls as generate
    from reasoning_mesh.infra.acls import strimzi_users

    rules = generate(MeshSettings().kafka, group_prefix)
    if strimzi:
        import yaml

        typer.echo(yaml.safe_dump_all(strimzi_users(rules, strimzi), sort_keys=False), nl=False)
        return
    if as_json:
        for rule in rules:
            typer.echo(json.dumps(rule.__dict__))
        return
    table = Table("principal", "resource", "name", "pattern", "operation")
    for r in rules:
        table.add_row(r.principal, r.resource_type, r.resource_name, r.pattern_type, r.operation)
    console.print(table)
