"""Parts of one whole, put together, in fixed tellings: `allotment plan: 2/5 of the plot is veg
and 1/4 is flowers. What fraction of the plot is that together?`, `knitting q: I used 5/8 of a
ball of yarn on the cuff and 1/4 of a ball on the thumb. what fraction of a ball have i used so
far?`, `half the order is margherita and two fifths is pepperoni. What fraction of the order are
those two together?`.

The reading is the sum of the parts as written (`What is 2/5 + 1/4?`; a fraction in words is
read as the numeral it names, `two fifths` as `2/5`). Parts are summed only where they cannot
overlap: each is what the whole *is* (`is veg`, `are books`) or what was used up of it (`used`,
`ate`, `sold`, `knitted`, `planted`, `spent`), never what was read, practised or done (the same
part twice?); every part is of the one whole named first (`of the plot`, then `of it` or none);
and the ask is of the parts together, never of the rest (`what fraction is left`: one minus
them, a number the question does not write). Parts that add to more than the whole are no
parts of it, so the reading is refused. `portions` reads two amounts of one thing (`3/4 cup
... 2/3 cup`); this reader, the parts of a whole it names.
"""

from __future__ import annotations

import re
from fractions import Fraction

from reasoning_mesh.planner import forms, natural, tellings
from reasoning_mesh.planner.background import plain_word
from reasoning_mesh.planner.numwords import fraction_words_pattern, read_fraction_words

_F = r"(?P<f>[1-9]\d?/[1-9]\d?)"
#: The whole as first named (`of the plot`, `of a ball of yarn`, `half the order`).
_WHOLE = r"(?:of )?(?:the|my|a|an|our|this|his|her) (?P<w>[a-z]+(?: [a-z]+)?)(?: of (?P<wof>[a-z]+))?"
#: The whole named again (`of it`, `of a ball`), or not at all.
_AGAIN = r"(?: of (?:it|(?:the|my|a|an|our|this|his|her) (?P<w2>[a-z]+)))?"
#: Who used the parts: the asker, or no one said (`used 1/3 of the skein on the front`).
_WHO = r"(?:(?:so far )?(?:i|we|i've|we've|ive) (?:have )?)?"
#: Verbs of using a part up: no part can be used twice.
_USED = r"used|ate|sold|knitted|planted|painted|spent|cut|gave away|sowed|dug|weeded|mowed"
#: What names a part (`veg`, `a scrimmage`, `on the cuff`, `with potatoes`): up to 4 words.
_NAME = r"(?P<name>[a-z' -]{1,40})"
#: When a part was used (`on saturday`, `this afternoon`): one word of when, one after it.
_WHEN_WORD = r"(?:on|this|last|yesterday|today|tonight)(?: [a-z]+)?"
_WHEN = rf"(?: {_WHEN_WORD})?"

#: Clause shapes: (shape, kind). `is`: what the whole is; `used`: used with its verb; `same`:
#: a part whose verb is the one before it (`and 1/4 on the thumb`).
_SHAPES = (
    (rf"{_F} {_WHOLE} (?:is|are|was|were) {_NAME}", "is"),
    (rf"{_F}{_AGAIN} (?:is|are|was|were) {_NAME}", "is"),
    (rf"{_WHO}(?P<verb>{_USED}) (?:another )?{_F} {_WHOLE}"
     rf"(?: (?:on|for|with|in) {_NAME})?{_WHEN}", "used"),
    (rf"{_WHO}(?P<verb>{_USED}) (?:another )?{_F}{_AGAIN}"
     rf"(?: (?:on|for|with|in) {_NAME})?{_WHEN}", "used"),
    (rf"(?:another )?{_F}{_AGAIN} (?:on|for|with|in) {_NAME}{_WHEN}", "same"),
    (rf"(?:{_WHEN_WORD} )?(?:another )?{_F}{_AGAIN}{_WHEN}", "same"),
)  # fmt: skip
_ASKS = (
    r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:is|are|was|were) "
    r"(?:that|those|those two|these|they|both)"
    r"(?: together| altogether| combined| in total| between them)?",
    r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:have|did|has) (?:i|we|been) "
    r"(?:used|eaten|sold|knitted|planted|painted|spent|done|finished|covered)"
    r"(?: so far| altogether| in total| together)?",
    r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:is|was|has been|have been) "
    r"(?:used|planted|sold|eaten|knitted|painted|covered|done)(?: up)?"
    r"(?: so far| altogether| in total| together)?",
    r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:have|did) (?:i|we) "
    r"(?:used|use|eaten|sold|knitted|planted|painted)(?: up)?(?: so far| altogether| in total)?",
    r"how much(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:is that|have i used|did i use|"
    r"have we used|have we sold|did we sell|have i knitted|have i planted)"
    r"(?: together| altogether| in total| so far| combined)?",
)
_JOINS = re.compile(r"(?:[.;:!?,]| -)\s+(?:and (?:then )?|then )?|\s+and (?:then )?|\s+then\s+")
_FRACTION_WORDS = re.compile(
    rf"(?:{fraction_words_pattern()})|\bhalf\b(?= (?:of )?(?:the|my|a|an|our|it)\b)"
)
_LEADS = re.compile(r"[a-z' ]{1,60}")
#: Words no opening and no part's name may say: the rest, a share, a repeat, a measure of it.
_DENY = frozenset(
    ("left", "rest", "remaining", "remainder", "unused", "empty", "spare", "free", "other",
     "same", "more", "less", "each", "per", "every", "again", "twice", "double", "half",
     "both", "also", "too", "another", "instead", "not", "no", "only", "of", "it", "them",
     "than", "whole", "total", "fraction", "what", "how", "which", "if")
)  # fmt: skip


def read(text: str) -> str | None:
    """`2/5 of the plot is veg and 1/4 is flowers ... together` → `What is 2/5 + 1/4?`."""
    said = _said(text)
    clauses = [c for c in _JOINS.split(said) if c] if said else []
    if len(clauses) < 3:
        return None
    *story, ask = clauses
    asked = next((m for p in _ASKS if (m := re.fullmatch(p, ask))), None)
    parts, kinds, wholes = _parts(story)
    if asked is None or not _fits(parts, kinds, wholes, asked["aw"]):
        return None
    return natural.arithmetic("what is " + " + ".join(parts))


def _said(text: str) -> str | None:
    """The question as read, its fractions in words as numerals (`two fifths` → `2/5`), a
    last clause asking a fraction left out; None where a fraction in words is miswritten
    (`three quarter cup`) or both `i` and `we` tell (`i used 1/3 and we used 1/4`: whose?)."""
    text = forms.without_fraction_asked(text) or text
    try:
        said = _FRACTION_WORDS.sub(_numeral, tellings.said(text, numerals=False))
    except ValueError:
        return None
    return None if {"i", "we"} <= set(re.findall(r"\b(?:i|we)\b", said.replace("'", " "))) else said


def _fits(parts: list[str], kinds: list[str], wholes: set[str], asked_of: str | None) -> bool:
    """Two parts or more of one whole, told one way (`is` parts, or `used` ones, a part with
    no verb only after one used), asked of that whole, and together no more than it."""
    return (
        len(parts) >= 2
        and len(wholes) == 1
        and len(set(kinds) - {"same"}) == 1
        and (kinds[0] == "used" or "same" not in kinds)
        and (not asked_of or asked_of.removesuffix("s") in {w.split()[-1] for w in wholes})
        and sum((Fraction(p) for p in parts), Fraction(0)) <= 1
    )


def _numeral(m: re.Match[str]) -> str:
    said = m[0]
    return "1/2" if said == "half" else read_fraction_words(said)


def _parts(story: list[str]) -> tuple[list[str], list[str], set[str]]:
    """The parts, the kind of each, and the wholes named, where every clause but an opening
    is a part; nothing where one is not."""
    parts: list[str] = []
    kinds: list[str] = []
    wholes: set[str] = set()
    for k, clause in enumerate(story):
        found = next(((m, kind) for p, kind in _COMPILED if (m := p.fullmatch(clause))), None)
        if found is None:
            if k == 0 and not parts and _opening(clause):
                continue
            return [], [], set()
        m, kind = found
        name = m.groupdict().get("name") or ""
        if any(not plain_word(w) or w in _DENY for w in name.split()):
            return [], [], set()  # `1/4 is left`, `1/3 on the other sleeve`
        parts.append(m["f"])
        kinds.append(kind)
        wholes |= {w for g in ("w", "w2") if (w := m.groupdict().get(g))}
    return parts, kinds, {w.removesuffix("s") for w in wholes}


_COMPILED = tuple((re.compile(p), kind) for p, kind in _SHAPES)


_LABELS = frozenset(("q", "question", "query", "update", "plan", "note", "maths", "math", "post"))


def _opening(clause: str) -> bool:
    """An opening of plain words that tells nothing of the parts (`allotment plan`)."""
    words = clause.split()
    if words[-1:] and words[-1] in _LABELS:
        words = words[:-1]  # `knitting q`, `allotment plan`: what the question is
    return 0 < len(words) <= 8 and all(plain_word(w) and w not in _DENY for w in words)
