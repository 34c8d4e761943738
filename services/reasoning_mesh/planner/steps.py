"""Operations said one after another, each on what the one before made: `add 45 and 55 then
times the result by 3`; `I think of a number, multiply it by six and add four and get 40. what
was the number?`.

Each gives the grammar a question it already reads (`what is (45 + 55) times 3`; `solve (n
times six) plus four = 40 for n`), built only from the question's own words, in the order said.
Only the four operations of `_STEPS` are steps, each with its own number (or number words),
and the multiplicative numerals (`double it`, `halve it`, `triple it`: `MULTIPLES`, read as
number words are: `double` says 2 as `two` does); a step that names no number (`square it`) or
any other word makes the reader decline.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural, sequenced
from reasoning_mesh.planner.numwords import WORDS as NUMBER_WORDS
from reasoning_mesh.planner.wrappers import normal

_A_NUMBER = r"(?:-?\d+(?:\.\d+)?|[a-z]+(?:[- ][a-z]+)?)"
#: What a step works on: the result so far.
_RESULT = r"(?:it|that|this|the result|the answer|the total)"
_STEPS = tuple(
    re.compile(p)
    for p in (
        rf"(?:multiply|times)(?: {_RESULT})? by (?P<mul>{_A_NUMBER})",
        rf"divide(?: {_RESULT})? by (?P<div>{_A_NUMBER})",
        rf"(?:add|add on|plus) (?P<add>{_A_NUMBER})(?: (?:to|onto) {_RESULT})?",
        rf"(?:subtract|take away|take off|minus) (?P<sub>{_A_NUMBER})(?: (?:from|off) {_RESULT})?",
        rf"take (?P<take>{_A_NUMBER}) (?:away|off)(?: (?:from|off) {_RESULT})?",
    )
)
_OPS = {"mul": "times", "div": "divided by", "add": "plus", "sub": "minus", "take": "minus"}
#: The multiplicative numerals: each names its operation and its number, as `two` names 2.
MULTIPLES = {
    "double": ("times", "2"), "doubled": ("times", "2"), "doubles": ("times", "2"),
    "triple": ("times", "3"), "tripled": ("times", "3"), "triples": ("times", "3"),
    "treble": ("times", "3"), "trebled": ("times", "3"), "trebles": ("times", "3"),
    "halve": ("divided by", "2"), "halved": ("divided by", "2"), "halves": ("divided by", "2"),
}  # fmt: skip
_MULTIPLE = re.compile(rf"(?P<word>{'|'.join(MULTIPLES)}) {_RESULT}")
_DOER = re.compile(r"^(?:i|you|we) (?=[a-z])")
_SPLIT = re.compile(r",\s*(?:and\s+|then\s+)*|\s+(?:and\s+)?then\s+|\s+and\s+")
#: `i think of a number, <steps> and get 40. what was the number?`
_THOUGHT = re.compile(
    r"^i(?:'m|m| am)? (?:think|thinking|thought) of a number[,.]?\s+(?:if |when |then )?"
    r"(?P<steps>.+?),?\s+"
    r"(?:and\s+)?(?:i\s+|you\s+|we\s+)?"
    r"(?:get|got|end up with|ended up with|the answer is|the result is)\s+"
    rf"(?P<result>{_A_NUMBER})\s*[.,;]?\s*(?:so\s+)?"
    r"(?:(?:what(?:'s| is| was)|whats|find) (?:the|my) number|what number (?:am i thinking of|"
    r"did i (?:think of|start with)|was it)|(?:what(?:'s| is| was)|whats) it)\s*[?.!]*$"
)
#: `if i triple a number and take away 14 i get 1, what was the number`: the first step said of
#: `a number` itself (as `it` after `i think of a number`).
_ACTED = re.compile(
    r"^(?:if |when )?(?:i|you|we) (?P<steps>.+?),?\s+(?:and\s+)?(?:i\s+|you\s+|we\s+)?"
    r"(?:get|got|end up with|ended up with)\s+"
    rf"(?P<result>{_A_NUMBER})\s*[.,;]?\s*(?:so\s+)?"
    r"(?:(?:what(?:'s| is| was)|whats|find) (?:the|my) number|what number (?:am i thinking of|"
    r"did i (?:think of|start with)|was it))\s*[?.!]*$"
)
#: `<arithmetic>[,] [and] then <steps>`
_THEN = re.compile(r"^(?P<first>.+?)[,;.]?\s+(?:and\s+)?then\s+(?P<steps>.+?)\s*[?.!]*$")


def thought_of(text: str) -> str | None:
    """`solve (n times six) plus four = 40 for n` from `I think of a number, multiply it by
    six and add four and get 40. what was the number?`."""
    m = _THOUGHT.match(normal(text))
    if m is None or (expression := _applied("n", m["steps"])) is None:
        return None
    return f"solve {expression} = {m['result']} for n"


def acted_on(text: str) -> str | None:
    """`solve (n times 3) minus 14 = 1 for n` from `If I triple a number and take away 14 I get
    1, what was the number`: `a number` once, in the first step, is what the steps start on."""
    m = _ACTED.match(normal(text))
    if m is None or m["steps"].count("a number") != 1:
        return None
    if "a number" not in _SPLIT.split(m["steps"], maxsplit=1)[0]:
        return None  # `take away 14 and triple a number`: what was 14 taken from?
    said = m["steps"].replace("a number", "it", 1)
    expression = _applied("n", said)
    return None if expression is None else f"solve {expression} = {m['result']} for n"


def then_steps(text: str) -> str | None:
    """`what is (45 + 55) times 3` from `add 45 and 55 then times the result by 3`: the
    arithmetic before `then` as the grammar reads it, then each step on its result."""
    m = _THEN.match(normal(text))
    if m is None or sequenced.mixed(m["first"]):
        return None  # `10 minus 4 divided by 2 then add 1`: step by step, or by precedence?
    try:
        first = natural.read(m["first"])
    except natural.NotReadError:
        return None
    if not (first.startswith("What is ") and first.endswith("?")):
        return None  # a conversion, a rounding or an equation is no first step here
    expression = _applied(f"({first.removeprefix('What is ').removesuffix('?')})", m["steps"])
    return None if expression is None else f"what is {expression}"


def _whole(operand: str) -> bool:
    """A number as written or in number words (`7`, `2.5`, `twenty-five`); not `a third`."""
    return re.fullmatch(r"-?\d+(?:\.\d+)?", operand) is not None or all(
        w in NUMBER_WORDS for w in re.split(r"[- ]", operand)
    )


def _applied(start: str, said: str) -> str | None:
    """`start` with each step of `said` applied in turn, or None where a step is not one."""
    expression = start  # `n`, or the first arithmetic in brackets: one operand as it is
    # `i double it, (i) take away 9`: who does a step says no maths
    for k, step in enumerate(_DOER.sub("", s) for s in _SPLIT.split(said.strip(" ,."))):
        if (multiple := _MULTIPLE.fullmatch(step)) is not None:
            operation, number = MULTIPLES[multiple["word"]]
        elif (found := next((f for f in (p.fullmatch(step) for p in _STEPS) if f), None)) is None:
            return None
        elif not _whole(found[op := found.lastgroup or ""]):
            return None  # `take off a third`: a third of it, or a third?
        else:
            operation, number = _OPS[op], found[op]
        expression = f"{expression if k == 0 else f'({expression})'} {operation} {number}"
    return expression
