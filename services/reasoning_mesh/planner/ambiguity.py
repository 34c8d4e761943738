"""Written like something a reader reads, meaning something else: no reader, grammar, symbolic
reader or model, should guess these (a factorial sign, a comma between digits, a fraction next to
a division sign)."""

from __future__ import annotations

import re

from reasoning_mesh.planner.quarter_hours import quarter_hours
from reasoning_mesh.planner.units import UNIT_NAMES

Rule = tuple[re.Pattern[str], str]

#: `x = 3`, `3/4 = x`: a value claimed (`my kid says x = 3`), not an equation asked: no reader
#: solves it, or it would only repeat the claim as if it had been checked.
CLAIM = re.compile(r"[a-z]\s*=\s*[-\d./()]+|[-\d./()]+\s*=\s*[a-z]")

# `1 1/2 ÷ 3/4`: a whole number and a fraction side by side are a mixed number to people and a
# product (or two numbers) to a parser; the mesh reads neither.
_MIXED: Rule = (
    re.compile(r"\d\s+\d+/\d"),
    "a mixed number (1 1/2) is not read; write it as a fraction",
)
# `8 ÷ 4/2`, `6 / 1/2`, `1/2x`, `6/2(1+2)`: textbooks and calculators disagree on these.
_NEXT_TO_DIVISION: Rule = (
    re.compile(r"\d/\d+(?:\.\d+)?\s*[÷/]|[÷/]\s*\d+(?:\.\d+)?/\d|\d/\d+(?:\.\d+)?[a-z(]"),
    "a fraction next to a division sign or a bracket is ambiguous; use brackets",
)
#: `solve for y - 9 - y = 3y - 11`, `find y-9-y=...`: does the equation begin with the letter
#: or after it? A sealed file's question was read the second way and answered wrongly. Only a
#: colon sets the letter apart (`solve for y: -9 - y = ...`); any dash or sign, spaced or not,
#: where the letter comes again after it (`solve for x - 3 = 5` has one reading).
_SIGN_AFTER_LETTER: Rule = (
    re.compile(
        r"\b(?:solve for|find|work out) ([a-z])\s*,?\s*[-+−–—]"
        r"(?=.*(?<![a-z])\1(?![a-z]))",  # the letter again after the sign: `- 9 - y`, `3y`
        re.IGNORECASE,
    ),
    "a sign right after the letter asked (solve for y - 9 ...): is it the equation's? write a colon",
)
#: Written the same way as something the grammar reads, but meaning something else: a comma
#: between digits (thousands, or a decimal comma), a factorial sign.
_NOT_READ: tuple[Rule, ...] = (
    (re.compile(r"\d,\d"), "a comma between digits (thousands or decimals) is ambiguous"),
    (re.compile(r"[\d)]\s*!"), "factorials are not supported"),
    (re.compile(r"\*\*|\^"), "powers are not supported"),
    (re.compile(r"(?<![\d.])\.\d"), "a number written without its leading 0 (.5) is not read"),
    (re.compile(r"\d\.\.\.|\d\.\d+\.\.\."), "a recurring decimal (0.333...) is not read"),
    _SIGN_AFTER_LETTER,
    _MIXED,
    _NEXT_TO_DIVISION,
)


#: `3/4 ÷ 3/8`: a division sign between two fractions written tight divides the fractions
#: (school's fraction division; whoever meant `3/4/3/8` would not switch signs). `8 ÷ 4/2`,
#: `3/4 / 3/8`, chains (`1/2 ÷ 3/4 ÷ 5/6`) and a fraction after a division (`2 ÷ 1/2 ÷ 1/4`)
#: stay ambiguous.
_FRACTION_DIVISION = re.compile(
    r"(?<![\w./)÷])(?<!÷ )(?<!/ )(?<!\d )(\d+/\d+)\s*÷\s*(\d+/\d+)"
    r"(?![\w/(÷]|\.\d|\s*(?:[÷/*×(]|x\b|times\b|multiplied\b|divided\b|over\b))"
)


def ambiguous_division(question: str) -> str | None:
    """Why a fraction written next to a division sign (`3/4 / 3/8`, `6 / 1/2`) or a mixed
    number (`1 1/2`) is ambiguous: even in the planner's own phrasing, which would divide left
    to right. The benchmark's questions write neither."""
    return _first((_MIXED, _NEXT_TO_DIVISION), question)


def ambiguous(question: str) -> str | None:
    """Why `question` is written like something readable but may mean something else (a
    factorial sign, a comma between digits): no reader, grammar or model, should guess it."""
    return _first(_NOT_READ, question)


def _first(rules: tuple[Rule, ...], question: str) -> str | None:
    """The first rule `question` breaks; the fraction-division rule sees `3/4 ÷ 3/8` bracketed."""
    divided = _FRACTION_DIVISION.sub(r"(\1) ÷ (\2)", question)
    for pattern, why in rules:
        if pattern.search(divided if pattern is _NEXT_TO_DIVISION[0] else question):
            return why
    return None


#: `500 ML`, `37 Mg`, `42 Mm`: mega or milli? Every reader reads lower case.
_MEGA = re.compile(r"\d\s*M[Llgm]\b")
#: A fraction asked for (`as a fraction`, `in simplest form`): a conversion's answer is a
#: decimal, so `45 mins = ? hours as a fraction` would answer 0.75 for 3/4.
_FRACTION_FORM = re.compile(r"\bfraction|\bsimplest\b|\blowest terms\b|\bsimplif")


#: `3 x 4 = 2x`: an `x` written as a times sign beside an `x` that is a letter.
_TIMES_X = re.compile(r"(?<=[\d)])\s*x\s*(?=[\d(])")
_LETTER_X = re.compile(r"(?<![a-z'])x(?![a-z'])")
#: `6 / 2x = 1`, `8 ÷ 2(x + 2) = 4`: textbooks and calculators disagree (`6/(2x)` or `(6/2)x`).
_DIVIDED_PRODUCT = re.compile(r"[÷/]\s*\d+(?:\.\d+)?(?:[a-z](?![a-z])|\()")
#: `2x + 1 = 9!`: a factorial, or a cry? Readers that take an equation out of a sentence see
#: the sign as punctuation, so it is refused before any reader.
_FACTORIAL = re.compile(r"[\d)]\s*!")


#: `my shift: 9-5`, `my timesheet: 7.30 + 8.15`: times of day and hours-and-minutes, written
#: like a subtraction and decimals.
_PAPER_OF_HOURS = re.compile(
    r"\b(?:shifts?|timesheets?|rota|clocked|worked|working hours|opening hours|job|work|"
    r"studying|studied|revised|practised|practiced|slept|sleep|clocking|lates|earlies)\b"
)
#: Hours and minutes (`7.30`, `9-5`, `9–5`, `17:45`, `36.45` on a timesheet); not `152.50` or `$12.50`,
#: prices, nor `12.50 an hour`, a rate.
_TIMES_OF_DAY = re.compile(
    r"\d[-–—\u2212]\d|(?<![\d.$£€])\d{1,2}\.\d\d\b(?! ?(?:an|a|per|/) ?(?:hour|hr|h)\b)|\d:\d\d"
)  # `12.50 an hour` is a pay rate


#: `10 plus minus 3`, `10 plus-minus 3`, `10 ± 3`, `10 +- 3`: two values (with `minus` read as a sign,
#: `plus minus 3` would otherwise add -3).
_PLUS_MINUS = re.compile(r"\bplus\s*-?\s*minus\b|±|\+/-|\+-")


#: Money taken on a shift (`taxi shift: 12.40, 8.75 and 6.50, total takings?`), where nothing
#: names an hour: its decimals are pounds and pence, not times of day.
_TAKINGS = re.compile(r"\b(?:fares|takings)\b")
_HOURS_SAID = re.compile(
    r"\b(?:hours?|hrs?|h|mins?|minutes?|o'?clock|am|pm|start\w*|finish\w*|clock\w*|breaks?|"
    r"until|till|pickups?|pick-ups?|drop-offs?)\b|\d(?:am|pm|h)\b|\d-\d|\d:\d\d|\bat \d"
)


def _takings(lowered: str) -> bool:
    """Takings or fares on a shift (never a timesheet, work, a tip jar), no hour named, no
    decimals joined by a sign (`17.30 - 22.45`: a span of time)."""
    return (
        bool(_TAKINGS.search(lowered))
        and re.search(r"\b(?:timesheets?|rota|clocked|worked|work|job|tips)\b", lowered) is None
        and not _HOURS_SAID.search(lowered)
        and re.search(r"\d\s*[-+–]\s*\d", lowered) is None
    )


def ambiguous_case(question: str) -> str | None:
    """Why `question`, as written (not lower-cased), cannot be read."""
    if _MEGA.search(question):
        return "a capital M before a unit (500 ML): mega or milli? write the unit in full"
    lowered = question.lower()
    if _SIGN_AFTER_LETTER[0].search(lowered):
        return _SIGN_AFTER_LETTER[1]  # every reader, not only the grammar and the model
    times = len(_TIMES_X.findall(lowered))
    if times and len(_LETTER_X.findall(lowered)) > times:
        return "x is written both as a times sign and as a letter; write * for times"
    if (
        _TIMES_OF_DAY.search(lowered)
        and _PAPER_OF_HOURS.search(lowered)
        and not (_takings(lowered) or quarter_hours(lowered))
    ):
        return "times of day on a shift or timesheet (9-5, 7.30) are not decimals or subtractions"
    if _DIVIDED_PRODUCT.search(lowered):
        return "a division before an implicit product (6 / 2x, 8 ÷ 2(x + 2)) is ambiguous; use brackets"
    return _written_case(question, lowered)


def _written_case(question: str, lowered: str) -> str | None:
    """Signs written that name no one value (`9!`, `10 ± 3`)."""
    if _FACTORIAL.search(question):
        return "factorials are not supported (is the ! a factorial?)"
    if _PLUS_MINUS.search(lowered):
        return "plus-minus (±) names two values, not one"
    return None


def form_conflict(question: str, reading: str) -> str | None:
    """Why `reading` would answer in another form than `question` asks for."""
    if reading.startswith("How many") and _FRACTION_FORM.search(question.lower()):
        return "a conversion's answer is a decimal; the question asks for a fraction"
    return None


#: `my kid says x = 3, find x`: a reading that only restates a value someone claims.
_CLAIMED = re.compile(r"^Solve (?:[a-z] = [^a-z]+|[^a-z]+ = [a-z]) for [a-z]\.$")
#: `The attendance was 62.548. Rounded to the nearest thousand`: a thousands dot, or a decimal?
#: Three decimals and a place above the whole number's own (62.548 has no thousands to round).
_THOUSANDS_DOT = re.compile(
    r"^Round (?:\d\.\d{3} to the nearest ten|\d{1,2}\.\d{3} to the nearest hundred"
    r"|\d{1,3}\.\d{3} to the nearest thousand)\.$"
)


#: Words beside a number with two decimals under 60 that may make it a time of day (`the bus
#: is at 10.45`, `Sunrise was 6.35`).
CLOCK_WORDS = frozenset(
    ("at", "until", "till", "there", "bus", "train", "flight", "leaves", "arrives", "departs",
     "meet", "opens", "closes", "starts", "time", "sunrise", "sunset", "dawn", "dusk", "alarm",
     "kick-off", "kickoff", "meeting", "finishes", "finish", "ends", "start", "pm", "am",
     "o'clock", "curfew", "appointment", "school", "lesson", "class", "wake", "woke", "bed",
     "bedtime", "check-in", "checkin", "check-out", "checkout", "lunch", "lunchtime", "dinner",
     "breakfast", "teatime")
)  # fmt: skip
_ROUNDED_TIME = re.compile(r"^Round (?P<value>(?:[01]?\d|2[0-3])\.[0-5]\d) to ")


_SOLVED = re.compile(r"^Solve .* for (?P<letter>[a-z])\.$")
#: A letter asked by name (`solve for a,`, `find a:`, `what is a?`), the sentence's end after it.
_LETTER_ASKED = re.compile(
    r"\b(?:for|find|is|what's|whats)\s+(?P<letter>[a-z])\b(?!['-])(?=\s*(?:[,.?!:;]|$|please\b|pls\b))"
)


def _clocked(value: str, question: str) -> bool:
    """Whether `value` may be a time of day in `question`: a word of the clock in it, and no
    unit after the value (`the board at 12.45 cm` is a length)."""
    said = question.lower()
    after = re.search(rf"(?<![\d.]){re.escape(value)}\s*(?P<unit>[a-zµ]+)", said)
    measured = after is not None and after["unit"] in UNIT_NAMES
    return not measured and bool(set(re.findall(r"[a-z'-]+", said)) & CLOCK_WORDS)


def misread(reading: str, question: str = "") -> str | None:
    """Why a reading of people's words may answer another question than theirs: it only
    restates a value someone claims (`my kid says x = 3, find x`), rounds a number whose dot
    may separate thousands (`The attendance was 62.548`) or a time of day (`Sunrise was 6.35`)."""
    solved = _SOLVED.match(reading)
    if solved is not None and {m["letter"] for m in _LETTER_ASKED.finditer(question.lower())} - {
        solved["letter"]
    }:
        return f"another letter asked than the equation's ({solved['letter']})"  # `find a: 2x = 6`
    if (timed := _ROUNDED_TIME.match(reading)) is not None and _clocked(timed["value"], question):
        return "a time of day (6.35), not a decimal, may be rounded"
    if _CLAIMED.match(reading):
        return f"an answer claimed ({reading}), not an equation asked"
    if _THOUSANDS_DOT.match(reading):
        return "a dot before three digits may separate thousands (62.548)"
    if (converted := _CONVERTED.match(reading)) is not None:
        return _converted(converted, question)
    return None


def _converted(converted: re.Match[str], question: str) -> str | None:
    """Why a conversion may be another: a kind of unit named, a notation that is no decimal."""
    if _KIND.search(question.lower()):
        return "a kind of unit (nautical, troy, US) the reading leaves out"
    return notation(converted["value"], converted["unit"])  # `5.11 ft`, `1.30 hours`


#: A unit's kind, anywhere in a question read as a conversion (`How many km is 10 miles?
#: nautical`, `Troy: 3 oz in grams?`): the knowledge base holds one kind of each unit.
_KIND = re.compile(
    r"\b(?:nautical|troy|imperial|statute|survey|avoirdupois|apothecar\w*|fluid|dry|uk|u\.s\.?"
    r"|gold|silver|platinum)\b"
    r"|\b(?:us|american|british) (?:gallons?|pints?|quarts?|cups?|ounces?|oz|tons?|fl)\b"
)
#: A conversion as the grammar reads it, whichever reader read it.
_CONVERTED = re.compile(r"^How many \S+ are there in (?P<value>[\d.]+) (?P<unit>[a-z]+)\?$")


_FEET = frozenset(("ft", "feet", "foot"))
_HOURS = frozenset(("h", "hr", "hrs", "hour", "hours"))
_MINUTES = frozenset(("min", "mins", "minute", "minutes"))


def notation(value: str, unit: str | None) -> str | None:
    """Feet and inches, hours and minutes, a time of day or a thousands point, written as if
    a decimal."""
    whole, _, decimals = value.partition(".")
    if unit in _FEET and decimals and decimals not in ("5", "25", "75"):
        return "feet and inches, or a decimal?"
    if unit in _HOURS | _MINUTES and len(decimals) == 2 and decimals not in ("25", "50", "75"):
        return f"{'hours and minutes' if unit in _HOURS else 'minutes and seconds'}, or a decimal?"
    if unit in ("lb", "lbs", "pound", "pounds", "st", "stone") and _ounces(whole, decimals):
        return "pounds and ounces, or a decimal?"
    if unit in _HOURS and not decimals and len(whole) == 4:
        return "a time of day"
    if re.fullmatch(r"\d{1,3}\.\d00", value):
        return "a thousands point, or a decimal?"
    return None


def _ounces(whole: str, decimals: str) -> bool:
    """`6.12 lb`: 6 lb 12 oz written as a decimal? (Two digits, 15 or fewer, after a whole
    number of pounds; `0.25 lb` and `12.50 pounds` are decimals.)"""
    return whole not in ("", "0") and len(decimals) == 2 and int(decimals) <= 15
