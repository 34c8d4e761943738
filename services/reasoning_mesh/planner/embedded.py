"""Equations and quantities said inside a sentence: `my daughter has 9 = 2w - 5 on her
worksheet, what's w`, `we pipetted 75 ml of sample, what is that in litres`; and the
textbook's unknown named in words: `four times a number plus three is 27. what is the number?`.

Each gives the grammar a question it already reads (`9 = 2w - 5, what is w`; `solve four times
n plus three = 27 for n`), built only from the question's own words: the equation as written,
the unknown it asks for, and nothing else. What is left out must be chatter (`chatter.CHATTER`)
with no letter in it that could be an unknown, so nothing that qualifies the equation is lost.
`read` is the grammar's reading of the first that applies.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural, riddles, steps
from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.chatter import CHATTER, letters, measured_by, spans
from reasoning_mesh.planner.doubts import doubts
from reasoning_mesh.planner.sentence_words import NOT_LITERAL, PURPOSES, RESULTS, SIZES, WHEN
from reasoning_mesh.planner.wrappers import normal

#: A token of an equation as people type it: numbers, unknowns next to numbers (`2w`),
#: operators and brackets; a word of letters is not one (`on`), a single letter is.
_MATHS_TOKEN = re.compile(r"[-+*/×÷()=.\d]*[a-z]?[-+*/×÷()=.\d]*")
_ASK = re.compile(
    r"(?P<sep>[,.;]?)\s*(?:so\s+)?(?:what(?:'s|s| is)|whats|find|solve for)\s+(?:the value of\s+)?"
    r"(?P<var>[a-z])\s*[?.!]*$"
)
#: `four times a number plus three is 27. what is the number?`
_RIDDLE = re.compile(
    r"^(?:if )?(?P<lhs>[a-z0-9 ./()+*-]*\ba number\b[a-z0-9 ./()+*-]*?)\s+(?:is|equals|makes|gives)\s+"
    r"(?P<rhs>(?:negative |minus )\d+(?:\.\d+)?|-?\d+(?:\.\d+)?|[a-z-]+(?: [a-z]+)?)\s*[.,;]?\s*"
    r"(?:so\s+)?(?:what(?:'s| is)|whats|find) the number\s*[?.!]*$"
)


#: Verbs that say a quantity is what the words before them name (`the lorry weighs 37000 kg`).
_LINKS = frozenset(
    ("is", "was", "are", "were", "weighs", "weighed", "measures", "measured", "reads", "read",
     "says", "said", "shows", "showed", "costs", "cost", "needs", "needed", "uses", "used",
     "holds", "held", "contains", "contained")
)  # fmt: skip
_PLACES = ("on", "of", "at")
DETERMINERS = ("the", "a", "an", "my", "our", "his", "her", "their", "your", "this")
_MAX_WHEREABOUTS = 4
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_PLACES_ASKED = re.compile(r"\bto (?:1|2|3|4|5|6) ?(?:dp|dps|decimal places?|d\.p\.)(?![\w.])")


#: `..., w = ?` at the end: the unknown asked for.
_ASKED_AT_END = re.compile(r"[,.;]?\s*(?P<var>[a-z])\s*=\s*\?+\s*$")
#: Phrases of asking for, or being stuck on, an equation (longest first): none can qualify it.
_ASKING = (
    "find the value of", "the value of", "how do i solve", "how do you solve", "how do i get",
    "how do i find", "how to solve", "help me with", "help with", "me with", "the wrong sign",
    "wrong sign", "this one", "that one", "solve for", "solve", "find", "work out", "figure out",
    "stuck on", "gave us", "gave me", "set us", "set", "come out to", "come out as",
    "comes out to", "comes out as",
)  # fmt: skip


def read(text: str) -> str | None:
    """The planner-language reading of `text` said one of these ways, else None."""
    for said in (
        around_equation,
        loose_equation,
        steps.thought_of,
        steps.acted_on,
        steps.then_steps,
        riddles.read,
        unknown_in_words,
    ):
        if (question := said(text)) is not None:
            return natural.reading(question)  # the first way that applies decides
    return quantity_first(text)


def around_equation(text: str) -> str | None:
    """`9 = 2w - 5, what is w` from `my daughter has 9 = 2w - 5 on her worksheet, what's w`;
    None where anything but chatter surrounds the one equation."""
    text = normal(text)
    ask = _ASK.search(text)
    if ask is None or text.count("=") != 1:
        return None
    tokens = text[: ask.start()].split()
    at = next(i for i, t in enumerate(tokens) if "=" in t)
    start, end = _equation_span(tokens, at, ",;")
    if CLAIM.fullmatch(" ".join(tokens[start:end]).rstrip(",;")):
        return None  # `my kid got x = 4 on her sheet, what is x`: an answer claimed, not asked
    others = [t.strip(",.;:!?\"'()") for t in (*tokens[:start], *tokens[end:])]
    if not others or not all(w in CHATTER for w in others) or letters(others) or doubts(others):
        return None
    equation = " ".join(tokens[start:end]).rstrip(",;")
    return f"{equation}, what is {ask.group('var')}"


def loose_equation(text: str) -> str | None:
    """`solve 3(x + 4) = 33 for x` from `stuck on this one 3(x + 4) = 33`, `I need b in 2b + 7
    = 5b + 1`, `teacher set 0.2w - 3 = 1.4 and im stuck, w = ?`: one equation in one unknown,
    asked for or not, among chatter and vetted phrases of asking (`_ASKING`); a letter outside
    it must be that unknown, so it is what is asked."""
    text = normal(text)
    asked = _ASKED_AT_END.search(text)
    if asked is not None:
        text = text[: asked.start()]
    tokens = text.split()
    if text.count("=") != 1 or not (at := [i for i, t in enumerate(tokens) if "=" in t]):
        return None
    start, end = _equation_span(tokens, at[0], ",;.:?!")
    equation = " ".join(tokens[start:end]).rstrip(",;.:?!")
    unknowns = set(re.findall(r"(?<![a-z])[a-z](?![a-z])", equation))
    if len(unknowns) != 1 or CLAIM.fullmatch(equation):
        return None  # `my kid got x = 4`: an answer claimed, not asked
    var = unknowns.pop()
    if asked is not None and asked.group("var") != var:
        return None
    around = " " + " ".join(t.strip(",.;:!?\"'()") for t in (*tokens[:start], *tokens[end:])) + " "
    for phrase in _ASKING:
        around = around.replace(f" {phrase} ", " ")
    others = [w for w in around.split() if w != var]
    if not all(w in CHATTER for w in others) or letters(others) or doubts(others):
        return None
    return f"solve {equation} for {var}"


def _equation_span(tokens: list[str], at: int, stops: str) -> tuple[int, int]:
    """Where the equation whose `=` is in `tokens[at]` starts and ends: the maths tokens either
    side of it, up to the sentence's own punctuation (`stops`) after it."""
    start, end = at, at + 1
    while start > 0 and maths(tokens[start - 1]):
        start -= 1
    while end < len(tokens) and maths(tokens[end].rstrip(stops)):
        end += 1
        if tokens[end - 1].endswith(tuple(stops)):
            break
    return start, end


#: `twice a number`, `half of a number`: multiplicative numerals, each naming its number.
_MULTIPLE_OF = re.compile(r"\b(twice|half of|half) a number\b")
_AS_SAID = {"twice": "(2 times a number)", "half of": "(a number divided by 2)",
            "half": "(a number divided by 2)"}  # fmt: skip


_CHANGED = re.compile(
    r"(\((?:\S+ times|a number divided by \S+)[^()]*\)) (increased|decreased|reduced) by ([a-z0-9.-]+)"
)


def unknown_in_words(text: str) -> str | None:
    """`solve four times n plus three = 27 for n` from `four times a number plus three is 27.
    what is the number?`; None where the unknown is not named exactly once, or a letter is
    already in use."""
    text = normal(text)
    m = _RIDDLE.match(text)
    if m is None:
        return None
    lhs = _MULTIPLE_OF.sub(lambda said: _AS_SAID[said[1]], m.group("lhs"))
    # `twice a number decreased by 7`: the multiple is said first, so it is what is decreased
    # (and by one number only: `... decreased by 7 multiplied by 3` leaves open what is multiplied)
    if (changed := _CHANGED.fullmatch(lhs)) is not None:
        lhs = f"{changed[1]} {'plus' if changed[2] == 'increased' else 'minus'} {changed[3]}"
    if lhs.count("a number") != 1 or re.search(r"\b[a-z]\b", lhs.replace("a number", "")):
        return None
    return f"solve {lhs.replace('a number', 'n')} = {m.group('rhs')} for n"


def quantity_first(text: str) -> str | None:
    """`How many litres are there in 75 ml?` from `we pipetted 75 ml of sample, what is that in
    litres`; `Round 275 to the nearest hundred.` from `the crowd was 275, round it to the
    nearest hundred`. The one quantity of the question comes after chatter and vetted verbs of
    measuring (`we pipetted`, `my lab sheet says`), or after the name of what it measures and a
    verb saying that it is it (`the lorry weighs`); it may be followed by where, when or of
    what it was (`on the balance`, `this morning`, `of the salt`, `long`). The rest must read as
    a conversion or a rounding of that one quantity, asked about `that` or `it`, or a rounding
    asked outright (`..., round to 2 dp`)."""
    tokens = normal(text).split()
    if NOT_LITERAL & {t.strip(",.;:!?\"'()") for t in tokens}:
        return None
    k = next((i for i, t in enumerate(tokens) if re.match(r"-?\d", t)), None)
    if not k or not (measured_by(tokens[:k]) or _named(tokens[:k])):
        return None  # `we trebled 75 ml`, `a dozen 330 ml`: only known words before it
    rest = tokens[k:]
    # `34,752` counts as two: `the samples weighed 120,135,150 g` is a list (an audit)
    if len(_NUMBER.findall(_PLACES_ASKED.sub("", " ".join(rest)))) != 1:
        return None  # one quantity: what `that` is (`to 2 dp` says how it is rounded)
    words = {t.strip(",.?!") for t in rest}
    if not {"that", "it", "this"} & words and "round" not in words:
        return None
    for said in _without_whereabouts(rest):
        if (reading := _conversion_or_rounding(said)) is not None:
            return reading
    return None


def _named(words: list[str]) -> bool:
    """`the coastal trail is`, `attendance was`: a verb saying what the quantity after it is,
    after the name of what it measures. The name cannot change the quantity it is said to be;
    a word of maths in it (`half the crowd was`) or a letter is still not passed over."""
    *name, verb = words
    return verb in _LINKS and bool(name) and all(plain(w) for w in name)


def plain(word: str) -> bool:
    word = word.strip(",.;:!?\"'()")
    return (
        word in CHATTER or word in RESULTS or (len(word) > 1 and word.isalpha() and not maths_word(word))
    )


def _without_whereabouts(rest: list[str]) -> list[str]:
    """`12500 metres long, how many km is that` → `12500 metres, how many km is that`: the
    words between the quantity and the punctuation that ends its clause, where they only say
    where, when or of what it was (`_whereabouts`); the text as it is first."""
    found = [" ".join(rest)]
    end = next((i for i, t in enumerate(rest[: _MAX_WHEREABOUTS + 3]) if t[-1] in ",.;!?"), None)
    if end is None or end + 1 == len(rest):
        return found
    clause = [t.strip(",.;!?") for t in rest[: end + 1]]
    found.extend(  # the number, and maybe its unit, before the cut
        " ".join([*clause[:cut], ",", *rest[end + 1 :]]).replace(" ,", ",")
        for cut in range(1, end + 1)
        if _whereabouts(clause[cut:])
    )
    return found


def _whereabouts(words: list[str]) -> bool:
    """`long`, `this morning`, `on the balance`, `of the salt`: a place, a time, a size or a
    substance; no pronoun (`of it`), no word of maths, no past participle (`trebled`)."""
    if words in ([w] for w in SIZES) or words in ([w] for w in WHEN):
        return True
    if len(words) == 2 and words[0] == "this":
        return noun(words[1])
    if not 2 <= len(words) <= _MAX_WHEREABOUTS or words[0] not in _PLACES:
        return False
    nouns = words[2:] if words[1] in DETERMINERS else words[1:]
    return 1 <= len(nouns) <= 2 and all(noun(w) for w in nouns)


def noun(word: str) -> bool:
    return (
        word.replace("-", "").isalpha()
        and len(word) > 2
        and word not in CHATTER
        and not maths_word(word)
        and not word.endswith(("ed", "fold"))
    )


def _conversion_or_rounding(text: str) -> str | None:
    """The reading of `text`, or of its spans without chatter at the ends, or without the
    purpose it ends with (`for my write-up`), where that is a conversion or a rounding."""
    words = text.rstrip(".?!").split()
    purpose = next(
        (i for i in range(len(words) - 2, len(words) - 5, -1) if i > 0 and words[i] == "for"), None
    )
    if purpose is not None and _purpose(words[purpose + 1 :]):
        text = " ".join(words[:purpose])
    for said in (text, *spans(text)):
        try:
            reading = natural.read(said)
        except natural.NotReadError:
            continue
        return reading if reading.startswith(("How many", "Round")) else None
    return None


def _purpose(words: list[str]) -> bool:
    """`my write-up`, `the report`: a paper the answer is for."""
    nouns = words[1:] if words and words[0] in DETERMINERS else words
    return len(nouns) == 1 and nouns[0] in PURPOSES


def maths_word(word: str) -> bool:
    return word in natural.maths_words()


def maths(token: str) -> bool:
    return bool(token) and _MATHS_TOKEN.fullmatch(token) is not None and token not in ("a", "i")
