"""An equation written in symbols inside people's story, its unknown asked for at the end: `The
teacher wrote 45 + 30h = 165 on the board for the plumber's bill problem. What's h?`, `helping
with homework, it says 5a + 3 = 2a + 18, find a. what is it??`, `A rectangle has perimeter 50
so 2(15 + w) = 50. Work out w please`.

`embedded` takes such an equation among chatter anywhere; here the story is held to a shape:
before the equation, the asker's words and the scene's (`SCENE`: boards, sheets, homework,
teachers; an allow-list) ending in a word that sets it down (`says`, `wrote`, `stuck on`);
after it, chatter or where it was written and what for (`on the board for the class`); and the
ask ends the question (`what's h?`, `find a`, `work out w please`), never `what's 2h` or `what's
h in minutes`. An audit of a first draft that took any plain word of a story (a deny-list of
kinds and errors) found 107 misreads in 1,014 questions: a story can deny the equation (`the
sheet doesn't say`), doubt it (`the illegible sheet`, `probably`), set another number system
(`duodecimal`, `boolean algebra`), ask for another form (`answer in words`, `in pence`) or
transform it (`read backwards`, `with the signs flipped`); an open vocabulary has no complete
deny-list, so the scene is an allow-list, and no number the equation lacks, letter, or word of
doubt (`wrong`, `or`, `about`) is taken.

An arithmetic expression written in symbols is read the same way (`Our teacher asked us to work
out 144 ÷ 16 + 25 in our heads. What should we have got?`), where it holds every number of the
question, the word before it sets it down (`work out`, `compute`, `says`, `getting`, a colon)
and the ask at the end is one of a few forms asking for its value (`what should we have got`,
`what's the actual answer`, `what it should come to`; `what's the total` of a sum only). The
expression is then read by `symbolic`, with its checks.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import embedded, natural, symbolic
from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.doubts import DOUBT, doubts, own_slip
from reasoning_mesh.planner.wrappers import normal

#: The ask for the unknown, at the very end (an echo such as `what is it??` may follow).
_ASK = re.compile(
    r"[,.;:!?]?\s*(?:so\s+)?(?:what(?:'s| is| does)|whats|find(?: the value of)?|work out|"
    r"solve for|figure out|and solve for)\s+(?P<var>[a-z])"
    r"(?:\s+(?:come out (?:as|to)|equal|work out as|be))?"
    r"(?:\s+(?:please|pls|plz|for me|for us|thanks|thx))*"
    r"(?:\s*[.?!]+\s*(?:what(?:'s| is) it|whats it|what's the answer|what is the answer))?"
    r"\s*[?.!]*$"
)
#: `..., solve 45 + 30h = 165 for h.` as the last sentence.
_SOLVE_FOR = re.compile(
    r"[,.;:!?]?\s*(?:so\s+|please\s+|pls\s+)?solve (?P<eq>[^a-z]*[a-z][^a-z]*?) for (?P<var>[a-z])"
    r"\s*[?.!]*$"
)
#: Words of maths elsewhere that join a story's parts here (`helping with homework`): the
#: equation is written out, so they join no numbers.
_STORY_LINKS = frozenset(("with", "us"))  # `us`: microseconds to the unit list
#: Words that set an equation down in a story (`the sheet says`, `wrote`, `stuck on`, `so`).
_INTRODUCERS = frozenset(
    ("says", "said", "say", "wrote", "writes", "written", "has", "had", "have", "shows", "showed",
     "gave", "gives", "set", "sets", "on", "with", "so", "is", "reads", "got", "get", "gets",
     "getting", "asks", "asked", "solve", "solving", "was", "are")
)  # fmt: skip
#: Words that set an expression down: the equation's, less those that may name a part of it
#: (`on`, `with`, `is`), and the verbs of working one out.
_SETS_DOWN = (_INTRODUCERS - {"on", "with", "is", "so", "are", "was", "solve", "solving"}) | {
    "out", "compute", "calculate", "evaluate", "do", "doing"
}  # fmt: skip
#: The ask of an expression's value, at the very end.
_VALUE_ASK = re.compile(
    r"[,.;:!?]?\s*(?:so\s+)?(?:"
    r"what should (?:we|i|he|she|they|you) (?:have )?(?:got|gotten|get|put|written|write)"
    r"|what do (?:we|i|you) get"
    r"|(?:can|could) (?:someone|anyone|somebody|you) tell me what (?:it|that) (?:should )?"
    r"(?:come|comes) to"
    r"|(?:what(?:'s| is)|whats) the (?:actual |right |correct |real )?answer"
    r"|(?:what(?:'s| is)|whats) (?P<total>the total))\s*[?.!]*$"
)
_PLACES = frozenset(("on", "for", "in", "from", "at"))
#: The scene an equation is written in: papers, boards, classes and who sets them.
SCENE = frozenset(
    ("homework", "hw", "worksheet", "assignment", "textbook", "book", "project", "exam", "test",
     "quiz", "lab", "report", "class", "school", "revision", "sheet", "sheets", "notes", "prep",
     "board", "whiteboard", "blackboard", "page", "puzzle", "problem", "question", "questions",
     "maths", "math", "algebra", "lesson", "tutoring", "paper", "card", "flashcard", "screen",
     "teacher", "tutor", "kid", "kids", "son", "daughter", "student", "students", "pupil",
     "pupils", "nephew", "niece", "grandson", "granddaughter", "friend", "sister", "brother",
     "heads", "head", "tonight", "today", "receipt", "receipts", "reciept", "reciepts", "grocery",
     "groceries", "shopping")
)  # fmt: skip
#: Whose paper it is (`my kid's homework`).
_PEOPLE = frozenset(
    ("kid", "son", "daughter", "teacher", "tutor", "friend", "sister", "brother", "nephew",
     "niece", "mum", "mom", "dad", "child", "student")
)  # fmt: skip
#: Thanks and laughter, which may end a question anywhere.
_THANKS = frozenset(("lol", "haha", "please", "pls", "plz", "thanks", "thx", "ty", "honestly"))
#: Words that open a supposition (`had the teacher written ...`, `were it to say ...`).
_SUPPOSING = frozenset(("had", "were", "should", "would", "could", "might", "suppose", "imagine"))
#: Chatter that may doubt or bound what is written (`it is wrong`, `or so`, `about 3x = 9`).
#: ... and papers of times (`my timesheet: 7.30 + 8.15`: hours and minutes, not decimals).
_DOUBT = DOUBT | {"before", "which", "any", "when", "if", "timesheet", "shift", "tax", "taxes"}
_DETERMINERS = frozenset(("the", "my", "our", "his", "her", "their", "a", "an", "this"))
#: Punctuation and quotes around a word of the story.
_MARKS = ",.;:!?\"'()"
_MAX_NAMED = 4


def read(text: str) -> str | None:
    """`solve <equation> for <letter>` for an equation written in a story and asked for at the
    end, else None."""
    text = normal(text)
    if text.count("=") != 1 or (asked := _asked(text)) is None:
        return None
    var, said = asked
    tokens = said.split()
    at = [i for i, t in enumerate(tokens) if "=" in t]
    if len(at) != 1:
        return None
    start, end = embedded._equation_span(tokens, at[0], ",;.:?!")
    equation = " ".join(tokens[start:end]).rstrip(",;.:?!")
    unknowns = set(re.findall(r"(?<![a-z])[a-z](?![a-z])", equation))
    if unknowns != {var} or CLAIM.fullmatch(equation) or not re.search(r"\d", equation):
        return None  # `my kid got x = 4`: an answer claimed, not asked
    if not all(side.strip() for side in equation.split("=")):
        return None
    written = set(re.findall(r"\d+(?:\.\d+)?", equation))
    before, after = _sides(tokens, start, end)
    if not _before(before, var, written) or not _after(after):
        return None
    return f"solve {equation} for {var}"


def _asked(text: str) -> tuple[str, str] | None:
    """The letter asked for at the end, and the text before the ask."""
    if (asked := _ASK.search(text)) is not None:
        return asked["var"], text[: asked.start()]
    if (solved := _SOLVE_FOR.search(text)) is not None:
        return solved["var"], f"{text[: solved.start()]} solve {solved['eq']}"
    return None


def reading(text: str) -> str | None:
    """The grammar's reading of `read(text)`, else the reading of an expression in a story
    (`expression`), else None."""
    return natural.reading(question) if (question := read(text)) is not None else expression(text)


def expression(text: str) -> str | None:
    """`What is 144/16 + 25?` for an expression written in a story, asked for by value at the
    end, else None."""
    text = normal(text)
    if "=" in text or (asked := _VALUE_ASK.search(text)) is None:
        return None
    tokens = [t for t in re.split(r"\s+|(?<=:)(?=\S)", text[: asked.start()]) if t]
    if (found := _one_span(tokens)) is None:
        return None
    start, end = found
    span = [t.rstrip(",.;!?") for t in tokens[start:end]]
    before, after = _sides(tokens, start, end, colon_sets_down=True)
    if not _before(before, "", set(), _SETS_DOWN) or not _tail(after):
        return None
    reading = symbolic.read(" ".join(span))
    if reading is None or not reading.startswith("What is "):
        return None
    if asked["total"] and re.search(r"[-*/]\s*[\d(]", reading.removeprefix("What is ")):
        return None  # `what's the total` of a sum only
    return reading


def _one_span(tokens: list[str]) -> tuple[int, int] | None:
    """Where the one run of maths tokens holding every number starts and ends, else None
    (words or a break inside it: more than one expression)."""
    numbered = [i for i, t in enumerate(tokens) if re.search(r"\d", t)]
    if not numbered:
        return None
    start, end = numbered[0], numbered[-1] + 1
    if not all(embedded.maths(t.rstrip(",.;!?")) for t in tokens[start:end]):
        return None
    if any(t.endswith((",", ";", ".")) for t in tokens[start : end - 1]):
        return None
    return start, end


def _sides(
    tokens: list[str], start: int, end: int, *, colon_sets_down: bool = False
) -> tuple[list[str], list[str]]:
    """The words before and after the maths at `tokens[start:end]`, their punctuation off; a
    colon before it may set it down (`my grocery receipts: 45.50 + ...`), and the asker's own
    `wrong` right after it goes (`i keep getting 3/4 + 5/6 wrong`: their slip)."""
    before = [t.strip(_MARKS) for t in tokens[:start]]
    if colon_sets_down and before and tokens[start - 1].endswith(":"):
        before.append("says")
    after = [t.strip(_MARKS) for t in tokens[end:]]
    if after and after[0] == "wrong" and own_slip(before, after, 0):
        after = after[1:]
    return before, after


def _before(
    words: list[str], var: str, written: set[str], introducers: frozenset[str] = _INTRODUCERS
) -> bool:
    """The story before the equation: plain words, ending in one that introduces it (`says`,
    `wrote`, `so`, `stuck on`), never `something like` or `roughly`."""
    words = [w for w in words if w]
    if doubts(words):
        return False
    if words and (words[-1] not in introducers or _SUPPOSING & set(words)):
        return False  # `had the teacher written 2x + 1 = 9`, `should have written`: supposed
    if words and words[-1] in _SETS_DOWN - _INTRODUCERS:
        words = words[:-1]  # `work out`, `compute`: the verb of doing it is no story word
        words = words[:-1] if words and words[-1] == "work" else words
        words = words[:-1] if words and words[-1] == "to" else words  # `asked us to work out`
    return all(_plain(w, k, words, var, written) for k, w in enumerate(words))


def _after(words: list[str]) -> bool:
    """After the equation: chatter, or where it was written or what for (`on the board for the
    class`); no word sticks to the equation (`11 grand`, `but i mistyped it`, `or so`)."""
    words = [w for w in words if w]
    if doubts(words):
        return False  # `but he forgot stuff`
    k = 0
    while k < len(words):
        if words[k] in _PLACES and k + 1 < len(words) and words[k + 1] in _DETERMINERS:
            k += 2
            named = 0
            while k < len(words) and _scene(words[k]):
                k, named = k + 1, named + 1
            if not 1 <= named <= _MAX_NAMED:
                return False
        elif _chatter(words[k]):
            k += 1
        else:
            return False
    return True


def _tail(words: list[str]) -> bool:
    """After an expression: only where it was worked out (`in our heads`) and thanks; no `and`
    (an audit found `... + 8.20 and tax, what's the total`, `and his`, `but the question is
    broken`)."""
    words = [w for w in words if w]
    k = 0
    while k < len(words) and words[k] in _THANKS:
        k += 1
    return not words[k:] or (
        _after(words[k:]) and all(w in _PLACES | _DETERMINERS or _scene(w) for w in words[k:])
    )


def _plain(word: str, k: int, words: list[str], var: str, written: set[str]) -> bool:
    if word == var:
        return True
    if len(word) == 1:  # `a worksheet`, `i think`: an article or a pronoun, never a letter
        return k + 1 < len(words) and (
            (word == "a" and _scene(words[k + 1])) or (word == "i" and words[k + 1] in CHATTER)
        )
    if re.fullmatch(r"\d+(?:\.\d+)?", word):
        return word in written  # another number is part of another question
    return word in _STORY_LINKS or word in _INTRODUCERS or _chatter(word) or _scene(word)


def _chatter(word: str) -> bool:
    return len(word) > 1 and word in CHATTER and word not in _DOUBT


def _scene(word: str) -> bool:
    """A noun of the scene (`board`, `homework`), or one's (`my kid's homework`)."""
    stem = re.sub(r"['\u2019]s$", "", word)
    return word in SCENE or (stem != word and (stem in SCENE or stem in _PEOPLE))
