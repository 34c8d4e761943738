"""The words the readers of people's own sentences judge a stated quantity by (`embedded`,
`statement`, `totals`): what makes a quantity stand for another (`NOT_LITERAL`, `CHANGES`), the
verbs that say what it is (`SLOTS`), the kinds of value and what measures them, and the tests
of a word (`noun`, `free`, `plain`). One place, so the readers cannot drift apart.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.chatter import CHATTER

#: What may come between a quantity and the end of its clause (`_whereabouts`).
SIZES = ("long", "tall", "wide", "high", "deep", "thick", "heavy")
WHEN = ("today", "yesterday", "tonight", "earlier")
#: What a purpose after the question may name (`for my write-up`): papers only. An audit found
#: open nouns there multiplying the amount (`250 mg daily, what's that in grams for the
#: fortnight`, `... for the family`, `... for the trilogy`).
PURPOSES = frozenset(
    ("report", "write-up", "writeup", "homework", "worksheet", "assignment", "notes",
     "project", "exam", "test", "records", "spreadsheet", "timesheet", "teacher", "lab",
     "coursework", "log", "essay", "diary", "journal", "logbook")
)  # fmt: skip
#: Where a rounded or converted amount is written, besides `PURPOSES` (`to the nearest hundred
#: for the newsletter`, `for the stock sheet`, `what should I write in the results table`).
WRITTEN_IN = PURPOSES | frozenset(
    ("newsletter", "sheet", "table", "invoice", "ledger", "bulletin", "blog", "website",
     "tracker")
)  # fmt: skip
#: Papers that are one only when named (`the results table`; `for the table` may be dinner's).
NAMED_PAPERS = frozenset(("table", "sheet"))
#: What may name one of those papers before it (`the stock sheet`, `the results table`); never
#: `whole`, `weekly`, `metric`, `per-person` (audits H and I: another amount).
PAPER_NAMES = frozenset(
    ("stock", "results", "price", "league", "score", "club", "school", "shop", "sales",
     "fitness", "training", "lab", "site", "order", "time")
)  # fmt: skip
#: Words that make a stated quantity stand for another (a map's scale, an area, a scale word,
#: a sign: `12 cm on the map`, `3.5 km in area`, `45.5 in thousands`, `456.78 in overdraft`):
#: a question with one is not read by `quantity_first` at all.
NOT_LITERAL = frozenset(
    ("map", "maps", "plan", "plans", "drawing", "drawings", "diagram", "model", "blueprint",
     "photo", "photos", "photograph", "picture", "image", "sketch", "screen", "poster",
     "floorplan", "replica", "toy", "miniature", "microscope", "size", "footprint", "surface",
     "space", "chart", "graph", "paper", "area", "volume", "capacity", "hundreds", "thousands",
     "millions", "billions", "trillions", "lakh", "lakhs", "crore", "crores", "grand", "k",
     "overdraft", "arrears", "debt", "deficit", "loss", "frost", "below", "zero",
     "painting", "atlas", "globe", "schematic", "layout", "printout", "pic", "lego", "dollhouse",
     "diorama", "figurine", "scan", "slide", "enlargement", "magnified", "x-ray", "xray",
     "ultrasound", "debit", "red", "hole", "overdrawn", "sketches", "blueprints", "diagrams",
     "models", "charts", "graphs", "schematics", "layouts", "scans", "plot", "plots",
     # a count of them (`50 m lengths`: how many?)
     "lengths", "laps", "reps", "sets", "servings", "portions", "doses", "trips", "loads",
     "pack", "multipack", "multi-buy", "case", "crate", "bundle", "sprints", "intervals",
     "repeats", "loops", "circuits", "rounds", "widths", "legs")
)  # fmt: skip
#: Words of the grammar that may name what a quantity is (`my lab result is 12.3456 g`).
RESULTS = frozenset(("result", "results", "total", "reading"))
#: Slots that say the amount is what is needed: only after one may `how many grams do i weigh
#: out` ask for it.
REQUIRED = frozenset(
    ("needs", "need", "needed", "wants", "want", "wanted", "calls for", "asks for", "put")
)
#: The word or words right before the quantity: verbs saying what it is, or how it was
#: measured, read or asked for (`we pipetted`, `calls for`, `came out as`). A verb that
#: changes an amount (`trebled`, `spilled`, `diluted`) is not one.
SLOTS = frozenset(
    ("is", "was", "are", "were", "weighs", "weighed", "weigh", "measures", "reads", "read", "says",
     "said", "say", "shows", "showed", "costs", "cost", "needs", "needed", "need", "uses", "used",
     "holds", "held", "contains", "contained", "wants", "wanted", "got", "gets", "gives",
     "gave", "owes", "did", "ran", "run", "walked", "cycled", "swam", "drove", "pipetted",
     "poured", "recorded", "logged", "put", "calls for", "asks for", "came to", "comes to",
     "came out as", "came out at", "comes out as", "listed as", "measured at", "weighed in at",
     "clocked", "timed at", "carrying", "carries", "carried", "measured", "counted", "has",
     "showing", "displaying", "displays", "displayed",
     "lasts", "lasted", "took", "takes", "works out at", "works out as", "worked out at",
     "worked out as", "travelled", "traveled", "flew", "hiked", "jogged", "rode", "rowed",
     "sailed", "covered", "away for", "gone for", "staying for", "there for", "had",
     "sold for", "went for", "sells for", "goes for", "came out", "comes out", "weighed out",
     "measured out", "poured out", "produced", "raised", "made", "baked", "collected",
     "harvested", "sold")
)  # fmt: skip
#: After a quantity of length or time: where it is from now, how far apart (`6 weeks away`,
#: `2 km apart`); none changes the amount.
APART = frozenset(("away", "apart", "ago"))
#: Words that make a stated quantity stand for another besides `NOT_LITERAL`'s (a rate, a
#: share, a count of them, a change): a statement with one is not read.
CHANGES = frozenset(
    ("everyone", "everybody", "every", "all", "each", "both", "most", "some", "apiece", "return",
     "round-trip", "batches", "bottles", "cans",
     "packets", "bags", "boxes", "jars", "tins", "cups", "glasses", "spoons", "scoops", "spilled",
     "spilt", "lost", "saved", "spent", "missing", "short", "extra", "another", "additional",
     "spare", "refill", "refilled", "scaled", "ratio", "dilution", "splitting",
     "sharing", "adding", "taking", "subtracting", "multiplying", "dividing", "doubling",
     "halving", "tripling", "trebled", "trebling", "rounding", "converting", "tax", "tip", "vat",
     "discount", "interest")
)  # fmt: skip
#: Chatter that names a thing (`before work`, `for my physics lab`): a noun of a phrase.
CHATTER_NOUNS = frozenset(
    ("work", "lab", "homework", "worksheet", "assignment", "project", "class", "school", "job",
     "shift", "notes", "sheet", "recipe", "exam", "test", "quiz", "report", "budget", "protocol",
     "timesheet", "spreadsheet", "calculator", "phone", "uni", "college", "revision", "teacher",
     "tutor", "boss", "kid", "son", "daughter", "mum", "mom", "dad", "friend", "partner")
)  # fmt: skip
#: Words of maths that may name what a quantity is (`the class average came out as`).
NAMES = frozenset(
    (
        "mean",
        "average",
        "reading",
        "result",
        "total",
        "score",
        "value",
        "answer",
        "sum",
        "difference",
        "product",
        "quotient",
        "teacher",
    )
)
#: What a rule of rounding may be given for besides `it` (`the lab sheet wants masses to two
#: decimal places`): a kind of value, with the units the stated quantity must be in (None: no
#: unit). `answers`/`results` only of a quantity the asker got as one (`ANSWER_SLOTS`).
_MASSES: frozenset[str | None] = frozenset(
    {"gram", "kilogram", "milligram", "microgram", "nanogram", "tonne"}
)
KINDS: dict[str, frozenset[str | None]] = {
    "masses": _MASSES,
    "weights": _MASSES,
    "lengths": frozenset({"millimetre", "centimetre", "metre", "kilometre", "micrometre"}),
    "distances": frozenset({"millimetre", "centimetre", "metre", "kilometre"}),
    "times": frozenset({"second", "minute", "hour", "millisecond"}),
    "volumes": frozenset({"millilitre", "litre", "centilitre", "decilitre", "microlitre"}),
    "prices": frozenset({None}),
}
ANSWER_KINDS = frozenset(("answers", "answer", "results", "result"))
ANSWER_SLOTS = frozenset(("got", "gets", "came to", "comes to", "came out as", "came out at",
                           "comes out as"))  # fmt: skip
#: Who states an amount as an instruction (`the recipe says 0.3 L`): after their `says`, `how
#: many ml do I pour` asks for that amount.
INSTRUCTIONS = frozenset(("recipe", "prescription", "instructions", "protocol", "method"))
#: After the quantity: it is a total or comes in parts, so a pour or a dose is less.
IN_PARTS = frozenset(
    ("total", "stages", "instalments", "installments", "doses", "dose", "parts", "batches",
     "portions", "servings", "goes", "lots", "overall", "maximum", "minimum", "max", "min",
     "altogether", "roughly", "approximately", "about", "each", "apiece")
)  # fmt: skip
#: Who is billed: after `came to`, a price (`the bill came to 84.567`).
BILLS = frozenset(("bill", "total", "meal", "order", "fare", "price", "cost", "shopping",
                   "receipt", "tab", "invoice"))  # fmt: skip
#: `a mean of 12.3456 ms`, `a bill of 84`: what the quantity is, then `of`.
OF_NAMES = frozenset(("mean", "average", "reading", "result", "total", "score", "bill", "value"))
#: Going somewhere: `our flight to singapore is`, `the walk to school is`.
JOURNEYS = frozenset(("flight", "flights", "drive", "walk", "trip", "journey", "ride", "commute",
                       "run", "route", "road", "train", "bus", "cycle", "hike", "swim", "sail",
                       "way", "distance"))  # fmt: skip
#: What may have measured a quantity, `according to` it, and the units it measures in (None:
#: no unit): a phone measures a walk, not a trail on its screen (`3.5 cm according to my phone`).
DISTANCE_TIME = frozenset(("metre", "kilometre", "second", "minute", "hour"))
TIME = frozenset(("second", "minute", "hour"))
CONTENTS = frozenset(("gram", "kilogram", "millilitre", "litre", "centilitre", "decilitre"))
GAUGES: dict[str, frozenset[str | None]] = {
    **dict.fromkeys(
        ("phone", "watch", "app", "tracker", "fitbit", "garmin", "strava", "gps", "pedometer"),
        DISTANCE_TIME,
    ),
    **dict.fromkeys(("odometer", "speedometer"), frozenset(("kilometre",))),
    **dict.fromkeys(("stopwatch", "timer", "clock"), TIME),
    **dict.fromkeys(("label", "packet", "box", "bottle", "tin", "bag"), CONTENTS),
    **dict.fromkeys(("receipt", "calculator"), frozenset((None,))),
}
PREPOSITIONS = ("on", "of", "at", "before", "during", "from", "in")
DETERMINERS = ("the", "a", "an", "my", "our", "his", "her", "their", "your", "this", "that")


def noun(word: str) -> bool:
    return (
        plain(word)
        and (word not in CHATTER or word in CHATTER_NOUNS)
        and not word.endswith(("ed", "ing", "fold"))
        and len(word) > 2
    )


def free(word: str) -> bool:
    """A word before the verb that says what the quantity is (`the class average came out
    as`): whatever it names, the verb says the quantity is it, so words of maths may be there
    (`the total came to`); never a number or a unit (a second quantity), a letter `u`, or a
    word that makes the quantity stand for another."""
    word = bare(word).removesuffix("'s")
    return (
        plain(word)
        or word in NAMES
        or (word.replace("-", "").isalpha() and word not in natural.maths_words())
    ) and word not in CHANGES


def plain(word: str) -> bool:
    word = bare(word)
    if word in CHANGES:
        return False
    stem = _CONTRACTED.sub("", word)  # `we're`, `they've`, `i'd`: the pronoun's word
    if word in CHATTER or word in RESULTS or (stem != word and stem in CHATTER):
        return word != "u"  # no equation here: `a` and `i` are words
    return len(stem) > 1 and stem.replace("-", "").isalpha() and not maths(stem)


_CONTRACTED = re.compile(r"'(?:s|re|ve|m|ll|d)$")


def maths(word: str) -> bool:
    words = natural.maths_words()
    stems = {
        word,
        word.removesuffix("s"),
        word.removesuffix("es"),
        word.removesuffix("ing"),
        word.removesuffix("ting"),
        word.removesuffix("ed"),
    }
    return bool(stems & words)


def bare(token: str) -> str:
    return token.strip(",.;:!?\"'()")
