"""`rmesh batch IN.jsonl --out OUT.jsonl`: submit every line, write one result per line.

Resumable: ids already in OUT are skipped. Bounded: at most `max_in_flight` requests await results.
Refusals (throttling) are resubmitted after their retry-after; bad lines are reported by number and
never block the others.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from reasoning_mesh.contracts.base import Message
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.errors import BatchInputError
from reasoning_mesh.gateway.domain import parse_batch_line
from reasoning_mesh.gateway.sdk import MeshClient


@dataclass
class BatchSummary:
    total_lines: int = 0
    skipped: int = 0
    answered: int = 0
    refusals: int = 0
    timed_out: list[str] = field(default_factory=list)
    bad_lines: list[BatchInputError] = field(default_factory=list)
    by_status: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.bad_lines and not self.timed_out


def answered_ids(out_path: Path) -> set[str]:
    done: set[str] = set()
    if out_path.exists():
        for line in out_path.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["id"])
            except (json.JSONDecodeError, KeyError, TypeError):
                continue  # a line cut short by an interrupted run is answered again
    return done


def read_requests(
    in_path: Path, summary: BatchSummary, **parse_kw: Any
) -> dict[str, tuple[MeshRequest, list[int]]]:
    wanted: dict[str, tuple[MeshRequest, list[int]]] = {}
    with in_path.open(encoding="utf-8") as fh:
        for line_no, text in enumerate(fh, start=1):
            if not text.strip():
                continue
            summary.total_lines += 1
            try:
                req = parse_batch_line(line_no, text, **parse_kw)
            except BatchInputError as exc:
                summary.bad_lines.append(exc)
                continue
            wanted.setdefault(req.id, (req, []))[1].append(line_no)
    return wanted


def output_line(result: MeshResult, line_no: int) -> str:
    body = result.model_dump(mode="json", exclude={"schema_version", "request_id"})
    return json.dumps({"id": result.request_id, "line": line_no, **body}, ensure_ascii=False)


class _Run:
    """One batch run's moving parts: a bounded publisher and a receiver writing results."""

    def __init__(
        self,
        client: MeshClient,
        todo: dict[str, tuple[MeshRequest, list[int]]],
        done: set[str],
        summary: BatchSummary,
        max_in_flight: int,
        timeout_s: float,
        on_progress: Callable[[int], None] | None,
    ) -> None:
        self.client, self.todo, self.done, self.summary = client, todo, done, summary
        self.timeout_s, self.on_progress = timeout_s, on_progress
        self.slots = asyncio.Semaphore(max_in_flight)
        self.deadlines: dict[str, float] = {}
        self.finished = asyncio.Event()
        self.retries: set[asyncio.Task[None]] = set()

    async def submit(self, req: MeshRequest, delay: float = 0.0) -> None:
        if delay:
            await asyncio.sleep(delay)
        self.deadlines[req.id] = time.monotonic() + self.timeout_s
        await self.client.submit(req)

    async def publish_all(self) -> None:
        for req, _ in self.todo.values():
            await self.slots.acquire()  # bounded: at most max_in_flight await their results
            await self.submit(req)

    def resubmit_later(self, req: MeshRequest, delay: float) -> None:
        task = asyncio.create_task(self.submit(req, delay))
        self.retries.add(task)
        task.add_done_callback(self.retries.discard)

    async def receive(self, sub: AsyncIterable[tuple[str, Message]], out: TextIO) -> None:
        async for _, result in sub:
            assert isinstance(result, MeshResult)
            rid = result.request_id
            if rid not in self.todo or rid in self.done:
                continue  # a duplicate delivery or an earlier run's result
            if result.status == "refused" and result.error and result.error.retry_after_s:
                # Throttled: never dropped, resubmitted once the bucket has room again.
                self.summary.refusals += 1
                self.resubmit_later(self.todo[rid][0], result.error.retry_after_s)
                continue
            self.done.add(rid)
            for line_no in self.todo[rid][1]:
                out.write(output_line(result, line_no) + "\n")
                self.summary.answered += 1
                self.summary.by_status[result.status] = self.summary.by_status.get(result.status, 0) + 1
            out.flush()
            self.slots.release()
            if self.on_progress:
                self.on_progress(len(self.todo[rid][1]))
            if all(r in self.done for r in self.todo):
                self.finished.set()
                return

    async def watch(self, publisher: asyncio.Task[None]) -> None:
        """Return when all are answered, or when every unanswered request has timed out."""
        while not self.finished.is_set():
            await asyncio.sleep(0.5)
            if publisher.done() and publisher.exception() is not None:
                raise publisher.exception()  # type: ignore[misc]
            waiting = [r for r in self.todo if r not in self.done]
            now = time.monotonic()
            expired = [r for r in waiting if self.deadlines.get(r, now + 1) < now]
            if publisher.done() and waiting and len(expired) == len(waiting):
                self.summary.timed_out = sorted(expired)
                return


async def run_batch(
    client: MeshClient,
    in_path: Path,
    out_path: Path,
    *,
    max_in_flight: int = 64,
    timeout_s: float = 600.0,
    on_progress: Callable[[int], None] | None = None,
    **parse_kw: Any,
) -> BatchSummary:
    summary = BatchSummary()
    wanted = read_requests(in_path, summary, **parse_kw)
    done = answered_ids(out_path)
    todo = {rid: v for rid, v in wanted.items() if rid not in done}
    summary.skipped = sum(len(v[1]) for rid, v in wanted.items() if rid in done)
    if not todo:
        return summary
    run = _Run(client, todo, done, summary, max_in_flight, timeout_s, on_progress)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    # Subscribe before publishing, so no result can slip past.
    async with client.subscribe(request_ids=set(todo)) as sub:
        with out_path.open("a", encoding="utf-8") as out:
            publisher = asyncio.create_task(run.publish_all())
            receiver = asyncio.create_task(run.receive(sub, out))
            try:
                await run.watch(publisher)
            finally:
                for task in (publisher, receiver, *run.retries):
                    task.cancel()
    return summary
