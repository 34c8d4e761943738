"""Closed word lists of `stock`: openings, starts, changes and asks of a stock count. In the
shapes, `N` is the number, `THINGS` the things counted, ` WHEN` an optional day or time."""

from __future__ import annotations

#: What a stock count counts, one by one.
THINGS = (
    r"(?P<things>units|tins|tablets|boxes|items|parcels|books|paperbacks|bottles|packs|cans|"
    r"bags|jars|cartons|cases|kits|bricks|candles|mugs|plants|toys)"
)
#: Days, Monday first (their order is checked).
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)"
)
#: When a change happened, within the count's own time (never `last month`).
WHEN = rf"(?: (?:on )?(?P<day>{_DAY})| (?P<span>today|this morning|this afternoon|during the week))?"
#: Openings that name a stock count, tried in order, each followed by a mark.
LEADS = (
    r"(?:hi|hey|ok|ok so)",
    r"(?:quick )?(?:(?:food bank|pharmacy|shop|warehouse|ward|charity shop|the) )?"
    r"(?:stock(?: take| check| count| sheet)?|count)(?: (?:at|for|on|in) the [a-z]+(?: [a-z]+)?)?",
)
#: A start: the count before the changes.
STARTS = (
    r"(?:(?:we|i) )?(?P<open>started|opened|began)(?: the (?:week|month|day|shift)| (?:on )?"
    rf"(?P<sday>{_DAY}))?"
    r" with N THINGS(?: in (?:the )?(?:warehouse|stockroom|store|cupboard|shop|depot))?",
    r"N THINGS at the start of the (?:week|month|day|shift)",
    r"start of (?:the )?(?:wk|week|month|day|shift) stock N THINGS",
    rf"(?:the )?(?:stock count|stock level|count)(?: this morning| on (?P<sday>{_DAY}))? was N THINGS",
    r"(?:the )?(?:warehouse|stockroom|shop|depot) had N THINGS"
    rf"(?: on (?P<sday>{_DAY})(?: night| morning)?)?",
)
#: A change and its direction.
CHANGES = (
    (r"(?:(?:we|i) )?(?:sold|gave out|handed out|dispensed|shipped|shipped out|issued|wrote off)"
     r"(?: another)? N(?: THINGS)?(?: damaged ones| damaged)? WHEN", "-"),
    # `binned 28 damaged ones`; never `binned 28`: put away into bins?
    (r"(?:(?:we|i) )?binned N(?: THINGS)? damaged(?: ones)? WHEN", "-"),
    (r"(?:(?:we|i) )?shipped N(?: THINGS)? out WHEN", "-"),
    (r"N(?: THINGS)? (?:went out|were sold|were given out|got given out|were shipped|"
     r"were dispensed) WHEN", "-"),
    (r"(?:(?:we|i) )?(?:got|took|received) (?:a )?delivery of N(?: THINGS)? WHEN", "+"),
    (r"(?:(?:we|i) )?took delivery of N(?: THINGS)? WHEN", "+"),
    (r"(?:then )?a delivery of N(?: THINGS)? (?:came in|arrived) WHEN", "+"),
    # never `were delivered` (a depot's parcels delivered went out)
    (r"N(?: THINGS)? (?:came in|arrived) WHEN", "+"),
)  # fmt: skip
#: Given to a food bank (a shop's `were donated` may be what it gave away): read only where
#: the story is a food bank's.
DONATED = (r"N(?: THINGS)? (?:got donated|were donated) WHEN", "+")
#: Where a count is kept, named at its start (`in the warehouse`, `the shop had`) or its ask.
PLACES = ("warehouse", "cupboard", "stockroom", "store", "shop", "depot")
#: Where the count is asked (`stock` checks a place named is the start's).
_PLACE = r"(?: on the shel(?:f|ves)| in stock| on hand| in the (?:" + "|".join(PLACES) + "))"
#: Asks of the count now (`THINGS` the things asked for, if named).
ASKS = (
    rf"how many (?:THINGS )?(?:are |is )?(?:left|remaining){_PLACE}?(?: now)?",
    rf"how many (?:THINGS )?(?:should|will) (?:still )?be(?:{_PLACE}| left)(?: now)?",
    r"how many (?:THINGS )?are (?:still )?(?:on the shel(?:f|ves)|in stock|on hand)(?: now)?",
    r"how many (?:THINGS )?(?:do|should) (?:we|i) have (?:now|left)",
    r"how many (?:THINGS )?(?:still )?(?:on the shel(?:f|ves)|on hand|in stock)(?: now)?",
    r"what should (?:the closing (?:figure|count|stock) be|be on hand|be left|be on the shel(?:f|ves))",
)
