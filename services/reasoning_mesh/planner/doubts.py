"""Words around written maths that doubt or bound it, so that reading the maths alone would
answer another question: `3x + 2 = 11 or so`, `about 3x = 9`, `some sheets say`, `2x + 1 = 9 is
wrong`, someone else's answer (`what did he get`) or omission (`but he forgot stuff`), `the
question is broken`. The asker's own slip stays chatter (`i keep getting it wrong`, `i always
forget my tables`): they ask for the right value of what is written.

Every reader that takes maths out of people's words (`chatter` spans, `embedded`,
`equations`, `story_maths`) refuses what these words surround; three audits found each of them
read past (`docs/natural-questions.md`, eleventh round).
"""

from __future__ import annotations

#: Chatter that doubts or bounds written maths: taken off, it would leave the maths answering
#: another question.
DOUBT = frozenset(("wrong", "or", "about", "some"))
#: Someone other than the asker (`he doesn't know what to write`, `what did she get`).
OTHERS = frozenset(("he", "she", "they", "hes", "shes", "he's", "she's", "theyre", "they're"))


def doubts(words: list[str], head: list[str] | tuple[str, ...] = ()) -> bool:
    """Whether `words` (after `head`) doubt or bound the maths: a word of `DOUBT`, save the
    asker's own `wrong` (`own_slip`); what someone else did or left out (`what did he get`,
    `but he forgot stuff`): their answer, or maths not all written."""
    if DOUBT & set(words) - {"wrong"}:
        return True
    if OTHERS & set(words) and "did" in words:
        return True  # `what did he get`: their answer
    if any(_left_out(words, k) for k, w in enumerate(words) if w in _FORGETTING):
        return True
    if {"broken", "broke"} & set(words) and _THE_MATHS & set(words):
        return True  # `the question is broken` (not `my calculator is broken`)
    return any(w == "wrong" and not own_slip(list(head), words, k) for k, w in enumerate(words))


_FORGETTING = frozenset(("forgot", "forget", "forgotten", "forgets", "missed", "skipped"))
#: The asker, and what may stand between them and their forgetting (`i've totally forgotten`).
_ME = frozenset(("i", "i've", "ive", "i'd", "id"))
_MINE = _ME | {"always", "keep", "totally", "completely", "just", "clean", "have"}
#: What, forgotten, leaves the maths incomplete (`i forgot stuff`; not `i forgot how`).
_PARTS = frozenset(
    ("stuff", "something", "things", "thing", "some", "part", "parts", "bits", "a", "one",
     "half", "bit", "rest", "numbers", "number", "term", "terms", "step")
)  # fmt: skip


def _left_out(words: list[str], k: int) -> bool:
    """Whether `words[k]` (`forgot`) says the maths has parts left out: anyone's `forgot stuff`,
    `my son forgot`; not the asker forgetting how (`i forgot how to do fractions`, `i always
    forget the flip rule`, `i've totally forgotten how`)."""
    mine = any(w in _MINE for w in words[max(0, k - 2) : k]) and bool(_ME & set(words[:k]))
    return not mine or (k + 1 < len(words) and words[k + 1] in _PARTS)


#: Words that name the maths itself (`the question is broken`).
_THE_MATHS = frozenset(
    ("question", "problem", "sum", "sheet", "worksheet", "homework", "it", "this", "that", "it's")
)
#: Verbs of the asker arriving at a wrong answer (`getting it wrong`).
_GETTING = frozenset(("get", "getting", "got", "geting", "gettin"))


def own_slip(head: list[str], tail: list[str], k: int) -> bool:
    """Whether `tail[k]` (`wrong`) is the asker getting it wrong: `getting it wrong`, `getting
    <the maths> wrong`, `the wrong answer`."""
    before = tail[:k] if k else head[-1:]
    after = tail[k + 1 : k + 2]
    if after and after[0] in ("answer", "anwser", "answers", "result"):
        return True
    if k == 0:  # `i keep getting 3/4 + 5/6 wrong` (not `the teacher got 2x + 1 = 9 wrong`)
        return bool(before) and before[-1] in _GETTING and bool({"i", "we"} & set(head))
    return len(before) >= 2 and before[-1] in ("it", "them", "this", "that") and before[-2] in _GETTING
