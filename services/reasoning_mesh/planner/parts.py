"""Parts of one whole used up, put together, in fixed tellings: `knitting q: I used 5/8 of a
ball of yarn on the cuff and 1/4 of a ball on the thumb. what fraction of a ball have i used so
far?`, `I knitted 3/8 of my scarf on Saturday and another 1/3 of it on Sunday. What fraction of
the scarf have I done so far?`, `So far I've planted 1/2 of the veg patch with potatoes, 1/3 with
beans and 1/8 with onions. What fraction of the patch is planted altogether?`.

The reading is the sum of the parts as written (`What is 5/8 + 1/4?`; a fraction in words is
read as the numeral it names, `two fifths` as `2/5`). Parts are summed only where they cannot
overlap, so only parts *used up* by one verb (`used`, `ate`, `sold`, `knitted`, `planted`: what
is used up cannot be used again; never `spent` on things one of which may hold another, `bills`
and `rent`), never what a whole *is* (`1/2 of the cars are
electric and 1/3 are green`: both?), never what was read, practised or repainted; every part is
of the one whole named first, of one owner (`of my bag ... of her bag`: two bags); each part is
named once (`on the thumb ... 1/8 on the thumb sorry`), with no one else (`with my sister`), no
time that holds another's and nothing still to come (`tomorrow`, `planned`); and the ask is of
those parts by their own verb, never of the rest (`what fraction is left`: one minus them, a
number the question does not write). Parts that add to more than the whole are no parts of it.
`portions` reads two amounts of one thing (`3/4 cup ... 2/3 cup`); this reader, the parts of a
whole used up (audit E, round 27, found what a reading of what a whole *is* misread).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from reasoning_mesh.planner import forms, natural, tellings
from reasoning_mesh.planner.background import plain_word
from reasoning_mesh.planner.numwords import fraction_words_pattern, read_fraction_words

_F = r"(?P<f>[1-9]\d?/[1-9]\d?)"
#: The whole as first named (`of the plot`, `of a ball of yarn`, `half the order`).
_OWNER = r"(?P<{}>the|my|a|an|our|this|his|her|their|your)"
_WHOLE = rf"(?:of )?{_OWNER.format('d')} (?P<w>[a-z]+(?: [a-z]+)?)(?: of (?P<wof>[a-z]+))?"
#: The whole named again (`of it`, `of a ball`), or not at all.
_AGAIN = rf"(?: of (?:it|{_OWNER.format('d2')} (?P<w2>[a-z]+)))?"
#: Who used the parts: the asker, or no one said (`used 1/3 of the skein on the front`).
_WHO = r"(?:(?:i|we|i've|we've|ive) (?:have )?)?"
#: Verbs of using a part up: no part can be used twice.
_USED = r"used|ate|sold|knitted|planted|painted|cut|gave away|sowed|dug|weeded|mowed"
#: What names a part (`veg`, `a scrimmage`, `on the cuff`, `with potatoes`): up to 4 words.
_NAME = r"(?P<name>[a-z' -]{1,40})"
#: When a part was used (`on saturday`, `this afternoon`): one word of when, one after it.
_WHEN_WORD = (
    r"(?P<when>on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|"
    r"this (?:morning|afternoon|evening)|last night)"
)
_WHEN = rf"(?: {_WHEN_WORD})?"

#: Clause shapes: (shape, kind). `used`: used with its verb; `same`: a part whose verb is the
#: one before it (`and 1/4 on the thumb`).
_SHAPES = (
    (rf"{_WHO}(?P<verb>{_USED}) (?:another )?{_F} {_WHOLE}"
     rf"(?: (?:on|for|with|in) {_NAME})?{_WHEN}", "used"),
    (rf"{_WHO}(?P<verb>{_USED}) (?:another )?{_F}{_AGAIN}"
     rf"(?: (?:on|for|with|in) {_NAME})?{_WHEN}", "used"),
    (rf"(?:another )?{_F}{_AGAIN} (?:on|for|with|in) {_NAME}{_WHEN}", "same"),
    (rf"{_WHEN_WORD} (?:another )?{_F}{_AGAIN}", "same"),
    (rf"(?:another )?{_F}{_AGAIN}{_WHEN}", "same"),
)  # fmt: skip
#: Asks: (shape, verb asked or none). A verb asked must be the parts' own (`have i eaten`
#: after `sold`: of what was eaten?); `done` asks what was knitted.
_ASKS = (
    (r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:is|are) (?:that|those)"
     r"(?: together| altogether| combined| in total)?", ""),
    (r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:are )?those two"
     r"(?: together| altogether| combined| in total)?", "two"),
    (r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:have|did) (?:i|we) "
     r"(?P<verb>used|use|eaten|sold|knitted|planted|painted|done)(?: up)?"
     r"(?: so far| altogether| in total)?", "verb"),
    (r"what fraction(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? (?:is|has been) "
     r"(?P<verb>used|planted|sold|eaten|knitted|painted|done)(?: up)?"
     r"(?: so far| altogether| in total)?", "verb"),
    (r"how much(?: of (?:the|my|a|an|our) (?P<aw>[a-z]+))? is that"
     r"(?: together| altogether| in total| combined)?", ""),
)  # fmt: skip
#: The verb an ask says, as the parts say it.
_ASKED_AS = {"use": "used", "eaten": "ate", "done": "knitted"}
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
     "than", "whole", "total", "fraction", "what", "how", "which", "if",
     # a part inside another, still to come, taken back, or shared (audit E, round 27)
     "so", "far", "included", "including", "inside", "within", "planned", "tomorrow", "later",
     "next", "will", "come", "end", "sorry", "actually", "refund", "refunds", "back", "shared",
     "sister", "brother", "mum", "mom", "dad", "friend", "friends", "wife", "husband",
     "partner", "kids", "family", "flatmate", "someone", "him", "her", "us", "today", "week",
     "month", "year", "tonight", "re", "monday", "tuesday", "wednesday", "thursday", "friday",
     "saturday", "sunday", "morning", "afternoon", "evening", "night", "yesterday")
)  # fmt: skip


@dataclass
class _Told:
    """What the story's parts tell: each part, how it was said, and what it said of itself."""

    parts: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    verbs: set[str] = field(default_factory=set)
    wholes: set[str] = field(default_factory=set)
    owners: set[str] = field(default_factory=set)
    names: list[str] = field(default_factory=list)
    whens: list[str] = field(default_factory=list)


def read(text: str) -> str | None:
    """`used 5/8 of a ball on the cuff and 1/4 on the thumb ... used so far` → `What is 5/8 +
    1/4?`."""
    said = _said(text)
    clauses = [c for c in _JOINS.split(said) if c] if said else []
    if len(clauses) < 3:
        return None
    *story, ask = clauses
    asked = next(((m, k) for p, k in _ASKS if (m := re.fullmatch(p, ask))), None)
    told = _parts(story)
    if asked is None or told is None or not _fits(told, *asked):
        return None
    return natural.arithmetic("what is " + " + ".join(told.parts))


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


def _fits(told: _Told, asked: re.Match[str], kind: str) -> bool:
    """Two parts or more of one whole of one owner, used by one verb (a part with none after
    one used), each named and timed once, asked of that whole by that verb (`those two` only
    of two), and together no more than it."""
    asked_of, verb = asked["aw"], asked.groupdict().get("verb")
    return (
        len(told.parts) >= 2
        and told.kinds[0] == "used"
        and len(told.verbs) == 1
        and len(told.wholes) == 1
        and len(told.owners) <= 1
        and len(set(told.names)) == len(told.names)
        and len(set(told.whens)) == len(told.whens)
        and (kind != "two" or len(told.parts) == 2)
        and (verb is None or _ASKED_AS.get(verb, verb) in told.verbs)
        and (not asked_of or asked_of.removesuffix("s") in {w.split()[-1] for w in told.wholes})
        and sum((Fraction(p) for p in told.parts), Fraction(0)) <= 1
    )


def _numeral(m: re.Match[str]) -> str:
    said = m[0]
    return "1/2" if said == "half" else read_fraction_words(said)


def _parts(story: list[str]) -> _Told | None:
    """What the parts tell, where every clause but an opening is a part; else None."""
    told = _Told()
    # `so far i've planted 1/2 ...`: the first part may open with it (never a later one)
    for k, clause in enumerate([story[0].removeprefix("so far "), *story[1:]]):
        found = next(((m, kind) for p, kind in _COMPILED if (m := p.fullmatch(clause))), None)
        if found is None:
            if k == 0 and not told.parts and _opening(clause):
                continue
            return None
        m, kind = found
        said = m.groupdict()
        name = said.get("name") or ""
        if any(not plain_word(w) or w in _DENY or w.startswith("re-") for w in name.split()):
            return None  # `1/3 on the other sleeve`, `with my sister`, `on the thumb tomorrow`
        told.parts.append(m["f"])
        told.kinds.append(kind)
        told.verbs |= {said["verb"]} if said.get("verb") else set()
        told.wholes |= {w.removesuffix("s") for g in ("w", "w2") if (w := said.get(g))}
        told.owners |= {d for g in ("d", "d2") if (d := said.get(g)) and d not in _ANY_OWNER}
        told.names += [name] if name else []
        told.whens += [when] if (when := said.get("when")) else []
    return told


#: Determiners that name no owner (`of a ball ... of the ball`: the same one may be meant).
_ANY_OWNER = frozenset(("the", "a", "an", "this"))


_COMPILED = tuple((re.compile(p), kind) for p, kind in _SHAPES)


_LABELS = frozenset(("q", "question", "query", "update", "plan", "note", "maths", "math", "post"))


def _opening(clause: str) -> bool:
    """An opening of plain words that tells nothing of the parts (`allotment plan`)."""
    words = clause.split()
    if words[-1:] and words[-1] in _LABELS:
        words = words[:-1]  # `knitting q`, `allotment plan`: what the question is
    return 0 < len(words) <= 8 and all(plain_word(w) and w not in _DENY for w in words)
