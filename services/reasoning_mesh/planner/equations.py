"""One equation among the asker's own words, its unknown asked for by name at the end: `My
algebra homework has 9 - 2a = 1 and I'm stuck. What's a?`, `Doing my budget spreadsheet and
ended up with 12 + 0.1s = 15.5 for my phone bill. What does s come out as?`.

`embedded.loose_equation` takes an equation among chatter; here the words around it are open,
which is safe for what the reader asks of them: the equation is whole (one `=`, one unknown),
the question ends by naming that unknown, and no word around it can say something else about
the equation: no number, no other letter, no word of maths, and none of correcting it
(`_CORRECTING`: `the sign is wrong`, `it should be`, `a typo`).
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.doubts import DOUBT
from reasoning_mesh.planner.embedded import _equation_span
from reasoning_mesh.planner.wrappers import normal

_ASK = re.compile(
    r"[,.;!?-]?\s*(?:so\s+)?(?:(?:what(?:'s| is)|whats|find|solve for) (?P<var>[a-z])"
    r"|what does (?P<var2>[a-z]) (?:come out (?:as|to)|equal)|(?<![-+*/^\w])(?P<var3>[a-z]) = \?+)"
    r"\s*[?.!]*$"
)
#: Words that may correct, doubt or qualify the equation: a question with one is not read.
_CORRECTING = frozenset(
    ("wrong", "typo", "mistake", "misprint", "error", "should", "shouldn't", "instead",
     "actually", "meant", "correct", "corrected", "fix", "flipped", "swapped", "backwards",
     "reversed", "sign", "missing", "forgot", "forgotten", "isn't", "but", "except", "unless",
     "if", "when", "assume", "assuming", "given", "suppose", "right", "really",
     "supposed", "changed", "change")
)  # fmt: skip
#: Words of the asker's own besides chatter: subjects, tutoring, where the equation came from.
#: An allow-list: an audit found that any open word may correct, doubt or scale the equation
#: (`i mistyped it`, `something like`, `11 grand`, `the answer key says`).
_OWN_WORDS = frozenset(
    ("algebra", "maths", "math", "tutoring", "tutor", "ended", "bill", "honestly", "lesson",
     "science", "physics", "chemistry", "biology", "practice", "worksheet", "sheet",
     "daughter", "son", "kid", "teacher", "stuck", "tonight", "weekend", "evening", "morning",
     "struggling", "confused", "help", "helping", "night", "late", "revising")
)  # fmt: skip
#: Phrases of arriving at an equation, whose words are maths words alone (`up`, `with`).
_ARRIVED = re.compile(r"\b(?:ended|end|ends|came|come|comes) up with\b")


def asked(text: str) -> str | None:
    """The grammar's reading of `solve <equation> for <unknown>`, else None."""
    text = normal(text)
    ask = _ASK.search(text)
    if ask is None or text.count("=") != (2 if ask["var3"] else 1):
        return None
    var = ask["var"] or ask["var2"] or ask["var3"]
    tokens = _ARRIVED.sub("", text[: ask.start()]).split()
    at = [i for i, t in enumerate(tokens) if "=" in t]
    if len(at) != 1:
        return None
    start, end = _equation_span(tokens, at[0], ",;.:?!")
    equation = " ".join(tokens[start:end]).rstrip(",;.:?!")
    if set(re.findall(r"(?<![a-z])[a-z](?![a-z])", equation)) != {var} or CLAIM.fullmatch(equation):
        return None  # `my kid got x = 4`: an answer claimed, not asked
    raw = [*tokens[:start], *tokens[end:]]
    around = [t.strip(",.;:!?\"'()-") for t in raw]
    if not around or not all(_open(w) for w in around if w) or not _articles(raw, var):
        return None
    return natural.reading(f"solve {equation} for {var}")


def _articles(raw: list[str], var: str) -> bool:
    """A lone `a` is the article only before a word (`tutoring a kid`; `on sheet a,` may name
    an unknown), and `i` the asker only when `i` is not the unknown."""
    for k, word in enumerate(raw):
        if word == "a" and not (k + 1 < len(raw) and raw[k + 1][0].isalpha()):
            return False
        if word.strip(",.;:!?") == "i" and var == "i":
            return False
    return True


def _open(word: str) -> bool:
    """A word around the equation that says nothing about it."""
    if len(word) == 1:
        return word in ("a", "i")  # `_articles` says when they are words
    stem = word.removesuffix("'s")
    return word not in _CORRECTING and word not in DOUBT and (stem in CHATTER or stem in _OWN_WORDS)
