"""A question whose maths is written in symbols, read as written: `so 18 - (4 - 11) comes out
to what exactly`, `3x/5 = 12, so x is`, `144 ÷ 12 + 6 =`.

The grammar knows the phrasings around a question; people also wrap a written expression or
equation in words of their own. When every number of the question sits in one run of symbols
(numbers, one-letter unknowns, `+ - * / × ÷ ( ) =`) and that run is an expression, or one
equation in one unknown, the reading is that run, copied. The words around it must all be ones
that cannot change what is asked: an **allow-list** of asking, polite and filler words (the
translation model's wrappers and the grammar's lead-ins; `after`, `next`, `another` left out).
A word outside it (`sqrt`, `negative`, `third`, `terms`, `feet`, `goals`, `fraction`: `0.5 +
0.25 as a fraction` asks for another form) leaves the question to
the grammar and the model, whose gate refuses what they cannot read: an open vocabulary has no
complete deny-list. The reading then passes the same grounding and structure checks as a model
reading (signs, unknowns, operations named, grouping).
"""

from __future__ import annotations

import re

from reasoning_mesh.models.translator import fillers
from reasoning_mesh.models.translator.masking import bracket_fractions, mask, plain_minus
from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.grounding import ungrounded
from reasoning_mesh.planner.natural import ambiguous
from reasoning_mesh.planner.structure import disordered

_TOKEN = re.compile(r"#\d+|[a-z]+(?:'[a-z]+)?|[-+*/×÷()=?]|\S")
_SYMBOLS = set("-+*/×÷()=?")
_ASKING_WORDS = """
what what's whats how is it it's this that the a an i i'm i've me my you your we us so then if
when given such value equal equals equation expression answer result exactly solve solving work
working out calculate compute evaluate find determine simplify get give gives tell show comes
come makes make do does did can could would will please need want help stuck with for of to on
as and now here thanks
"""
#: Filler words that do carry order or quantity (`what comes after 3 + 4`, `another one`).
_NOT_FILLER = frozenset(
    {"after", "before", "next", "another", "one", "more", "less", "many"}
    | {"right", "possible", "any", "real", "chance", "think", "idea"}  # `is x + 1 = 4 right`
)
_FILLER = frozenset(
    w.strip(":,?!")
    for group in fillers.wrappers()
    for phrase in group
    for w in phrase.replace("{}", " ").split()
)
ALLOWED = (frozenset(_ASKING_WORDS.split()) | _FILLER) - _NOT_FILLER
#: What makes a run maths rather than a date, range or score: a sign only maths uses, brackets,
#: an equation, or `+`, `-`, `/` written with space around.
_MATH = re.compile(r"[+*×÷()=]|\s[-/]\s")
_PUNCTUATION = frozenset(",.:;'\"?")
#: One-letter words that are English, not unknowns, outside the run.
_LETTER_WORDS = {"a", "i"}
_JOINED_END = re.compile(r"\b(?:and|or)(?:\s+(?:i|me|us|we|you|my|them))?\s*[?.!]*$")


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
    return [_undashed(r, text) for r in runs], outside


#: An ask right after an equation's dash (`- what's x`, `- solve for x`, `- find x`).
_ASKED_AFTER = re.compile(r"\s+(?:what's|whats|what is|what does|solve|find|work out)\b")


def _undashed(run: list[re.Match[str]], text: str) -> list[re.Match[str]]:
    """An equation's run without a dash that ends it apart from its last operand, its ask after
    it (`3x + 4 = 24 - what's x`): a dash between clauses. Any other dash stays (`12 - 5 - and
    then`, `100 - 20 - so`: a minus whose number may be cut off; audit O)."""
    dash = run[-1]
    if (
        len(run) > 1
        and dash.group() == "-"
        and run[-2].end() != dash.start()
        and any(m.group() == "=" for m in run)
        and _ASKED_AFTER.match(text[dash.end() :]) is not None
    ):
        return run[:-1]
    return run


def _text(run: list[re.Match[str]], literals: tuple[str, ...], source: str) -> str:
    body = bracket_fractions(source[run[0].start() : run[-1].end()])  # `3/4 ÷ 3/8`
    body = re.sub(r"(?<=[\d)]) x (?=[#(])", " * ", body)  # `(12 + 8) x 3`; not `11 - x = 3`
    body = re.sub(r"#(\d+)", lambda m: literals[int(m[1]) - 1], body)
    body = body.replace("×", "*").replace("÷", "/")
    body = re.sub(r"(?<=[\d)])(?=[a-z(])|(?<=[a-z])(?=\()", "*", body)  # `3x`, `5(`, `a(`
    body = re.sub(r"\s*([*/])\s*", r"\1", body)  # the planner's own spacing: `3*4 + 1`
    return " ".join(body.split())


def read(question: str) -> str | None:
    """The reading of a question whose maths is one written run of symbols, else None."""
    if ambiguous(plain_minus(question).lower()) or _JOINED_END.search(question.lower()):
        # `3!`, `2 ** 3`, `.5`, `8 ÷ 4/2`; `what is 120 / 4 and i`: more operands after `and`?
        return None
    masked = mask(question)
    runs, outside = _runs(masked.text)
    numbered = [r for r in runs if any(m.group().startswith("#") for m in r)]
    if len(numbered) != 1 or any(w not in ALLOWED and w not in _PUNCTUATION for w in outside):
        return None  # numbers apart, or a word that may change the question, or `%`, `$`, `!`
    run = numbered[0]
    others = [[m.group() for m in r] for r in runs if r is not run]
    if any(r[1:] not in ([], ["="], ["=", "?"]) for r in others):
        return None  # only `x`, `x = ?`, `x =` may stand apart from the run
    if not _MATH.search(masked.text[run[0].start() : run[-1].end()]):
        return None  # `3/2`, `1990-2000`, `3-1`: a date, a range or a score as often as maths
    body = _text(run, masked.literals, masked.text).rstrip("=? ").strip()
    letters = {w for w in outside if len(w) == 1 and w.isalpha()} | {r[0] for r in others}
    reading = _expression(body, letters) if "=" not in body else _equation(body, letters)
    # The model's checks, on the question with the signs it writes as `*`, `/`, `-`.
    plain = plain_minus(question).replace("×", "*").replace("÷", "/")
    if reading is None or ungrounded(plain, reading) or disordered(plain, reading):
        return None
    return reading


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
    if CLAIM.fullmatch(body):
        return None  # `my kid says x = 3, find x`: an answer claimed, not an equation asked
    if letters - _LETTER_WORDS - {v}:
        return None  # `what is y if 2x = 4` asks for something else
    return f"Solve {sides[0]} = {sides[1]} for {v}."
