"""Two things, their total and how they compare: the school problem of two unknowns said in
two sentences. `A pen and a notebook cost 7.50 together and the notebook is 2 more than the
pen. How much is the pen?`, `Sarah has 14 more marbles than Jake and they have 50 between them.
How many has Jake got?`, `my sister is 4 years older than me and our ages add up to 30, how old
am i`, `a dad is three times as old as his son and the difference in their ages is 28`.

The comparison says one thing (B) in terms of the other (A): `D more/fewer than`, `D years
older/younger than`, `K times as old/much/many as`. The other sentence says their total
(`together`, `between them`, `add up to`) or, for a multiple, their difference. With n for A,
the grammar is given the equation the two sentences state, every number copied from them
(`solve n plus (n plus 2) = 7.50 for n`); asked for B, the question is that equation and then
B's own expression (`Suppose n + (n + 2) = 7.50. What is n + 2?`).

Each sentence says what it measures (a price, an age, a weight, a count of a thing, or `is`,
which says none), and the three must agree: `the notebook weighs 2 more than the pen` and `cost
7.50 together` are two measures, not one. The two things are named the same way throughout
(`his son`, `the son`; never `my sister` and `his sister`), `we`/`our` include the asker and
`they`/`their` do not, and one of the two is asked. Anything else declines.
"""

from __future__ import annotations

import re
from fractions import Fraction

from reasoning_mesh.contracts.plans import AnswerForm
from reasoning_mesh.planner import embedded, natural
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import read_number_words
from reasoning_mesh.planner.steps import _whole
from reasoning_mesh.planner.word_problems import NOBODY, RELATIVES
from reasoning_mesh.planner.wrappers import normal

_N = r"[£$€]?(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)"
#: A thing or person as named: a name, `the pen`, `his son`, `my sister`, `me`.
_WHO = r"(?:(?:a|an|the|his|her|my|our|their) )?[a-z]+"
_VERB = r"(?P<verb>is|are|costs?|has|have|weighs?|earns?|owns?)"
#: What is counted (`14 more marbles`): one plain word, checked in `_agree`.
_NOUN = r"(?: (?P<{0}>[a-z]+))?"
#: B in terms of A: `the notebook is 2 more than the pen`, `Sam is 4 years older than me`.
RELATIONS = (
    re.compile(
        rf"^(?P<b>{_WHO}) {_VERB} (?P<d>{_N}){_NOUN.format('n1')} (?P<dir>more|fewer|less)"
        rf"{_NOUN.format('n2')} than (?P<a>{_WHO})$"
    ),
    re.compile(
        rf"^(?P<b>{_WHO}) (?P<verb>is) (?P<d>{_N}) years? (?P<dir>older|younger) than (?P<a>{_WHO})$"
    ),
    re.compile(
        rf"^(?P<b>{_WHO}) {_VERB} (?P<k>{_N} times|twice) as (?P<as>old|much|many|heavy)"
        rf"{_NOUN.format('n1')} as (?P<a>{_WHO})$"
    ),
)
#: Their total: `a pen and a notebook cost 7.50 together`, `they have 50 between them`,
#: `together they're 48`, `our ages add up to 30`; or the difference of a multiple's two.
_TOTALS = (
    re.compile(
        rf"^(?:together )?(?P<x>{_WHO}) and (?P<y>{_WHO}) (?P<verb>are|cost|have|weigh|earn|own) "
        rf"(?P<t>{_N}){_NOUN.format('n1')} "
        r"(?:together|altogether|in total|(?<!\bin )total|between them)$"
    ),
    re.compile(
        r"^(?:together |between them |altogether )?(?P<who>they|we)(?P<verb> are|'re| have| cost|"
        rf" weigh| earn| own)(?: got)? (?P<t>{_N}){_NOUN.format('n1')}"
        r"(?: between them| together| altogether| in total)?$"
    ),
    re.compile(
        r"^(?:together )?(?P<who>their|our) (?P<verb>ages) (?:add up to|total|come to|make|is|are) "
        rf"(?P<t>{_N})(?: years)?$"
    ),
    re.compile(
        rf"^the (?P<diff>difference) (?:in|between) their (?P<verb>ages) is (?P<t>{_N})(?: years)?$"
    ),
)
#: What is asked, and of whom.
_ASKS = (
    re.compile(
        rf"^how (?P<verb>much|old) (?:is|does|did) (?P<w>{_WHO})(?: (?P<verb2>cost|weigh|earn))?$"
    ),
    re.compile(
        rf"^how many(?: (?P<n1>[a-z]+))? (?P<verb>has|does|did) (?P<w>{_WHO})(?: got| have| own)?$"
    ),
    re.compile(rf"^what does (?P<w>{_WHO}) (?P<verb>cost)$"),
    re.compile(r"^how (?P<verb>old) am (?P<w>i)$"),
)
#: What each verb or ask says is measured (`how much is` a price); `is` says nothing of it.
_MEASURES = {
    "cost": "price", "costs": "price", "much": "price", "weigh": "weight", "weighs": "weight",
    "heavy": "weight", "earn": "pay", "earns": "pay", "has": "count", "have": "count",
    "own": "count", "owns": "count", "many": "count", "does": "count", "did": "count",
    "old": "age", "older": "age", "younger": "age", "ages": "age", "is": None, "are": None,
    "'re": None,
}  # fmt: skip
#: Words after a number that make it another amount (`2 dozen`, `50 cents`, `3 times`).
_NOT_COUNTED = frozenset(
    ("dozen", "dozens", "hundred", "hundreds", "thousand", "thousands", "million", "millions",
     "cents", "cent", "pence", "p", "percent", "per", "times", "fold", "more", "less", "fewer",
     "each", "extra", "left", "over", "under", "about", "nearly", "almost", "roughly", "around",
     "exactly", "just", "only", "half", "quarter", "k", "grand", "years", "year", "than")
)  # fmt: skip
_ME = frozenset(("me", "i", "myself"))
#: Who `he` or `she` may be, of the two.
RELATIVES_BY_PRONOUN = {
    "he": ("dad", "father", "son", "brother", "uncle", "grandad", "grandpa", "husband", "nephew",
           "grandson", "boyfriend", "man", "boy", "grandfather"),
    "she": ("mum", "mom", "mother", "daughter", "sister", "aunt", "grandma", "granny", "nan",
            "wife", "niece", "granddaughter", "girlfriend", "woman", "girl", "grandmother"),
}  # fmt: skip
_NOT_THINGS = frozenset(("they", "we", "it", "that", "this", "he", "she", "you", "one", "other", "each"))


def read(text: str) -> FormedReading | None:
    said = normal(text).rstrip(" ?!.")
    for first, second, asked in _parts(said):
        found = _reading(first, second, asked, text) or _reading(second, first, asked, text)
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


def _first(patterns: tuple[re.Pattern[str], ...], text: str) -> re.Match[str] | None:
    return next((found for found in (p.match(text) for p in patterns) if found), None)


def _reading(relation: str, total: str, asked: str, text: str) -> FormedReading | None:
    m, t = _first(RELATIONS, relation), _first(_TOTALS, total)
    ask = _first(_ASKS, _named(m, asked)) if m is not None else None
    if m is None or t is None or ask is None or not _agree(m, t, ask) or not _two(m, t, ask, text):
        return None
    b = b_in_n(m)
    value = number(t["t"])
    if b is None or value is None or ("diff" in t.groupdict() and "k" not in m.groupdict()):
        return None  # a difference goes with a multiple only (`2 more ... differ by 2` says it twice)
    if "d" in m.groupdict() and not _more(value, b[2]):
        return None  # `40 years older ... add up to 30`: one of them would be below nothing
    equation = f"{b[0]} minus n = {value}" if "diff" in t.groupdict() else f"n plus {b[0]} = {value}"
    reading = natural.reading(f"solve {equation} for n")
    if reading is None:
        return None
    # a price or a weight may be a fraction of a unit; an age or a count of things is whole
    form: AnswerForm = "not_negative" if _measure(ask) in (None, "price", "weight", "pay") else "count"
    if same(ask["w"], m["a"]):
        return FormedReading(reading, form)
    solved = reading.removeprefix("Solve ").removesuffix(" for n.")
    return FormedReading(f"Suppose {solved}. What is {b[1]}?", form)


def _named(m: re.Match[str], asked: str) -> str:
    """`how old is he` asked of `my son` (`my son is 28 years younger than me`): the one of the
    two who is not me, where the pronoun can be them; the ask as written otherwise."""
    pronoun = re.fullmatch(r"how old is (he|she)", asked)
    others = [w for w in (m["a"], m["b"]) if not same(w, "me")]
    if pronoun is None or len(others) != 1:
        return asked
    return f"how old is {others[0]}" if fits(pronoun[1], others[0]) else asked


def fits(pronoun: str, named: str) -> bool:
    """`he` of `my son`, `she` of `a mum`: a relative word that says which (a name says none)."""
    return named.rsplit(maxsplit=1)[-1] in RELATIVES_BY_PRONOUN[pronoun]


def _measure(m: re.Match[str]) -> str | None:
    """What a sentence measures: by its ask's verb, `as old/heavy`, `older`, or its verb."""
    said = m.groupdict()
    aged = said.get("dir") if said.get("dir") in ("older", "younger") else None
    told = said.get("as") if said.get("as") != "much" else None  # `costs 3 times as much`: a price
    word = said.get("verb2") or told or aged or said["verb"].strip()
    return _MEASURES.get(word, "?")


def _agree(m: re.Match[str], t: re.Match[str], ask: re.Match[str]) -> bool:
    """One measure said (or none) by all three, and one counted thing named (or none)."""
    measures = {_measure(found) for found in (m, t, ask)} - {None}
    nouns = {n for found in (m, t, ask) for k, n in found.groupdict().items() if k in ("n1", "n2") and n}
    if t["verb"].strip() in ("are", "'re") and _measure(m) != "age":
        return False  # `together they're 48` says ages only (`they're 50` of marbles?)
    if len(measures) > 1 or "?" in measures or len(nouns) > 1:
        return False  # `weighs 2 more ... cost 7.50 together`; `14 more marbles ... 50 stickers`
    return all(noun not in _NOT_COUNTED and not embedded.maths_word(noun) for noun in nouns)


def _two(m: re.Match[str], t: re.Match[str], ask: re.Match[str], text: str) -> bool:
    """The two things are named apart, the total is of these two, and one of them is asked."""
    a, b = m["a"], m["b"]
    if same(a, b) or not (someone(a, text, same(ask["w"], a)) and someone(b, text, subject=True)):
        return False
    if "x" in t.groupdict() and not (
        (same(t["x"], a) and same(t["y"], b)) or (same(t["x"], b) and same(t["y"], a))
    ):
        return False  # the total of two other things
    asker = same(a, "me") or same(b, "me")
    if t.groupdict().get("who") in ("we", "our") and not asker:
        return False  # `my sister is older than my brother and our ages ...`: three of us
    if t.groupdict().get("who") in ("they", "their") and asker:
        return False
    return same(ask["w"], a) != same(ask["w"], b)


def b_in_n(m: re.Match[str]) -> tuple[str, str, str] | None:
    """B with n for A, in the grammar's words and as the planner writes it; and its number."""
    if "k" in m.groupdict():
        k = multiple(m["k"])
        if k is None or not ((k.isdigit() and int(k) > 1) or k in _SMALL_WORDS[2:]):
            return None  # `0.5 times as old ... the difference`: below one
        return f"({k} times n)", f"{_value(k)}*n", k
    d = number(m["d"])
    if d is None:
        return None
    plus = m["dir"] in ("more", "older")
    return f"(n {'plus' if plus else 'minus'} {d})", f"n {'+' if plus else '-'} {d}", d


def multiple(said: str) -> str | None:
    """The number of a multiple as said (`twice`, `double` → 2; `3 times` → 3)."""
    return "2" if said in ("twice", "double") else number(said.removesuffix(" times"))


def _more(total: str, part: str) -> bool:
    """Whether the total is more than the difference, both numbers as written or in words."""
    try:
        return _value(total) > _value(part)
    except ValueError:
        return False


def _value(said: str) -> Fraction:
    return Fraction(said if re.fullmatch(r"\d+(?:\.\d+)?", said) else read_number_words(said))


_SMALL_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def same(one: str, other: str) -> bool:
    """Whether two names say the same thing: the same head word (`the pen`, `a pen`; `me`, `i`),
    and the same owner where both say one (`his son`, `the son`; not `my sister`, `his sister`)."""
    (*of_one, head_one), (*of_other, head_other) = one.split(), other.split()
    if _head(head_one) != _head(head_other):
        return False
    owners = {w for w in (*of_one, *of_other) if w not in ("a", "an", "the")}
    return len(owners) <= 1 or of_one == of_other


def _head(word: str) -> str:
    return "me" if word in _ME else word


def someone(named: str, text: str, subject: bool) -> bool:
    """A thing or person: `the pen`, `his son`, `me`, or a name: the subject of its sentence
    (`jim is 3 times as old as ...`), or written with its capital or asked for (`than Jake`,
    `than jake ... how many has jake got`; not `than usual`)."""
    *determiner, head = named.split()
    if head in _ME:
        return True
    if head in _NOT_THINGS | NOBODY or embedded.maths_word(head):
        return False
    if head.endswith("s") and head[:-1] in RELATIVES:
        return False  # `his sisters`: more than one
    if determiner:
        return True
    if head in CHATTER:
        return False
    return subject or re.search(rf"\b{head.capitalize()}\b", text) is not None


def number(said: str) -> str | None:
    """A number as written, without its currency sign (`£7.50` → `7.50`); None for no number."""
    number = said.lstrip("£$€")
    return number if _whole(number) else None
