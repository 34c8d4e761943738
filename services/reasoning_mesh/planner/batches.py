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
are left`, `how many can I sell`). Every other word is plain (`background.plain_word`), acts on
nothing (`asides`) and changes no count (`another`, `more`, `each`, `per`, `half`, `dozen`), and
no other number is said but a time of day (`at 5am`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.numwords import with_numerals

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
    r"(?: still)? (?:left(?: over)?|remaining|on the shelves?|left for [a-z ]+)(?: now)?"
    r"|(?:so )?how many(?: (?P<thing2>[a-z]+))? (?:can|could) (?:i|we) (?:actually |still )?sell"
    r"|(?:so )?how many(?: (?P<thing3>[a-z]+))? (?:have|do) (?:i|we) (?:got|have)(?: left)? now"
)
#: Words that change a count or what counts: none may stand outside the two numbers' phrases.
_COUNTING = frozenset(
    ("another", "more", "extra", "each", "every", "per", "half", "halves", "dozen", "twice",
     "double", "also", "too", "plus", "minus", "again", "back", "returned", "spare", "full",
     "empty", "some", "most", "all", "none", "only", "except")
)  # fmt: skip


#: When the things went, in words no other reader takes as plain (`by lunch`, `by closing`).
_WHEN = frozenset(("lunch", "lunchtime", "noon", "midday", "closing", "teatime", "tea"))


def read(text: str) -> str | None:
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
    rest = f"{story[: full.start()]} {story[full.end() : gone[0].start()]} {story[gone[0].end() :]}"
    words = tokens(rest)
    plain = all(plain_word(w) or w in _WHEN for w in words)
    if _COUNTING & set(words) or not plain or acting(words):
        return None
    m = full["m"] or full["m2"] or full["m3"]
    k = gone[0]["k"] or gone[0]["k2"]
    return natural.reading(f"what is {full['n']} times {m} minus {k}")
