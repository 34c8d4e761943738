"""Sentences of the asker's own around an equation that say nothing of it: `It's from a
spreadsheet puzzle my manager sent round.`, `Gardening club treasurer here.`, `(note to self for
the stats course)`.

An equation and the letter it is asked for have one answer; the words around them can change it
only by another number, another letter, a word of maths, a form for the answer, a condition, or
by taking back what was written. A sentence is *inert* when it has none of these: every word is
plain (`background.plain_word`: no word of maths, unit, number or sign, no language it knows),
none doubts or corrects (`doubts`, `EDITED`, `TAKING_BACK`), none bounds or adds (`only`,
`then`, `also`), and none opens a phrase that may set how the answer is written (`in`, `as`,
`to`, `into`, `using`, `with`, `by`: `in Swahili`, `as a percentage`). What is left is the
asker's background, read past, never read.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner.background import SENTENCE_ENDS, plain_word
from reasoning_mesh.planner.doubts import doubts

#: Words a plain sentence may still say that bound, add, ask again or set a form.
_NOT_INERT = frozenset(
    ("in", "into", "as", "to", "using", "with", "without", "by", "via", "then", "only", "also",
     "if", "unless", "when", "whenever", "where", "what", "what's", "whats", "how", "which", "why",
     "whether", "or", "either", "other", "another", "else", "once", "exactly", "nil", "none",
     "nothing", "same", "except", "besides", "instead", "rather", "give", "gives", "write",
     "express", "put", "leave", "show", "answer", "answers", "result", "value", "solution",
     "solutions", "must", "need", "needs", "want", "wants",
     # languages `plain_word` lets through (a bare `Swahili please` may ask for the answer in it)
     "swahili", "klingon", "esperanto", "icelandic", "thai", "vietnamese", "indonesian", "malay",
     "tagalog", "persian", "farsi", "czech", "hungarian", "romanian", "bulgarian", "serbian",
     "croatian", "slovak", "slovenian", "lithuanian", "latvian", "estonian", "catalan", "basque",
     "zulu", "xhosa", "yoruba", "igbo", "hausa", "amharic", "somali", "punjabi", "bengali",
     "tamil", "telugu", "marathi", "gujarati", "kannada", "malayalam", "nepali", "sinhala",
     "burmese", "khmer", "mongolian", "tibetan", "uzbek", "kazakh", "georgian", "armenian",
     "albanian", "macedonian", "maltese", "afrikaans", "yiddish", "elvish", "pig", "numerals",
     "letters", "spelled", "spelt", "emoji", "emojis")
)  # fmt: skip
#: Taken as one word before the check: `note to self` is a label, not `to` a form.
_SAYINGS = ((re.compile(r"\bnote to self\b"), "note"),)


def sentences(words: list[str], *, edited: frozenset[str], taking_back: frozenset[str]) -> bool:
    """Whether `words` are whole sentences (each ending with `.`, `?` or `!`, or in brackets)
    that are all inert; `edited` and `taking_back` are the caller's words that correct or take
    back an equation (`spoken_equations`)."""
    said = _said(words)
    if not said or said[-1] not in SENTENCE_ENDS | {")"}:
        return False
    return all(_inert(w, edited | taking_back) for w in said) and not doubts(said)


def _said(words: list[str]) -> list[str]:
    text = " ".join(words)
    for saying, word in _SAYINGS:
        text = saying.sub(word, text)
    return text.split()


def _inert(word: str, corrects: frozenset[str]) -> bool:
    if word in SENTENCE_ENDS or word in (",", "(", ")", ";", ":", "-"):
        return True
    if len(word) == 1 and word != "i":
        return False  # a letter: another unknown (`and y?`)
    if word in _NOT_INERT or word in corrects or word.endswith("n't"):
        return False
    return plain_word(word)
