"""A short fuzz run (the bench's full run is `rmesh bench fuzz`, 10,000 records): generated bad
records on every input topic of the user's stack, valid requests among them. Every bad record is
dead-lettered once by each group that reads it, every valid request answered, nothing restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from reasoning_mesh.bench.fuzz import run_fuzz_bench
from reasoning_mesh.bench.fuzz_records import CATEGORIES, INPUT_TOPICS

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


async def test_a_short_fuzz_run_dead_letters_every_bad_record_and_answers_every_valid_one(
    tmp_path: Path,
) -> None:
    figures = await run_fuzz_bench(tmp_path / "home", n_bad=800, n_valid=20, timeout_s=600)
    assert figures["bad_records"] == 800
    assert set(figures["bad_by_topic"]) == set(INPUT_TOPICS)
    assert set(figures["bad_by_category"]) == set(CATEGORIES), figures["bad_by_category"]
    assert figures["dead_letters_found"] == figures["dead_letters_expected"] >= 800, figures
    assert figures["bad_not_dead_lettered"] == 0, figures["bad_not_dead_lettered_by_category"]
    assert figures["dead_letters_duplicated"] == 0 and figures["dead_letters_unexpected"] == 0
    assert figures["valid_answered"] == figures["valid_requests"] == 20
    assert figures["valid_lost"] == 0 and figures["valid_answered_twice"] == 0
    assert "refused" not in figures["valid_statuses"], figures["valid_statuses"]
    assert figures["process_restarts"] == 0, figures["restarts_by_process"]
