"""Helpers shared by CLI commands."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, NoReturn, TypeVar

import typer
from aiokafka.errors import (
    AuthenticationFailedError,
    GroupAuthorizationFailedError,
    SaslAuthenticationFailed,
    TopicAuthorizationFailedError,
    TransactionalIdAuthorizationFailed,
)
from rich.console import Console
from rich.markup import escape

from reasoning_mesh.errors import MeshError
from reasoning_mesh.settings import MeshSettings
from reasoning_mesh.telemetry import setup_telemetry, shutdown_telemetry

T = TypeVar("T")
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 1) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(code)


def _secure_hint(settings: MeshSettings) -> str:
    """A plain client facing this home's secured brokers cannot connect: say how it can."""
    if settings.kafka.security_protocol != "PLAINTEXT":
        return ""
    try:
        from reasoning_mesh.infra.stack import Stack

        secure = Stack(settings).secure
    except Exception:  # noqa: BLE001 - only a hint; the error itself is already reported
        return ""
    return ' (the brokers are secured: eval "$(rmesh secure env client)")' if secure else ""


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a command's coroutine; typed mesh errors become a clear message and exit 1."""
    settings = MeshSettings()
    setup_telemetry("cli", settings.traces_dir(), settings.telemetry.otlp_endpoint, sync_export=True)
    try:
        return asyncio.run(coro)
    except MeshError as exc:
        fail(f"{type(exc).__name__}: {exc}{_secure_hint(settings)}")
    except (
        TopicAuthorizationFailedError,
        GroupAuthorizationFailedError,
        TransactionalIdAuthorizationFailed,
    ) as exc:
        who = settings.kafka.sasl_username or "an anonymous client"
        fail(f"the brokers refused {who}: {exc} (its rights: `rmesh secure acls`)")
    except (SaslAuthenticationFailed, AuthenticationFailedError) as exc:
        fail(f"the brokers refused the credentials of {settings.kafka.sasl_username!r}: {exc}")
    except KeyboardInterrupt:
        fail("interrupted", 130)
    finally:
        shutdown_telemetry()
