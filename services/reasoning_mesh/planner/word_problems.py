"""Two word problems of school algebra, in a few fixed sentences: a fixed fee plus a rate
(`A plumber charges a 45 call-out fee plus 30 per hour. My bill came to 165. How many hours did
he work?`) and ages in a ratio (`Tom is three times as old as his sister and together their
ages add up to 48. How old is his sister?`).

Each gives the grammar the equation the sentences state (`solve 45 plus (30 times n) = 165 for
n`; `solve (three times n) plus n = 48 for n`), every number copied from them. The sentences
are fixed, not open: the fee and the rate are named as such and joined by `plus`, the total is
a bill or a fare, the ask is the number of the rate's own unit (`per hour` ... `how many hours`)
or the age of the one the other's age is a multiple of; the money has one currency (or none).
Who charges is a trade named alone, the rate is per unit of time, distance or visit, and the
ask is of the one who worked or of the asker's own ride; the relative is one person, asked
with the same `his`/`her` (or `the`). Anything else (a second rate, a discount, `how old is
Tom`, which is another step) declines, and a count below nothing fails at the verifier.
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import AnswerForm
from reasoning_mesh.planner import embedded, natural
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.forms import FormedReading
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
#: Who charges: one trade or service, named alone (`a plumber`, `the taxi firm`): an open word
#: here may be `never`, `rival`, `also` (an audit of a first draft).
_WHO = (
    r"(?:plumber|electrician|mechanic|builder|cleaner|tutor|locksmith|painter|gardener|decorator|"
    r"handyman|carpenter|babysitter|dog walker|courier|taxi|cab|minicab|gym|garage|driving "
    r"instructor)(?: firm| company| service)?"
)
_FEE = re.compile(
    rf"^(?:(?:a|an|the|my|our) )?(?P<who>{_WHO}) charges (?:an? )?(?:flat |fixed )?"
    # `charges 3 to start plus 1.20 per km`: the fee said by when it is paid
    rf"(?P<a>{_MONEY})(?: {_FEE_KIND})?(?: fee| charge| to start)?,? plus (?P<b>{_MONEY}) "
    r"(?:per|an|a|for each|for every) (?P<unit>[a-z]+)(?:[.,;]|\s+[-–—])?\s+(?:and )?"
    r"(?:my|the) (?:bill|fare|total|invoice|ride|trip|journey)(?: (?:came|comes) to| was| is|"
    r" totalled| totaled| came out at| came out to| cost)? (?P<c>" + _MONEY + r")(?:[.,;]|\s+[-–—])?\s+"
    r"(?:so )?how many (?P<asked>[a-z]+)(?P<tail>(?: [a-z']+)*)\s*[?.!]*$"
)
#: `Tickets cost $12 each plus a single $5 booking fee. I paid $65 in total. How many tickets
#: did I buy?`: things bought at one price each, one fee on top (said `single` or `one-off`: a
#: `$3 entry fee` may be per ticket), and the count of those things.
_EACH = re.compile(
    rf"^(?:the )?(?:(?P<kind>[a-z]+) )?(?P<things>[a-z]+) (?:cost|costs|are|were) (?P<b>{_MONEY}) "
    rf"each,? plus (?:a single |a one-off |one single |(?P<once>a |an ))(?P<a>{_MONEY}) {_FEE_KIND} fee"
    rf"(?P<whole> for the whole order| per order| per booking| on the whole order)?[.,;]?\s+"
    rf"i (?:paid|spent) (?P<c>{_MONEY})(?: in total| altogether| overall)?[.,;]?\s+"
    r"(?:so )?how many (?P<asked>[a-z]+) did i (?:buy|get|book|order)\s*[?.!]*$"
)
#: What tickets may be for (`concert tickets`): events, never a kind of price (`child`, `student`).
_TICKET_KINDS = frozenset(
    ("concert", "cinema", "movie", "theatre", "theater", "football", "match", "museum", "zoo",
     "show", "gig", "festival", "train", "bus", "raffle")
)  # fmt: skip
#: Things bought by the one: tickets, seats, places.
_BOUGHT = frozenset(("tickets", "seats", "places", "passes", "lessons", "classes", "sessions"))
#: `My phone plan is $20 a month plus $0.15 per text. Last month's bill was $26.75. How many
#: texts did I send?`: a monthly fee plus a rate per use, one month's bill, the uses that month.
_PLAN = re.compile(
    rf"^my (?:phone |mobile |data )?plan (?:is|costs) (?P<a>{_MONEY}) (?:a|per) month,? plus "
    rf"(?P<b>{_MONEY}) (?:per|a|for each|for every) (?P<unit>text|call|minute|message|gb)[.,;]?\s+"
    rf"(?:(?P<month>last month's|last months|this month's)|my|the) bill (?:was|came to|is) "
    rf"(?P<c>{_MONEY})(?P<month2> last month| this month)?[.,;]?\s+"
    r"(?:so )?how many (?P<asked>[a-z]+) did i (?:send|make|use)(?P<month3> last month| this month)?"
    r"\s*[?.!]*$"
)
#: What the plan's rate is per, and the verb of each (`send texts`, `make calls`).
_USES = {"text": "send", "message": "send", "call": "make", "minute": "use", "gb": "use"}
#: The rate's own units (never `per cent`).
_UNITS = frozenset(
    ("hour", "hr", "minute", "min", "day", "night", "week", "month", "km", "kilometre",
     "kilometer", "mile", "lesson", "session", "visit", "class", "walk", "load")
)  # fmt: skip
#: Units counted whole (`how many lessons`); time and distance may be fractional.
_COUNTED = frozenset(("lesson", "session", "visit", "class", "walk", "load", "night", "day", "week",
                      "month"))  # fmt: skip
#: How the ask may end: the one who charges did the work, or the asker had the ride.
_TAILS = re.compile(
    r"^(?: (?:did|has) (?:he|she) (?:work|do|spend|charge for|charge me for|bill me for|take)"
    r"| did (?:it|the job|the work) take| was (?:he|she) there| was it| is that| was that"
    r"| did i (?:go|travel|ride|do|have|book|get|take)| have i (?:had|done|booked|gone))?$"
)
#: Who may be someone's age in a ratio: one person, named as a relative of one.
RELATIVES = frozenset(
    ("sister", "brother", "cousin", "son", "daughter", "niece", "nephew", "friend", "dad", "mum",
     "mom", "father", "mother", "aunt", "uncle", "grandson", "granddaughter", "grandad",
     "grandpa", "grandma", "granny", "nan", "wife", "husband", "partner", "child", "kid", "baby",
     "dog", "cat")
)  # fmt: skip
_AGES = re.compile(
    rf"^(?P<name>[a-z]+) is (?P<k>{_N}) times as old as (?P<own>his|her|their|my) (?P<other>[a-z]+),?"
    r" and together (?:their ages|they) (?:add up to|total|come to|make) "
    rf"(?P<s>{_N})(?: years(?: old)?)?[.,;]?\s+(?:so )?how old is (?P<whose>the|his|her|their|my) "
    r"(?P<asked>[a-z]+)\s*[?.!]*$"
)
#: `Sam is 4 years older than his sister and their ages add up to 30. How old is his sister?`
_OLDER = re.compile(
    rf"^(?P<name>[a-z]+) is (?P<k>{_N}) years? (?P<dir>older|younger) than "
    r"(?:(?P<own>his|her|their|my) )?(?P<other>[a-z]+),? and (?:together )?(?:their ages|they) "
    r"(?:add up to|total|come to|make) "
    rf"(?P<s>{_N})(?: years(?: old)?)?[.,;]?\s+(?:so )?how old is (?:(?P<whose>the|his|her|their|my) "
    r"(?P<asked>[a-z]+)|(?P<named>[a-z]+))\s*[?.!]*$"
)
#: Names that are no one person (`nobody is three times as old as ...`).
NOBODY = frozenset(
    ("nobody", "noone", "everyone", "everybody", "someone", "somebody", "anyone", "anybody",
     "who", "what", "which", "he", "she", "it", "they", "each", "all", "none", "one", "i", "we",
     "you", "this", "that", "everything", "nothing", "something", "anything", "twins", "both",
     "people", "nobody's")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    """The grammar's reading of `text` as one of these word problems, else None. A count of
    the rate's units or an age is not negative (`a 45 fee ... my bill came to 30` has none), and
    a count of lessons, visits or nights is whole (`3.5 lessons` answers nothing)."""
    said = normal(text)
    for problem in (_fee, _each, _plan, lambda said: _ages(said, text)):
        if (found := problem(said)) is not None:
            equation, form = found
            reading = natural.reading(f"solve {equation} for n")
            # hours or miles of a fee plus a rate are counted in decimals (`4.5` hours)
            measured = problem is _fee and form == "not_negative"
            return None if reading is None else FormedReading(reading, form, decimal=measured)
    return None


def _fee(said: str) -> tuple[str, AnswerForm] | None:
    m = _FEE.match(said)
    if m is None or not _one_currency(m["a"], m["b"], m["c"]) or not _same_unit(m["unit"], m["asked"]):
        return None
    if m["unit"] not in _UNITS or _TAILS.fullmatch(m["tail"]) is None:
        return None
    if " to start" in said and m["who"] not in ("taxi", "cab", "minicab"):
        return None  # `gym charges 20 to start plus 15 a month`: the first month's price?
    return _fee_plus_rate(m, "count" if m["unit"] in _COUNTED else "not_negative")


def _each(said: str) -> tuple[str, AnswerForm] | None:
    # `a booking fee of 6` is `a 6 booking fee`
    said = re.sub(rf"\b(an?) ({_FEE_KIND}) fee of ({_MONEY})(?= |[.,;])", r"\1 \3 \2 fee", said)
    m = _EACH.match(said)
    if m is None or m["things"] != m["asked"] or m["things"] not in _BOUGHT:
        return None
    if m["once"] and not m["whole"]:
        return None  # `plus a $3 entry fee`: per ticket? (`... for the whole order` says once)
    if m["kind"] is not None and m["kind"] not in _TICKET_KINDS:
        return None  # `concert tickets`; not `discount tickets`, `child tickets`
    if not _one_currency(m["a"], m["b"], m["c"]):
        return None
    return _fee_plus_rate(m, "count")


def _plan(said: str) -> tuple[str, AnswerForm] | None:
    m = _PLAN.match(said)
    if m is None or not _same_unit(m["unit"], m["asked"]) or not _one_currency(m["a"], m["b"], m["c"]):
        return None
    if f" did i {_USES[m['unit']]}" not in said:
        return None  # `how many texts did i use`: not the plan's own verb
    billed = (m["month"] or m["month2"] or "").strip().removesuffix("'s").removesuffix("s")
    if m["month3"] is not None and m["month3"].strip() != billed.strip():
        return None  # `this month's bill ... how many texts last month`: another month
    return _fee_plus_rate(m, "count")


def _fee_plus_rate(m: re.Match[str] | dict[str, str], form: AnswerForm) -> tuple[str, AnswerForm] | None:
    """`a plus (b times n) = c` of a fee `a`, a rate `b` and a total `c`, each a number as
    written (`£40` → `40`)."""
    a, b, c = (_amount(m[k]) for k in ("a", "b", "c"))
    if not all(_whole(v) for v in (a, b, c)):
        return None
    return f"{a} plus ({b} times n) = {c}", form


def _ages(said: str, text: str) -> tuple[str, AnswerForm] | None:
    m = _AGES.match(said) or _OLDER.match(said)
    if m is None or not _one_relative(m, text) or not (_whole(m["k"]) and _whole(m["s"])):
        return None
    if "dir" in m.groupdict():  # older or younger by so many years
        if not (m["k"].isdigit() and m["s"].isdigit() and int(m["s"]) > int(m["k"])):
            # `40 years older ... add up to 30`: one of them would be -5 (a check that
            # refuses; the reading is the sentence's own numbers)
            return None
        # whole years: `3 years older ... add up to 48` has no age people mean (22.5); asked
        # of the one named, n is their age and the relative's is n less (or more) the years
        older = m["dir"] == "older"
        if m["named"] is not None and m["named"] == m["name"]:
            return f"n plus (n {'minus' if older else 'plus'} {m['k']}) = {m['s']}", "count"
        return f"(n {'plus' if older else 'minus'} {m['k']}) plus n = {m['s']}", "count"
    if m["k"] in ("0", "1", "zero", "one"):
        return None
    return f"({m['k']} times n) plus n = {m['s']}", "not_negative"


def _one_relative(m: re.Match[str], text: str) -> bool:
    """One person named, and their relative asked for with the same `his`/`her` (`as his
    sister ... how old is my sister` is another person)."""
    named = m.groupdict().get("named")
    if m.groupdict().get("dir") and m["own"] is None:  # `Jo is 4 years older than Sam`
        return _two_names(m, text)
    if named is not None:  # `how old is Sam`: the one named, by name
        if named != m["name"]:
            return False
    elif m["asked"] != m["other"]:
        return False
    if m["other"] not in RELATIVES:
        return False
    if m["whose"] not in (None, "the", m["own"]) or m["name"] in NOBODY | RELATIVES:
        return False
    return m["name"] not in CHATTER and not embedded.maths_word(m["name"])


def _two_names(m: re.Match[str], text: str) -> bool:
    """`Jo is 4 years older than Sam ... how old is Sam`: two people by name, one asked by name,
    each written with its capital as a name is (`than usual`, `than cousins`, `than hers` are
    no one person)."""
    names = (m["name"], m["other"])
    if m["whose"] is not None or m["named"] not in names or names[0] == names[1]:
        return False
    if not all(re.search(rf"\b{n.capitalize()}\b", text) for n in names):
        return False
    nobody = NOBODY | RELATIVES | CHATTER
    return not any(n in nobody or embedded.maths_word(n) for n in names)


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
