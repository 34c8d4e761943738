"""Two word problems of school algebra, in a few fixed sentences: a fixed fee plus a rate
(`A plumber charges a 45 call-out fee plus 30 per hour. My bill came to 165. How many hours did
he work?`) and ages in a ratio (`Tom is three times as old as his sister and together their
ages add up to 48. How old is his sister?`).

Each gives the grammar the equation the sentences state (`solve 45 plus (30 times n) = 165 for
n`; `solve (three times n) plus n = 48 for n`), every number copied from them. The sentences
are fixed, not open: the fee and the rate are named as such and joined by `plus`, the total is
a bill or a fare, the ask is the number of the rate's own unit (`per hour` ... `how many hours`)
or the age of the one the other's age is a multiple of; the money has one currency (or none).
Anything else (a second rate, a discount, `how old is Tom`, which is another step) declines.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.steps import _whole
from reasoning_mesh.planner.wrappers import normal

_N = r"(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)"
_CURRENCY_WORDS = r"(?:pounds?|dollars?|euros?|quid|bucks)"
#: An amount of money: a sign before it or a word after it, never both, or neither.
_MONEY = rf"(?:[£$€]?{_N}(?: {_CURRENCY_WORDS})?)"
_FEE_KIND = (
    r"(?:call-?out|call out|booking|fixed|flat|standing|base|basic|starting|pick-?up|entry|"
    r"joining|admin|delivery|hire|set-?up|set up)"
)
_FEE = re.compile(
    rf"^(?:a|an|the|my|our) (?P<who>[a-z]+(?:[- ][a-z]+)?) charges (?:an? )?(?:flat |fixed )?"
    rf"(?P<a>{_MONEY})(?: {_FEE_KIND})?(?: fee| charge)?,? plus (?P<b>{_MONEY}) "
    r"(?:per|an|a|for each|for every) (?P<unit>[a-z]+)[.,;]?\s+"
    r"(?:my|the|our|his|her|their) (?:bill|fare|total|invoice)(?: (?:came|comes) to| was| is|"
    r" totalled| totaled| came out at| came out to)? (?P<c>" + _MONEY + r")[.,;]?\s+"
    r"(?:so )?how many (?P<asked>[a-z]+)(?: (?:did|was|were|is) [a-z' ]+?)?\s*[?.!]*$"
)
#: What the rate's unit and the ask may add (`did he work`, `did i go`): being, going, working.
_ASK_VERBS = frozenset(
    ("did", "was", "were", "is", "he", "she", "they", "i", "we", "it", "that", "the", "job",
     "work", "go", "travel", "ride", "take", "last", "hire", "rent", "park", "stay", "use",
     "charge", "for", "me", "us", "him", "her", "them")
)  # fmt: skip
_AGES = re.compile(
    rf"^(?P<name>[a-z]+) is (?P<k>{_N}) times as old as (?:his|her|their|my) (?P<other>[a-z]+),?"
    r" and together (?:their ages|they) (?:add up to|total|come to|make) "
    rf"(?P<s>{_N})(?: years(?: old)?)?[.,;]?\s+(?:so )?how old is (?:the|his|her|their|my) "
    r"(?P<asked>[a-z]+)\s*[?.!]*$"
)


def read(text: str) -> str | None:
    """The grammar's reading of `text` as one of these word problems, else None."""
    said = normal(text)
    for problem in (_fee, _ages):
        if (equation := problem(said)) is not None:
            return natural.reading(f"solve {equation} for n")
    return None


def _fee(said: str) -> str | None:
    m = _FEE.match(said)
    if m is None or not _one_currency(m["a"], m["b"], m["c"]) or not _same_unit(m["unit"], m["asked"]):
        return None
    if m["who"].split()[-1] in ("fee", "charge", "rate", "discount"):
        return None
    tail = said[m.end("asked") :].strip(" ?.!").split()
    if not all(w in _ASK_VERBS for w in tail):
        return None
    a, b, c = (_amount(m[k]) for k in ("a", "b", "c"))
    return f"{a} plus ({b} times n) = {c}" if all(_whole(v) for v in (a, b, c)) else None


def _ages(said: str) -> str | None:
    m = _AGES.match(said)
    if m is None or m["asked"] != m["other"] or m["name"] in (m["other"], "he", "she", "it"):
        return None
    if not (_whole(m["k"]) and _whole(m["s"])):
        return None
    return f"({m['k']} times n) plus n = {m['s']}"


def _same_unit(rate: str, asked: str) -> bool:
    """`per hour` ... `how many hours`; `per km` ... `how many km`."""
    plurals = (rate, f"{rate}s", f"{rate}es")
    return asked in plurals or (rate.endswith("y") and asked == f"{rate[:-1]}ies")


def _one_currency(*amounts: str) -> bool:
    """Every amount in one currency, or none named (a sign or a word: `£40`, `40 pounds`)."""
    marks = set()
    for amount in amounts:
        sign = amount[0] if amount[0] in "£$€" else ""
        word = amount.split()[1].rstrip("s") if " " in amount else ""
        if sign and word:
            return False
        marks.add(sign or word)
    return len(marks - {""}) <= 1


def _amount(amount: str) -> str:
    """The number of an amount as written (`£40` → `40`, `25 pounds` → `25`)."""
    return amount.lstrip("£$€").split()[0]
