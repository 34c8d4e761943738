"""A question whose maths is written in symbols, read as written: `so 18 - (4 - 11) comes out
to what exactly`, `my son's homework says 6 = 2z - 8. what's z?`, `144 ÷ 12 + 6 =`.

The grammar knows the phrasings around a question; people wrap a written expression or equation
in anything (`I'm stuck on`, `how do I get d`). When every number of the question sits in one
run of symbols (numbers, one-letter unknowns, `+ - * / × ÷ ( ) =`) and that run is an
expression, or one equation in one unknown, the reading is that run, copied: nothing in it is
guessed. The words around it must not change what is asked: none may name an operation, a
rounding, a unit, a format or anything the mesh does not do (`squared`, `in octal`, `as a
decimal`); a question with such a word is left to the grammar and the translation model, and
their gate. Words that are merely unknown are allowed here, because none of them can reach the
reading: it is made of the run alone.
"""

from __future__ import annotations

import re

from reasoning_mesh.models.translator.masking import bracket_fractions, mask
from reasoning_mesh.planner.grounding import BEYOND, OPERATION_WORDS
from reasoning_mesh.planner.units import UNIT_NAMES

_TOKEN = re.compile(r"#\d+|[a-z]+(?:'[a-z]+)?|[-+*/×÷()=?]|\S")
_SYMBOLS = set("-+*/×÷()=?")
#: Words around a run that may change what is asked (with the operation words, `BEYOND` and
#: the unit names): rounding, formats, bases, modifiers.
_CHANGES_WORDS = """
round rounded rounding nearest decimal decimals place places dp significant figures digit digits
notation scientific words spell octal binary ternary hex hexadecimal base floored floor ceiling
truncate truncated exponentiated halved quadrupled tripled negated negate cumulative dozen
dozens score unsigned bit bits clock per cent mixed approximately approx estimate estimated
about roughly nearly rate speed average who whom whose when where which why won win year
date born happened team game match
"""
_CHANGES = frozenset(_CHANGES_WORDS.split()) | BEYOND | OPERATION_WORDS | frozenset(UNIT_NAMES)
#: What makes a run maths rather than a date, range or score: a sign only maths uses, brackets,
#: an equation, or `+`, `-`, `/` written with space around.
_MATH = re.compile(r"[+*×÷()=]|\s[-/]\s")
_PUNCTUATION = frozenset(",.:;!'\"?")
#: One-letter words that are English, not unknowns, outside the run.
_LETTER_WORDS = {"a", "i"}


def _operand_end(tok: str) -> bool:
    return tok.startswith("#") or tok == ")" or (tok.isalpha() and len(tok) == 1)


def _operand_start(tok: str) -> bool:
    return tok.startswith("#") or tok == "(" or (tok.isalpha() and len(tok) == 1)


def _runs(text: str) -> tuple[list[list[re.Match[str]]], list[str]]:
    """Runs of symbol tokens, and the words outside them. Two operands with only space between
    (`-13 r=?`) end a run: a product is written tight (`3x`, `5(`) or with a sign."""
    runs: list[list[re.Match[str]]] = []
    outside: list[str] = []
    current: list[re.Match[str]] = []
    for m in _TOKEN.finditer(text):
        tok = m.group()
        symbol = tok.startswith("#") or tok in _SYMBOLS or (tok.isalpha() and len(tok) == 1)
        if tok == "?" and not (current and current[-1].group() == "="):
            symbol = False  # `x = ?` asks; a question mark elsewhere ends the sentence
        if symbol and current:
            prev = current[-1]
            spaced = prev.end() != m.start()
            # `(12 + 8) x 3`: a lone x between operands is a times sign, not an unknown
            times = "x" in (tok, prev.group())
            if spaced and _operand_end(prev.group()) and _operand_start(tok) and not times:
                runs.append(current)
                current = []
        if symbol:
            current.append(m)
        else:
            if current:
                runs.append(current)
                current = []
            outside.append(tok)
    if current:
        runs.append(current)
    return runs, outside


def _text(run: list[re.Match[str]], literals: tuple[str, ...], source: str) -> str:
    body = bracket_fractions(source[run[0].start() : run[-1].end()])  # `3/4 ÷ 3/8`
    body = re.sub(r"(?<=[\d)]) x (?=[#(])", " * ", body)  # `(12 + 8) x 3`; not `11 - x = 3`
    body = re.sub(r"#(\d+)", lambda m: literals[int(m[1]) - 1], body)
    body = body.replace("×", "*").replace("÷", "/")
    body = re.sub(r"(?<=[\d)])(?=[a-z(])|(?<=[a-z])(?=\()", "*", body)  # `3x`, `5(`, `a(`
    return " ".join(body.split())


def read(question: str) -> str | None:
    """The reading of a question whose maths is one written run of symbols, else None."""
    masked = mask(question)
    runs, outside = _runs(masked.text)
    numbered = [r for r in runs if any(m.group().startswith("#") for m in r)]
    if len(numbered) != 1 or any(
        w in _CHANGES or not (w.replace("'", "").isalpha() or w in _PUNCTUATION) for w in outside
    ):
        return None  # numbers apart, or a word that changes the question, or `%`, `^`, `$`
    run = numbered[0]
    others = [[m.group() for m in r] for r in runs if r is not run]
    if any(r[1:] not in ([], ["="], ["=", "?"]) for r in others):
        return None  # only `x`, `x = ?`, `x =` may stand apart from the run
    if not _MATH.search(masked.text[run[0].start() : run[-1].end()]):
        return None  # `3/2`, `1990-2000`, `3-1`: a date, a range or a score as often as maths
    body = _text(run, masked.literals, masked.text).rstrip("=? ").strip()
    letters = {w for w in outside if len(w) == 1 and w.isalpha()} | {r[0] for r in others}
    return _expression(body, letters) if "=" not in body else _equation(body, letters)


def _expression(body: str, letters: set[str]) -> str | None:
    unknowns = re.findall(r"(?<![a-z])[a-z](?![a-z])", body)
    if unknowns or letters - _LETTER_WORDS or not re.search(r"[-+*/]\s*[\d(-]", body):
        return None
    return f"What is {body}?"


def _equation(body: str, letters: set[str]) -> str | None:
    sides = [side.strip() for side in body.split("=")]
    unknowns = set(re.findall(r"(?<![a-z])[a-z](?![a-z])", body))
    if len(sides) != 2 or len(unknowns) != 1 or not all(sides):
        return None
    (v,) = unknowns
    if letters - _LETTER_WORDS - {v}:
        return None  # `what is y if 2x = 4` asks for something else
    return f"Solve {sides[0]} = {sides[1]} for {v}."
