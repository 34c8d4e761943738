"""The verifier's partition-scoped store: open and finished requests per partition, tombstones
after a grace period, tombstoned ids remembered (bounded), partitions dropped on revocation."""

from __future__ import annotations

from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.runtime.codec import encode
from reasoning_mesh.settings import KafkaSettings
from reasoning_mesh.verifier.machine import Machine
from reasoning_mesh.verifier.store import StateStore

KAFKA = KafkaSettings()


def state(rid: str, phase: str = "running", version: int = 1) -> RequestState:
    s, _ = Machine.start(rid, "t", plan_question("What is 2 + 3?"), now=0.0, inbox="inbox")
    return s.model_copy(update={"phase": phase, "version": version})


def test_states_are_kept_per_partition_and_dropped_with_it() -> None:
    store = StateStore()
    store.put(0, state("a"))
    store.put(1, state("b"))
    assert store.get(0, "a") is not None and store.get(1, "a") is None
    store.drop([0])
    assert store.get(0, "a") is None and store.get(1, "b") is not None
    assert store.counts() == {"partitions": 1, "open": 1, "finished": 0, "tombstoned": 0}


def test_finished_requests_are_tombstoned_after_the_grace_period_and_still_recognised() -> None:
    store = StateStore(grace_s=60)
    store.put(0, state("a", "done"), now=100.0)
    store.put(0, state("b", "failed"), now=130.0)
    store.put(0, state("c"), now=130.0)
    assert store.due(0, 150.0) == []
    assert store.due(0, 165.0) == ["a"]  # oldest first, only those past their grace
    assert store.get(0, "a") is None and store.is_finished(0, "a")
    assert store.due(0, 1000.0) == ["b"]  # an open request is never due
    assert store.get(0, "c") is not None and not store.is_finished(0, "c")


def test_tombstoned_ids_are_bounded() -> None:
    store = StateStore(finished_cache=2, grace_s=0)
    for rid in "abc":
        store.put(0, state(rid, "done"), now=0.0)
    assert store.due(0, 1.0, limit=2) == ["a", "b"]  # at most `limit` per call
    assert store.due(0, 1.0) == ["c"]
    assert not store.is_finished(0, "a") and store.is_finished(0, "c")


def test_restore_replays_states_and_tombstones_in_log_order() -> None:
    store = StateStore(grace_s=60)
    store._load(3, b"a", encode(state("a", version=1)), 10.0, KAFKA)
    store._load(3, b"a", encode(state("a", "done", version=2)), 20.0, KAFKA)
    store._load(3, b"b", encode(state("b", version=1)), 20.0, KAFKA)
    store._load(3, b"b", encode(state("b", version=0)), 21.0, KAFKA)  # an older version: ignored
    store._load(3, b"a", None, 90.0, KAFKA)  # a's tombstone
    store._load(3, b"x", b"not json", 91.0, KAFKA)  # unreadable: skipped, restore goes on
    assert store.get(3, "a") is None and store.is_finished(3, "a")
    b = store.get(3, "b")
    assert b is not None and b.version == 1
    # A finished state read back keeps its own finishing time for the grace period.
    store._load(3, b"d", encode(state("d", "done", version=3)), 500.0, KAFKA)
    assert store.due(3, 530.0) == [] and store.due(3, 561.0) == ["d"]
