"""A sum or an equation asked amid words of the asker's own: `Chem lab: I need 0.6 times 0.35
for my concentration calc, what's that?`, `Anyone able to help? x/4 + 6 = 1 and I keep getting
different answers for x`.

`chatter` takes such words off the ends of a question when each is one it lists. People's own
words are not a closed list (an app, a hobby, a relative), so this reader judges them as `gist`
does, by what they are not: a word may be left out only when it is plain (no word of maths, no
number, no unit, no letter, nothing that makes an amount stand for another). The maths is the
shortest span holding every word that is not plain, and it must read by the grammar alone; so
what is left out can only be background, never an operation, an operand or a form of answer.

An equation is the run of numbers, one letter, signs and brackets around its `=`; the letter
may stand outside it only where it is asked for, and all else outside it is plain.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.background import (
    TAIL_WORDS,
    TOKEN,
    YES_NO,
    lead_plain,
    number,
    plain_word,
    spoken,
    tail_plain,
)

_SIGNS = frozenset("+-*/×÷=()^")
#: Words that ask for the unknown (`what is x`, `solve for y`, `find x`).
_ASKING = frozenset(("what", "whats", "what's", "is", "solve", "for", "find", "the", "value",
                     "of", "does", "equal", "equals", "work", "out", "get", "calculate"))  # fmt: skip


#: Words of a share or a rate, read by the readers that know their forms (`shares`, `rates`).
_SHARING = frozenset(("split", "splitting", "share", "shared", "sharing", "between", "among",
                      "amongst", "each", "per", "every", "apiece"))  # fmt: skip


#: What asks for the sum right before it (`what's 48 times 25`, `i need 0.6 times 0.35`).
_LEADS = frozenset(("what", "what's", "whats", "wat", "wats", "need", "calculate", "calc",
                    "compute", "out"))  # fmt: skip
_WHAT = frozenset(("what", "what's", "whats", "wat", "wats"))
#: Operations that cannot begin a sum (`what's tenner minus 3.75`: of what?).
_BINARY = frozenset(("minus", "plus", "times", "divided", "over", "x", "×", "*", "/", "+", "÷"))


def _words(text: str) -> tuple[str, list[tuple[int, int, str]]]:
    """`text` as `background.spoken` writes it, and its words with where each stands."""
    said = spoken(text)
    return said, [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(said)]


def read(text: str) -> str | None:
    said, words = _words(text)
    if not words or words[0][2] in YES_NO:
        return None
    if "=" in said:
        return _equation(said, words)
    if any(w in _SHARING for _, _, w in words):
        return None  # `split 100 between 3 ppl`: a share, whose form `shares` knows
    span = _span(words)
    if span is None:
        return None
    first, last = span
    lead = [w for _, _, w in words[max(0, first - 2) : first]]
    if not _asked(words, first, last, lead):
        return None
    # from the word that asks it (`what's one less than 12 + 8` is the grammar's to refuse)
    start = first - (2 if lead[-2:] == ["what", "is"] else 1 if lead[-1] in _WHAT else 0)
    return natural.arithmetic(said[words[start][0] : words[last][1]])


def _asked(words: list[tuple[int, int, str]], first: int, last: int, lead: list[str]) -> bool:
    """Whether the span is asked right before it (`what's`, `i need`), begins with no
    operation (`my answer is -8 minus 15`), compares nothing, and only the asker's chatter is
    before it (`In French, what's 12 + 8`) and after it (`what's 12 + 8 in French`)."""
    asked = bool(lead) and (lead[-1] in _LEADS or lead[-2:] == ["what", "is"])
    return (
        asked
        and words[first][2] not in _BINARY
        and not any(w == "than" for _, _, w in words)  # `what's one less than 12 + 8`
        and lead_plain([w for _, _, w in words[:first]])
        and tail_plain([w for _, _, w in words[last + 1 :]])
    )


def _span(words: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The first and last word of the shortest span holding every word that is not plain,
    with the brackets round its ends (`(-15) × 4 ÷ (-6)`); None where it does nothing."""
    odd = [k for k, (_, _, w) in enumerate(words) if not plain_word(w)]
    if not odd or not _operated(words, odd[0], odd[-1]):
        return None
    first, last = odd[0], odd[-1]
    if first > 0 and words[first - 1][2] == "(":
        first -= 1
    if last + 1 < len(words) and words[last + 1][2] == ")":
        last += 1
    return first, last


def _operated(words: list[tuple[int, int, str]], first: int, last: int) -> bool:
    """Whether the span from `first` to `last` does something to a number, and no dash
    before it may be a sign (`hey - 5 + 3`); `who won the world cup in 1998` does nothing."""
    done = any(not number(w) and w not in ",.?!:;" for _, _, w in words[first : last + 1])
    return done and not (first > 0 and words[first - 1][2] == "-")


def _equation(said: str, words: list[tuple[int, int, str]]) -> str | None:
    """`x/4 + 6 = 1 ... for x` → `Solve x/4 + 6 = 1 for x.`"""
    eq = [k for k, (_, _, w) in enumerate(words) if w == "="]
    if len(eq) != 1:
        return None
    start = end = eq[0]
    while start > 0 and _in_equation(words[start - 1][2]):
        start -= 1
    while end + 1 < len(words) and _in_equation(words[end + 1][2]):
        end += 1
    inside = [w for _, _, w in words[start : end + 1]]
    letters = {w for w in inside if re.fullmatch(r"[a-z]", w)}
    if len(letters) != 1 or letters & {"a", "i"} or not any(number(w) for w in inside):
        return None
    var = letters.pop()
    before = [w for _, _, w in words[:start]]
    after = [w for _, _, w in words[end + 1 :]]
    if before[-1:] == ["-"] or not lead_plain([w for w in before if w not in _ASKING]):
        return None  # `quick one - x + 3 = 7`: a dash, or the sign of x?
    if not all(w in _ASKING or w == var for w in after if w not in TAIL_WORDS):
        return None  # `what's x in dozenal`
    if words[start][2] == "-" and (start + 1 > end or words[start + 1][0] != words[start][1]):
        return None  # `help? - x/4 + 6 = 1`: a dash, or the sign of x?
    equation = said[words[start][0] : words[end][1]].rstrip(" -")
    return natural.reading_as(f"solve {equation} for {var}", "Solve")


def _in_equation(word: str) -> bool:
    return number(word) or word in _SIGNS or re.fullmatch(r"[a-z]", word) is not None
