"""Counted things given away or packed, in a few fixed sentences: `I have 250 stickers and give
38 to each of my 6 friends. How many do I have left?`, `I had 3 boxes with 24 pencils in each and
gave 17 away to the class. how many pencils do I have left`, `I've got 144 cupcakes to pack into
boxes of 12, how many boxes do I need?`.

The reading is what the sentence says with its own numbers (`250 - (38*6)`, `(3*24) - 17`,
`144 / 12`), and its answer is a `count`: whole and not negative, so `7 cupcakes into boxes of 2`
(is it 3 boxes, or 4?) and giving more than there is fail at the verifier instead of answering.
As in `shares` and `stories`, the whole text must fit a form (an open word in such a story can
change the count: `and 2 to my mum`, `but 3 were broken`); only the counted things, the
friends given to and the container are open words, each a plain word of no maths or quantity.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.sentence_words import plain
from reasoning_mesh.planner.totals import _DENY, _NUMBER, _items, _phrases
from reasoning_mesh.planner.wrappers import normal

_N = r"\d+"
_HAVE = r"(?P<who>i|we) (?:have|had|'ve got|have got|got)|(?P<who2>i|we)'ve got|(?P<who3>i|we)'ve"
_GAVE = r"(?:(?P<giver>i|we) )?(?:give|gave|gives|hand out|handed out)"
_LEFT = (
    r"(?:so )?how many (?:(?P<asked>[a-z]+) )?(?:(?:do|did|will|have) (?P<asker>i|we) (?:have |got )?"
    r"|(?:are|is) (?:there )?)(?:left|left over)(?: now)?"
)
_FORMS = tuple(
    re.compile(f"^{form}$")
    for form in (
        # `I have 250 stickers and give 38 to each of my 6 friends`
        rf"(?:{_HAVE}) (?P<n>{_N}) (?P<things>[a-z]+) and {_GAVE} (?P<m>{_N}) to each of "
        rf"(?:my|our|the) (?P<k>{_N}) (?P<people>[a-z]+)",
        # `I have 250 stickers and give away 38`
        rf"(?:{_HAVE}) (?P<n>{_N}) (?P<things>[a-z]+) and {_GAVE} (?:away (?P<m>{_N})|"
        rf"(?P<m2>{_N})(?: of them)? away|(?P<m3>{_N})(?: of them)? to (?:my|a|the|our) "
        r"(?P<to>[a-z]+))",
        # `I had 3 boxes with 24 pencils in each and gave 17 away to the class`
        rf"(?:{_HAVE}) (?P<k>{_N}) (?P<box>[a-z]+) (?P<holding>with|of|containing) (?P<m>{_N}) "
        rf"(?P<things>[a-z]+)(?P<each> in each| each)? and {_GAVE} (?P<g>{_N}) away"
        r"(?: to (?:the|my|our) (?P<to>[a-z]+))?",
        # `bought 5 boxes of 12 eggs and used 23 for baking`: boxes bought, some used up
        rf"(?:(?P<who>i|we) )?(?:bought|got) (?P<k>{_N}) (?P<box>[a-z]+) (?P<holding>of) (?P<m>{_N}) "
        rf"(?P<things>[a-z]+) and (?:(?P<giver>i|we) )?(?:used|ate|sold|used up) (?P<g>{_N})"
        r"(?: of them)?(?: for (?P<to>[a-z]+))?",
    )
)
_PACK = re.compile(
    rf"^(?:{_HAVE}) (?P<n>{_N}) (?P<things>[a-z]+) to (?:pack|put|sort|split) into "
    rf"(?P<box>[a-z]+) of (?P<k>{_N})[,.;]? (?:so )?how many (?P<asked>[a-z]+) "
    r"(?:do|will|would|should) (?:i|we) need$"
)
#: Containers things are packed in (never `pairs`, `dozens`: a number of their own).
_BOXES = frozenset(
    ("boxes", "bags", "packs", "packets", "tins", "trays", "crates", "cartons", "tubs", "jars",
     "envelopes", "bundles", "rows", "groups", "teams", "tables")
)  # fmt: skip


#: `had £20, spent 7.45 on lunch and 3.60 on a magazine. how much have i got left`
_HAD = re.compile(
    r"^(?:(?P<who>i|we) )?had (?P<sign>[$£€]?)(?P<start>\d+(?:\.\d{1,2})?)"
    r"(?: (?P<cur>dollars|euros|quid|bucks|pounds))?"
    r"(?P<kept> in (?:my|our|the) (?:account|bank|wallet|purse)"
    r"| for the (?:trip|holiday|week|weekend|day))?"
    r",? (?:and )?(?:(?P<who2>i|we) )?spent (?P<list>.+?)[,.;]? (?:so )?(?:how much (?:money )?"
    r"(?:have (?P<asker>i|we) got|do (?P<asker2>i|we) have|have (?P<asker3>i|we)|is) left(?: now)?"
    r"|(?:what's|whats|what is) left)$"
)


def read(text: str) -> FormedReading | None:
    """The reading of `text` as one of these stories, with its answer's form; else None."""
    said = re.sub(r"\s*(?:,?\s*(?:please|pls|thanks))?\s*[?.!]*$", "", normal(text))
    if (spent := _spent(said)) is not None:
        return spent
    if (pack := _PACK.match(said)) is not None:
        packed = pack["asked"] == pack["box"] in _BOXES and _open(pack["things"])
        return _formed(f"what is {pack['n']} divided by {pack['k']}") if packed else None
    for m in re.finditer(r"[,.;]\s+", said):
        found = next((f for form in _FORMS if (f := form.fullmatch(said[: m.start()]))), None)
        asked = re.fullmatch(_LEFT, said[m.end() :])
        if found is not None and asked is not None:
            return _given({k: v for k, v in found.groupdict().items() if v is not None}, asked)
    return None


def _given(groups: dict[str, str], asked: re.Match[str]) -> FormedReading | None:
    """What is left after the giving the sentence says, asked of the things given."""
    who = groups.get("who") or groups.get("who2") or groups.get("who3") or "i"  # `bought ...`
    # `we have 250 ... how many do i have left`: my part of ours?
    same = {asked["asker"] or who, groups.get("giver", who)} == {who}
    if not same or asked["asked"] not in (None, groups["things"]):
        return None
    if not all(_open(groups[k]) for k in ("things", "people", "to") if k in groups):
        return None
    if "g" in groups:  # boxes of things, some given away
        return _boxed(groups)
    if "k" in groups:  # the same to each of so many
        return _formed(f"what is {groups['n']} minus ({groups['m']} times {groups['k']})")
    given = groups.get("m") or groups.get("m2") or groups["m3"]
    return _formed(f"what is {groups['n']} minus {given}")


def _boxed(groups: dict[str, str]) -> FormedReading | None:
    """`3 boxes of 24 pencils ... gave 17 away`: only `of` or `in each` says 24 a box (`3 boxes
    with 24 pencils` may hold 24 in all), and only more given than there are boxes can be
    things alone (`3 tins of 24 biscuits, gave 1 away`: a tin?; a check that refuses, the
    reading stays the sentence's own)."""
    if groups["holding"] != "of" and "each" not in groups:
        return None
    if groups["box"] not in _BOXES or int(groups["g"]) <= int(groups["k"]):
        return None
    return _formed(f"what is ({groups['k']} times {groups['m']}) minus {groups['g']}")


def _formed(text: str) -> FormedReading | None:
    reading = natural.reading(text)
    return None if reading is None else FormedReading(reading, "count")


def _open(word: str) -> bool:
    return plain(word) and word not in ("dozen", "pairs", "lots", "sets", "more", "others", "each")


def _spent(said: str) -> FormedReading | None:
    """Money had, then amounts spent on things (`totals`' items: one thing each, no unit, no
    currency but the first amount's sign), and what is left: as change is, not negative, in cents."""
    m = _HAD.match(said)
    if m is None:
        return None
    who = {
        m["who"] or "i",
        m["who2"] or m["who"] or "i",
        m["asker"] or m["asker2"] or m["asker3"] or m["who"] or "i",
    }
    said_words = [w.strip(",.;:!?") for w in said.split()]
    words = set(said_words)
    # `had 40 quid`, `had 250 in my account`: the money had, said once
    words -= {m["cur"]} if said_words.count(m["cur"] or "") == 1 else set()
    words -= set((m["kept"] or "").split())
    if len(who) != 1 or (_DENY - {"left"}) & words or re.search(r"\d,\d", said):
        return None
    listed = m["list"]
    if m["sign"] and set(re.findall(r"[$£€](?=\d)", listed)) <= {m["sign"]}:
        listed = listed.replace(m["sign"], "")  # `had £20, spent £6.75 on lunch`: one currency
    tokens = listed.replace(",", " , ").split()
    amounts, units = _items(tokens)
    if (
        amounts is None
        and tokens
        and _NUMBER.fullmatch(tokens[0])
        and _phrases(tokens, 1, []) == len(tokens)
    ):
        amounts, units = [tokens[0]], [None]  # `spent 87.40 on groceries`: one amount
    if amounts is None or any(units) or any(re.fullmatch(r"\d+\.\d{3}", a) for a in amounts):
        return None
    reading = natural.reading("what is " + " - ".join((m["start"], *amounts)))
    return None if reading is None else FormedReading(reading, "change")
