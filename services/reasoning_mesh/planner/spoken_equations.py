"""An equation written out among words of the asker's own, asked for its letter: `Anyone able
to help? x/4 + 6 = 1 and I keep getting different answers for x`, `Forum question: how do I
solve 4(2x + 1) = 3(x + 8)? What does x come out as?`, `solve 3x + 7 = 25 for me pls, my brain
is fried`, `sticky note: x/4 + 6 = 11 -> x = ?`.

An equation is the run of numbers, one letter, signs and brackets around its `=`; the letter
may stand outside it only where it is asked for (`what's x`, `the x that makes`, `how to get x
in`), and all else outside it is the asker's: plain words (`background.plain_word`) before it,
asides (`asides.aside`: each clause opens as an aside does and none acts on the maths) in
sentences of their own around it. A few sayings of someone stuck are read as one aside (`I keep
getting a different answer`, `where am I going wrong`, `how to do these`), since their words
(`different`, `wrong`, `these`) would otherwise act on the maths. Nothing that doubts, corrects
or takes back the equation (`doubts`, `_TAKING_BACK`) may stand between it and its ask.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting, aside, unstuck
from reasoning_mesh.planner.background import (
    CLAUSE_ENDS,
    SENTENCE_ENDS,
    TAIL_WORDS,
    lead_plain,
    number,
    plain_word,
)
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.doubts import doubts

Words = list[tuple[int, int, str]]

_SIGNS = frozenset("+-*/×÷=()^")
#: Words that ask for the unknown (`what is x`, `solve for y`, `find x`).
_ASKING = frozenset(("what", "whats", "what's", "is", "solve", "for", "find", "the", "value",
                     "of", "does", "equal", "equals", "work", "out", "get", "calculate"))  # fmt: skip
_DOUBLE_CHECK = re.compile(r"\bdouble[- ]check(?:ing)?\b")
#: The letter asked with `=` at the end (`-> x = ?`, `, x = ?`; never `; -x = ?`).
_LETTER_ASKED = re.compile(r"\s*(?:-\s*>|→|[,;.:])\s+([a-z])\s*=\s*\?\s*$")
#: An answer asked as a fraction where the equation has no decimal: the exact answer's form.
_AS_FRACTION = re.compile(
    r",?\s*(?:answer|give it|leave it)? ?as a fraction(?: if (?:it isn't|it's not|it is not|"
    r"its not) (?:a )?whole(?: number)?| if need(?:ed| be))?(?=\s*(?:[.?!]|$))"
)


def plain_said(said: str) -> str:
    """`said` with the sayings of someone stuck read as one aside, `double check` as `check`,
    a letter asked with `= ?` as `what is x?`, and `as a fraction` left out where no number
    is a decimal."""
    said = unstuck(said)
    said = _DOUBLE_CHECK.sub("check", said)
    if said.count("=") == 2:
        said = _LETTER_ASKED.sub(r", what is \1?", said)
    if not re.search(r"\d\.\d", said):
        said = _AS_FRACTION.sub("", said)
    return said


def read(said: str, words: Words) -> str | None:
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
    var = letters.pop()  # a letter asked besides it (`solve for a, 2x = 6`): `ambiguity`
    before = [w for _, _, w in words[:start]]
    after = [w for _, _, w in words[end + (words[end][2] != "-") :]]  # a dash ending it is a mark
    if before[-1:] == ["-"] or not _lead(before, var):
        return None  # `quick one - x + 3 = 7`: a dash, or the sign of x?
    if not _after_asks(after, var):
        return None  # `what's x in dozenal`
    if words[start][2] == "-" and (start + 1 > end or words[start + 1][0] != words[start][1]):
        return None  # `help? - x/4 + 6 = 1`: a dash, or the sign of x?
    equation = said[words[start][0] : words[end][1]].rstrip(" -")
    return natural.reading_as(f"solve {equation} for {var}", "Solve")


#: Words that ask to solve it, right before `solve` (`how do I solve`, `can someone solve`).
_TO_SOLVE = frozenset(("how", "do", "i", "you", "we", "to", "can", "could", "someone", "anyone",
                       "somebody", "u", "help", "me", "please", "pls", "plz", "can't", "cant",
                       "cannot", "trying", "tried", "explain"))  # fmt: skip


def _lead(before: list[str], var: str) -> bool:
    """Whether the words before the equation are the asker's: the ask of it taken off (`how
    do I solve`, `how to get x in`), plain words up to the clause right before it, sentences
    before that plain or asides (`helping my kid ... how to do this lol.`)."""
    cut = len(before)
    if before[-1:] == ["solve"]:
        cut -= 1
        while cut > 0 and before[cut - 1] in _TO_SOLVE:
            cut -= 1
    elif before[-3:] in ([w, var, "in"] for w in ("get", "find")):  # `how to get x in`
        cut -= 3
        while cut > 0 and before[cut - 1] in _TO_SOLVE:
            cut -= 1
    elif before[-4:] in (["the", var, w, "makes"] for w in ("that", "which")):  # `the x that`
        cut -= 4
    if doubts(before) or acting(before) or any(w in _EDITED for w in before):
        return False  # `Ignore the brackets.`, `misprinted worksheet:` (audit L)
    lead = [
        w for i, w in enumerate(before[:cut]) if w not in _ASKS_OF_IT and not _asked_var(before, i, var)
    ]
    if lead_plain(lead, _background, stated=_told(before[:cut])):
        return True
    ends = [i for i, w in enumerate(lead) if w in SENTENCE_ENDS]
    return bool(ends) and aside(lead[: ends[-1] + 1]) and lead_plain(lead[ends[-1] + 1 :], _background)


#: Words that say the equation as written is not the one to solve (audit L).
_EDITED = frozenset(
    ("misprint", "misprinted", "misprints", "typo", "typos", "copied", "miscopied", "smudged",
     "error", "errors", "faulty", "changed", "updated", "amended", "modified", "version",
     "previously", "natural", "successor", "predecessor", "opposite", "invert", "inverted",
     "increment", "brackets", "ignore", "ignoring", "flip", "reverse", "instead", "wrong",
     "mistake", "outdated", "original", "corrected", "correct", "fixed", "edited", "altered",
     "revised", "answer", "answers", "misread", "misreads", "misremembered", "misheard",
     "mistyped", "mistype", "garbled", "transposed", "erratum", "scratch", "disregard")
)  # fmt: skip


#: Words that, before an equation written out, can only be the asker's own (`stuck on this
#: while helping with revision:`, `it's been years since I did this:`): whatever they say, the
#: equation and its letter are what is solved.
_BEFORE_EQUATION = frozenset(
    ("with", "years", "ages", "gone", "blank", "up", "answers", "week", "month", "day", "year",
     "weekend", "night", "morning")
)  # fmt: skip
#: Asks of the letter around an equation (`what x makes ... true`, `what does x come out as`).
_ASKS_OF_IT = _ASKING | {"makes", "make", "true", "come", "comes", "out", "as", "value", "me"}
#: After the equation, politely too (`what's x please`, `what should x be`).
_ASKED_AFTER = _ASKS_OF_IT | {"please", "pls", "plz", "should", "be"}


#: Words in the clause right before an equation that ask of it, judge it or set a condition
#: on it (`what is wrong with 2x = 6`, `what can a have if 2x + 3 = 11`).
_ASKS_ABOUT_IT = frozenset(
    ("what", "what's", "whats", "how", "why", "which", "who", "whether", "can", "could", "if",
     "when", "whenever", "given", "unless", "wrong", "right", "correct", "mistake", "error",
     "check", "checking", "true", "false", "a", "an")
)  # fmt: skip


def _told(before: list[str]) -> bool:
    """Whether the clause right before an equation only tells of the asker (`been staring
    at`), asking nothing of it: two words or more, none of `_ASKS_ABOUT_IT`."""
    ends = [i for i, w in enumerate(before) if w in CLAUSE_ENDS or w == ","]
    clause = before[ends[-1] + 1 :] if ends else before
    return len(clause) >= 2 and not any(w in _ASKS_ABOUT_IT for w in clause)


def _background(word: str) -> bool:
    return plain_word(word) or word in _BEFORE_EQUATION


def _asked_var(before: list[str], i: int, var: str) -> bool:
    """`solve for x, ...`, `what x makes`, `what value of x`: the letter asked before it."""
    return before[i] == var and before[i - 1 : i] in (["for"], ["what"], ["of"])


def _after_asks(after: list[str], var: str) -> bool:
    """Whether what follows the equation asks for its letter, then, in sentences of their
    own, says only plain words or asides (`for me? keep getting diffrent answers`)."""
    at = max((i for i, w in enumerate(after) if w == var), default=0)  # `... . what is x?`
    if at and after[at - 1] in _SIGNS:
        return False  # `what's -x?`: another value than the letter's
    ends = [i for i, w in enumerate(after) if w in SENTENCE_ENDS and i >= at]
    asked = after[: ends[0] + 1] if ends else after
    rest = after[len(asked) :]
    # `= 25 and i've totally forgotten how to do these, what's x`: a clause of the asker's own
    # between the equation and the clause that asks for its letter
    marks = [i for i, w in enumerate(asked[:at]) if w in CLAUSE_ENDS or w == ","] if at else []
    between, ask = (asked[: marks[-1] + 1], asked[marks[-1] + 1 :]) if marks else ([], asked)
    only_asked = all(w in _ASKED_AFTER or w in ("it", ",") or w in SENTENCE_ENDS for w in ask)
    if not at and "," in ask and not only_asked:  # `solve 3x + 7 = 25 for me, brain is fried`
        ask, rest = ask[: ask.index(",")], ask[ask.index(",") + 1 :] + rest
    if at:  # `what's x then the total`, `what's x for the total`: another ask
        asked_it = all(w in _ASKED_AFTER or w == var or w in _TAIL for w in ask)
    else:  # `solve 7x - 4 = 3x + 18 for the total`: of what?
        asked_it = all(w in _ASKED_AFTER or w in ("it", ",") or w in SENTENCE_ENDS for w in ask)
    return asked_it and (_own_clause(between) or _about_me(between)) and _about_me(rest)


#: Words that, after an equation, judge or take back what is written (`isn't right`, `sorry,
#: typo`), besides `doubts`: the equation may not be the one asked about.
_TAKING_BACK = frozenset(
    ("right", "correct", "sorry", "typo", "meant", "mean", "instead", "actually", "should",
     "supposed", "changed", "wait", "not", "no", "never", "from", "back", "there", "return",
     "both", "way", "ways", "each", "per", "every", "total", "altogether")
)  # fmt: skip


def _own_clause(words: list[str]) -> bool:
    """Whether `words` (between an equation and its ask) are the asker's chatter (`and i've
    totally forgotten how to do these,`), none doubting or taking back the equation; never a
    story's plain words (`on the board for the plumber's bill problem`: of what, then?)."""
    if words[:1] == ["-"] and words[1:] != []:
        return False  # `x + 3 = 7 - the fee, find x`: a term in words, or a dash?
    return (
        all(w in CHATTER or w in CLAUSE_ENDS or w in (",", "how", "to") for w in words)
        and _untaken(words)
        and not acting([w for w in words if w not in ("these", "them", "those")])  # `do these`
    )


def _about_me(words: list[str]) -> bool:
    """Whether `words` only tell how the asker is (`and I genuinely cannot remember`, `my
    brain is fried`, `i'm stuck`): a closed list (audit L: plain words and asides there said
    `it's misprinted`, `then invert it`, `in Swahili`, `natural solutions only`)."""
    return all(w in _ME or w in SENTENCE_ENDS or w == "," for w in words) and _untaken(words)


#: What a clause about the asker may say around an equation.
_ME = frozenset(
    ("i", "i'm", "im", "i've", "ive", "my", "me", "brain", "brain's", "is", "was", "has",
     "fried", "dead", "gone", "rusty", "stuck", "tired", "confused", "lol", "haha", "honestly",
     "genuinely", "totally", "completely", "really", "so", "and", "but", "just", "cannot",
     "can't", "cant", "remember", "forgot", "forgotten", "blanking", "blanked", "blank",
     "please", "pls", "plz", "thanks", "thx", "ty", "tia", "long", "day", "shift", "help",
     "been", "ages", "years", "we", "agree", "kid", "kid's", "son", "daughter", "homework",
     "helping", "with", "this", "it", "do", "to", "how", "for", "a", "the", "of", "at", "school")
)  # fmt: skip
#: Tail words that may end the ask of the letter (never `then`, `total`: another ask).
_TAIL = TAIL_WORDS - {"then", "total", "in", "on", "at"}


def _untaken(words: list[str]) -> bool:
    """No letter (`on sheet a`), doubt or taking back among `words`."""
    return (
        not any(len(w) == 1 and w.isalpha() and w != "i" for w in words)
        and not doubts(words)
        and not any(w in _TAKING_BACK or w.endswith("n't") for w in words)
    )


def _in_equation(word: str) -> bool:
    return number(word) or word in _SIGNS or re.fullmatch(r"[a-z]", word) is not None
