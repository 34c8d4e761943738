"""`rmesh bench fuzz` and `rmesh bench overload`: bad input and too much input, each through a
stack of its own (its own home and ports), with counts written as JSON; and `rmesh bench
verbatim`, the check that no prompt carries a computed number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from reasoning_mesh.cli.common import console, fail, run


def show(figures: dict[str, Any], json_out: Path, skip: tuple[str, ...] = ()) -> None:
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("figure", "value")
    for key, value in figures.items():
        if key not in skip:
            table.add_row(key, json.dumps(value) if isinstance(value, dict | list) else str(value))
    console.print(table)


def fuzz(
    json_out: Path = typer.Option(..., "--json", help="Where to write the counts."),
    records: int = typer.Option(10_000, min=10, help="Bad records, across every input topic."),
    valid: int = typer.Option(200, min=1, help="Valid requests interleaved with them."),
    replicas: str = typer.Option("", help="As `rmesh up --replicas` (default: one of each)."),
    seed: int = typer.Option(11, help="Seeds hypothesis: the same records for the same seed."),
    home: Path = typer.Option(Path(".rmesh-fuzz"), help="The fuzz stack's own home."),
) -> None:
    """Generated bad records (random bytes, invalid UTF-8, wrong versions, missing and wrong
    fields, records about the size limit and over it, deep nesting, huge numbers, control
    characters, odd ids) on every input topic, with valid requests among them: every bad record
    must reach the DLQ with a reason, every valid request be answered, no process restart."""
    from reasoning_mesh.bench.fuzz import run_fuzz_bench

    show(run(run_fuzz_bench(home.resolve(), records, valid, replicas, seed=seed)), json_out)


def overload(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    seconds: float = typer.Option(60.0, min=5, help="Length of each phase."),
    factor: float = typer.Option(10.0, min=1, help="Offered load, as a multiple of capacity."),
    limits: str = typer.Option(
        "adaptive,2,4,8",
        help="The gateway's `reason` in-flight limits to compare (`adaptive`: the default one).",
    ),
    home: Path = typer.Option(
        Path(".rmesh-overload"), help="Holds a home per phase (calm, limit-…), each replaced."
    ),
) -> None:
    """Reasoning requests unloaded and at capacity with no limit, then at `factor` x that
    capacity under each in-flight limit: admitted latency against unloaded, refusals with
    retry_after_s, nothing lost, services' peak memory."""
    from reasoning_mesh.bench.overload import run_overload_bench

    show(
        run(
            run_overload_bench(
                home.resolve(), seconds, factor, tuple(x.strip() for x in limits.split(","))
            )
        ),
        json_out,
    )


def scaling(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    replicas: str = typer.Option("1,2,3", help="Replica counts to compare."),
    seconds: float = typer.Option(60.0, min=5, help="Measured seconds per count (reasoning)."),
    work_ms: float = typer.Option(50.0, min=1, help="The latency-bound stage's wait per record."),
    home: Path = typer.Option(Path(".rmesh-scaling"), help="The stack's own home."),
) -> None:
    """Throughput with 1, 2, 3 replicas: the verifier in the reasoning mesh (CPU-bound here) and
    a latency-bound stage (each record waits `work_ms`), side by side."""
    from reasoning_mesh.bench.scaling import run_scaling_bench

    counts = tuple(int(c) for c in replicas.split(","))
    figures = run(run_scaling_bench(home.resolve(), counts, seconds, work_ms=work_ms))
    show(figures, json_out)


def capacity(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    seconds: float = typer.Option(60.0, min=5, help="Length of the measured closed loop."),
    concurrency: int = typer.Option(32, min=1, help="Requests kept in flight."),
    home: Path = typer.Option(Path(".rmesh-capacity"), help="The bench stack's own home."),
) -> None:
    """What one request costs each part of the mesh (CPU seconds per service, Triton and the
    brokers; records and handle time per stage), on a saturated stack of its own. `rmesh
    capacity --rate R` plans from it."""
    from reasoning_mesh.bench.capacity import run_capacity_bench

    show(run(run_capacity_bench(home.resolve(), seconds, concurrency)), json_out)


def plan(
    rate: float = typer.Option(..., min=0.01, help="Target requests per second."),
    bench: Path | None = typer.Option(
        None, help="A `rmesh bench capacity` JSON (default: the repository's latest figures)."
    ),
    partitions: int = typer.Option(12, min=1, help="Partitions of each work topic today."),
    as_json: bool = typer.Option(False, "--json", help="Print the plan as JSON."),
) -> None:
    """Replicas per service, partitions, Triton and broker cores for RATE requests/s, from the
    latest measured costs (`rmesh bench capacity`)."""
    from reasoning_mesh.bench.capacity import plan as make_plan
    from reasoning_mesh.infra.paths import repo_root

    bench = bench or repo_root() / "docs" / "figures" / "capacity.json"
    if not bench.exists():
        fail(f"{bench} not found: run `rmesh bench capacity --json {bench}` first")
    result = make_plan(json.loads(bench.read_text()), rate, partitions)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    table = Table("part", "needed", "one alone sustains")
    per = result["rate_per_replica"]
    for service, n in result["replicas"].items():
        table.add_row(f"{service} replicas", str(n), f"{per[service]} req/s per replica")
    for service in result["not_measured"]:
        table.add_row(f"{service} replicas", "1", "not exercised by the bench")
    table.add_row("partitions per work topic", str(result["partitions"]), "")
    table.add_row(
        "Triton cores", str(result["triton_cores"]), f"{result['rate_per_triton_core']} req/s per core"
    )
    table.add_row(
        "broker cores", str(result["broker_cores"]), f"{result['rate_per_broker_core']} req/s per core"
    )
    console.print(table)


def verbatim(
    json_out: Path = typer.Option(..., "--json", help="Where to write the counts."),
    input_file: Path = typer.Option(
        Path("../shared/benchmarks/math_public.jsonl"), "--input", help="Questions (JSONL)."
    ),
    every: int = typer.Option(1, min=1, help="Every K-th question of each module (1: all)."),
) -> None:
    """Drive the questions through the planner, the verifier's state machine and the real
    model in process, and check that every operand of every dispatched prompt was copied."""
    from reasoning_mesh.bench.verbatim import run_verbatim_bench

    if not input_file.exists():
        fail(f"no questions at {input_file}")
    figures = run_verbatim_bench(input_file, every)
    show(figures, json_out, skip=("examples",))
    if figures["violations"]:
        fail(f"{figures['violations']} prompts have an operand that was not copied")
    if not figures["complete"]:
        fail(f"requests not driven to a result, so not every prompt was seen: {figures['unfinished']}")


def register(app: typer.Typer) -> None:
    app.command()(verbatim)
    app.command()(capacity)
    app.command()(fuzz)
    app.command()(overload)
    app.command()(scaling)
