"""`rmesh bench ...`: benchmarks that write JSON figures (never timed tests)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from reasoning_mesh.cli.common import console, fail, run
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.settings import KafkaSettings, MeshSettings

app = typer.Typer(help="Benchmarks.", no_args_is_help=True)


@app.command()
def mesh(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    requests: int = typer.Option(400, min=10),
    concurrency: int = typer.Option(32, min=1),
    hops: int = typer.Option(200, min=20),
    at_least_once: bool = typer.Option(False, help="Measure without Kafka transactions."),
) -> None:
    """Retrieval through the mesh vs in-process (same Triton, same Qdrant); per-hop overhead.
    Needs the broker and Triton running (`rmesh up`)."""
    from reasoning_mesh.bench.mesh import run_mesh_bench

    settings = MeshSettings()
    if at_least_once:
        settings = settings.model_copy(
            update={"kafka": KafkaSettings(**{**settings.kafka.model_dump(), "exactly_once": False})}
        )
    figures = run(run_mesh_bench(settings, requests=requests, concurrency=concurrency, hops=hops))
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("figure", "value")
    for key, value in figures.items():
        table.add_row(key, f"{value:.3f}" if isinstance(value, float) else str(value))
    console.print(table)


@app.command()
def natural(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    input_path: Path = typer.Option(
        Path("../shared/benchmarks/natural_dev.jsonl"),
        "--input",
        help="JSONL: question, answer (null: the mesh must refuse it), cat.",
    ),
    timeout_s: float = typer.Option(600.0, help="Give up on missing results after this long."),
) -> None:
    """Questions as people write them through the running mesh (`rmesh up`, `rmesh kb ingest`):
    in-domain strict accuracy, and out-of-domain ones refused (`unsupported`, no number)."""
    from reasoning_mesh.bench.natural import run_natural_bench

    if not input_path.exists():
        fail(f"no question file at {input_path}")
    figures = run(run_natural_bench(MeshSettings(), input_path, timeout_s=timeout_s))
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("category", "n", "correct / refused", "read by", "statuses")
    for cat, c in figures["per_category"].items():
        good = c.get("correct", c.get("refused_clearly", 0))
        read = ", ".join(f"{k[8:]} {v}" for k, v in c.items() if k.startswith("read_by:"))
        statuses = ", ".join(f"{k[7:]} {v}" for k, v in c.items() if k.startswith("status:"))
        table.add_row(cat, str(c["n"]), str(good), read, statuses)
    console.print(table)
    for key in (
        "in_domain_accuracy",
        "out_of_domain_refused_clearly",
        "out_of_domain_answered_with_a_number",
    ):
        console.print(f"{key}: {figures[key]}")


@app.command()
def translation(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    questions: int = typer.Option(1000, min=10, help="Held-out phrasings to generate."),
    seed: int = typer.Option(7),
    checkpoint: Path = typer.Option(None, help="Default: model_repository/translator/1."),
    samples: int = typer.Option(5, min=1, max=16),
    temperature: float = typer.Option(0.7, min=0.0),
    min_agree: int = typer.Option(3, min=1),
) -> None:
    """Questions from phrasing templates the translation model never trained on, read by the
    grammar alone and by the grammar with the model (in-process, no mesh needed)."""
    from reasoning_mesh.bench.translation import run_translation_bench
    from reasoning_mesh.infra.paths import model_repository
    from reasoning_mesh.planner.translation import ReadingPolicy

    policy = ReadingPolicy(samples=samples, temperature=temperature, min_agree=min_agree)
    where = checkpoint or model_repository() / "translator" / "1"
    figures = run_translation_bench(where, questions, seed, policy)
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("family", "n", "grammar only: right / misread", "with model: right / misread")
    for fam, c in figures["per_family"].items():
        good = "refused" if fam == "out_of_domain" else "read_right"
        table.add_row(
            fam,
            str(c["n"]),
            f"{c.get('grammar_only:' + good, 0)} / {c.get('grammar_only:misread', 0)}",
            f"{c.get('with_model:' + good, 0)} / {c.get('with_model:misread', 0)}",
        )
    console.print(table)
    for key in ("in_domain_read_right", "in_domain_misread", "ood_refused", "model_s_per_question"):
        console.print(f"{key}: {figures[key]}")


@app.command()
def model(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    held_out: int = typer.Option(400, min=50, help="Held-out step prompts."),
    threads: int = typer.Option(2, min=1),
    max_loss_pts: float = typer.Option(
        1.0,
        min=0.0,
        help="The exit threshold's calibration: accuracy loss allowed on the calibration set "
        "(the gated-depth target's own 1 pt).",
    ),
    device: str = typer.Option("cpu", help="`cpu`, or `cuda` for the GPU table."),
) -> None:
    """Gated vs full depth and fp32/bf16/fp8/int4/mixed precision on held-out step prompts.
    Also writes the mixed precision plan next to the checkpoint."""
    from reasoning_mesh.bench.model import run_model_bench

    figures = run_model_bench(held_n=held_out, threads=threads, max_loss_pts=max_loss_pts, device=device)
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("figure", "value")
    for key, value in figures.items():
        if isinstance(value, list):
            continue
        text = (
            ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in value.items())
            if isinstance(value, dict)
            else f"{value:.3f}"
            if isinstance(value, float)
            else str(value)
        )
        table.add_row(key, text)
    console.print(table)


@app.command()
def reasoning(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    input_path: Path = typer.Option(
        Path("../shared/benchmarks/math_public.jsonl"),
        "--input",
        help="JSONL: question, answer, module.",
    ),
    limit: int = typer.Option(0, min=0, help="Questions, sampled evenly across modules (0: all)."),
    concurrency: int = typer.Option(64, min=1, help="Questions in flight."),
    timeout_s: float = typer.Option(3600.0, help="Give up on missing results after this long."),
    max_model_calls: int = typer.Option(
        Budget().max_model_calls, min=1, max=4096, help="Each question's call budget (a request's)."
    ),
    deadline_s: float = typer.Option(
        Budget().deadline_s, min=1.0, max=3600.0, help="Each question's deadline (a request's)."
    ),
    baselines: bool = typer.Option(
        True, "--baselines/--no-baselines", help="Also run single pass and self-consistency."
    ),
) -> None:
    """Single greedy pass vs the mesh on a math benchmark. Needs `rmesh up` (and `rmesh kb
    ingest` for unit conversions)."""
    from reasoning_mesh.bench.reasoning import run_reasoning_bench

    if not input_path.exists():
        fail(f"no benchmark file at {input_path}")
    budget = Budget(max_model_calls=max_model_calls, deadline_s=deadline_s)
    figures = run(
        run_reasoning_bench(MeshSettings(), input_path, limit, concurrency, timeout_s, budget, baselines)
    )
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("module", "n", "single pass", "mesh", "verified", "failed")
    for module, f in figures["per_module"].items():
        table.add_row(
            module,
            str(f["n"]),
            "-" if f["single_pass_accuracy"] is None else f"{f['single_pass_accuracy']:.3f}",
            f"{f['mesh_accuracy']:.3f}",
            str(f["verified"]),
            str(f["failed"]),
        )
    console.print(table)
    for key in (
        "single_pass_accuracy",
        "mesh_accuracy",
        "verified_precision",
        "p50_latency_s",
        "p95_latency_s",
        "beyond_default_deadline_share",
        "model_calls_per_question",
        "routed_share",
    ):
        value = figures[key]
        console.print(f"{key}: {value:.3f}" if isinstance(value, float) else f"{key}: {value}")


@app.command()
def learning(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    input_path: Path = typer.Option(
        Path("../shared/benchmarks/math_public.jsonl"),
        "--input",
        help="JSONL with the rounding questions to judge the new skill on (never trained on).",
    ),
    examples: int = typer.Option(
        4000, min=50, help="Labelled rounding examples to publish (generated here)."
    ),
    timeout_s: float = typer.Option(1800.0, help="Give up waiting for the adapter after this."),
    load_rps: float = typer.Option(4.0, min=0.1, help="Requests/s of the background load."),
    merge_steps: int = typer.Option(300, min=10, help="Training steps of each merge part."),
) -> None:
    """Continual learning end to end: feedback → learner → signed adapter → hot-loaded into the
    served model under load; plus Fisher vs linear merging and mixed-batch cost. Needs `rmesh up`
    (the learner's `RMESH_LEARNER_MIN_NEW_EXAMPLES` should not exceed `--examples`)."""
    from reasoning_mesh.bench.learning import run_learning_bench

    if not input_path.exists():
        fail(f"no benchmark file at {input_path}")
    figures = run(
        run_learning_bench(MeshSettings(), input_path, examples, timeout_s, load_rps, merge_steps)
    )
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("figure", "value")
    for key, value in figures.items():
        if not isinstance(value, dict | list):
            table.add_row(key, f"{value:.3f}" if isinstance(value, float) else str(value))
    console.print(table)


@app.command()
def restore(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    finished: int = typer.Option(10_000, min=1, help="Finished requests in the state topic."),
    open_requests: int = typer.Option(100, "--open", min=0, help="Open requests."),
) -> None:
    """Verifier state restore time: all history kept vs finished requests tombstoned (before and
    after compaction). Needs the broker (`rmesh up`); writes to a fresh topic of its own."""
    from reasoning_mesh.bench.restore import run_restore_bench

    figures = run(run_restore_bench(MeshSettings(), finished, open_requests))
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("phase", "restore s", "records read", "open", "finished", "tombstoned")
    for phase in ("history_kept", "tombstoned_before_compaction", "tombstoned_after_compaction"):
        f = figures[phase]
        table.add_row(
            phase,
            str(f["restore_s"]),
            str(f["records_read"]),
            str(f["open"]),
            str(f["finished"]),
            str(f["tombstoned"]),
        )
    console.print(table)


@app.command()
def chaos(
    json_out: Path = typer.Option(..., "--json", help="Where to write the figures."),
    requests: int = typer.Option(2000, min=10, help="Requests per phase (calm, then faults)."),
    faults_per_kind: int = typer.Option(20, min=1, help="Faults of each kind."),
    rate: float = typer.Option(8.0, min=0.1, help="Most requests per second."),
    poison: int = typer.Option(20, min=0, help="Poison records interleaved."),
    replicas: str = typer.Option(
        "gateway=2,planner=2,retriever=2,reasoner=2,verifier=3", help="As `rmesh up --replicas`."
    ),
    dev_file: Path = typer.Option(
        Path("../shared/benchmarks/math_dev_interp.jsonl"), "--input", help="Questions (a dev set)."
    ),
    home: Path = typer.Option(Path(".rmesh-chaos"), help="The chaos stack's own home."),
) -> None:
    """Faults under load with exact invariants: starts its own stack (three brokers, replicas,
    its own ports), runs the requests calm, then again while killing, restarting and freezing
    processes; then checks nothing was lost, duplicated, changed or left open."""
    from reasoning_mesh.bench.chaos import run_chaos_bench

    questions: Path | None = dev_file
    if not dev_file.exists():
        console.print(f"no question file at {dev_file}: generated questions of the same modules")
        questions = None
    figures = run(
        run_chaos_bench(home.resolve(), questions, requests, faults_per_kind, rate, poison, replicas)
    )
    json_out.write_text(json.dumps(figures, indent=2) + "\n")
    table = Table("figure", "value")
    for key, value in figures.items():
        if key != "fault_log":
            table.add_row(key, json.dumps(value) if isinstance(value, dict | list) else str(value))
    console.print(table)
