"""People's own words around the maths: `i need 750 nanograms in milligrams for a lab report`,
`doing my accounts and need 0.3 times 0.0002, wat is it`.

When neither the question nor its unwrapped core reads, the readers are tried on the spans left
after taking words off its two ends, the longest span first. Only *chatter* comes off: words
that name no operation, number, unit, order or sign (pronouns, auxiliaries, people, papers,
verbs of asking and being stuck, fillers). A word outside this list (`negative`, `double`,
`than`, `octal`, `per`, a unit, a number word) can never be dropped, so a span that reads
is the question's whole maths: taking chatter off can leave a question unread, never read it
as something it does not say. Unlike `wrappers`, which takes off fixed phrases, any run of
chatter words comes off, so sentences nobody listed are read too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: Words that carry no maths (a test holds each to the gate the wrappers are held to).
#: Deliberately absent: of, from, all, than, by, per, each, more, less, after,
#: then, not, number, positive, negative, half, double, twice, square, root, percent, round,
#: total, left, out, off, up, down, over, under, into, times: each can change what is asked.
_WORDS = (
    # people and pronouns
    "i im i'm ive i've id i'd ill i'll me my mine myself we us our you u ur your yours he him his"
    " she her they them their it its it's this that these those someone somebody anyone anybody"
    " kid kids son daughter child children teacher tutor class friend friends mum mom mam dad"
    " brother sister boss wife husband partner guys"
    # being, asking, needing, knowing
    " am is are was were be been being do does did doing done have has had having will would"
    " can could should shall may might must dont don't cant can't wont won't didnt didn't"
    " need needs needed want wants wanted help helping helps stuck check checking checked"
    " know knows knew think thought forgot forget forgotten remember keep keeps kept get gets"
    " getting got blanked blank asked ask asking says said say tell told show figure figuring"
    " work working worked try trying tried hand handing wondering confused confusing unsure"
    " sure make making made learn learning study studying use using doubt"
    # papers and occasions
    " homework hw worksheet assignment textbook book project exam test quiz lab report class"
    " school uni college accounts budget tax taxes stuff thing things question problem sanity"
    " recipe job shift notes"
    # fillers and small words
    " a an the and or but so because cause cuz coz cos for with on at in about before"
    " just really totally totaly quickly quick quite very actually basically literally"
    " honestly please pls plz thanks thx ty tia lol haha hi hey hello ok okay um uh hmm"
    " wrong right correct answer again still always never here there now today tonight"
    # `what`, `how`: an ask carries no maths once the readers see the maths it asks about.
    " what whats what's wat how why which who where when if any some"
)
CHATTER = frozenset(_WORDS.split())

_EDGE = re.compile(r"^[\"'(\[]+|[\"',.:;!?)\]]+$")
#: A span may not start with `one` after words were taken off: `quick one - 5 + 3`.
_PRONOUN_ONE = "one"
_DASHES = "-–—−"


def _word(token: str) -> str:
    return _EDGE.sub("", token.lower().replace("\u2019", "'"))


def is_chatter(token: str) -> bool:
    word = _word(token)
    return bool(word) and word in CHATTER


def spans(text: str) -> Iterator[str]:
    """The spans of `text` with only chatter taken off its ends, longest first (the whole
    text excluded); nothing when no chatter ends it, or no digit or word of the maths is left."""
    tokens = text.split()
    n = len(tokens)
    head = 0
    while head < n and is_chatter(tokens[head]):
        head += 1
    tail = 0
    while tail < n - head and is_chatter(tokens[n - 1 - tail]):
        tail += 1
    options = [
        (start, end)
        for start in range(head + 1)
        for end in range(n - tail, n + 1)
        if (start, end) != (0, n) and end - start > 0
    ]
    for start, end in sorted(options, key=lambda se: (se[0] - se[1], se[0])):
        words = tokens[start:end]
        if start > 0 and (_word(words[0]) == _PRONOUN_ONE or words[0][0] in _DASHES):
            continue  # `hey - 5 + 3`: a dash after the words taken off, or a minus?
        if not all(is_chatter(w) for w in words):
            # The sentence's own punctuation at a cut goes too: `0.3 times 0.0002,` → `0.3
            # times 0.0002`; a leading minus stays (`-8 times -7`).
            yield " ".join(words).lstrip(" ,;:").rstrip(" ,;:")
