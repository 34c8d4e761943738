"""Generated data is exact and excludes rounding; training is seeded and reproducible."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
import torch

from reasoning_mesh.models.reasoner import checkpoint
from reasoning_mesh.models.reasoner.data import (
    Example,
    apply,
    examples,
    held_out_steps,
    step_example,
    step_prompt,
    training_prompts,
)
from reasoning_mesh.models.reasoner.model import ReasonerConfig
from reasoning_mesh.models.reasoner.numbers import as_fraction, canon, exact_op
from reasoning_mesh.models.reasoner.train import Recipe, exact, same_value, train

BENCH = Path(__file__).resolve().parents[4] / "shared" / "benchmarks" / "math_public.jsonl"


def test_canon_and_parse_round_trip() -> None:
    for v in [Fraction(-3, 11), Fraction(5, 4), Fraction(0), Fraction(10**9), Fraction(-1, 8)]:
        assert as_fraction(canon(v)) == v
    assert canon(Fraction(1, 2)) == "0.5" and canon(Fraction(-3, 11)) == "-3/11"
    assert as_fraction("0.50") == Fraction(1, 2) and as_fraction("abc") is None
    assert as_fraction("1/0") is None


def test_step_answers_are_exact() -> None:
    import random

    rng = random.Random(5)
    for _ in range(2000):
        ex = step_example(rng)
        body = ex.prompt[2:-1]
        assert ex.prompt.startswith("C:") and ex.prompt.endswith("=")
        assert any(op in body[1:] for op in "+-*/"), body
        assert as_fraction(ex.answer) is not None
        assert len(ex.prompt) + len(ex.answer) < 100, ex
    assert step_prompt(Fraction(3, 7), "*", Fraction(-14)) == "C:(3/7)*-14="
    assert apply(Fraction(1, 2), "/", Fraction(1, 4)) == 2


def test_no_rounding_and_no_benchmark_questions_in_training_data() -> None:
    stream = list(itertools.islice(examples(1234), 20_000))
    assert not any("round" in e.prompt.lower() for e in stream)
    assert {e.kind for e in stream} >= {
        "step_add",
        "step_mul",
        "step_div",
        "step_frac",
        "step_conv",
        "q_add_sub",
        "q_linear",
    }
    if BENCH.exists():
        bench = {json.loads(line)["question"] for line in BENCH.read_text().splitlines()}
        questions = {e.prompt[2:-1] for e in stream if e.prompt.startswith("Q:")}
        assert not bench & questions


def test_held_out_prompts_never_repeat_training_prompts() -> None:
    seen = training_prompts(1234, 50_000)
    held = held_out_steps(500, exclude=seen)
    assert len(held) == 500 and not {e.prompt for e in held} & seen
    assert len({e.prompt for e in held}) == 500


def test_exact_compares_text_not_values() -> None:
    assert exact("-3/11", "-3/11") and exact(" 12", "12") and not exact("x", "1")
    assert not exact("0.5", "1/2") and not exact("0.50", "0.5") and not exact("-870/29", "-30")
    assert same_value("0.50", "1/2") and not same_value("x", "1")


def test_training_is_reproducible(tmp_path: Path) -> None:
    cfg = ReasonerConfig(d_model=32, n_layers=2, n_heads=2, d_ff=64, max_len=128, min_exit_layer=1)
    recipe = Recipe(steps=3, batch=8, threads=1, warmup=1)
    logs: list[str] = []
    a = train(recipe, cfg, tmp_path / "a", log=logs.append)
    b = train(recipe, cfg, tmp_path / "b", log=logs.append)
    wa, _ = checkpoint.load(tmp_path / "a")
    wb, _ = checkpoint.load(tmp_path / "b")
    for (ka, va), (kb, vb) in zip(wa.state_dict().items(), wb.state_dict().items(), strict=True):
        assert ka == kb and torch.equal(va, vb), ka
    assert a["final_losses_per_layer"] == b["final_losses_per_layer"]
    manifest = checkpoint.read_manifest(tmp_path / "a")
    assert manifest["recipe"]["steps"] == 3 and "numbers__round_number" in str(manifest["data"])


@pytest.mark.parametrize("seed", [0, 1])
def test_stream_is_seeded(seed: int) -> None:
    first = [e.prompt for e in itertools.islice(examples(seed), 50)]
    assert first == [e.prompt for e in itertools.islice(examples(seed), 50)]


def test_focus_mix_is_exact_and_long_operands_are_common() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import focus_step_example

    rng = random.Random(9)
    drawn = [focus_step_example(rng) for _ in range(3000)]
    for ex in drawn:
        _exact(ex)
    adds = [e for e in drawn if e.kind == "step_add" and e.prompt.count("(") == 0]
    long_adds = [e for e in adds if sum(c.isdigit() for c in e.prompt) >= 8]
    # Digit counts are uniform: a sum of two 4–5 digit numbers is common, not a rarity.
    assert len(long_adds) > len(adds) / 5
    reductions = [e for e in drawn if e.kind == "step_div" and "/" in e.answer]
    assert reductions, "integer divisions to lowest terms are part of the mix"


def test_cancel_mix_draws_nearly_cancelling_sums() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import STEP_MIXES

    rng = random.Random(4)
    drawn = [STEP_MIXES["focus-cancel"](rng) for _ in range(2000)]
    cancelling = 0
    for ex in drawn:
        a, op, b = _exact(ex)
        if ex.kind == "step_add" and max(abs(a), abs(b)) >= 1000 and abs(apply(a, op, b)) < 1000:
            cancelling += 1
    assert cancelling > len(drawn) / 10


def test_rehearse_mix_keeps_every_step_kind() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import STEP_MIXES

    rng = random.Random(6)
    kinds = {STEP_MIXES["rehearse"](rng).kind for _ in range(1000)}
    assert kinds >= {"step_add", "step_mul", "step_div", "step_frac", "step_conv"}


def test_fractions_mix_draws_wide_reductions_and_coprime_copies() -> None:
    import random
    from fractions import Fraction

    from reasoning_mesh.models.reasoner.data import STEP_MIXES

    rng = random.Random(11)
    drawn = [STEP_MIXES["fractions"](rng) for _ in range(3000)]
    reductions = copies = wide = 0
    for ex in drawn:
        a, _, b = _exact(ex)
        if ex.kind != "step_div" or "/" not in ex.answer:
            continue
        reductions += 1
        result = Fraction(ex.answer)
        copies += abs(a) == abs(result.numerator) and abs(b) == result.denominator
        wide += max(abs(result.numerator), result.denominator) >= 100
    assert reductions > len(drawn) / 5
    # Already-lowest terms must be copied, not "simplified"; results beyond `focus`'s 2 digits.
    assert copies > reductions / 8
    assert wide > reductions / 3
    kinds = {ex.kind for ex in drawn}
    assert kinds >= {"step_add", "step_mul", "step_div", "step_frac", "step_conv"}


def test_settle_mix_draws_long_exact_quotients_beside_reductions() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import STEP_MIXES

    rng = random.Random(13)
    drawn = [STEP_MIXES["settle"](rng) for _ in range(2000)]
    exact = reduced = 0
    for ex in drawn:
        a, _, b = _exact(ex)
        if ex.kind == "step_div" and a.denominator == b.denominator == 1:
            long_exact = "/" not in ex.answer and "." not in ex.answer and abs(a) >= 10_000
            exact += long_exact
            reduced += "/" in ex.answer
    assert exact > len(drawn) / 20
    assert reduced > len(drawn) / 20


def test_quotients_mix_draws_long_divisors_with_short_quotients() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import STEP_MIXES

    rng = random.Random(14)
    drawn = [STEP_MIXES["quotients"](rng) for _ in range(2000)]
    long_divisor = 0
    for ex in drawn:
        a, op, b = _exact(ex)
        if op == "/" and b.denominator == 1 and abs(b) >= 1000 and "/" not in ex.answer:
            long_divisor += abs(apply(a, op, b)) < 100
    assert long_divisor > len(drawn) / 20


def _kind(v: Fraction) -> str:
    return "int" if v.denominator == 1 else ("dec" if "." in canon(v) else "frac")


def test_products_mix_draws_products_of_every_operand_kind() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import STEP_MIXES

    rng = random.Random(15)
    drawn = [STEP_MIXES["products"](rng) for _ in range(2000)]
    shapes = set()
    for ex in drawn:
        a, op, b = _exact(ex)
        if op == "*" and b != 0 and a != 0:
            shapes.add(tuple(sorted((_kind(a), _kind(b)))))
    two_by_two = [e for e in drawn if e.kind == "step_mul" and sum(c.isdigit() for c in e.prompt) >= 4]
    assert shapes >= {("int", "int"), ("dec", "int"), ("frac", "int")}
    assert len(two_by_two) > len(drawn) / 10


def test_routes_mix_draws_the_steps_the_verifiers_routes_ask() -> None:
    import random

    from reasoning_mesh.models.reasoner.data import ROUTE_PRIMES, STEP_MIXES
    from reasoning_mesh.verifier.cancel import TRIAL_PRIMES

    assert ROUTE_PRIMES == TRIAL_PRIMES  # the same trials in training and in the verifier
    rng = random.Random(16)
    drawn = [STEP_MIXES["routes"](rng) for _ in range(2000)]
    trials = partials = 0
    for ex in drawn:
        a, op, b = _exact(ex)
        trials += op == "/" and b in ROUTE_PRIMES and a.denominator == 1
        place_value = b.denominator == 1 and len(str(abs(b.numerator)).rstrip("0")) == 1
        partials += op == "*" and place_value and b != 0
    assert trials > len(drawn) / 5
    assert partials > len(drawn) / 6


def test_focus_recipe_trains_steps_and_questions_in_separate_batches(tmp_path: Path) -> None:
    from reasoning_mesh.models.reasoner.tokenizer import CharTokenizer
    from reasoning_mesh.models.reasoner.train import batches

    recipe = Recipe(steps=2, batch=16, threads=1, warmup=1, mix="focus", question_share=0.5)
    lengths = [ids.shape[1] for ids, *_ in itertools.islice(batches(recipe, CharTokenizer()), 40)]
    # Two populations, never mixed in a batch: short step batches and long question batches.
    assert min(lengths) < 40 < max(lengths)
    seen = training_prompts(recipe.seed, 1000, 0.5, "focus", recipe.batch)
    assert any(p.startswith("Q:") for p in seen) and any(p.startswith("C:") for p in seen)
    cfg = ReasonerConfig(d_model=32, n_layers=2, n_heads=2, d_ff=64, max_len=128, min_exit_layer=1)
    extra = train(recipe, cfg, tmp_path / "f", log=lambda _: None)
    assert extra["phases"][-1]["mix"] == "focus"


def _exact(ex: Example) -> tuple[Fraction, str, Fraction]:
    """A step example's operands, after checking its answer is the exact canonical result."""
    a, op, b = _split(ex.prompt[2:-1])
    assert canon(apply(a, op, b)) == ex.answer, ex
    return a, op, b


def _split(body: str) -> tuple[Fraction, str, Fraction]:
    depth = 0
    for i, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and i > 0 and ch in "+-*/" and body[i - 1] not in "+-*/(":
            return _frac(body[:i]), ch, _frac(body[i + 1 :])
    raise AssertionError(body)


def _frac(text: str) -> Fraction:
    value = as_fraction(text.strip("()"))
    assert value is not None, text
    return value


def test_format_2_names_the_notation_and_answers_in_it() -> None:
    from reasoning_mesh.models.reasoner.data import notation_step_example, parse_step
    from reasoning_mesh.models.reasoner.numbers import canonical

    rng = random.Random(5)
    prefixes = set()
    for _ in range(3000):
        ex = notation_step_example(rng)
        parsed = parse_step(ex.prompt)
        assert parsed is not None, ex.prompt
        a, op, b = parsed
        notation = "decimal" if ex.prompt.startswith("D:") else "exact"
        prefixes.add(ex.prompt[:2])
        body = ex.prompt[2:]
        if "." in body:
            assert notation == "decimal", ex.prompt  # a decimal operand asks for decimals
        assert ex.answer == canonical(exact_op(a, op, b), notation), ex  # type: ignore[arg-type]
    assert prefixes == {"C:", "D:"}
