"""Two ages now and some years on (or ago): `a dad is 3 times as old as his son. in 12 years
he'll be twice as old as the son. how old is the son now`, `my mum is three times as old as me
and in 12 yrs she'll be twice my age. how old am i`.

The first sentence says the older one's age as a multiple of the younger's (`pairs`' own
comparison, which checks the two are named apart and are people); the second says the multiple
some years on (`in 12 years`) or back (`12 years ago`), with the older one as `he`/`she` and
the younger named again the same way (`as old as the son`, `twice my age`). With n for the
younger's age now, the grammar is given the equation the sentences state, every number copied
from them (`solve 3 times n plus 12 = 2 times (n plus 12) for n`); asked for the older one,
that equation and then their age (`Suppose ... What is 3*n?`). Anything else declines.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.pairs import RELATIONS, b_in_n, fits, multiple, number, same, someone
from reasoning_mesh.planner.wrappers import normal

_WHO = r"(?:(?:the|his|her|my|their) )?[a-z]+"
_TIMES = r"(?P<m>twice|double|[a-z]+ times|\d+ times)"
#: Some years on or back, the older one as a pronoun, the multiple then.
_THEN = (
    re.compile(
        rf"^in (?P<y>\d+|[a-z]+) (?:years|yrs)(?: time)?,? (?P<he>he|she)(?:'ll| will) be {_TIMES} "
        rf"(?:as old as (?P<a>{_WHO})|(?P<a2>{_WHO})'s age|(?P<own>my|his|her) age)$"
    ),
    re.compile(
        rf"^(?P<y>\d+|[a-z]+) (?:years|yrs) ago,? (?P<he>he|she) was {_TIMES} "
        rf"(?:as old as (?P<a>{_WHO})|(?P<a2>{_WHO})'s age|(?P<own>my|his|her) age)$"
    ),
)
_ASK = re.compile(rf"^how old (?:is (?P<w>{_WHO})|am (?P<me>i))(?: now)?$")


#: One person then and then: `in 5 years i'll be twice as old as i was 10 years ago. how old am
#: i now`, `in 5 years my mum will be ... as she was ...`: `n + 5 = 2*(n - 10)` (a name says
#: nothing of `she`, so `mia ... as she was` is refused).
_ONE = re.compile(
    r"^in (?P<y>\d+|[a-z]+) (?:years|yrs)(?: time)?,? (?:(?P<name>(?:my |his |her |the )?[a-z]+) will"
    r"|(?P<i>i'll|ill|i will))"
    rf" be {_TIMES} as old as (?P<was>she|he|i) was (?P<z>\d+|[a-z]+) (?:years|yrs) ago[.,;]? "
    r"(?:so )?how old (?:is (?P<w>(?:my |his |her |the )?[a-z]+)|am (?P<me>i))(?: now)?$"
)


def read(text: str) -> FormedReading | None:
    said = normal(text).rstrip(" ?!.")
    if (alone := _one(said, text)) is not None:
        return alone
    cuts = list(re.finditer(r"(?:[.,;]\s*(?:and |so )?| and (?:so )?)", said))
    for i, one in enumerate(cuts):
        for two in cuts[i + 1 :]:
            parts = (said[: one.start()], said[one.end() : two.start()], said[two.end() :])
            if (found := _reading(*parts, text)) is not None:
                return found
    return None


def _reading(now: str, then: str, asked: str, text: str) -> FormedReading | None:
    said = _said(now, then, asked, text)
    if said is None:
        return None
    k, m_then, years, way, of_older = said
    reading = natural.reading(
        f"solve {k[2]} times n {way} {years} = {m_then} times (n {way} {years}) for n"
    )
    if reading is None or not of_older:
        return None if reading is None else FormedReading(reading, "count")
    solved = reading.removeprefix("Solve ").removesuffix(" for n.")
    return FormedReading(f"Suppose {solved}. What is {k[1]}?", "count")


def _said(
    now: str, then: str, asked: str, text: str
) -> tuple[tuple[str, str, str], str, str, str, bool] | None:
    """The multiple now (as `b_in_n` gives it), the multiple then, the years, `plus` or
    `minus`, and whether the older one is asked; None where the sentences are not these."""
    m = RELATIONS[2].match(now)
    t = next((found for found in (p.match(then) for p in _THEN) if found), None)
    ask = _ASK.match(asked)
    if m is None or t is None or ask is None or m["as"] != "old" or m["verb"] != "is":
        return None
    a, b = m["a"], m["b"]
    younger = t["a"] or t["a2"] or {"my": "me"}.get(t["own"] or "", "")
    asked_who = "me" if ask["me"] else ask["w"]
    if (
        not younger
        or same(a, b)
        or not same(younger, a)  # `he'll be twice as old as his daughter`: who is she?
        or not fits(t["he"], b)  # `she'll be twice his age`: whose?
        or not (someone(a, text, same(asked_who, a)) and someone(b, text, True))
        or not (same(asked_who, a) or same(asked_who, b))
    ):
        return None
    k, m_then, years = b_in_n(m), multiple(t["m"]), number(t["y"])
    if k is None or m_then is None or years is None:
        return None
    return k, m_then, years, "plus" if t.re is _THEN[0] else "minus", same(asked_who, b)


def _one(said: str, text: str) -> FormedReading | None:
    """`n + y = m*(n - z)` of one person's age now, `y` years on and `z` years back."""
    m = _ONE.match(said)
    if m is None:
        return None
    mine = m["i"] is not None
    if mine != (m["was"] == "i") or mine != (m["me"] is not None):
        return None  # `in 5 years i'll be twice as old as she was`: who?
    if not mine and (not same(m["w"] or "", m["name"]) or not fits(m["was"], m["name"])):
        return None  # `tom ... as she was`: a name says nothing of the pronoun; `my mum ... she`
    times, years, back = multiple(m["m"]), number(m["y"]), number(m["z"])
    if times is None or years is None or back is None:
        return None
    reading = natural.reading(f"solve n plus {years} = {times} times (n minus {back}) for n")
    return None if reading is None else FormedReading(reading, "count")
