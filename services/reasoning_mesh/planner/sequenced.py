"""`then` before an operation on the result so far, after a mix of sums and products.

`12 plus 4 divided by 2 then times 3`: said step by step it is 24, by precedence 42, and people
mean both (audit Y). Both readers of `then` (the grammar's rule and `steps.then_steps`) refuse
such a question; after one operation, or operations of one kind, there is no doubt.
"""

from __future__ import annotations

import re

#: `then` before an operation on the result so far (`then add 30`, `then divide it by 4`).
_THEN_OPERATION = re.compile(
    r"\bthen (?:add|plus|take away|take|subtract|minus|multiply|times|divide|divided)\b"
)
#: A sum: `+`, the words, or a minus after a number or a bracket (`20-6`, `20 - 6`; not `-6`).
_ADDING = re.compile(r"\+|\bplus\b|\bminus\b|\btake away\b|(?<=[\d)])\s*-")
_MULTIPLYING = re.compile(r"[*/×÷]|\btimes\b|\bdivided\b|\bmultipl|\bover\b|\sx\s")


#: A fraction written as one number (`3/4`): no division among the operations.
_FRACTION = re.compile(r"(?<![\d.])\d+/\d+(?![\d.])")


def mixed(text: str) -> bool:
    """`text` both adds (or subtracts) and multiplies (or divides); `3/4 + 1/6` only adds."""
    said = _FRACTION.sub("#", text)
    return bool(_ADDING.search(said) and _MULTIPLYING.search(said))


def mixed_before_then(text: str) -> bool:
    """An operation on the result (`then times 3`) after a mix of sums and products."""
    m = _THEN_OPERATION.search(text)
    return m is not None and mixed(text[: m.start()])
