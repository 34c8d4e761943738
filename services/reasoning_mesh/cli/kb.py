"""`rmesh kb ...`: build and ingest the knowledge base through Kafka."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from pathlib import Path

import typer
from pydantic import ValidationError
from rich.markup import escape
from rich.progress import Progress

from reasoning_mesh.cli.common import console, err_console, fail, run
from reasoning_mesh.contracts import kb_documents, kb_ingested
from reasoning_mesh.contracts.kb_documents import KbDocument
from reasoning_mesh.contracts.kb_ingested import IngestReceipt
from reasoning_mesh.gateway.sdk import MeshClient
from reasoning_mesh.infra.paths import repo_root
from reasoning_mesh.kb import units
from reasoning_mesh.runtime.codec import describe_validation
from reasoning_mesh.settings import MeshSettings

app = typer.Typer(
    help="Knowledge base: generate the unit facts, ingest documents.", no_args_is_help=True
)
DEFAULT_KB = Path("infra/kb/units.jsonl")


@app.command()
def generate(out: Path = typer.Option(DEFAULT_KB, help="Where to write the JSONL.")) -> None:
    """Write the unit-conversion knowledge base (one fact per line)."""
    console.print(f"wrote {units.write(out)} facts to {out}")


def read_documents(path: Path, batch_id: str) -> tuple[list[KbDocument], list[str]]:
    docs, errors = [], []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                errors.append(f"line {n}: expected a JSON object, got {type(data).__name__}")
                continue
            docs.append(KbDocument.model_validate({**data, "batch_id": batch_id}))
        except ValidationError as exc:
            errors.append(f"line {n}: {describe_validation(exc)}")
        except json.JSONDecodeError as exc:
            errors.append(f"line {n}: {exc}")
    return docs, errors


@app.command()
def ingest(
    file: Path = typer.Argument(None, help="JSONL of {id, text, metadata?}; default: the unit KB."),
    timeout: float = typer.Option(300.0, help="Seconds to wait for the retriever's receipts."),
    replicas: int = typer.Option(
        0,
        min=0,
        help="Retriever replicas to wait for (each indexes every document); 0: as many as the "
        "local stack runs (1 for a remote mesh).",
    ),
) -> None:
    """Chunk, embed (Triton) and index documents (Qdrant) via the retriever; waits for receipts."""
    path = file or repo_root() / DEFAULT_KB
    if not path.exists():
        fail(f"{path} does not exist")
    batch_id = uuid.uuid4().hex
    docs, errors = read_documents(path, batch_id)
    for e in errors:
        err_console.print(f"[red]{escape(f'{path}:{e}')}")
    if not docs:
        fail("no valid documents to ingest")
    if replicas == 0:
        from reasoning_mesh.infra.stack import Stack

        stack = Stack()
        replicas = stack.replicas.get("retriever", 1) if stack.supervised() else 1
    receipts = run(_ingest(docs, batch_id, timeout, replicas))
    failed = [r for r in receipts.values() if r.status == "failed"]
    for r in failed:
        err_console.print(f"[red]{escape(r.doc_id)}: {escape(r.error.message) if r.error else 'failed'}")
    missing = len({d.id for d in docs}) - len(receipts)
    console.print(
        f"indexed {len(receipts) - len(failed)} documents "
        f"({sum(r.chunks for r in receipts.values())} chunks), {len(failed)} failed, "
        f"{len(errors)} bad lines, {missing} without receipt"
    )
    if errors or failed or missing:
        raise typer.Exit(1)


async def _ingest(
    docs: list[KbDocument], batch_id: str, timeout: float, replicas: int = 1
) -> dict[str, IngestReceipt]:
    """Publish `docs`; wait until each has a receipt from `replicas` retriever replicas (each
    indexes into its own embedded store), or the timeout. Returns a receipt per document (a
    failed one if any replica failed it)."""
    receipts: dict[str, IngestReceipt] = {}
    per_doc: dict[str, set[str]] = {}
    wanted = {d.id for d in docs}
    async with (
        MeshClient(MeshSettings().kafka, client_id="rmesh-kb") as client,
        client.subscribe((kb_ingested.TOPIC,)) as sub,
    ):
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("indexing", total=len(wanted))
            await asyncio.gather(*(client.publish(kb_documents.TOPIC, d, key=d.id) for d in docs))
            deadline = time.monotonic() + timeout

            async def collect() -> None:
                async for _, receipt in sub:
                    assert isinstance(receipt, IngestReceipt)
                    if receipt.batch_id == batch_id and receipt.doc_id in wanted:
                        seen = per_doc.setdefault(receipt.doc_id, set())
                        seen.add(receipt.replica)
                        if receipt.doc_id not in receipts or receipt.status == "failed":
                            receipts[receipt.doc_id] = receipt
                        if len(seen) == replicas:
                            progress.advance(task)
                        if sum(len(s) >= replicas for s in per_doc.values()) == len(wanted):
                            return

            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(collect(), max(1.0, deadline - time.monotonic()))
    return receipts
