"""Equations and quantities said inside a sentence: `my daughter has 9 = 2w - 5 on her
worksheet, what's w`, `we pipetted 75 ml of sample, what is that in litres`; and the
textbook's unknown named in words: `four times a number plus three is 27. what is the number?`.

Each gives the grammar a question it already reads (`9 = 2w - 5, what is w`; `solve four times
n plus three = 27 for n`), built only from the question's own words: the equation as written,
the unknown it asks for, and nothing else. What is left out must be chatter (`chatter.CHATTER`)
with no letter in it that could be an unknown, so nothing that qualifies the equation is lost.
`read` is the grammar's reading of the first that applies.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.chatter import CHATTER, letters, measured_by
from reasoning_mesh.planner.wrappers import normal

#: A token of an equation as people type it: numbers, unknowns next to numbers (`2w`),
#: operators and brackets; a word of letters is not one (`on`), a single letter is.
_MATHS_TOKEN = re.compile(r"[-+*/×÷()=.\d]*[a-z]?[-+*/×÷()=.\d]*")
_ASK = re.compile(
    r"(?P<sep>[,.;]?)\s*(?:so\s+)?(?:what(?:'s|s| is)|whats|find|solve for)\s+(?:the value of\s+)?"
    r"(?P<var>[a-z])\s*[?.!]*$"
)
#: `four times a number plus three is 27. what is the number?`
_RIDDLE = re.compile(
    r"^(?P<lhs>[a-z0-9 ./()+*-]*\ba number\b[a-z0-9 ./()+*-]*?)\s+(?:is|equals|makes|gives)\s+"
    r"(?P<rhs>-?\d+(?:\.\d+)?|[a-z-]+)\s*[.,;]?\s*"
    r"(?:so\s+)?(?:what(?:'s| is)|whats|find) the number\s*[?.!]*$"
)


def read(text: str) -> str | None:
    """The planner-language reading of `text` said one of these ways, else None."""
    for said in (around_equation, unknown_in_words):
        if (question := said(text)) is not None:
            try:
                return natural.read(question)
            except natural.NotReadError:
                return None  # the first way that applies decides; none is tried after it
    return quantity_first(text)


def around_equation(text: str) -> str | None:
    """`9 = 2w - 5, what is w` from `my daughter has 9 = 2w - 5 on her worksheet, what's w`;
    None where anything but chatter surrounds the one equation."""
    text = normal(text)
    ask = _ASK.search(text)
    if ask is None or text.count("=") != 1:
        return None
    tokens = text[: ask.start()].split()
    at = next(i for i, t in enumerate(tokens) if "=" in t)
    start, end = at, at + 1
    while start > 0 and _maths(tokens[start - 1]):
        start -= 1
    while end < len(tokens) and _maths(tokens[end].rstrip(",;")):
        end += 1
        if tokens[end - 1].endswith((",", ";")):
            break  # the sentence's own punctuation ends the equation
    if CLAIM.fullmatch(" ".join(tokens[start:end]).rstrip(",;")):
        return None  # `my kid got x = 4 on her sheet, what is x`: an answer claimed, not asked
    others = [t.strip(",.;:!?\"'()") for t in (*tokens[:start], *tokens[end:])]
    if not others or not all(w in CHATTER for w in others) or letters(others):
        return None
    equation = " ".join(tokens[start:end]).rstrip(",;")
    return f"{equation}, what is {ask.group('var')}"


def unknown_in_words(text: str) -> str | None:
    """`solve four times n plus three = 27 for n` from `four times a number plus three is 27.
    what is the number?`; None where the unknown is not named exactly once, or a letter is
    already in use."""
    text = normal(text)
    m = _RIDDLE.match(text)
    if m is None:
        return None
    lhs = m.group("lhs")
    if lhs.count("a number") != 1 or re.search(r"\b[a-z]\b", lhs.replace("a number", "")):
        return None
    return f"solve {lhs.replace('a number', 'n')} = {m.group('rhs')} for n"


def quantity_first(text: str) -> str | None:
    """`How many litres are there in 75 ml?` from `we pipetted 75 ml of sample, what is that in
    litres`: where the question asks about `that` or `it`, a quantity stated before it may
    come after chatter and vetted verbs of measuring (`we pipetted`, `my lab sheet says`).
    The rest must read as a conversion or a rounding of that one quantity."""
    tokens = normal(text).split()
    k = next((i for i, t in enumerate(tokens) if re.match(r"-?\d", t)), None)
    if not k:
        return None  # no number, or nothing before it
    rest = tokens[k:]
    if not {"that", "it"} & {t.strip(",.?!") for t in rest} or not measured_by(tokens[:k]):
        return None  # `we trebled 75 ml`, `a dozen 330 ml`: only known words before it
    if sum(bool(re.match(r"-?\d", t)) for t in rest) != 1:
        return None  # one quantity: what `that` is
    try:
        reading = natural.read(" ".join(rest))
    except natural.NotReadError:
        return None
    return reading if reading.startswith(("How many", "Round")) else None


def _maths(token: str) -> bool:
    return bool(token) and _MATHS_TOKEN.fullmatch(token) is not None and token not in ("a", "i")
