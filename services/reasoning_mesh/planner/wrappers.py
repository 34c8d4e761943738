"""What people write around a question, taken off so the readers see the question itself:
`hey, quick one - 384 to the nearest ten pls` → `384 to the nearest ten`.

Only fixed phrases come off, at the very start or the very end, never from the middle: the
translation model's wrappers (`fillers`: greetings, asks, frames, thanks; a test holds them to
carrying no operation, grouping, direction or number) and a few openers people type that the
model was never trained on (`can u`, `stuck on this one:`), kept here so the model's data and
its fingerprint do not change. `one` in an opener (`quick one -`, `this one:`) is a pronoun: it
comes off only with the punctuation that ends the opener, so `quick one plus two` keeps it.
What is left is read by the same grammar and symbolic reader, with the same checks: taking
words off can only make a question unreadable, never read it as something it does not say,
because nothing taken off names an operation, a number or a unit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from reasoning_mesh.models.translator import fillers

#: Openers not in the model's data (they would change its fingerprint): text speak and people
#: saying where they are stuck. Each ends at a separator or a space.
_MORE_OPENERS = (
    "can u", "could u", "can you", "could you", "can you please", "could you please", "pls",
    "plz", "please", "quick q", "quick q:", "q:", "help", "help me", "help with", "help me with",
    "tell me",
    "i need help with", "need help with", "i'm stuck on", "im stuck on", "stuck on",
    "i'm stuck with", "stuck with", "hey guys", "i've got", "i have", "i got", "homework q:",
    "hw q:", "hw:",
    # `sorry if this is a dumb question but what does -48 ÷ -6 + (-11) come to`
    # (`... question` only with a separator after it: `dumb question -5 + 3` may be a dash)
    *(f"{lead}{adj} question{end}" for lead in ("", "sorry if this is a ", "this is probably a ",
      "probably a ", "this might be a ", "might be a ") for adj in ("dumb", "stupid", "silly",
      "daft", "basic") for end in (":", " but")),
)  # fmt: skip
#: Who is asking, as people say it: `my son's homework says`, `teacher wants`, `my daughter needs
#: help with`. People, papers and verbs of asking only.
_WHO = "kid|son|daughter|child|teacher|friend|brother|sister|tutor|boss|mum|mom|dad"
_PAPER = "homework|worksheet|textbook|book|question|assignment|exam|test|quiz"
_ASKING = (
    r"says|said|asks|asked(?: me)?|wants(?: to know)?|wanted(?: to know)?|needs help(?: with)?"
    r"|gave me|has|had"
)
_CONTEXT = rf"(?:(?:my|our|the)\s+)?(?:(?:{_WHO})(?:'s\s+(?:{_PAPER}))?|{_PAPER})\s+(?:{_ASKING})"
#: Openers whose `one` is a pronoun: they come off only with a separator after them.
_ONE_OPENERS = (
    "quick one", "easy one", "another one", "next one", "this one", "stuck on this one",
    "i'm stuck on this one", "im stuck on this one", "help with this one", "simple one",
)  # fmt: skip
#: Frames not in the model's data: `what does 0.6 times 0.35 come to`.
_MORE_FRAMES = ("what does {} come to", "what does {} make", "what does {} equal", "what does {} give")
#: Tails not in the model's data.
_MORE_TAILS = ("ty", "tia", "lol", "thanks!", "thx!", "please!", "pls!", "for me pls", "for me plz")
#: Asking for a fraction in lowest terms, the form the canonical answer of a question written
#: without decimals already has. With a decimal in the question (`0.75 as a fraction`) the answer
#: would be a decimal: these stay on, and the question is not read.
_FRACTION_TAILS = (
    "as a fraction", "answer as a fraction", "give the answer as a fraction", "in simplest form",
    "in its simplest form", "in lowest terms", "simplified", "giving your answer as a fraction",
    "give your answer as a fraction", "simplest form", "lowest terms",
)  # fmt: skip
#: `solve 10 = 4c + 1, giving c as a fraction`
_FRACTION_TAIL_PATTERNS = (
    r"giv(?:e|ing) [a-z] as a fraction",
    # `100 divided by 7 (fraction answer is fine)`: a bracketed note on the answer's form only
    r"\((?:(?:a|an|the|fraction|fractions|answer|exact|is|are|fine|ok|okay|please|pls|as|in"
    r"|simplest|lowest|form|terms)\s*)+\)",
)
#: A dash separates an opener only with space on both sides (`quick one - 5 + 3`); `-5` is a
#: number. Only the `one` openers take a dash: after `hey` it may be a minus (`hey - 5 + 3`).
_SEPARATOR = r"\s*(?:[:,!]|\.\.\.)\s*"
#: After a `one` opener these begin the question itself, so the `one` is a pronoun with no
#: separator (`quick one whats 847 + 389`): `1 whats ...` is no number.
_ASK_WORDS = ("what", "whats", "what's", "how", "solve", "find", "calculate", "convert", "round",
              "work", "simplify", "evaluate", "express", "change", "turn", "add", "subtract",
              "multiply", "divide")  # fmt: skip
_ONE_SEPARATOR = rf"(?:\s*(?:[:,!]|\.\.\.)\s*|\s[-–]\s+|\s+(?=(?:{'|'.join(_ASK_WORDS)})\b))"
#: At most this many openers and tails come off (`hey, quick question: can you ...`).
MAX_PEELS = 4


#: Frames whose head leads a phrasing the grammar reads itself (`solve 3x = 6`): left on.
_LEADS = ("solve", "evaluate")


def _alternation(phrases: Iterable[str]) -> str:
    cleaned = {p.strip().rstrip(":,?") for p in phrases}
    return "|".join(re.escape(p) for p in sorted(cleaned, key=len, reverse=True))


def _written_openers() -> list[str]:
    """Every opener as written, its colon kept."""
    return [p.strip().rstrip(",?") for p in (*fillers.OPENERS, *fillers.ASKS, *_MORE_OPENERS)]


def _openers() -> list[str]:
    return [p.rstrip(":") for p in _written_openers()]


def _labels() -> set[str]:
    """Openers only ever written with a colon (`q:`, `hw q:`): they come off only with a
    separator, or `hw q 5 (2 + 3)` would lose the `q` and read the question's number as maths."""
    written = _written_openers()
    return {p.rstrip(":") for p in written if p.endswith(":")} - {
        p for p in written if not p.endswith(":")
    }


@cache
def _ones() -> str:
    """Every opener whose `one` is a pronoun, ours and the model's (`quick one:`)."""
    return _alternation((*_ONE_OPENERS, *(p for p in _openers() if p.endswith(" one"))))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], tuple[tuple[str, ...], ...]]:
    frames = tuple(tuple(f.split("{}")) for f in (*fillers.FRAMES, *_MORE_FRAMES) if f.count("{}") == 1)
    heads = [head for head, foot in frames if not foot.strip() and head.strip() not in _LEADS]
    labels = _labels()
    plain = _alternation(p for p in (*_openers(), *heads) if not p.endswith(" one") and p not in labels)
    ones = _ones()
    ask = rf"(?:{plain}|{_CONTEXT})"
    opener = re.compile(
        rf"^(?:(?:{ones}){_ONE_SEPARATOR}|(?:{_alternation(labels)}){_SEPARATOR}"
        rf"|{ask}(?:{_SEPARATOR}|\s+|\?\s*))(?=\S)"
    )
    tail = re.compile(rf"(?:[\s,]+)(?:{_alternation((*fillers.TAILS, *_MORE_TAILS))})[.!?\s]*$")
    forms = "|".join((_alternation(_FRACTION_TAILS), *_FRACTION_TAIL_PATTERNS))
    fraction = re.compile(rf"(?:[\s,]+)(?:{forms})[.!?\s]*$")
    both = tuple((head, foot) for head, foot in frames if head.strip() and foot.strip())
    return opener, tail, fraction, both


@cache
def _one_dash() -> re.Pattern[str]:
    """`quick one -5 + 3`, `quick one − 5 + 3`: a `one` opener, then a dash against a number
    or a typeset minus: `1 - 5 + 3` or `-5 + 3`, and only a guess would say which."""
    # the typeset minus is a minus however it is spaced (`quick one − 3x + 1`: audit D, round 27)
    return re.compile(rf"^(?:{_ones()})(?:\s*[-–](?=\S)|\s*\u2212)")


def normal(text: str) -> str:
    """Lower case, one space, a typed apostrophe: what every check here reads."""
    return " ".join(text.strip().lower().replace("’", "'").split())


def unwrap(text: str) -> str:
    """`text`, lower-cased, without the wrappers at its ends (the readers lower-case anyway)."""
    opener, tail, fraction, frames = _patterns()
    core = normal(text)
    decimal = re.search(r"\d\.\d", core) is not None
    for _ in range(MAX_PEELS):
        peeled = tail.sub("", opener.sub("", core, count=1), count=1).strip()
        if not decimal:
            peeled = fraction.sub("", peeled, count=1).strip()
        if peeled == core or not peeled or re.match(r"[-–]\s", peeled):
            break  # `hey - 5 + 3`: a dash or a minus, and only a guess would say which
        core = peeled
    return _unframe(core, frames)


def pronoun_opener(text: str) -> bool:
    """`text` opens with a `one` that is a pronoun (`quick one - 5 + 3`): read without it, or
    the `one` is read as the number 1."""
    opener, *_ = _patterns()
    text = normal(text)
    if one_then_dash(text):
        return True  # read neither way: the opener stays on, and nothing reads the rest
    m = opener.match(text)
    return m is not None and re.search(r"\bone\b", m.group()) is not None


def _unframe(core: str, frames: tuple[tuple[str, ...], ...]) -> str:
    """`what 48 plus 27 comes to` → `48 plus 27`: a frame around the whole question."""
    bare = core.rstrip("?.! ")
    for head, foot in frames:
        if bare.startswith(head) and bare.endswith(foot) and len(bare) > len(head) + len(foot):
            inner = bare[len(head) : len(bare) - len(foot)].strip()
            if not inner.startswith(("what", "how")):
                return inner
    return core


def one_then_dash(text: str) -> bool:
    """`quick one -5 + 3`: no reader, the model included, should guess this one."""
    return _one_dash().match(normal(text)) is not None
