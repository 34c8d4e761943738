"""What a question says of its units that the knowledge base already holds: a conversion factor
stated beside the question (`(1 inch = 2.54 cm)`, `Using 1 mile = 1.609344 km, ...`, `1 stone
is 14 lb.`, `(14 lb in a stone)`, `8 pints to the gallon`) and `metric` of a tonne (`1.25
metric tonnes`, `2.3 tonnes (metric)`).

A stated factor is left out only where it is exactly the knowledge base's own fact for those
two units (a clock's units never equal to a calendar's: `1 year = 1 second` is the asker's own),
and the text left is read only where its reading is a conversion between the factor's own units
(`Factored.converts`; audit T: a factor cut from a list of amounts drops one of them), so leaving
it out changes no answer: its fact still comes from the knowledge base. A factor of the asker's
own (`using 1 kg = 2.2 lb`, `1 mile = 1.6 km`) is not the knowledge base's, and the question is
left as it is (and refused: the answer the asker wants is by their factor). The factor must be a
clause of its own (between the text's ends, stops, commas or brackets, perhaps after `using`,
`if`, `given`), so `1 stone is 14 lb and I lost 3` is never cut.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from reasoning_mesh.planner.units import DIMENSION_OF, PLURAL_OF, SIZE_OF, UNIT_NAMES, unconvertible

_NUM = r"\d+(?:\.\d+)?"
_UNIT = r"[a-zµ]+"
_EQUATED = (
    rf"\b(?:1|one|a|an) (?P<a>{_UNIT}) (?:=|is|equals|is equal to|makes|has) (?:exactly )?"
    rf"(?<![\d.])(?P<n>{_NUM}) (?P<b>{_UNIT})\b"
)
_PER = (
    rf"(?:\bthere (?:are|is) )?(?<![\d.\-−])(?P<n2>{_NUM}) (?P<b2>{_UNIT}) (?:to|in|per) "
    rf"(?:a|an|the|one|1|each|every) (?P<a2>{_UNIT})\b"
)
_LEAD = (
    r"(?:\b(?P<lead>using|use|with|if|assuming|given(?: that)?|taking|remember(?:ing)?(?: that)?|"
    r"where|since|as|note|nb)[,:]? )?"
)
_FACTOR = re.compile(rf"(?P<open>\(\s*)?{_LEAD}(?:{_EQUATED}|{_PER})(?(open)\s*\))", re.IGNORECASE)
#: Where a factor's clause may begin and end: never a dash, which may be a minus (`2 hours - 1
#: hour = 60 minutes`; review).
_OPENS = ".,;:?!("
_CLOSES = ".,;:?!)"
_METRIC = (
    (re.compile(r"\bmetric (tonne|ton)(s?)\b", re.IGNORECASE), r"tonne\2"),
    (re.compile(r"\b(tonnes?) \(metric\)", re.IGNORECASE), r"\1"),
)
#: `2.4 tonnes of manure (metric tonnes)`: what the tonnes were, said again after.
_SAID_AGAIN = re.compile(r"\s*\(metric tonnes?\)", re.IGNORECASE)


#: `an hour and a half`, `a day and a half`: one and a half of a unit said in the singular.
_AND_A_HALF = re.compile(
    r"\b(?:a|an|one) (?P<unit>"
    + "|".join(sorted((u for u in PLURAL_OF if " " not in u), key=len, reverse=True))
    + r") and a half\b",
    re.IGNORECASE,
)


#: Liquids and their vessels, whose ounces may be fluid ounces.
_LIQUID = re.compile(
    r"\b(?:holds?|\w*milk|juice|\w*cream|water|drinks?|cup|glass|bottle|carton|jug|oil|stock|"
    r"wine|beer|syrup|liquid|squash|coffee|tea|soup|broth|vinegar|cola|soda|pop|lemonade|"
    r"formula|smoothie|yog(?:h)?urt|gravy|sauce|custard|kefir|cider|spirits?|liqueur|rum|gin|"
    r"vodka|whisk(?:e)?y|brandy|shake|batter|dressing|honey|ketchup)\b",
    re.IGNORECASE,
)


def unsure_amount(value: str, unit: str, text: str) -> bool:
    """Whether an amount may not be what it says (audit I, review J): ounces of a liquid (fluid
    ounces?), stone with a decimal other than a half or a quarter (`11.6 stone`: 11 st 6 lb?),
    a pace in decimal minutes (`5.25 min`: 5:25?)."""
    name = UNIT_NAMES.get(unit.lower(), "")
    if fluid_ounces(unit, text):
        return True
    if name == "minute" and "." in value and re.search(r"\bpace\b", text, re.IGNORECASE):
        return True  # `Pace: 5.25 min`: 5:25 a km? (review J)
    return name == "stone" and re.search(r"\.(?!(?:5|25|75)$)", value) is not None


def fluid_ounces(unit: str, text: str) -> bool:
    """Whether ounces said among liquids or their vessels may be fluid ounces (`8 ounces of
    milk`, `a 12 oz glass`), which no fact of the knowledge base converts."""
    return UNIT_NAMES.get(unit.lower()) == "ounce" and _LIQUID.search(text) is not None


def and_a_half(text: str) -> str:
    """`text` with `an hour and a half` said as the grammar reads it: `one and a half hours`."""
    return _AND_A_HALF.sub(lambda m: f"one and a half {PLURAL_OF[m['unit'].lower()]}", text)


def metric(text: str) -> str:
    """`text` with `metric` tonnes as tonnes (a metric ton is a tonne)."""
    without = _SAID_AGAIN.sub("", text)  # first, or it would be `(tonnes)` below
    if re.search(r"\btonnes?\b", without, re.IGNORECASE):
        text = without
    for pattern, to in _METRIC:
        text = pattern.sub(to, text)
    return text


#: The grammar's reading of a conversion.
_CONVERSION = re.compile(r"How many (?P<to>\S+) are there in (?P<of>.+)\?")


@dataclass(frozen=True)
class Factored:
    """A question without the factors it stated, and their units."""

    text: str
    units: frozenset[str]

    def converts(self, reading: str | None) -> bool:
        """Whether `reading` of the text left may stand for the question: the text is only the
        question (`_only_asked`), and `reading` a conversion whose units hold every unit of
        the factors left out (audit T: a factor cut from a list of amounts drops one of them;
        `A yard is 3 feet. How many inches is that?` may ask of the yard)."""
        m = _CONVERSION.fullmatch(reading or "")
        if m is None or "+" in m.group("of") or "=" in self.text or not _only_asked(self.text):
            return False  # `=` left: a factor of the asker's own beside the one cut (review)
        if {DIMENSION_OF[u] for u in self.units} == {"liquid"} and _NATIONS.search(self.text):
            return False  # `my recipe is American but my jug is British`: whose pint?
        words = [m.group("to"), *re.findall(r"[a-zµ]+", m.group("of").lower())]
        return self.units <= {UNIT_NAMES[w] for w in words if w in UNIT_NAMES}


#: Words after which the amount may have changed or be only part of it (audit V: `How many oz in
#: 3 lb of rice once cooked?`, `the shop opens in the daytime only`).
_CHANGED = re.compile(
    r"\b(?:once|when|after|until|till|before|unless|except|only|but|though|although|if|while)\b",
    re.IGNORECASE,
)
_NATIONS = re.compile(r"\b(?:american|us|british|uk|imperial|english|canadian)\b", re.IGNORECASE)
_ASKING = re.compile(r"\b(?:how|what|what's|whats|convert|many|much)\b", re.IGNORECASE)


def _only_asked(text: str) -> bool:
    """Whether the text left after its factors is the question, perhaps after the amount it
    asks about, with nothing that changes or restricts it: no sentence but an amount's or the
    ask (`The cafe is closed at night.` is neither), no word of a change or a condition."""
    sentences = [t for t in re.split(r"(?<=[.?!])\s+", text) if t.strip(" .?!")]
    said = all(re.search(r"\d", t) or _ASKING.search(t) for t in sentences)
    return said and _CHANGED.search(text) is None


def without_factors(text: str) -> Factored | None:
    """`text` without the factors it states that the knowledge base holds; None where none."""
    units: set[str] = set()
    while (cut := _without_factor(text)) is not None:
        text, held = cut
        units |= held
    return Factored(text, frozenset(units)) if units else None


def _without_factor(text: str) -> tuple[str, set[str]] | None:
    """`text` without its first factor the knowledge base holds that is a clause of its own
    (with the `so` that joins it to the question, and its own stop), and the factor's units."""
    for m in _FACTOR.finditer(text):
        a, n, b = (
            (m.group("a"), m.group("n"), m.group("b")) if m.group("a") else m.group("a2", "n2", "b2")
        )
        if not _held(a, n, b):
            continue
        before, after = text[: m.start()].rstrip(), text[m.end() :].lstrip()
        if not m.group("open") and not _clause(before, after, led=m.group("lead") is not None):
            continue
        joins = r"^(?:[,;:]\s*)?" if m.group("open") else r"^(?:[,;:]\s*)?(?:so\b\s*)?"
        after = re.sub(joins, "", after, flags=re.IGNORECASE)  # `(...) so far` keeps its `so`
        if after[:1] in (".", "?", "!") and (not before or before[-1] in ".?!"):
            after = after[1:].lstrip()  # `? Use 1 mile = 1.609344 km.`: its own stop goes too
        if not after:
            before = before.rstrip(",;: ")
        return f"{before} {after}".strip(), {UNIT_NAMES[a.lower()], UNIT_NAMES[b.lower()]}
    return None


def _clause(before: str, after: str, *, led: bool) -> bool:
    """Whether a factor between `before` and `after` is a clause of its own: stops, commas or
    the text's ends around it, or, after `using`/`if`/..., the question's own words (`how many
    cm is 15 inches if 1 inch = 2.54 cm`, `using 1 mile = 1.609344 km how far is 26.2 miles`)."""
    opens = not before or before[-1] in _OPENS or led
    closes = not after or after[0] in _CLOSES or re.match(r"so\b", after, re.IGNORECASE) is not None
    asks = led and re.match(r"(?:how|what|what's|whats|convert)\b", after, re.IGNORECASE) is not None
    return opens and (closes or asks)


def _held(one: str, number: str, unit: str) -> bool:
    """Whether `1 one = number unit` is exactly the knowledge base's fact."""
    a, b = UNIT_NAMES.get(one.lower()), UNIT_NAMES.get(unit.lower())
    if a is None or b is None or a == b or unconvertible(a, b):
        return False  # no fact from `a` to `b` (`1 year = 1 second`: two scales of time)
    return Fraction(number) * SIZE_OF[b] == SIZE_OF[a]
