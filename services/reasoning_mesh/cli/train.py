"""`rmesh train`: train the reasoner model on generated data."""

from __future__ import annotations

from pathlib import Path

import typer

from reasoning_mesh.cli.common import console


def train(
    out: Path = typer.Option(None, help="Checkpoint directory (default: model_repository/reasoner/1)."),
    steps: int = typer.Option(2400, min=1),
    batch: int = typer.Option(128, min=1),
    seed: int = typer.Option(1234),
    threads: int = typer.Option(2, min=1, help="CPU threads for torch."),
    lr: float = typer.Option(2e-3, help="Peak learning rate."),
    resume: Path = typer.Option(None, help="Continue training this checkpoint directory."),
    mix: str = typer.Option(
        "base",
        help="Step distribution (data.STEP_MIXES): base (broad), focus (the planner's hard "
        "shapes), focus-cancel (plus nearly cancelling sums), rehearse (half base), fractions "
        "(wide reductions to lowest terms, fraction-by-integer steps), settle (fractions beside "
        "long exact quotients), quotients (plus 4-digit divisors), products (products of "
        "integers, decimals and fractions beside reductions and quotients), routes (the steps the "
        "verifier's cancellation and distribution routes ask), notation (step format 2: every "
        "earlier mix restyled, `C:` exact and `D:` decimal answers, long conversion steps).",
    ),
    question_share: float = typer.Option(
        0.15, min=0.0, max=1.0, help="Share of whole-question examples."
    ),
    warmup: int = typer.Option(150, min=0),
) -> None:
    """Train the gated-depth reasoner (LayerSkip objective) and write a verified checkpoint."""
    from reasoning_mesh.models.reasoner import checkpoint
    from reasoning_mesh.models.reasoner.data import STEP_MIXES
    from reasoning_mesh.models.reasoner.model import ReasonerConfig
    from reasoning_mesh.models.reasoner.train import Recipe
    from reasoning_mesh.models.reasoner.train import train as run_training

    target = out or checkpoint.default_dir()
    if mix not in STEP_MIXES:
        raise typer.BadParameter(f"unknown mix {mix!r}; one of {sorted(STEP_MIXES)}")
    recipe = Recipe(
        seed=seed,
        steps=steps,
        batch=batch,
        threads=threads,
        lr=lr,
        mix=mix,
        question_share=question_share,
        warmup=warmup,
    )
    extra = run_training(recipe, ReasonerConfig(), target, log=console.print, resume=resume)
    console.print(
        f"wrote {target} ({extra['params']} parameters, "
        f"{extra['train_wall_clock_s']:.0f}s, held-out step accuracy "
        f"{extra['held_out_step_accuracy']:.3f})"
    )


def train_translator(
    out: Path = typer.Option(
        None, help="Checkpoint directory (default: model_repository/translator/1)."
    ),
    steps: int = typer.Option(6000, min=1),
    batch: int = typer.Option(160, min=1),
    seed: int = typer.Option(4321),
    threads: int = typer.Option(2, min=1, help="CPU threads for torch."),
    lr: float = typer.Option(2e-3, help="Peak learning rate."),
    warmup: int = typer.Option(200, min=0, help="Warm-up steps."),
    device: str = typer.Option("cpu", help="`cpu`, or `cuda` to train on a GPU."),
) -> None:
    """Train the translation model (questions as people write them → the planner's phrasing) on
    generated phrasings, and write a verified checkpoint."""
    from reasoning_mesh.infra.paths import model_repository
    from reasoning_mesh.models.translator.train import Recipe
    from reasoning_mesh.models.translator.train import train as run_training

    target = out or model_repository() / "translator" / "1"
    recipe = Recipe(
        seed=seed, steps=steps, batch=batch, threads=threads, lr=lr, warmup=warmup, device=device
    )
    extra = run_training(recipe, target, log=console.print)
    console.print(
        f"wrote {target} ({extra['params']} parameters, {extra['train_wall_clock_s']:.0f}s, "
        f"held-out phrasing accuracy {extra['held_out_phrasing_accuracy']:.3f})"
    )


def train_stories(
    out: Path = typer.Option(None, help="Model directory (default: model_repository/stories/1)."),
    bench: Path = typer.Option(None, help="Question files (default: infra/bench)."),
    shared: Path = typer.Option(
        None,
        help="Benchmarks never trained on, their questions left out of the data (default: "
        "../shared/benchmarks beside the repository; training refuses to run without them).",
    ),
    upto: int = typer.Option(
        130, min=1, max=130, help="Train on natural_unseen1..N; later files are reported on."
    ),
    extra: Path = typer.Option(
        None, help="Files written for training alone (default: infra/train/stories)."
    ),
    threads: int = typer.Option(2, min=1, help="CPU threads for torch."),
) -> None:
    """Train the story model (a story → one expression over its own numbers) on the project's
    question files, labelled by their answers, and write its heads and manifest."""
    import torch

    from reasoning_mesh.infra.paths import model_repository, repo_root
    from reasoning_mesh.models.stories.train import Recipe
    from reasoning_mesh.models.stories.train import train as run_training

    torch.set_num_threads(threads)
    target = out or model_repository() / "stories" / "1"
    shared = shared or repo_root().parent / "shared" / "benchmarks"
    if not shared.is_dir():
        raise typer.BadParameter(f"{shared} is missing: its questions must be left out of the data")
    manifest = run_training(
        bench or repo_root() / "infra" / "bench",
        shared,
        target,
        Recipe(train_upto=upto),
        extra=extra or repo_root() / "infra" / "train" / "stories",
        log=console.print,
    )
    held = manifest["held_out"]
    assert isinstance(held, dict)
    console.print(
        f"wrote {target} ({manifest['examples']} questions, {manifest['train_wall_clock_s']}s; "
        f"held out: {held.get('right', 0)} right and {held.get('wrong', 0)} wrong of "
        f"{held.get('read', 0)} read, {held.get('questions', 0)} questions)"
    )
