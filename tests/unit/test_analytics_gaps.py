"""The analytics service's offset-gap bookkeeping against faust's own: the same offsets filed,
intervals that never overlap, and faust's commit logic reading them the same way."""

from __future__ import annotations

import itertools
import random

import faust
import pytest
from intervaltree import IntervalTree

from reasoning_mesh.analytics import gaps


def fausts_own(tree: IntervalTree, committed: int | None, offset_from: int, offset_to: int) -> None:
    """faust 0.15.3's `Consumer._add_gap`, without its event-loop yield."""
    if committed is not None:
        offset_from = max(offset_from, committed + 1)
    if offset_from <= offset_to:
        tree.addi(offset_from, offset_to + 1)
        tree.merge_overlaps()


def covered(tree: IntervalTree) -> set[int]:
    return {o for iv in tree for o in range(iv.begin, iv.end)}


@pytest.mark.parametrize("seed", range(5))
def test_gaps_are_filed_as_faust_files_them(seed: int) -> None:
    rng = random.Random(seed)
    ours, theirs = IntervalTree(), IntervalTree()
    committed: int | None = None
    offset = 0
    for step in range(600):
        # Mostly in order (markers between transactions); now and then a re-read or overlap.
        start = offset + rng.randint(1, 3) if rng.random() < 0.9 else rng.randint(0, offset + 1)
        end = start + rng.randint(0, 4)
        offset = max(offset, end)
        if rng.random() < 0.02:
            committed = rng.randint(0, offset)
            ours.chop(0, committed + 1)
            theirs.chop(0, committed + 1)
        gaps.add_gap(ours, committed, start, end)
        fausts_own(theirs, committed, start, end)
        if step % 25 == 0:
            assert sorted(ours) == sorted(theirs)  # the very intervals _new_offset reads
    assert sorted(ours) == sorted(theirs) and covered(ours) == covered(theirs)
    ivs = sorted(ours)
    assert all(a.end <= b.begin for a, b in itertools.pairwise(ivs))  # no overlaps


def test_it_replaces_fausts_only_on_the_release_it_was_written_for() -> None:
    assert faust.__version__ == gaps.PATCHED_RELEASE  # a faust upgrade must look at this again
    assert gaps.install()
    from faust.transport.consumer import Consumer

    assert Consumer._add_gap is gaps._add_gap
