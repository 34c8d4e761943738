"""Two things, their total and how they compare: the school problem of two unknowns said in
two sentences. `A pen and a notebook cost 7.50 together and the notebook is 2 more than the
pen. How much is the pen?`, `Sarah has 14 more marbles than Jake and they have 50 between them.
How many has Jake got?`, `my sister is 4 years older than me and our ages add up to 30, how old
am i`, `a dad is three times as old as his son and the difference in their ages is 28`.

The comparison says one thing (B) in terms of the other (A): `D more/less than`, `D years
older/younger than`, `K times as old/much/many as`. The other sentence says their total
(`together`, `between them`, `add up to`) or, for a multiple, their difference. With n for A,
the grammar is given the equation the two sentences state, every number copied from them
(`solve n plus (n plus 2) = 7.50 for n`); asked for B, the question is that equation and then
B's own expression (`Suppose n + (n + 2) = 7.50. What is n + 2?`). The two things must be
named the same way in both sentences and the ask, one of them asked; anything else declines.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import AnswerForm
from reasoning_mesh.planner import embedded, natural
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.steps import _whole
from reasoning_mesh.planner.wrappers import normal

_N = r"[£$€]?(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)(?: (?:pounds|dollars|euros|quid|bucks|p))?"
#: A thing or person as named: a name, `the pen`, `his son`, `my sister`, `me`.
_WHO = r"(?:(?:a|an|the|his|her|my|our|their) )?[a-z]+"
_VERB = r"(?:is|are|costs?|has|have|weighs?|earns?|scored|gets?|got|owns?|collected|saved)"
#: What is counted (`14 more marbles`), never a word that makes the number a ratio (`3 times
#: more than` is a multiple, `50 percent more than` a share).
_NOUN = r"(?: (?!times\b|percent\b|per\b|fold\b|%)[a-z]+)?"
#: B in terms of A: `the notebook is 2 more than the pen`, `Sam is 4 years older than me`.
_MORE = re.compile(
    rf"^(?P<b>{_WHO}) {_VERB} (?P<d>{_N}){_NOUN} (?P<dir>more|less|fewer){_NOUN} than (?P<a>{_WHO})$"
)
_OLDER = re.compile(rf"^(?P<b>{_WHO}) is (?P<d>{_N}) years? (?P<dir>older|younger) than (?P<a>{_WHO})$")
_TIMES = re.compile(
    rf"^(?P<b>{_WHO}) {_VERB} (?P<k>{_N}) times as (?:old|much|many{_NOUN}|heavy|tall) as "
    rf"(?P<a>{_WHO})$"
)
_TWICE = re.compile(
    rf"^(?P<b>{_WHO}) {_VERB} (?P<k>twice) as (?:old|much|many{_NOUN}|heavy|tall) as (?P<a>{_WHO})$"
)
#: Their total: `a pen and a notebook cost 7.50 together`, `they have 50 between them`,
#: `together they're 48`, `our ages add up to 30`.
_TOTALS = (
    re.compile(
        rf"^(?:together )?(?P<x>{_WHO}) and (?P<y>{_WHO}) {_VERB}{_NOUN} (?P<t>{_N})"
        r" ?(?:together|altogether|in total|between them)$"
    ),
    re.compile(
        r"^(?:together |between them |altogether )?(?:they|we)(?: are|'re| have| cost| weigh| earn|"
        rf" scored| got| make)(?: got)? (?P<t>{_N})(?: between them| together| altogether| in total)?$"
    ),
    re.compile(
        r"^(?:together )?(?:their|our) (?:ages|combined ages?|total age) (?:add up to|total|"
        rf"come to|make|is|are) (?P<t>{_N})(?: years)?$"
    ),
)
_DIFFERENCE = re.compile(
    rf"^the difference (?:in|between) their (?:ages|weights|prices) is (?P<t>{_N})(?: years)?$"
)
#: What is asked, and of whom.
_ASKS = (
    re.compile(r"^how (?:much|old) (?:is|does|did) (?P<w>" + _WHO + r")(?: cost| weigh| earn)?$"),
    re.compile(r"^how many (?:[a-z]+ )?(?:has|does|did) (?P<w>" + _WHO + r")(?: got| have| get)?$"),
    re.compile(r"^what does (?P<w>" + _WHO + r") cost$"),
    re.compile(r"^how old am (?P<w>i)$"),
)
_ME = frozenset(("me", "i", "myself"))


def read(text: str) -> FormedReading | None:
    said = normal(text).rstrip(" ?!.")
    for first, second, asked in _parts(said):
        found = _reading(first, second, asked) or _reading(second, first, asked)
        if found is not None:
            return found
    return None


def _parts(said: str) -> list[tuple[str, str, str]]:
    """Each way of cutting `said` at `and`, commas or full stops into two statements and an ask."""
    cuts = list(re.finditer(r"(?:[.,;]\s*(?:and |so |but )?| and (?:so )?| so )", said))
    return [
        (said[: one.start()], said[one.end() : two.start()], said[two.end() :])
        for i, one in enumerate(cuts)
        for two in cuts[i + 1 :]
    ]


_RELATIONS = (_MORE, _OLDER, _TIMES, _TWICE)


def _reading(relation: str, total: str, asked: str) -> FormedReading | None:
    m = next((found for found in (p.match(relation) for p in _RELATIONS) if found), None)
    ask = next((found for found in (p.match(asked) for p in _ASKS) if found), None)
    if m is None or ask is None or _same(m["a"], m["b"]) or not (_someone(m["a"]) and _someone(m["b"])):
        return None
    b = _b_in_n(m)
    equation = None if b is None else _equation(m, b[0], total)
    if b is None or equation is None or _same(ask["w"], m["a"]) == _same(ask["w"], m["b"]):
        return None  # neither of the two asked (or both: `how old is he`)
    reading = natural.reading(f"solve {equation} for n")
    if reading is None:
        return None
    # a price or a weight may be a fraction of a unit; an age or a count of things is whole
    form: AnswerForm = "not_negative" if re.match(r"how much|what does", asked) else "count"
    if _same(ask["w"], m["a"]):
        return FormedReading(reading, form)
    solved = reading.removeprefix("Solve ").removesuffix(" for n.")
    return FormedReading(f"Suppose {solved}. What is {b[1]}?", form)


def _b_in_n(m: re.Match[str]) -> tuple[str, str] | None:
    """B with n for A, in the grammar's words and as the planner writes it."""
    if "k" in m.groupdict():
        k = "2" if m["k"] == "twice" else _number(m["k"])
        if k is None or k in ("0", "1", "zero", "one"):
            return None
        return f"({k} times n)", f"{k}*n"
    d = _number(m["d"])
    if d is None:
        return None
    plus = m["dir"] in ("more", "older")
    return f"(n {'plus' if plus else 'minus'} {d})", f"n {'+' if plus else '-'} {d}"


def _equation(m: re.Match[str], b: str, total: str) -> str | None:
    """`n plus B = total`, or `B minus n = difference` for a multiple; None for neither."""
    t = next((found for found in (p.match(total) for p in _TOTALS) if found), None)
    if t is not None:
        if "x" in t.groupdict() and not (
            (_same(t["x"], m["a"]) and _same(t["y"], m["b"]))
            or (_same(t["x"], m["b"]) and _same(t["y"], m["a"]))
        ):
            return None  # the total of two other things
        value = _number(t["t"])
        return None if value is None else f"n plus {b} = {value}"
    difference = _DIFFERENCE.match(total)
    if difference is None or "k" not in m.groupdict() or (value := _number(difference["t"])) is None:
        return None
    return f"{b} minus n = {value}"


def _same(one: str, other: str) -> bool:
    """Whether two names say the same thing: the same head word (`the pen`, `a pen`; `me`, `i`),
    and the same owner where both say one (`his son`, `the son`; not `my sister`, `his sister`)."""
    (*of_one, head_one), (*of_other, head_other) = one.split(), other.split()
    if _head(head_one) != _head(head_other):
        return False
    owners = {w for w in (*of_one, *of_other) if w not in ("a", "an", "the")}
    return len(owners) <= 1 or of_one == of_other


def _head(word: str) -> str:
    return "me" if word in _ME else word


def _someone(named: str) -> bool:
    """A thing or person: `the pen`, `his son`, `me`, or a name (a word no chatter: `Jake`)."""
    *determiner, head = named.split()
    if head in _ME:
        return True
    if head in _NOT_THINGS or embedded.maths_word(head):
        return False
    return bool(determiner) or head not in CHATTER


_NOT_THINGS = frozenset(("they", "we", "it", "that", "this", "he", "she", "you", "one", "other", "each"))


def _number(said: str) -> str | None:
    """A number as written, without its currency (`£7.50` → `7.50`); None for no number."""
    number = said.lstrip("£$€").split()[0]
    return number if _whole(number) else None
