"""A conversion factor the asker states that the knowledge base holds, `metric` tonnes, lists
said to be of points or fares, hours worked in quarters and things named like scale words
(twentieth round), and what each reading must still refuse."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner import said_units
from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading"),
    [
        # a factor the knowledge base holds, stated beside the question
        ("Alcove shelf is 30 inches long. What's that in cm? (1 inch = 2.54 cm)",
         "How many cm are there in 30 inches?"),
        ("Using 1 inch = 2.54 cm, how many cm is 12 inches?", "How many cm are there in 12 inches?"),
        ("Sportive is 100 miles. How many km is that? Use 1 mile = 1.609344 km.",
         "How many km are there in 100 miles?"),
        ("charity walk is 3 miles. 1 mile = 1760 yards, so how many yards is that",
         "How many yards are there in 3 miles?"),
        ("my husband says he weighs 11 stone. 1 stone is 14 lb. how many pounds is that?",
         "How many pounds are there in 11 stone?"),
        ("I'm 11 stone 6 lb. how many pounds is that altogether? (14 lb in a stone)",
         "How many pounds are there in 11 stone and 6 lb?"),
        ("If a mile is 1760 yards, how many yards are there in 3 miles?",
         "How many yards are there in 3 miles?"),
        # metric tonnes are tonnes
        ("The skip holds 1.25 metric tonnes. What's that in kg?",
         "How many kg are there in 1.25 tonnes?"),
        ("Skip company says the load was 2.3 tonnes (metric). how many kg is that?",
         "How many kg are there in 2.3 tonnes?"),
        ("2.4 tonnes of manure (metric tonnes). How many kg is that?",
         "How many kg are there in 2.4 tonnes?"),
        # a list said to be of points or fares
        ("Points for the season so far: 87, 92, 78, 105, 98. Whats the total?",
         "What is 87 + 92 + 78 + 105 + 98?"),
        ("Taxi shift tonight, fares were £12.40, £8.75, £23.10 and £6.95. Total takings?",
         "What is 12.40 + 8.75 + 23.10 + 6.95?"),
        # lists the words before them leave alone (the change's review)
        ("Money from friends: 10, 15 and 20. what's the total?", "What is 10 + 15 + 20?"),
        ("The cheapest quotes were 120, 85 and 60. total?", "What is 120 + 85 + 60?"),
        # hours worked in quarters on a timesheet
        ("my shifts this week were 7.5, 8, 6.25, 9 and 4.75 hrs. how many hours is that altogether",
         "What is 7.5 + 8 + 6.25 + 9 + 4.75?"),
        ("Timesheet: 7.5, 8.25, 6 and 9.75 hours. whats the total", "What is 7.5 + 8.25 + 6 + 9.75?"),
        ("doing timesheets for the site lads, 3.75 hours is how many minutes?",
         "How many minutes are there in 3.75 hours?"),
        # a picture frame and a model train are things, not scale drawings
        ("Picture frame is 10 inches wide. How many centimetres is that?",
         "How many centimetres are there in 10 inches?"),
        ("Model train platform is 36 cm long, what's that in mm?", "How many mm are there in 36 cm?"),
    ],
)  # fmt: skip
def test_reads(question: str, reading: str) -> None:
    assert plan_question(question).reading == reading


def test_a_stated_factor_leaves_the_knowledge_base_fact_in_the_plan() -> None:
    """The factor said is left out; the product's factor is still the retrieved fact's."""
    plan = plan_question("Using 1 inch = 2.54 cm, how many cm is 12 inches?")
    facts = [g.filters for g in plan.goals if g.kind == "fact"]
    assert [(f["from_unit"], f["to_unit"]) for f in facts] == [("inch", "centimetre")]
    assert [(g.op, g.left, g.right) for g in plan.goals if g.kind == "arith"] == [
        ("*", "12", "@g0.factor")
    ]


@pytest.mark.parametrize(
    ("text", "left", "units"),
    [
        ("How many cm is 12 inches, using 1 inch = 2.54 cm", "How many cm is 12 inches",
         {"inch", "centimetre"}),
        ("(1 inch = 2.54 cm) 12 inches in cm?", "12 inches in cm?", {"inch", "centimetre"}),
        ("Home brewing: a gallon is 8 pints, so how many pints in 5 gallons?",
         "Home brewing: how many pints in 5 gallons?", {"gallon", "pint"}),
        ("1 year = 12 months. How many months in 3 years?", "How many months in 3 years?",
         {"year", "month"}),
    ],
)  # fmt: skip
def test_without_factors(text: str, left: str, units: set[str]) -> None:
    factored = said_units.without_factors(text)
    assert factored is not None
    assert (factored.text, factored.units) == (left, units)


@pytest.mark.parametrize(
    "text",
    [
        # not the knowledge base's factor, or not a clause of its own: left as it is
        "using 1 kg = 2.2 lb how many pounds in 25 kg",
        "If 1 mile = 1.6 km, how far is 5 miles in km?",
        "1 stone is 14 lb and I lost 3 stone, how many lb",
        "is it 2.54 cm to the inch?",
        "60 km in an hour, how far in 3 hours?",
        # a clock's units and a calendar's are not on one scale (audit T)
        "Using 1 year = 1 second, how many seconds in a week?",
    ],
)
def test_factors_kept(text: str) -> None:
    assert said_units.without_factors(text) is None


def test_metric_tonnes_are_tonnes() -> None:
    assert said_units.metric("2.3 tonnes (metric), 1.25 metric tonnes") == "2.3 tonnes, 1.25 tonnes"
    assert said_units.metric("2 metric tons") == "2 tonnes"
    assert said_units.metric("2.4 tonnes of manure (metric tonnes)") == "2.4 tonnes of manure"
    assert (
        said_units.metric("the metric system: 2 (metric) units") == "the metric system: 2 (metric) units"
    )


@pytest.mark.parametrize(
    "question",
    [
        # a factor of the asker's own: their answer is by it, not by the knowledge base
        "dog food bag says 25 kg, using 1 kg = 2.2 lb how many pounds is it",
        "Tomorrow's hike is 5 miles. How far is that in km? (using 1 mile = 1.6 km)",
        "The shelf is 30 inches long. What's that in cm? (1 inch = 2.5 cm)",
        # a factor of other units than those converted, or cut from a list (audit T)
        "shelf is 2 feet long, what's that in cm exactly? (2.54 cm to the inch)",
        "My board is 2 yards long. A yard is 3 feet. How many inches is that?",
        "Weighed my suitcases: 1 stone = 14 lb, 20 lb and 18 lb. Total in lb?",
        # a list whose words before it are not all plain, or hours that may be clock times
        "Points for the season so far: 87, 92, 78, 105, 98. Whats the total per game?",
        "fares were 12.40, 8.75 and 23.10 and again on sunday. total?",
        "shifts this week were 7.30, 8.15 and 9 hours, total hours?",
        "Slept 7.50 hours and 8.25 hours at the weekend, total hours?",
        "My shift ends 17.50 hours, how many minutes is that?",
        "Charity shop till has died again so I'm adding postage on: 4.75, 12.50 and 0.99. Total?",
        "Points for our netball team this season: 23, 17, 31, 29. What's the total?",
        "Timesheet: Mon 9.25 and 5.50, Tue 7.5 hours. Total?",
        # the change's review: a dash may be a minus; a lead word inside another; a half
        # written both ways; an amount of money as the decimal of an hour
        "How many minutes is 2 hours - 1 hour = 60 minutes",
        "2 hours - 1 hour = 60 minutes, how many minutes is that?",
        "How many km is 2 miles — 1 mile = 1.609344 km",
        "My answer was 1 mile = 1760 yards, how many yards in 3 miles?",
        "1 lb = 16 oz, 1 stone = 13 lb. How many oz in 2 stone 3 lb?",
        "I worked 7.5 hours monday and 9.50 hours tuesday, total hours?",
        "i worked 8.25 hours and spent £6.75 on lunch, how many minutes did i work",
        "I worked 8.25 to 4.25 on my shift, how many hours",
        "my shift was 7.45 hours, how many minutes is that",
        # a scale drawing or a model is not the thing itself
        "the model is 36 cm long, what's that in mm?",
        "On the map the path is 12 cm. How many metres is that?",
    ],
)
def test_refuses(question: str) -> None:
    assert_refused(question)


_AUDITS = ("t", "u", "v")


@pytest.mark.parametrize(
    "question", [q for name in _AUDITS for q in misreads(f"audit_{name}_misreads.txt")]
)
def test_audit_misreads_are_refused(question: str) -> None:
    """Audits T, U and V (docs/audits/round22): every misread they found through this round's
    change, refused."""
    assert_refused(question)


def test_audit_lists_are_whole() -> None:
    assert [len(misreads(f"audit_{name}_misreads.txt")) for name in _AUDITS] == [48, 117, 84]
