"""What a question says of its units that the knowledge base already holds: a conversion factor
stated beside the question (`(1 inch = 2.54 cm)`, `Using 1 mile = 1.609344 km, ...`, `1 stone
is 14 lb.`, `(14 lb in a stone)`, `8 pints to the gallon`) and `metric` of a tonne (`1.25
metric tonnes`, `2.3 tonnes (metric)`).

A stated factor is left out only where it is exactly the knowledge base's own fact for those
two units, so leaving it out changes no answer: the conversion is then read as if it were not
said, and its fact still comes from the knowledge base. A factor of the asker's own (`using 1 kg
= 2.2 lb`, `1 mile = 1.6 km`) is not the knowledge base's, and the question is left as it is (and
refused: the answer the asker wants is by their factor). The factor must be a clause of its own
(between the text's ends, stops, commas or brackets, perhaps after `using`, `if`, `given`), so
`1 stone is 14 lb and I lost 3` is never cut.
"""

from __future__ import annotations

import re
from fractions import Fraction

from reasoning_mesh.kb.units import DIMENSIONS
from reasoning_mesh.planner.units import UNIT_NAMES

#: Each unit's (dimension, size in the dimension's base unit), by the knowledge base's name.
_SIZES = {unit[0]: (kind, unit[4]) for kind, units in DIMENSIONS.items() for unit in units.values()}

_NUM = r"\d+(?:\.\d+)?"
_UNIT = r"[a-zµ]+"
_EQUATED = (
    rf"(?:1|one|a|an) (?P<a>{_UNIT}) (?:=|is|equals|is equal to|makes|has) (?:exactly )?"
    rf"(?P<n>{_NUM}) (?P<b>{_UNIT})"
)
_PER = (
    rf"(?:there (?:are|is) )?(?P<n2>{_NUM}) (?P<b2>{_UNIT}) (?:to|in|per) "
    rf"(?:a|an|the|one|1|each|every) (?P<a2>{_UNIT})"
)
_LEAD = (
    r"(?:(?:using|use|with|if|assuming|given(?: that)?|taking|remember(?:ing)?(?: that)?|"
    r"where|since|as|note|nb)[,:]? )?"
)
_FACTOR = re.compile(rf"(?P<open>\(\s*)?{_LEAD}(?:{_EQUATED}|{_PER})(?(open)\s*\))", re.IGNORECASE)
#: Where a factor's clause may begin and end.
_OPENS = ".,;:?!-–—("
_CLOSES = ".,;:?!-–—)"
_METRIC = (
    (re.compile(r"\bmetric (tonne|ton)(s?)\b", re.IGNORECASE), r"tonne\2"),
    (re.compile(r"\b(tonnes?) \(metric(?: tonnes?)?\)", re.IGNORECASE), r"\1"),
)
#: `2.4 tonnes of manure (metric tonnes)`: what the tonnes were, said again after.
_SAID_AGAIN = re.compile(r"\s*\(metric tonnes?\)", re.IGNORECASE)


def plainer(text: str) -> str:
    """`text` without the factors the knowledge base holds and with `metric` tonnes as tonnes;
    `text` itself where it says neither."""
    for pattern, to in _METRIC:
        text = pattern.sub(to, text)
    if re.search(r"\btonnes?\b", text, re.IGNORECASE):
        text = _SAID_AGAIN.sub("", text)
    while (cut := _without_factor(text)) is not None:
        text = cut
    return text


def _without_factor(text: str) -> str | None:
    for m in _FACTOR.finditer(text):
        a, n, b = (
            (m.group("a"), m.group("n"), m.group("b")) if m.group("a") else m.group("a2", "n2", "b2")
        )
        if not _held(a, n, b):
            continue
        before, after = text[: m.start()].rstrip(), text[m.end() :].lstrip()
        if not m.group("open") and not (
            (not before or before[-1] in _OPENS)
            and (not after or after[0] in _CLOSES or re.match(r"so\b", after, re.IGNORECASE))
        ):
            continue
        after = re.sub(r"^(?:[,;:\-–—]\s*)?(?:so\b\s*)?", "", after, flags=re.IGNORECASE)
        if after[:1] in (".", "?", "!") and (not before or before[-1] in ".?!"):
            after = after[1:].lstrip()  # `? Use 1 mile = 1.609344 km.`: its own stop goes too
        if not after:
            before = before.rstrip(",;:-–— ")
        return f"{before} {after}".strip()
    return None


def _held(one: str, number: str, unit: str) -> bool:
    """Whether `1 one = number unit` is exactly the knowledge base's fact."""
    a, b = UNIT_NAMES.get(one.lower()), UNIT_NAMES.get(unit.lower())
    if a is None or b is None or a == b or _SIZES[a][0] != _SIZES[b][0]:
        return False
    return Fraction(number) * _SIZES[b][1] == _SIZES[a][1]
