"""`rmesh batch IN.jsonl --out OUT.jsonl`: submit every line, write one result per line.

Resumable: ids already in OUT are skipped. Bounded: at most `max_in_flight` requests await results.
Refusals (throttling) are resubmitted after their retry-after; bad lines are reported by number and
never block the others.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


def read_requests(in_path: Path, summary: BatchSummary, **parse_kw: Any
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


async def run_batch(client: MeshClient, in_path: Path, out_path: Path, *,
                    max_in_flight: int = 64, timeout_s: float = 600.0,
                    on_progress: Callable[[int], None] | None = None,
                    **parse_kw: Any) -> BatchSummary:
    summary = BatchSummary()
    wanted = read_requests(in_path, summary, **parse_kw)
    done = answered_ids(out_path)
    todo = {rid: v for rid, v in wanted.items() if rid not in done}
    summary.skipped = sum(len(v[1]) for rid, v in wanted.items() if rid in done)
    if not todo:
        return summary
    slots = asyncio.Semaphore(max_in_flight)
    deadlines: dict[str, float] = {}
    finished = asyncio.Event()

    async def submit(req: MeshRequest, delay: float = 0.0) -> None:
        if delay:
            await asyncio.sleep(delay)
        deadlines[req.id] = time.monotonic() + timeout_s
        await client.submit(req)

    async def publisher() -> None:
        for req, _ in todo.values():
            await slots.acquire()
            await submit(req)

    out_path.parent.mkdir(parents=True, exist_ok=True)
    async with client.subscribe(request_ids=set(todo)) as sub:
        pub = asyncio.create_task(publisher())
        retries: set[asyncio.Task[None]] = set()
        with out_path.open("a", encoding="utf-8") as out:

            async def receiver() -> None:
                async for _, result in sub:
                    assert isinstance(result, MeshResult)
                    rid = result.request_id
                    if rid not in todo or rid in done:
                        continue  # a duplicate or an earlier run's result
                    if result.status == "refused" and result.error and result.error.retry_after_s:
                        summary.refusals += 1
                        task = asyncio.create_task(submit(todo[rid][0], result.error.retry_after_s))
                        retries.add(task)
                        task.add_done_callback(retries.discard)
                        continue
                    done.add(rid)
                    for line_no in todo[rid][1]:
                        out.write(output_line(result, line_no) + "\n")
                        summary.answered += 1
                        summary.by_status[result.status] = summary.by_status.get(result.status,
                                                                                 0) + 1
                    out.flush()
                    slots.release()
                    if on_progress:
                        on_progress(len(todo[rid][1]))
                    if all(r in done for r in todo):
                        finished.set()
                        return

            recv = asyncio.create_task(receiver())
            while not finished.is_set():
                await asyncio.sleep(0.5)
                now = time.monotonic()
                expired = [r for r, d in deadlines.items() if r not in done and d < now]
                if expired and pub.done() and len(expired) == len([r for r in todo
                                                                   if r not in done]):
                    summary.timed_out = sorted(expired)
                    break
            recv.cancel()
            pub.cancel()
            for t in retries:
                t.cancel()
    return summary
