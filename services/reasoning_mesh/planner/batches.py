"""Things made or bought in full containers, some of them gone, and what is left asked: `Baked
14 trays of 24 cookies for the market stall but 37 cracked. How many can I actually sell?`,
`we baked 14 trays of croissants this morning, 24 on a tray, and sold 287 by closing. how many
are left`, `Bought three boxes of 24 wood screws and used 58 of them. How many screws are left
over?`.

The reading is the containers times what each holds, less what went (`What is 14*24 - 37?`),
only where the story says exactly that: one sentence of containers and what each holds (`N
trays of M rolls`, `N trays of rolls, M on a tray`, `N boxes with M screws in each`), then one
number gone by a verb of using up (`sold`, `used`, `ate`, `37 cracked`), of the same things
where it names them (never `sold 3 trays`), and the ask of those things left (`how many rolls
are left`, `how many can I sell`). Every other word is from a closed list (`_REST`: audit AB
found open words adding things, makers, days and doubts with no number), no word of the
containers' phrase changes a count (`24 cookies each`, `24 mm screws`), and no other number is
said but a time of day (`at 5am`). The answer is a `count`: more gone than made fails at the
verifier.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import with_numerals
from reasoning_mesh.planner.units import UNIT_NAMES

_N = r"\d+(?!\d|[.,/]\d)"
_CONTAINERS = (
    r"trays|boxes|packs|packets|bags|crates|cases|cartons|tubs|jars|tins|sheets|batches|rows|"
    r"fields|shelves|pallets|bundles|reels"
)
_MADE = (
    r"(?:(?:i|we)(?:'ve|'d)?(?: have| had)? )?(?:baked|made|did|bought|got|had|have|packed|ordered|"
    r"received|picked|delivered|brought)"
)
#: A word that may describe the things (`24 wood screws`), never one joining the next phrase.
_NOT_JOIN = (
    r"(?!(?:for|on|in|at|and|but|with|this|to|from|today|yesterday|by|over|since|before|"
    r"after|so|then|of)\b)"
)
#: `14 trays of 24 rolls`, `14 trays of rolls, 24 on a tray`, `4 fields with 135 sheep in each`.
_FULL = re.compile(
    rf"{_MADE} (?P<n>{_N}) (?P<box>{_CONTAINERS}) (?:"
    rf"of (?P<m>{_N}) (?:[a-z]+ {_NOT_JOIN})?(?P<thing>[a-z]+)"
    rf"|of (?:[a-z]+ )?(?P<thing2>[a-z]+)(?: [a-z]+){{0,3}}, (?P<m2>{_N})(?: (?P<thing3>[a-z]+))? "
    rf"(?:on|in|per) (?:a|each|every) (?P<box2>[a-z]+)"
    rf"|with (?P<m3>{_N}) (?P<thing4>[a-z]+) (?:in|on) (?:each|every)(?: one| (?P<box3>[a-z]+))?)"
)
_GONE = re.compile(
    rf"(?:(?:i|we|they)(?:'ve|'d)?(?: have| had)?(?: just)? )?(?P<verb>sold|used|ate|eaten|gave away|"
    rf"handed out|lost|binned|dropped) (?P<k>{_N})(?: (?:of them|{_NOT_JOIN}(?P<gone>[a-z]+)))?"
    rf"|(?P<k2>{_N})(?: {_NOT_JOIN}(?P<gone2>[a-z]+))? (?:cracked|broke|burnt|burned|were broken|"
    rf"got broken|were damaged|went stale|went off)"
)
_ASK = re.compile(
    r"(?:so )?how many(?: (?P<thing>[a-z]+))? (?:are|is|have (?:i|we) got|do (?:i|we) have)"
    r"(?: still)? (?:left(?: over)?|remaining|on the shelves?|left for the [a-z]+ shelf)(?: now)?"
    r"|(?:so )?how many(?: (?P<thing2>[a-z]+))? (?:can|could) (?:i|we) (?:actually |still )?sell"
    r"|(?:so )?how many(?: (?P<thing3>[a-z]+))? (?:have|do) (?:i|we) (?:got|have)(?: left)? now"
)
#: Words that change a count or what counts: none may name the things (`24 cookies each`).
_COUNTING = frozenset(
    ("another", "more", "extra", "each", "every", "per", "half", "halves", "dozen", "twice",
     "double", "also", "too", "plus", "minus", "again", "back", "returned", "spare", "full",
     "empty", "some", "most", "all", "none", "only", "except")
)  # fmt: skip


#: When the things went, in words no other reader takes as plain (`by lunch`, `by closing`).
_WHEN = frozenset(("lunch", "lunchtime", "noon", "midday", "closing", "teatime", "tea"))
#: The only words outside the two phrases and the ask (audit AB: an open word there adds
#: things, makers, days or doubts with no number: `and a bag of croissants`, `my brother nicked
#: a sheet`, `on monday and on tuesday`, `I thought 37 cracked`).
_REST = frozenset(
    ("and", "but", "so", "we", "i", "they", "our", "my", "the", "a", "today", "yesterday",
     "tonight", "this", "morning", "afternoon", "evening", "by", ",", ".", ";", "-", "we've",
     "we'd", "i've", "i'd", "have", "had", "just")
)  # fmt: skip
#: Between the things and the `, M on a tray` of the second form: a time of day only.
_GAP = frozenset(("this", "morning", "afternoon", "evening", "today", "yesterday", "tonight"))
#: Sizes, prices and measures that a number before the things may be (`24 mm screws`).
_MEASURE = frozenset(
    ("volt", "watt", "amp", "piece", "page", "ply", "gauge", "carat", "cent", "pence", "p",
     "pound", "dollar", "euro", "litre", "pint", "inch", "foot", "dozen", "score", "gross")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    """The things made less those gone, whose answer is a `count` (never negative: `4 trays of
    24 and sold 120` fails at the verifier)."""
    said = with_numerals(spoken(text))
    said = re.sub(r"\b\d{1,2}(?::\d\d)? ?(?:am|pm)\b", "", said)  # times of day
    said = re.sub(r"[\s?.!]+$", "", said)
    said = re.sub(r"\b(each|every) 1\b", r"\1", said)  # `in each one`: no count
    asks = list(re.finditer(r"\b(?:so )?how many\b", said))
    if not asks or (asked := _ASK.fullmatch(said[asks[-1].start() :])) is None:
        return None
    story = said[: asks[-1].start()]
    full, gone = _FULL.search(story), list(_GONE.finditer(story))
    if full is None or len(gone) != 1 or gone[0].start() < full.end():
        return None
    if len(re.findall(r"\d+(?:[.,/]\d+)?", story)) != 3:
        return None
    thing = full["thing"] or full["thing2"] or full["thing4"] or ""
    named = [full["thing3"], gone[0]["gone"], gone[0]["gone2"], *asked.groups()]
    box = full["box2"] or full["box3"]
    if any(w is not None and w != thing for w in named) or (box and not full["box"].startswith(box)):
        return None  # `sold 3 trays`, `24 on a plate`: another thing counted
    if not (
        _phrase_plain(full, thing)
        and _gone_plain(story, gone[0], asked, full["n"])
        and _rest(story, full, gone[0])
    ):
        return None
    m = full["m"] or full["m2"] or full["m3"]
    k = gone[0]["k"] or gone[0]["k2"]
    reading = natural.reading(f"what is {full['n']} times {m} minus {k}")
    return None if reading is None else FormedReading(reading, "count")


def _phrase_plain(full: re.Match[str], thing: str) -> bool:
    """Whether the containers' phrase says only containers, a count and things: the things no
    count word (`24 cookies each`), a word before them no size or price (`24 mm screws`, `85
    cent stamps`), and the second form's gap a time of day (`of croissants this morning, 24 on a
    tray`; never `of croissants each`)."""
    if thing in _COUNTING or (not plain_word(thing) and not thing.endswith("s")):
        return False
    before = re.search(rf"of {full['m']} ([a-z]+) {thing}\b", full[0]) if full["m"] else None
    if before and (not plain_word(before[1]) or before[1] in UNIT_NAMES or before[1] in _MEASURE):
        return False
    if full["thing2"]:
        gap = re.search(rf"{thing}((?: [a-z]+){{0,3}}), ", full[0])
        return gap is not None and all(w in _GAP for w in gap[1].split())
    return True


def _gone_plain(story: str, gone: re.Match[str], asked: re.Match[str], boxes: str) -> bool:
    """Whether what went is of the things: never `N of the trays` (audit AB), `of them` only
    where the ask names the things (`how many screws are left`), and a number that names nothing
    only where it is more than the containers (`20 boxes of 6 eggs and sold 15`: boxes or eggs?
    the review; a gate on the numbers as written, which changes no reading)."""
    if re.match(r" of ", story[gone.end() :]):
        return False
    if not (gone["gone"] or gone["gone2"]) and int(gone["k"] or gone["k2"]) <= int(boxes):
        return False
    return " of them" not in gone[0] or any(asked.groups())


def _rest(story: str, full: re.Match[str], gone: re.Match[str]) -> bool:
    """Whether the words outside the two phrases are the closed list's, besides one subject
    before the making (`the bakery`), one place or purpose (`for the market stall`) and one
    subject of the going (`the kids ate 45`)."""
    head = story[: full.start()].strip()
    if head and not re.fullmatch(r"(?:the|our|my) [a-z]+", head):
        return False
    between = re.sub(r"^ of [a-z]+\b", " ", story[full.end() : gone.start()])  # `of water`
    subject = re.search(r"(?:the|my|our) ([a-z]+)\s*$", between)
    if subject is not None:
        between = between[: subject.start()]
    rest = re.sub(
        r"\b(?:for|at) the [a-z]+(?: [a-z]+)?\b", " ", f"{between} {story[gone.end() :]}", count=1
    )
    return all(w in _REST or w in _WHEN for w in tokens(rest))
