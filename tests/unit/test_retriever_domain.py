import pytest

from reasoning_mesh.retriever.domain import (
    Hit,
    cache_key,
    chunk_text,
    evidence_from,
    point_id,
)


def test_short_text_is_one_chunk() -> None:
    chunks = chunk_text("d", "1 km is 1000 m.")
    assert [(c.index, c.text) for c in chunks] == [(0, "1 km is 1000 m.")]


def test_long_text_windows_overlap_and_cover_everything() -> None:
    words = [f"w{i}" for i in range(25)]
    chunks = chunk_text("d", " ".join(words), max_words=10, overlap=3)
    assert [c.index for c in chunks] == [0, 1, 2, 3]
    assert chunks[0].text.split()[-3:] == chunks[1].text.split()[:3]
    covered = {w for c in chunks for w in c.text.split()}
    assert covered == set(words)


def test_bad_chunking_parameters() -> None:
    with pytest.raises(ValueError, match="overlap"):
        chunk_text("d", "x", max_words=5, overlap=5)


def test_point_ids_are_deterministic_per_collection_doc_chunk() -> None:
    assert point_id("kb", "a", 0) == point_id("kb", "a", 0)
    assert len({point_id("kb", "a", 0), point_id("kb", "a", 1), point_id("x", "a", 0)}) == 3


def test_cache_key_normalises_query_and_tracks_generation() -> None:
    assert cache_key("kb", "Km  to M", 3, None, 1) == cache_key("kb", "km to m", 3, None, 1)
    assert cache_key("kb", "km to m", 3, None, 1) != cache_key("kb", "km to m", 3, None, 2)
    assert cache_key("kb", "q", 3, {"a": 1, "b": 2}, 0) == cache_key("kb", "q", 3, {"b": 2, "a": 1}, 0)


def test_evidence_from_hits() -> None:
    ev = evidence_from(
        [
            Hit(
                "p",
                0.91234567,
                {"doc_id": "d", "chunk": 2, "text": "t", "metadata": {"dimension": "mass"}},
            )
        ]
    )
    assert ev[0].doc_id == "d" and ev[0].chunk == 2 and ev[0].score == 0.912346
    assert ev[0].metadata == {"dimension": "mass"}
