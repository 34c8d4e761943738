"""Is a model's reading put together as its question says? (pure: the gate's structure checks)

`grounding` checks what a reading is made of; these check how it is put together, where the
question says so. A small model that meets a frame it never saw keeps the numbers and gets the
order or the grouping wrong (`86 divided into 185394` read `86/185394`, `19 plus 3 times 53`
read `(19 + 3)*53`), and such a reading is verified step by step as the answer to another
question. The checks only ever refuse; a refusal ends the question `unsupported`, never wrong.
"""

from __future__ import annotations

import re

from reasoning_mesh.models.translator.masking import Masked, mask

#: Words that put the second-written operand first (`subtract 3 from 10`, `4 less than 9`,
#: `6 go into 72`, `how many 4s are in 36`, `subtract 3 off 10`).
_REVERSING = re.compile(r"\b(?:from|than|into|in|off)\b")
#: `split 12 into 3 equal parts` keeps the written order: `into` names the parts, not the whole.
_PARTS = re.compile(r"\s*(?:equal\s+|even\s+)?(?:parts|pieces|groups|shares|portions|ways)\b")
_INTO_R = re.compile(r"\binto (?:negative |-)?$")
#: An atom, then `-` or `/`, then an atom: the pairs whose order matters (lookahead: overlapping).
_PAIR = re.compile(r"(?=(?<![\d.])(\d+(?:\.\d+)?)([-/])-?(\d+(?:\.\d+)?))")
#: What a question says when it groups: brackets, a pause, a named result, a sequence.
#: (A comma counts between two numbers: `hi, 5 plus 2 times 3` groups nothing.)
_GROUPS = re.compile(
    r"[(;]|#\d+.*,.*#\d+|\b(?:sum|difference|product|quotient|total|all|then|first|result)\b"
)
#: Two numbers joined by one operation word: they are one step of the reading, whatever else
#: the reading does (`19 plus 3 times 53` has `19 + 3` and `3*53`; `(19 + 3)*53` lacks `3*53`).
_JOINED = re.compile(
    r"(?=(?<![\w-])(negative |-)?#(\d+) (plus|minus|times|multiplied by|divided by|over|[-+*/]) "
    r"(negative |-)?#(\d+)(?!\d))"
)
_JOIN_OP = {"plus": "+", "minus": "-", "times": "*", "multiplied by": "*", "divided by": "/"}
_ROUNDS = re.compile(
    r"\b(?:round|rounded|rounding|nearest|closest|decimal|decimals|dp|d\.p|places?|approximate"
    r"|approximately)\b"
)
_PLACES = re.compile(r"\b(?:decimal|decimals|dp|d\.p|places?)\b")
_NEAREST = re.compile(r"\b(?:nearest|closest)\b")


def disordered(question: str, reading: str) -> str:
    """Why `reading` orders, groups or rounds otherwise than `question`; empty when it does not."""
    masked = mask(question)
    checks = (_rounding, _order, _brackets, _joined)
    for why in (check(masked, reading) for check in checks):
        if why:
            return why
    return ""


def _rounding(masked: Masked, reading: str) -> str:
    asked, rounds = bool(_ROUNDS.search(masked.text)), reading.startswith("Round ")
    if asked and not rounds:
        return "the question rounds and the reading does not"
    if rounds and not asked:
        return "the reading rounds and the question does not"
    if rounds and "decimal places" in reading and not _PLACES.search(masked.text):
        return "the reading rounds to decimal places, the question does not"
    if rounds and "nearest" in reading and not _NEAREST.search(masked.text):
        return "the reading rounds to the nearest, the question does not"
    return ""


def _order(masked: Masked, reading: str) -> str:
    """Each `L - R` and `L / R` of an arithmetic reading must take its operands in the
    question's order: as written, or reversed by a word that reverses (`from`, `than`, `into`).
    An operand written more than once in the question cannot be placed, so it is not checked."""
    if not reading.startswith("What is "):
        return ""
    body = reading.removeprefix("What is ").rstrip("?").replace(" ", "")
    text = masked.text
    for m in _PAIR.finditer(body):
        left, op, right = m.group(1, 2, 3)
        l_at, r_at = _place(text, masked.literals, left), _place(text, masked.literals, right)
        if l_at is None or r_at is None or left == right:
            continue
        (l_start, l_end), (r_start, r_end) = l_at, r_at
        if l_start < r_start:
            between, after_right = text[l_end:r_start], text[r_end:]
        else:
            between, after_right = text[r_end:l_start], ""
        reverses = any(
            not (w.group() == "into" and _INTO_R.search(between) and _PARTS.match(after_right))
            for w in _REVERSING.finditer(between)
        )
        if (l_start > r_start) != reverses:
            return f"the reading's {left} {op} {right} is not in the question's order"
    return ""


def _place(text: str, literals: tuple[str, ...], literal: str) -> tuple[int, int] | None:
    """Where the question writes `literal` (its placeholder's span), if it writes it once."""
    ks = [k for k, lit in enumerate(literals, 1) if lit == literal]
    if len(ks) != 1:
        return None
    m = re.search(rf"#{ks[0]}(?!\d)", text)
    return m.span() if m else None


def _brackets(masked: Masked, reading: str) -> str:
    """A bracket in a reading must answer something in the question that groups: `19 plus 3
    times 53` has nothing that puts `19 + 3` first."""
    body = reading.removeprefix("What is ").removeprefix("Solve ")
    if "(" in body and not _GROUPS.search(masked.text):
        return "the reading brackets what the question does not group"
    return ""


def _joined(masked: Masked, reading: str) -> str:
    if not reading.startswith("What is "):
        return ""
    body = reading.removeprefix("What is ").rstrip("?").replace(" ", "")
    for m in _JOINED.finditer(masked.text):
        a_sign, a, word, b_sign, b = m.group(1, 2, 3, 4, 5)
        op = _JOIN_OP.get(word, "/" if word == "over" else word)
        a_lit, b_lit = (_literal(masked.literals, k) for k in (a, b))
        pair = f"{'-' if a_sign else ''}{a_lit}{op}{'-' if b_sign else ''}{b_lit}"
        if a_lit and b_lit and pair not in body:
            return f"the question's {pair} is not one step of the reading"
    return ""


def _literal(literals: tuple[str, ...], k: str) -> str:
    return literals[int(k) - 1] if 0 < int(k) <= len(literals) else ""
