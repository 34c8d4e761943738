import json
from fractions import Fraction
from pathlib import Path

from reasoning_mesh.kb.units import facts, fmt, render

KB = Path(__file__).resolve().parents[2] / "infra" / "kb" / "units.jsonl"


def test_checked_in_kb_is_what_the_generator_writes() -> None:
    assert KB.read_text(encoding="utf-8") == render()


def test_fmt_is_exact() -> None:
    assert fmt(Fraction(1, 1000)) == "0.001"
    assert fmt(Fraction(10**9)) == "1000000000"
    assert fmt(Fraction(1, 12)) == "1/12"
    assert fmt(Fraction(-5, 4)) == "-1.25"
    assert fmt(Fraction(1, 10**9)) == "0.000000001"


def test_facts_cover_the_required_units_both_ways() -> None:
    by_id = {f["id"]: f for f in facts()}
    assert by_id["unit-length-km-to-m"]["metadata"]["factor"] == "1000"
    assert by_id["unit-length-m-to-km"]["metadata"]["factor"] == "0.001"
    assert by_id["unit-mass-t-to-kg"]["metadata"]["factor"] == "1000"
    assert by_id["unit-mass-ng-to-g"]["metadata"]["factor"] == "0.000000001"
    assert by_id["unit-time-millennium-to-year"]["metadata"]["factor"] == "1000"
    assert by_id["unit-time-century-to-decade"]["metadata"]["factor"] == "10"
    assert by_id["unit-time-week-to-day"]["metadata"]["factor"] == "7"
    assert by_id["unit-time-year-to-month"]["metadata"]["factor"] == "12"
    assert by_id["unit-volume-l-to-ml"]["metadata"]["factor"] == "1000"
    # Seconds-scale and calendar-scale time units are never mixed.
    assert "unit-time-day-to-month" not in by_id


def test_one_fact_per_document_with_all_spellings() -> None:
    doc = next(f for f in facts() if f["id"] == "unit-length-km-to-m")
    assert "meters" in doc["text"] and "metres" in doc["text"] and "km" in doc["text"]
    assert all(json.dumps(f) for f in facts())
