"""Full containers of so many things each, perhaps with some loose, in fixed tellings: `Stock
take at the pharmacy: 13 full boxes of 28 tablets plus 9 loose ones. How many tablets in
total?`, `warehouse q: 17 pallets, 48 boxes on each. how many boxes total`, `We've got 9 full
pallets with 144 bricks on each, plus 37 loose bricks left over from yesterday. How many bricks
altogether?`.

The reading is the containers times what each holds, plus the loose ones (`What is 13*28 +
9?`), each number as written; its answer is a count. The sentences are fixed, because an open
word changes such a count (`28 tablets between them`, `up to 48 boxes on each`, `3 of them
half empty`, `2 loose strips of 14`): the containers from a closed list, what each holds in one
of a few shapes, the loose ones in a few words, and the ask of the things held (never of the
containers: `how many pallets`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural, tellings
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.packed_words import ASKS, BODIES, LEADS, NOT_THINGS, OPENERS
from reasoning_mesh.planner.units import UNIT_NAMES

_LEADS = tellings.leads(LEADS)
_ASKS = tellings.asks(ASKS)
_BODIES = tuple(re.compile(shape) for shape in BODIES)
_HOLDER = re.compile(rf"{OPENERS} ")


def read(text: str) -> FormedReading | None:
    """The count of things in full containers and loose, with its answer's form, else None."""
    said = tellings.without_leads(tellings.said(text, numerals=True), _LEADS)
    held_by = _HOLDER.match(said)
    if held_by is not None and re.fullmatch(r"(?:we|i) had |there were ", held_by[0]):
        return None  # `we had 10 boxes of 12 eggs. how many do we have?`: had, and now?
    said = said[held_by.end() :] if held_by is not None else said
    m = tellings.asked(said, _ASKS)
    if m is None:
        return None
    body = next((b for shape in _BODIES if (b := shape.fullmatch(m["head"]))), None)
    if body is None or not _agrees(body, m["asked"]):
        return None
    loose = f" + {body['loose']}" if body["loose"] else ""
    reading = natural.arithmetic(f"{body['g']} * {body['k']}{loose}")
    return None if reading is None else FormedReading(reading, "count")


def _agrees(body: re.Match[str], asked: str) -> bool:
    """Whether the things held, named each time they are (`bricks` on each, `loose bricks`;
    `pallets of bricks, 480 on each`), are the things asked for (`how many bricks`, the
    singular in `total tablet count`), in the containers counted (`each tray` of `3 cases`:
    another container), and none is a container, a measure or a part (audit D, round 26)."""
    held = body["t"] or body.groupdict().get("what")
    named = {w for w in (held, body["tl"], body.groupdict().get("what")) if w}
    if held is None or len(named) != 1 or (named | {asked}) & NOT_THINGS:
        return False
    container = body["c"]
    singular = _SINGULAR.get(container, container.removesuffix("s"))
    if held in (container, singular) or asked in (container, singular):
        return False  # `17 boxes, 48 boxes in each`: which boxes?
    if body.groupdict().get("each") not in (None, singular, "one"):
        return False  # `3 cases with 30 eggs in each tray`
    forms = {f for w in (held, asked) for f in (w, w + "s", w.removesuffix("s"))}
    if forms & (NOT_THINGS | set(UNIT_NAMES)):
        return False  # `4 packs of 9 volts`: a size, not things
    return asked in (held, held.removesuffix("s"))


#: Containers whose singular is not the plural less `s`.
_SINGULAR = {"boxes": "box", "shelves": "shelf"}
