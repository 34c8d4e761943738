"""`rmesh ask "..."`: publish one question, stream its events, print the answer and the trace."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from typing import Any

import typer
from rich.tree import Tree

from reasoning_mesh.cli.common import console, err_console, fail, run
from reasoning_mesh.contracts import events, requests, results
from reasoning_mesh.contracts.requests import Budget, MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import MeshError
from reasoning_mesh.settings import MeshSettings

_COLOUR = {"verified": "green", "unverified": "yellow", "failed": "red", "skipped": "dim"}


def trace_tree(result: MeshResult) -> Tree:
    status = result.status
    title = result.reasoning_trace.get("question") if result.reasoning_trace else result.request_id
    shown = result.answer if result.answer is not None else "no answer"
    root = Tree(f"[bold]{title}[/]  → [{_COLOUR.get(status, 'white')}]{shown} ({status})[/]")
    trace: dict[str, Any] = result.reasoning_trace or {}
    if trace.get("reading"):  # who read the question: the grammar or a model
        models = {"stories": "the story model"}
        by = (
            models.get(trace.get("plan_model") or "", "the translation model")
            if trace.get("plan_source") == "model"
            else "the grammar"
        )
        root.add(f"[dim]read by {by} as[/] {trace['reading']}")
    nodes: dict[str, Tree] = {}
    for g in trace.get("goals", []):
        colour = _COLOUR.get(g["status"], "white")
        # A cancellation route's goals hang under the goal they refine.
        parent = nodes.get(g.get("refines") or "", root)
        role = f"[dim]{g['role']}[/] " if g.get("role") else ""
        node = parent.add(
            f"{role}[{colour}]{g['id']}[/] {g['step']} = {g['value']}  [{colour}]{g['status']}[/]"
        )
        nodes[g["id"]] = node
        for a in g["attempts"]:
            hyps = a["hypotheses"]
            shown = ", ".join(f"{'✓' if h['accepted'] else '✗'}{h['text']}" for h in hyps[:6]) + (
                " …" if len(hyps) > 6 else ""
            )
            depth = [h["mean_exit_layer"] for h in hyps if h.get("mean_exit_layer")]
            extra = f" exit≈{sum(depth) / len(depth):.1f}" if depth else ""
            ev = f" evidence={a['evidence_ids'][:3]}" if a["evidence_ids"] else ""
            node.add(f"attempt {a['n']} {a['strategy']} ×{a['samples']}{extra}{ev}: {shown}")
    budget = trace.get("budget", {})
    if budget:
        root.add(
            f"[dim]model calls {budget['model_calls']}, samples {budget['samples']}, "
            f"backtracks {budget['backtracks']}, fallback routes {budget.get('replans', 0)}, "
            f"{result.timings_ms.get('total', 0):.0f} ms[/]"
        )
    if result.error:
        root.add(f"[red]{result.error.code}: {result.error.message}[/]")
    return root


#: `rmesh ask`'s exit status for a question the mesh cannot answer (`unsupported`).
UNSUPPORTED_EXIT = 3


def retry_in(result: MeshResult, deadline: float) -> float | None:
    """Seconds to wait before asking again, for a refusal that says when; None: final."""
    if result.status != "refused" or result.error is None or not result.error.retry_after_s:
        return None
    wait = result.error.retry_after_s
    return wait if time.monotonic() + wait < deadline else None


async def ask_over_http(
    url: str, api_key: str | None, request: MeshRequest, timeout_s: float
) -> MeshResult:
    """Through the HTTP gateway (the tenant is the key's); a 429 is asked again when it says,
    as on the Kafka door, while the deadline allows."""
    from reasoning_mesh.gateway.http_client import GatewayHttpError, HttpMeshClient

    deadline = time.monotonic() + timeout_s
    async with HttpMeshClient(url, api_key) as mesh:
        while True:
            try:
                await mesh.submit(request)
                break
            except GatewayHttpError as exc:
                wait = exc.retry_after_s
                if wait is None or time.monotonic() + wait >= deadline:
                    raise
                err_console.print(f"[yellow]refused[/]: asking again in {wait:.1f}s")
                await asyncio.sleep(wait)
        return await mesh.wait(request.id, max(1.0, deadline - time.monotonic()))


def ask(
    question: str = typer.Argument(..., help="The question."),
    tenant: str = typer.Option("default", help="Tenant for admission."),
    max_model_calls: int = typer.Option(
        Budget().max_model_calls, help="Budget: model calls for the whole question."
    ),
    timeout_s: float = typer.Option(Budget().deadline_s, help="Deadline; give up waiting after it."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON instead."),
    quiet: bool = typer.Option(False, help="Do not stream events."),
    feedback: bool = typer.Option(
        True, "--feedback/--no-feedback", help="Whether the verified steps may teach the learner."
    ),
    http: str | None = typer.Option(
        None, help="Ask through the HTTP gateway at this URL (the tenant is the API key's)."
    ),
    api_key: str | None = typer.Option(
        None,
        envvar="RMESH_API_KEY",
        help="API key for --http (default: $RMESH_API_KEY).",
        show_default=False,
    ),
) -> None:
    """Ask one question through the mesh and wait for its verified answer. Exit status: 0 an
    answer, 1 failed or refused, 3 the mesh cannot answer this question (`unsupported`)."""
    from reasoning_mesh.gateway.sdk import MeshClient

    if not question.strip():
        fail("the question is empty")
    rid = "ask-" + hashlib.sha256(f"{question}{time.time_ns()}".encode()).hexdigest()[:16]
    request = MeshRequest(
        id=rid,
        tenant=tenant,
        kind="reason",
        query=question,
        budget=Budget(max_model_calls=min(max_model_calls, 4096), deadline_s=timeout_s),
        feedback=feedback,
    )

    async def go() -> MeshResult:
        ids = {rid}
        deadline = time.monotonic() + timeout_s
        async with (
            MeshClient(MeshSettings().kafka) as client,
            client.subscribe((results.TOPIC, events.TOPIC), request_ids=ids) as sub,
        ):
            await client.submit(request, requests.TOPIC)
            async with asyncio.timeout(timeout_s):
                async for topic, msg in sub:
                    if topic == results.TOPIC and isinstance(msg, MeshResult):
                        wait = retry_in(msg, deadline)
                        if wait is None:
                            return msg
                        # Refused for now (mesh full, or the tenant's rate): ask again when
                        # told to, under a new id, while the deadline allows.
                        err_console.print(  # stderr: --json output stays one document
                            f"[yellow]{msg.error.code if msg.error else 'refused'}[/]:"
                            f" asking again in {wait:.1f}s"
                        )
                        await asyncio.sleep(wait)
                        again = request.model_copy(update={"id": f"{rid}.{len(ids)}"})
                        ids.add(again.id)
                        await client.submit(again, requests.TOPIC)
                        continue
                    if not quiet and not as_json:
                        d = msg.model_dump()
                        console.print(
                            f"[dim]{d['stage']:>9}[/] {d['event']} {json.dumps(d['detail'])[:150]}"
                        )
        raise AssertionError("subscription ended")

    try:
        result = run(ask_over_http(http, api_key, request, timeout_s) if http else go())
    except MeshError as exc:
        fail(str(exc))
    except TimeoutError:
        fail(f"no result for {rid} within {timeout_s:.0f}s (is `rmesh up` running?)")
    if as_json:
        print(result.model_dump_json(indent=2))
    else:
        console.print(trace_tree(result))
    if result.status == "unsupported":
        raise typer.Exit(UNSUPPORTED_EXIT)  # an answer of its own: the mesh cannot answer this
    if result.status in ("failed", "refused"):
        raise typer.Exit(1)
