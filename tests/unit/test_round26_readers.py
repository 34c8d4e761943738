"""A bill of a few priced lines in fixed tellings (twenty-fourth round): invoices with a charge,
hours of labour at a rate, a till's lines for a customer, a thing bought singly; a stock count
and what went out and came in; and what must still be refused."""

from __future__ import annotations

import pytest

from reasoning_mesh.planner.domain import plan_question
from tests.unit.audit_data import audits_misreads
from tests.unit.refusal import assert_refused


@pytest.mark.parametrize(
    ("question", "reading", "form"),
    [
        # a bill of priced lines: its total is not negative
        (
            "Invoice check before I send it: 4 units @ 23.60 each plus 9.95 delivery. What should "
            "the total come to?",
            "What is 4*23.60 + 9.95?",
            "not_negative",
        ),
        (
            "invoice check - 5 items at 18.40 each plus a 7.50 delivery charge. what should the "
            "total be before VAT?",
            "What is 5*18.40 + 7.50?",
            "not_negative",
        ),
        (
            "Checking an invoice from our roofer before I pay it: 6 hours labour at 38.50 an hour "
            "plus 64.20 for parts. What should the total be?",
            "What is 6*38.50 + 64.20?",
            "not_negative",
        ),
        (
            "Invoice check before I send it: 9 hours at $41.25 an hour plus $30 in materials. What "
            "should the total be?",
            "What is 9*41.25 + 30?",
            "not_negative",
        ),
        (
            "invoice line for the Patel job: 11 hrs labour at £36.50/hr plus the £55 call-out charge. "
            "what's that come to before VAT?",
            "What is 11*36.50 + 55?",
            "not_negative",
        ),
        (
            "Checking an invoice before I send it - 4 items at £12.35 each plus one at £7.90. What "
            "should the total be?",
            "What is 4*12.35 + 7.90?",
            "not_negative",
        ),
        (
            "Garage quote: 4 tyres at 72.49 each plus 40.00 labour. total??",
            "What is 4*72.49 + 40.00?",
            "not_negative",
        ),
        (
            "Bakery counter: a customer bought 6 scones at £1.20 each and 2 loaves at £2.85 each. "
            "What do I charge her in total?",
            "What is 6*1.20 + 2*2.85?",
            "not_negative",
        ),
        (
            "small online shop, customer ordered 2 candles at 9.50 each and 3 soaps at 4.25 each, "
            "postage is 3.20. what's the grand total",
            "What is 2*9.50 + 3*4.25 + 3.20?",
            "not_negative",
        ),
        (
            "ringing up at the till: five candles at 1.99 each and a bag for 0.80. total?",
            "What is 5*1.99 + 0.80?",
            "not_negative",
        ),
        (
            "we ordered 4 curries at 9.75 each and one naan for 2.50, whats the total?",
            "What is 4*9.75 + 2.50?",
            "not_negative",
        ),
        # a stock count and its changes; full containers plus loose ones: a count
        (
            "Stock take: we started the week with 340 units, sold 95, then a delivery of 120 came "
            "in. How many units should be on the shelf?",
            "What is 340 - 95 + 120?",
            "count",
        ),
        (
            "Food bank stock: 980 tins at the start of the week, 215 went out Monday and 304 went "
            "out Tuesday. How many tins are left?",
            "What is 980 - 215 - 304?",
            "count",
        ),
        (
            "Warehouse had 2,150 boxes on Sunday night. We shipped 640 on Monday and 725 on "
            "Tuesday. How many are left?",
            "What is 2150 - 640 - 725?",
            "count",
        ),
        (
            "stock count: started the month with 410 units, took a delivery of 260, shipped out "
            "185, then wrote off 12 damaged ones. what should the closing figure be?",
            "What is 410 + 260 - 185 - 12?",
            "count",
        ),
        (
            "Stock check at the pharmacy: 12 full boxes of 28 tablets plus 6 loose ones. How many "
            "tablets in total?",
            "What is 12*28 + 6?",
            "count",
        ),
        ("warehouse q: 21 pallets, 36 boxes on each. how many boxes total", "What is 21*36?", "count"),
        (
            "Site foreman here. We've got 7 full pallets with 144 bricks on each, plus 25 loose "
            "bricks left over from yesterday. How many bricks altogether?",
            "What is 7*144 + 25?",
            "count",
        ),
    ],
)
def test_reads(question: str, reading: str, form: str) -> None:
    plan = plan_question(question)
    assert plan.reading == reading
    assert plan.final_check is not None and plan.final_check.answer_form == form


@pytest.mark.parametrize(
    "question",
    [
        # a charge per item, or none; a line of a multiple; someone else's bill; a voucher
        "Invoice check: 3 units at 14.75 each plus 6.20 delivery each. What's the total?",
        "Invoice check: 3 boxes of 12 at 14.75 each plus 6.20 delivery. What's the total?",
        "Invoice check: 3 dozen rolls at 0.45 each plus 6.20 delivery. What's the total?",
        "my sister bought 3 notebooks at 2.35 each and a pen for 1.10. how much did I spend?",
        "I bought 3 notebooks at 2.35 each and a voucher for 5. how much did I spend?",
        "I bought 3 notebooks at 2.35 each and 2 pens at 0.99 each. how much did we spend?",
        # two charges, a line after a charge, currencies that differ
        "Invoice check: 3 units at 14.75 each plus 6.20 delivery and 3.10 postage. What's the total?",
        "Invoice check: 3 units at £14.75 each plus $6.20 delivery. What's the total?",
        # the total of something else
        "Invoice check: 3 units at 14.75 each plus 6.20 delivery. What's the total per unit?",
        "Invoice check: 3 units at 14.75 each plus 6.20 delivery. What's the VAT?",
        # changes of other things, of no known direction, not yet happened; asks of a change
        "Stock take: we started the week with 340 units, sold 95 boxes. How many units are left?",
        "Stock take: we started the week with 340 units, returned 95. How many units are left?",
        "Stock take: we started the week with 340 units, a delivery of 120 is due. How many are left?",
        "Stock take: we started the week with 340 units, sold 95. How many units were sold?",
        "Stock take: we started the week with 340 units and sold 95 last month. How many are left?",
        "Stock take: we started the week with 340 units, sold 95 and 120. How many are left?",
    ],
)
def test_refuses_what_is_no_such_story(question: str) -> None:
    assert_refused(question)


@pytest.mark.parametrize("question", audits_misreads("am", "an", "ao", "ap", "aq", "ar", "as"))
def test_refuses_the_audits_misreads(question: str) -> None:
    assert_refused(question)
