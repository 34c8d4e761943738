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

from reasoning_mesh.planner import natural, spoken_equations
from reasoning_mesh.planner.asides import acting, aside, helped
from reasoning_mesh.planner.background import (
    SENTENCE_ENDS,
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
                    "compute", "out", "check"))  # fmt: skip
_WHAT = frozenset(("what", "what's", "whats", "wat", "wats"))
_WORK_OUT = (["work", "out"], ["figure", "out"])
#: Operations that cannot begin a sum (`what's tenner minus 3.75`: of what?).
_BINARY = frozenset(("minus", "plus", "times", "divided", "over", "x", "×", "*", "/", "+", "÷"))


def _words(text: str) -> tuple[str, list[tuple[int, int, str]]]:
    """`text` as `background.spoken` writes it, and its words with where each stands; a
    decimal times a letter (`0.6x`) is the decimal and the letter."""
    said = spoken(text)
    return said, [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(said)]


_TOKEN = re.compile(rf"(?<![\w.])\d+\.\d+(?=[a-z](?![\w.]))|{TOKEN.pattern}")


def read(text: str) -> str | None:
    said, words = _words(text)
    if not words or (words[0][2] in YES_NO and not _requested(words)):
        return None
    if re.search(r"=\s*\?", said) and not re.search(r"(?<![a-z])[a-z](?![a-z'])", _sum_part(said)):
        said, words = _words(re.sub(r"\s*=\s*\?", "?", text, count=1))  # `1000 minus 387 = ?`
    if "=" in said:
        said, words = _words(spoken_equations.plain_said(said))
        return spoken_equations.read(said, words)
    if any(w in _SHARING for _, _, w in words):
        return None  # `split 100 between 3 ppl`: a share, whose form `shares` knows
    span = _span(words)
    if span is None:
        return None
    first, last = span
    if [w for _, _, w in words[max(0, first - 1) : first + 1]] in _WORK_OUT:
        first += 1  # `note to self: work out 144 divided by 0.6`: the ask, not the maths
    lead = [w for _, _, w in words[max(0, first - 2) : first]]
    if not _asked(words, first, last, lead):
        return None
    # from the word that asks it (`what's one less than 12 + 8` is the grammar's to refuse)
    start = first - (2 if lead[-2:] == ["what", "is"] else 1 if lead[-1:] and lead[-1] in _WHAT else 0)
    return natural.arithmetic(said[words[start][0] : words[last][1]])


#: Who is asked to (`can someone check ...`, `could you work out`): a request, not yes or no.
_ASKED_TO = frozenset(("someone", "somebody", "anyone", "anybody", "you", "u"))
_DOING = frozenset(
    ("check", "help", "tell", "work", "do", "figure", "calculate", "sort", "solve", "explain")
)


def _requested(words: list[tuple[int, int, str]]) -> bool:
    """`can someone in this thread check my homework, what is ...`: a request to do the maths."""
    said = [w for _, _, w in words[:8]]
    return said[1:2] != [] and said[1] in _ASKED_TO and bool(_DOING & set(said[2:]))


def _sum_part(said: str) -> str:
    """The text before `= ?` (`(-84) / 7 = ?`): where a letter would make it an equation."""
    return said[: said.index("=")]


def _asked(words: list[tuple[int, int, str]], first: int, last: int, lead: list[str]) -> bool:
    """Whether the span is asked right before it (`what's`, `i need`), begins with no
    operation (`my answer is -8 minus 15`), compares nothing, and only the asker's chatter is
    before it (`In French, what's 12 + 8`) and after it (`what's 12 + 8 in French`)."""
    asked = bool(lead) and (lead[-1] in _LEADS or lead[-2:] == ["what", "is"])
    after = [w for _, _, w in words[last + 1 :]]
    # `farm maths: 327 times 24?`: a clause of its own, asked by its question mark
    headed = (
        (not lead or lead[-1] in (":", *SENTENCE_ENDS))
        and after[:1] == ["?"]
        and not acting([w for _, _, w in words[:first]])  # `Swap these: 24 - 327?`
    )
    return (
        (asked or headed)
        and words[first][2] not in _BINARY
        and not any(w == "than" for _, _, w in words)  # `what's one less than 12 + 8`
        and lead_plain(
            _companions([w for _, _, w in words[:first]][: -1 if lead[-2:] in _WORK_OUT else None])
        )
        and _after_plain(after)
    )


_WITH_WHOM = frozenset(("them", "me", "him", "her", "us", "you"))


def _companions(lead: list[str]) -> list[str]:
    """`lead` without its companions (`_companion`)."""
    return [w for i, w in enumerate(lead) if not _companion(lead, i)]


def _companion(words: list[str], i: int) -> bool:
    """A `with` that only says with whom (`doing my kid's homework with them`, never `with
    VAT`), or the `group` of a group chat."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return (words[i] == "with" and after in _WITH_WHOM) or (words[i] == "group" and after == "chat")


def _after_plain(after: list[str]) -> bool:
    """Whether the words after the sum end its ask (`tail_plain`: `for my calc`), then, in
    sentences of their own, are the asker's asides (`? helping my kid with homework lol`)."""
    ends = [i for i, w in enumerate(after) if w in SENTENCE_ENDS]
    asked = after[: ends[0] + 1] if ends else after
    return tail_plain(asked) and (len(asked) == len(after) or aside(after[len(asked) :]))


def _span(words: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The first and last word of the shortest span holding every word that is not plain,
    with the brackets round its ends (`(-15) × 4 ÷ (-6)`); None where it does nothing."""
    said = [w for _, _, w in words]
    odd = [k for k in range(len(said)) if not _plain_at(said, k)]
    if not odd or not _operated(words, odd[0], odd[-1]):
        return None
    first, last = odd[0], odd[-1]
    if first > 0 and words[first - 1][2] == "(":
        first -= 1
    if last + 1 < len(words) and words[last + 1][2] == ")":
        last += 1
    return first, last


def _plain_at(words: list[str], k: int) -> bool:
    """`plain_word`, a companion (`with them`), and `with` after a word of helping in a
    sentence after the maths."""
    word = words[k]
    if _companion(words, k):
        return True
    if word == "um" and (k == 0 or not number(words[k - 1])):
        return True  # `okay so um what is ...`: a filler, not micrometres
    if word == "with":  # only in a sentence after one that holds a number
        before = words[:k]
        return helped(words, k) and bool(SENTENCE_ENDS & set(before)) and any(map(number, before))
    return plain_word(word)


def _operated(words: list[tuple[int, int, str]], first: int, last: int) -> bool:
    """Whether the span from `first` to `last` does something to a number, and no dash
    before it may be a sign (`hey - 5 + 3`); `who won the world cup in 1998` does nothing."""
    done = any(not number(w) and w not in ",.?!:;" for _, _, w in words[first : last + 1])
    return done and not (first > 0 and words[first - 1][2] == "-")
