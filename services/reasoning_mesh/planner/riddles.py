"""The textbook's unknown number said in sentences: `A number is multiplied by 6 and then
decreased by 9, giving 33. What is the number?`, `When 9 is subtracted from three times a number,
the result is 24. Find the number.`, `The sum of a number and 17 is -4. What is the number?`,
`Three times a number, minus 8, is equal to the number plus 14. Find the number.`

Each gives the grammar an equation in `n` it already reads (`solve (n times 6) minus 9 = 33 for
n`), built from the question's own words and numbers in the order said. Every operation names
its own number, or is a multiplicative numeral that names both (`halved`, `doubled`, `twice a
number`: `steps.MULTIPLES`), and the question must end by asking for the number; anything else
declines.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner.steps import _A_NUMBER as _N
from reasoning_mesh.planner.steps import MULTIPLES, _whole
from reasoning_mesh.planner.wrappers import normal

#: How the number is asked for at the end.
_ASKED = (
    r"[.,;]?\s*(?:so\s+)?(?:what(?:'s| is| was)|whats|find|work out) (?:the|my|this) number"
    r"\s*[?.!]*$"
)
#: What a result is said to be (`giving 33`, `the result is 24`).
_GIVES = (
    r"(?:giving|to give|which gives|it gives|gives|and gives|the result is|and the result is"
    r"|the answer is|you get|we get|i get|it becomes|becomes|makes|equals|to make)"
)
_ONE_STEP = tuple(
    (re.compile(p), op)
    for p, op in (
        (rf"(?:is )?multiplied by (?P<x>{_N})", "times"),
        (rf"(?:is )?divided by (?P<x>{_N})", "divided by"),
        (rf"(?:is )?increased by (?P<x>{_N})", "plus"),
        (rf"(?:is )?(?:decreased|reduced) by (?P<x>{_N})", "minus"),
        (rf"(?P<x>{_N}) (?:is )?added(?: to it| on)?", "plus"),
        (rf"(?P<x>{_N}) (?:is )?(?:subtracted|taken away|taken off)(?: from it)?", "minus"),
    )
)
#: A step said after another, bare or as an instruction (`a number doubled plus 11`, `divided
#: by 6 then add 2`): never first, where `a number plus 11 doubled` would leave open whether the
#: 11 is doubled too, and never before a multiple (`doubled plus 11 doubled`).
_LATER_STEP = tuple(
    (re.compile(p), op)
    for p, op in (
        (rf"(?:plus|add) (?P<x>{_N})(?: to it| on)?", "plus"),
        (rf"(?:minus|subtract|take away|take off) (?P<x>{_N})(?: from it)?", "minus"),
        (rf"(?:times|multiply (?:it )?by) (?P<x>{_N})", "times"),
        (rf"divide (?:it )?by (?P<x>{_N})", "divided by"),
    )
)
#: The passive multiplicative numerals (`doubled`, `halved`, `trebled`).
_PASSIVE = "|".join(w for w in MULTIPLES if w.endswith("ed"))
#: `is doubled`, `halved`: the passive forms only (`a number is double` is no step said).
_MULTIPLE = re.compile(rf"(?:is |it is )?(?P<word>{_PASSIVE})")
_MULTIPLE_FIRST = re.compile(rf"^(?P<word>{_PASSIVE}) (?=(?:plus|minus|times) )")
_SPLIT = re.compile(r",?\s+(?:and\s+)?then\s+|,\s*(?:and\s+)?|\s+and\s+")
_STEPS = re.compile(rf"^(?:if |when )?a number (?:is )?(?P<steps>.+?),?\s+{_GIVES} (?P<r>{_N}){_ASKED}")
_FROM = re.compile(
    rf"^(?:if |when )?(?P<x>{_N}) is (?P<op>subtracted from|added to) (?P<y>.+?),?\s+{_GIVES} "
    rf"(?P<r>{_N}){_ASKED}"
)
_OF = re.compile(
    rf"^(?:if )?the (?P<op>sum|product) of (?P<a>{_N}|a number) and (?P<b>{_N}|a number) "
    rf"(?:is|equals|is equal to) (?P<r>{_N}){_ASKED}"
)
#: `three times a number, minus 8, is equal to the number plus 14`: both sides said in words.
_SIDES = re.compile(
    rf"^(?:if )?(?P<k>{_N}) times a number,? (?P<op>plus|minus) (?P<c>{_N}),? (?:is equal to|"
    rf"equals|is|gives) (?:the number (?P<op2>plus|minus) (?P<d>{_N})|(?P<r>{_N})){_ASKED}"
)
#: `six times a number equals twice the number plus 44`: a multiple on each side, one number.
_BOTH = re.compile(
    rf"^(?:if )?(?P<k>{_N}) times a number (?:equals|is equal to|is the same as|is) "
    rf"(?:(?P<j>{_N}) times|(?P<twice>twice)) the number (?P<op>plus|minus) (?P<d>{_N}){_ASKED}"
)
#: `three times a number` (or `a number` itself) as the thing something is done to.
_TIMES = re.compile(rf"^(?:(?P<k>{_N}) times |(?P<twice>twice) )?a number$")


def read(text: str) -> str | None:
    """`solve <equation in n> for n` for a riddle said one of these ways, else None."""
    text = normal(text)
    for said in (_passive, _from, _of, _sides, _both):
        if (equation := said(text)) is not None:
            return f"solve {equation} for n"
    return None


def _passive(text: str) -> str | None:
    """`a number is multiplied by 6 and then decreased by 9, giving 33`."""
    m = _STEPS.match(text)
    if m is None or not _whole(m["r"]):
        return None
    # `doubled plus 11`: a multiple said first ends its step where a bare one begins
    steps = _MULTIPLE_FIRST.sub(r"\g<word>, ", m["steps"])
    expression, bare = "n", False
    for k, step in enumerate(_SPLIT.split(steps)):
        found = next(((f, op) for p, op in _ONE_STEP if (f := p.fullmatch(step))), None)
        later = next(((f, op) for p, op in _LATER_STEP if (f := p.fullmatch(step))), None)
        if k and found is None and later is not None:
            found, bare = later, True
        if (multiple := _MULTIPLE.fullmatch(step)) is not None:
            if bare:
                return None  # `doubled plus 11 doubled`: is the 11 doubled?
            operation, number = MULTIPLES[multiple["word"]]
        elif found is None or not _whole(found[0]["x"]):
            return None
        else:
            operation, number = found[1], found[0]["x"]
        expression = f"{expression if k == 0 else f'({expression})'} {operation} {number}"
    return f"{expression} = {m['r']}"


def _from(text: str) -> str | None:
    """`when 9 is subtracted from three times a number, the result is 24`."""
    m = _FROM.match(text)
    if m is None or (y := _TIMES.match(m["y"])) is None:
        return None
    if not all(_whole(v) for v in (m["x"], m["r"], y["k"]) if v is not None):
        return None
    k = "2" if y["twice"] else y["k"]  # `twice` says 2 as `two` does
    times = f"({k} times n)" if k else "n"
    op = "minus" if m["op"] == "subtracted from" else "plus"
    return f"{times} {op} {m['x']} = {m['r']}"


def _of(text: str) -> str | None:
    """`the sum of a number and 17 is -4`: one of the two is the number, the other written."""
    m = _OF.match(text)
    if m is None or [m["a"], m["b"]].count("a number") != 1:
        return None
    a, b = ("n" if s == "a number" else s for s in (m["a"], m["b"]))
    if not all(_whole(s) for s in (a, b, m["r"]) if s != "n"):
        return None
    return f"({a} {'plus' if m['op'] == 'sum' else 'times'} {b}) = {m['r']}"


def _sides(text: str) -> str | None:
    """`three times a number, minus 8, is equal to the number plus 14`: the commas group what
    precedence groups anyway (the product first)."""
    m = _SIDES.match(text)
    if m is None or not (m["op2"] or "," in text[: m.end("c") + 1]):
        return None  # no comma and one side in words: `unknown_in_words` reads it
    if "," in text[: m.end("c") + 1] and "a number," not in text:
        return None  # `three times a number plus 8, is 20`: the comma groups nothing
    numbers = [v for v in (m["k"], m["c"], m["d"], m["r"]) if v is not None]
    if not all(_whole(v) for v in numbers):
        return None
    right = f"n {m['op2']} {m['d']}" if m["op2"] else m["r"]
    return f"({m['k']} times n) {m['op']} {m['c']} = {right}"


def _both(text: str) -> str | None:
    """`six times a number equals twice the number plus 44`: `twice` says 2 as `two` does."""
    m = _BOTH.match(text)
    if m is None or not all(_whole(v) for v in (m["k"], m["j"] or "2", m["d"])):
        return None
    j = "2" if m["twice"] else m["j"]
    return f"({m['k']} times n) = ({j} times n) {m['op']} {m['d']}"
