"""Typos in the grammar's own words: `whats the diffrence between 1287 and 905`.

People misspell the long words of a question (`diffrence`, `quotent`, `multipy`, `decimel`),
never on purpose. A word the grammar does not know, of six letters or more, one edit (a letter
added, dropped, changed, or two swapped) from exactly one of the grammar's long keywords, is read
as that keyword. Nothing else is corrected: numbers, units, unknowns and short words stay as
written, so a correction can only turn an unreadable question into the question whose keyword
was meant, and what it reads is checked as any reading is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

MIN_LENGTH = 6
#: English words one edit from a keyword: a word, not a typo (`the dividend`, `a multiple of`).
REAL_WORDS = frozenset((
    "dividend", "dividends", "divisor", "multiple", "multiples", "computer", "computers",
    "computed", "solved", "solver", "produce", "produces", "produced", "numbers", "numbered",
    "rounder", "rounds", "places", "placed", "corrects",
))  # fmt: skip


#: Well-known slips of short and everyday words (the lists of common English misspellings),
#: which the one-edit rule leaves alone (too short, or not the grammar's words): `find teh
#: difference`, `how many seconds are ther in`, `i keep geting the wrong anwser`. Each maps
#: to the one word it is a slip of (a number word's slip only where it is of one number
#: word: `nintey`); none is a unit or letter, and the two that give a grammar word (`adn`,
#: `wiht`) give the word that was meant, so a fix only lets the readers see the words they
#: already know (what they read is checked as any reading is).
COMMON_SLIPS = {
    "teh": "the", "hte": "the", "ther": "there", "thier": "their", "waht": "what",
    "whta": "what", "wht": "what", "hwo": "how", "mnay": "many", "muhc": "much", "adn": "and",
    "becuase": "because", "becasue": "because", "beacuse": "because", "plese": "please",
    "anwser": "answer", "anwer": "answer", "answr": "answer", "asnwer": "answer",
    "awnser": "answer", "geting": "getting", "questoin": "question", "qustion": "question",
    "wiht": "with", "yuo": "you", "cna": "can", "probelm": "problem", "homwork": "homework",
    "homewrok": "homework", "abotu": "about", "somone": "someone", "thsi": "this",
    "roudn": "round", "rnd": "round", "ruond": "round", "spliting": "splitting",
    "shareing": "sharing", "devided": "divided", "dividid": "divided",
    "numbr": "number", "nubmer": "number", "numer": "number", "ppl": "people", "wats": "whats",
    # number words: each slip is of one number word only (`two hundred and nintey-eight`)
    "nintey": "ninety", "ninty": "ninety", "fivteen": "fifteen",
}  # fmt: skip
_SLIP = re.compile(r"\b(" + "|".join(COMMON_SLIPS) + r")\b", re.IGNORECASE)


#: `hw many`: `hw` alone may be homework, so only before `many` or `much`; `hows much`, where
#: `hows` (how's: how is) cannot be meant.
_HW = re.compile(r"\b(?:hw|hows)(?= (?:many|much)\b)", re.IGNORECASE)


#: `how many seconds r in 2 hours`: `r` for `are`, only there.
_R = re.compile(r"\b(how many [a-z]+) r (?=in\b)", re.IGNORECASE)


#: `time sheet` as one word, so that the timesheet's own checks see it (review J: hours on a
#: timesheet may be written H.MM).
_TIME_SHEET = re.compile(r"\btime[ -]sheet(s?)\b", re.IGNORECASE)


def fix_slips(text: str) -> str:
    """`text` with the `COMMON_SLIPS` replaced (lower case); everything else as written."""
    fixed = _HW.sub("how", _SLIP.sub(lambda m: COMMON_SLIPS[m.group().lower()], text))
    return _TIME_SHEET.sub(r"timesheet\1", _R.sub(r"\1 are ", fixed))


def _one_edit(a: str, b: str) -> bool:
    """Damerau-Levenshtein distance exactly 1 (insert, delete, substitute, adjacent swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long[k]), len(short))
    return short[i:] == long[i + 1 :]


@cache
def _tables(keywords: frozenset[str], known: frozenset[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The words left as written, and the long keywords a typo may be: built once per grammar."""
    long = tuple(sorted(w for w in keywords if len(w) >= MIN_LENGTH and w.isalpha()))
    return known | keywords | REAL_WORDS, long


def correct(text: str, keywords: Iterable[str], known: Iterable[str]) -> str:
    """`text` with each word not in `known`, one edit from exactly one long keyword, replaced by
    that keyword (`known` includes the keywords, and the units and number words that are never
    corrected)."""
    vocabulary, long = _tables(frozenset(keywords), frozenset(known))

    def fix(m: re.Match[str]) -> str:
        word = m.group()
        if len(word) < MIN_LENGTH or word in vocabulary:
            return word
        close = [k for k in long if _one_edit(word, k)]
        return close[0] if len(close) == 1 else word

    return re.sub(r"[a-z]+", fix, text)
