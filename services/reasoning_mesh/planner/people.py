"""A question as people write it → the planner's own phrasing, by the first reader that reads
it (`domain.plan_question` plans what this returns, and checks it first): the grammar of
people's phrasings, symbols among words, chatter off the ends, sentences around one quantity,
stories in fixed forms, and the form an answer must take where a reader says.
"""

from __future__ import annotations

import itertools
import re

from reasoning_mesh.planner import (
    ages,
    amid,
    balances,
    batches,
    bills,
    candidates,
    cells,
    chatter,
    context,
    darts,
    each,
    embedded,
    equations,
    fee_rate,
    forms,
    gist,
    leftovers,
    levels,
    listed,
    measures,
    memberships,
    money,
    natural,
    packed,
    pairs,
    portions,
    priced,
    rates,
    receipts,
    restated,
    rounded,
    said_units,
    shares,
    spelling,
    statement,
    stock,
    stories,
    story_maths,
    symbolic,
    tallies,
    temperature_change,
    temperatures,
    totals,
    word_problems,
    wrappers,
)
from reasoning_mesh.planner.asides import aside, purpose, unstuck
from reasoning_mesh.planner.background import tokens
from reasoning_mesh.planner.numwords import DENOMINATORS, WORDS
from reasoning_mesh.planner.units import UNIT_NAMES

#: Spans tried per question: each is a parse, and a long sentence of chatter has many.
_MAX_SPANS = 48


def reading(text: str, *, whole: bool = True) -> tuple[str | None, forms.FormedReading | None]:
    """The reading of a question as people write it, by the first reader that reads it; and
    the form its answer must take, where a reader says (an equal share, the change from a payment).
    `whole`: `text` is the whole question (a part taken from it is read once, no further)."""
    # `find teh difference`, `1.25 metric tonnes`: for every reader below
    said = said_units.and_a_half(said_units.metric(spelling.fix_slips(text)))
    # `what's 144 divided by 0.4? like, how many 0.4s fit into 144?`: both tellings read alike
    if whole and (told := restated.read(said, lambda t: reading(t, whole=False))) is not None:
        return told
    if (again := _reread(said, whole=whole)) is not None:
        return again
    core = wrappers.unwrap(said)  # `can u work out 7 × 8 for me`
    # `quick one - 5 + 3`: the `one` is a pronoun, so only the text without it is read.
    if wrappers.pronoun_opener(said):
        unwrapped = core != said.lower()
        found = _read(core) or symbolic.read(core) or amid.read(core) or cells.read(core)
        return found if unwrapped else None, None
    found = _read(said) or symbolic.read(said)
    if found is None and core != said.lower():
        found = _read(core) or symbolic.read(core)
    # `i need 750 ng in mg for a lab report`; `my kid has 9 = 2w - 5 on her sheet, what's w`;
    # `twice a number is 8. find the number`; `we pipetted 75 ml, what is that in litres`
    found = (
        found
        or _read_span(core)
        or embedded.read(core)
        or story_maths.reading(said)
        or statement.read(money.unsigned(said))
        or statement.read(money.unsigned(core))
        or equations.asked(said)
        or totals.read(said)
        or receipts.read(said)
        or rates.read(said)
        or tallies.read(said)
        or gist.read(said)
        or rounded.read(said)
        or listed.read(said)
        or portions.read(said)
        or amid.read(said)
        or cells.read(said)
    )
    if found is None and (formed := _formed(said)) is not None:
        return formed.reading, formed  # `split 864 stickers evenly between 12 kids`
    if found is None and whole:
        return _part_read(said)
    return found, None


def _reread(said: str, *, whole: bool) -> tuple[str | None, forms.FormedReading | None] | None:
    """The reading of `said` without what the asker added to the question, where they did."""
    if whole and (offered := candidates.without(said)) is not None:
        return reading(offered, whole=False)  # `round 2.0719 to 2 dp, is it 2.07?`
    if (bare := forms.without_fraction_asked(said)) is not None:
        return reading(bare, whole=whole)  # `what's 1 2/3 + 2 3/4? give it as a fraction`
    if (factored := said_units.without_factors(said)) is not None:
        # `(1 inch = 2.54 cm)`: only a conversion between the factor's own units is read
        found, formed = reading(factored.text, whole=whole)
        return (found, formed) if factored.converts(found) else (None, None)
    return None


def _part_read(said: str) -> tuple[str | None, forms.FormedReading | None]:
    """The reading of the part of `said` that asks, where the rest is background: the last
    sentence after one stating its quantity (`My commute is 45 minutes each way. ...`), or the
    question before the asker's own words (`How many cm is 10 inches? for my sewing`)."""
    if (asked := context.question(said)) is not None:
        return reading(asked, whole=False)
    if (first := _asked_first(said)) is not None:
        return reading(first)
    return _converted_first(said) or (None, None)


#: Plain words that, after a question, may still count a trip twice (`there and back`), leave
#: out a break, or offer someone's guess, besides those no aside holds (`asides`: `UK gallons`,
#: `sorry, typo`).
_QUALIFYING = frozenset(
    ("interval", "break", "breaks", "way", "ways", "there", "guess", "guessed", "reckon",
     "reckons", "says", "said", "think")
)  # fmt: skip


def _after_first(said: str) -> tuple[str, list[str]] | None:
    """The question before the first question mark and the words after it (a saying of being
    stuck read as `i'm stuck`: `? i keep getting different answers`), where both are said and
    no number follows; None otherwise."""
    head, mark, rest = said.partition("?")
    if not mark or not head.strip() or re.search(r"\d", rest):
        return None
    return head, tokens(unstuck(rest.lower()))


def _asked_first(said: str) -> str | None:
    """The question before its first question mark, where what follows is the asker's own
    sentences (`? need it for the flyer`, `? asking for the plank challenge`): no number,
    asides only (`asides.aside`), none that qualifies the question; None otherwise."""
    if (split := _after_first(said)) is None:
        return None
    head, words = split
    things = [w for w in words if w.endswith("s") and len(w) > 3 and w not in _NOT_THINGS]
    plain = aside(words) and not _QUALIFYING & set(words) and not things  # `booking rooms`
    return f"{head}?" if words and plain else None


#: A conversion's reading (`How many ml are there in 2.5 litres?`).
_CONVERSION = re.compile(r"How many [a-zµ² ]+ are there in [^?]+\?")
#: Numbers in words, none of which an asker's purpose says.
_NUMBERS = frozenset((*WORDS, *DENOMINATORS, "dozen", "couple", "pair", "score"))
_UNITS = frozenset((*UNIT_NAMES, "cup", "cups", "tbsp", "tsp", "tablespoons", "teaspoons", "acre",
                    "acres", "hectare", "hectares", "ton", "tons"))  # fmt: skip


def _converted_first(said: str) -> tuple[str, forms.FormedReading | None] | None:
    """The reading of a unit conversion before its first question mark, where what follows
    only says why the asker asks (`? setting up an infusion and my head's gone`): no opener
    needed (`asides.purpose`), since no purpose changes what a unit is; None otherwise."""
    if (split := _after_first(said)) is None:
        return None
    head, words = split
    if _QUALIFYING & set(words) or not purpose(words, _UNITS, _NUMBERS):
        return None
    found, formed = reading(f"{head}?")
    return (found, formed) if found is not None and _CONVERSION.fullmatch(found) else None


#: Words ending in `s` an aside may say that name nothing counted (`thanks`, `my kids`).
_NOT_THINGS = frozenset(
    ("thanks", "cheers", "kids", "this", "always", "guys", "maths", "its", "it's", "lots")
)


def _formed(said: str) -> forms.FormedReading | None:
    """The first reading of a reader whose answer has one form (a share, change, a count)."""
    return (
        shares.read(said)
        or stories.read(said)
        or temperatures.read(said)
        or temperature_change.read(said)
        or balances.read(said)
        or word_problems.read(said)
        or pairs.read(said)
        or ages.read(said)
        or leftovers.read(said)
        or batches.read(said)
        or darts.read(said)
        or receipts.per_one(said)
        or each.read(said)
        or memberships.read(said)
        or fee_rate.read(said)
        or priced.read(said)
        or measures.read(said)
        or bills.read(said)
        or stock.read(said)
        or packed.read(said)
        or levels.read(said)
    )


def _read_span(text: str) -> str | None:
    """The first of `text`'s spans without the chatter at its ends that the readers read."""
    for span in itertools.islice(chatter.spans(text), _MAX_SPANS):
        if reading := _read(span) or symbolic.read(span):
            return reading
    return None


def _read(text: str) -> str | None:
    """The question in the planner's own phrasing, if the grammar of people's phrasings reads it
    (as written, or with its money's signs off: `round £12.345 to the nearest penny`)."""
    if (reading := natural.reading(text)) is not None:
        return reading
    return natural.reading(plain) if (plain := money.unsigned(text)) != text else None
