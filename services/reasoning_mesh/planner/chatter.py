"""People's own words around the maths: `i need 750 nanograms in milligrams for a lab report`,
`doing my accounts and need 0.3 times 0.0002, wat is it`.

When neither the question nor its unwrapped core reads, the readers are tried on the spans left
after taking words off its two ends, the longest span first. Only *chatter* comes off: words
that name no operation, number, unit, order or sign (pronouns, auxiliaries, people, papers,
verbs of asking and being stuck, fillers). A word outside this list (`negative`, `double`,
`than`, `octal`, `per`, a unit, a number word) can be dropped, so a span that reads
is the question's whole maths: taking chatter off can leave a question unread, never read it
as something it does not say. Unlike `wrappers`, which takes off fixed phrases, any run of
chatter words comes off, so sentences nobody listed are read too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from reasoning_mesh.planner.ambiguity import CLAIM
from reasoning_mesh.planner.doubts import OTHERS, doubts
from reasoning_mesh.planner.maths_words import REQUESTS
from reasoning_mesh.planner.numwords import DENOMINATORS
from reasoning_mesh.planner.numwords import WORDS as NUMBER_WORDS
from reasoning_mesh.planner.symbolic import ALLOWED as SYMBOLIC_FILLERS
from reasoning_mesh.planner.units import UNIT_NAMES

#: Words that carry no maths (a test holds each to the gate the wrappers are held to).
#: Deliberately absent: of, from, all, than, by, per, each, more, less, after, then, not,
#: number, positive, negative, half, double, twice, square, root, percent, round, total, left,
#: out, off, up, down, over, under, into, times, with; and, from an audit of the first draft,
#: the words of checking a claim (right, correct, sure, think, why, how, where, who, use),
#: negation and repetition (don't, didn't, never, again): each can change what is asked.
_WORDS = (
    # people and pronouns
    "i im i'm ive i've id i'd ill i'll me my mine myself we us our you u ur your yours he him his"
    " she her they them their it its it's this that these those someone somebody anyone anybody"
    " kid kids son daughter child children teacher tutor class friend friends mum mom mam dad"
    " brother sister boss wife husband partner guys"
    # being, asking, needing, knowing
    " am is are was were be been being do does did doing done have has had having will would"
    " can could should shall may might must"
    " need needs needed want wants wanted help helping helps stuck check checking checked"
    " know knows knew forgot forget forgotten remember keep keeps kept get gets"
    " getting got blanked blank asked ask asks asking says said say tell tells told show shows"
    " figure figuring tries"
    " work working worked try trying tried hand handing wondering confused confusing unsure"
    " make making made learn learning study studying"
    # papers and occasions
    " homework hw worksheet assignment textbook book project exam test quiz lab report class"
    " school uni college accounts budget tax taxes stuff thing things question problem sanity"
    " recipe job shift notes sheet sheets timesheet spreadsheet protocol calculator phone"
    " revision revising prep"
    " died dead broke broken"
    # fillers and small words
    " a an the and or but so because cause cuz coz cos for on at in about before"
    " just really totally totaly quickly quick quite very actually basically literally"
    " honestly please pls plz thanks thx ty tia lol haha hi hey hello ok okay um uh hmm"
    " wrong answer still always here there now today tonight"
    # `what`: an ask carries no maths once the readers see the maths it asks about.
    " what whats what's wat which when if any some"
    # only ever at an end of the question (`_TAIL_ONLY`, `_HEAD_ONLY`)
    " put write can't cant cannot couldn't"
)
CHATTER = frozenset(_WORDS.split()) - set(UNIT_NAMES)  # `um`, `us` are units too

_EDGE = re.compile(r"^[\"'(\[]+|[\"',.:;!?)\]]+$")
#: A span may not start with `one` after words were taken off: `quick one - 5 + 3`.
_PRONOUN_ONE = "one"
_DASHES = "-\u2013\u2014\u2212"
#: Chatter that may come off the tail only: `i keep getting it wrong`, not `keep subtracting
#: 7 from 100`.
_TAIL_ONLY = frozenset(("keep", "keeps", "kept", "always", "still", "wrong", "put", "write"))
#: Chatter that may come off the head only: `i can't get this one: 6x + 1 = 4`, not `what is
#: 2.5 + 3 | i can't`(what can't they?).
_HEAD_ONLY = frozenset(("can't", "cant", "cannot", "couldn't"))
_WHAT = frozenset(("what", "whats", "what's"))
_NUMBERISH = frozenset(
    (*NUMBER_WORDS, *DENOMINATORS, "half", "halves", "quarter", "point", "minus", "negative")
)
_OTHERS = OTHERS
#: What someone else may say in an aside after the maths: only that they do not know it.
_NOT_KNOWING = frozenset(
    ("doesn't", "don't", "didn't", "dont", "doesnt", "didnt", "know", "knows", "knew", "sure",
     "what", "what's", "whats", "to", "write", "put", "the", "answer", "is", "was", "are",
     "were", "totally", "really", "just", "so", "confused", "stuck", "froze", "blanked",
     "panicked", "panicking", "lol", "haha", "no", "idea", "clue", "has", "have", "got")
)  # fmt: skip
_NOT_KNOWING_VERBS = frozenset(
    ("doesn't", "don't", "didn't", "dont", "doesnt", "didnt", "confused", "stuck", "froze",
     "blanked", "panicked", "panicking", "idea", "clue")
)  # fmt: skip
#: In an aside, people (who may be more sharers) and parts (`some`) change the maths.
_PEOPLE = frozenset(
    ("me", "him", "her", "them", "us", "kid", "kids", "son", "daughter", "child", "children",
     "teacher", "tutor", "friend", "friends", "mum", "mom", "mam", "dad", "brother", "sister",
     "boss", "wife", "husband", "partner", "guys", "someone", "somebody", "anyone", "anybody",
     "class")
)  # fmt: skip
_HAVING_SOME = frozenset(("some", "any", "had", "half", "rest"))
#: `can't` comes off the head only before a verb of not managing (`can't get this one:`).
_MANAGING = frozenset(("get", "do", "figure", "work", "remember", "solve", "understand", "crack"))
#: Words after which a minus written against its number is its sign (`asked me what -8 minus
#: 15 is`), not a dash after a greeting (`hey -5 + 3`).
_SIGNED_AFTER = _WHAT
#: `this one:` before the maths names the question, it is no number.
_THIS_ONE = ("this", "that")
#: A question opening with one of these asks yes or no (`is 2x = 6 right`, `did i round 2.45
#: to 1 dp right`): it is not read by spans at all.
_YES_NO = frozenset(
    ("is", "are", "was", "were", "did", "does", "should", "could", "would", "will", "has", "have",
     "had", "am")
)  # fmt: skip
_TIME_UNITS = frozenset(
    name
    for name, unit in UNIT_NAMES.items()
    if unit
    in {"nanosecond", "microsecond", "millisecond", "second", "minute", "hour", "day", "week",
        "month", "year", "decade", "century"}
)  # fmt: skip
#: A conversion asked for outright: after it, a purpose may come off (`... for my timesheet`).
_CONVERT_VERBS = frozenset(("convert", "change", "turn", "express", "put", "write"))
#: Verbs after which a lone `i` or `u` is a pronoun, not an unknown (`i keep`, `u need`).
_PRONOUN_VERBS = frozenset(
    ("keep", "kept", "need", "needed", "am", "have", "had", "got", "get", "think", "want", "was",
     "can", "could", "did", "do", "dont", "don't", "tried", "try", "forgot", "know", "cant",
     "can't", "guess", "hope", "always", "still", "just", "really", "forget", "hate",
     "struggle")
)  # fmt: skip
#: Who begins the asker's own sentence after the maths (`... i always forget the flip rule`);
#: with someone else's (`_OTHERS`), who may begin an aside after it.
_MINE = frozenset(("i", "im", "i'm", "ive", "i've", "id", "i'd", "ill", "i'll", "we", "we're"))
_SUBJECTS = _MINE | _OTHERS
#: `... and my brain just froze`: the asker's own mind, a subject of their aside.
_MY_MIND = frozenset(("brain", "mind", "head"))
#: Words that leave something out of an amount or put it in (`i forgot the tax`, `i went for
#: the tax`), and what they may leave out or put in: the maths lacks it, it is no aside.
_LEAVING_OR_ADDING = frozenset(
    ("forgot", "forget", "forgotten", "forgetting", "missed", "left", "without", "went", "added",
     "included", "including", "with", "plus", "paid", "put")
)  # fmt: skip
_ADDED_ON = frozenset(
    ("tax", "taxes", "tip", "tips", "vat", "fee", "fees", "discount", "delivery", "postage",
     "shipping", "deposit", "interest", "service")
)  # fmt: skip
#: Words of an aside after the maths besides chatter (`i always forget my tables`): feelings
#: and memory, none of which can ask for, qualify or change a result.
_ASIDES = (
    "forget forgets forgetting remember remembering confused confusing struggle struggling hate"
    " suck terrible awful tired brain hurts hurt tables mind late sleepy lazy bored"
    " froze freeze frozen panicked panicking blanked no idea clue to write put head went"
    " doesn't don't didn't can't cant dont doesnt didnt cannot"
)
_ASIDE = frozenset(_ASIDES.split())
#: Verbs of measuring, using or reading a quantity (`we pipetted 75 ml, what is that in l`).
_MEASURING = (
    "pipetted measured weighed weighs poured used uses bought buy ran run walked cycled swam"
    " drove drank ate showed shows reads read recorded logged bottled filled"
)
_MEASURE = frozenset(_MEASURING.split())
#: Words that a question's own number follows (`question 5`, `problem 3`).
_LABELS = frozenset(("question", "q", "problem", "exercise", "task", "item", "part", "ex", "no"))


def _word(token: str) -> str:
    word = _EDGE.sub("", token.lower().replace("\u2019", "'"))
    # `my kid's homework`, `calculator's dead`: a chatter word's possessive or `is` is chatter
    stem = word.removesuffix("'s")
    return stem if stem != word and stem in CHATTER else word


def spans(text: str) -> Iterator[str]:
    """The spans of `text` with only chatter taken off its ends, longest first (the whole
    text excluded), that pass the checks of `_sound`."""
    tokens = text.split()
    words = [_word(t) for t in tokens]  # each token normalised once, for every span
    chat = _chat(tokens, words)
    n = len(tokens)
    if not n or words[0] in _YES_NO:
        return
    head = 0
    while head < n and chat[head] and words[head] not in _TAIL_ONLY:
        head += 1
    tail = 0
    while tail < n - head and chat[n - 1 - tail] and words[n - 1 - tail] not in _HEAD_ONLY:
        tail += 1
    ends = list(range(n - tail, n + 1))
    if (clause := _clause_start(words, head)) is not None and clause < n - tail:
        # `7/8 - 1/3 | im getting confused with the denominators`; `-8 minus 15 | is and i
        # froze`: chatter before the asker's sentence may go with it
        ends.append(clause)
        while clause - 1 > head and chat[clause - 1] and words[clause - 1] not in _HEAD_ONLY:
            clause -= 1
            ends.append(clause)
    options = [
        (start, end)
        for start in range(head + 1)
        for end in ends
        if (start, end) != (0, n) and end - start > 0
    ]
    for start, end in sorted(options, key=lambda se: (se[0] - se[1], se[0])):
        if all(chat[start:end]):
            continue
        # The sentence's own punctuation at a cut goes too: `0.3 times 0.0002,` → `0.3 times
        # 0.0002`; a leading minus stays (`-8 times -7`).
        span = " ".join(tokens[start:end]).lstrip(" ,;:").rstrip(" ,;:")
        if start and _labelled(tokens[start - 1], span):
            continue
        if _sound(span, words[:start], words[end:]):
            yield span


def _chat(tokens: list[str], words: list[str]) -> list[bool]:
    """Which words are chatter here: `one` in `this one:` is; `can't` only before a verb of not
    managing (`can't get this one:`, not `can't be 7 x 8`)."""
    chat = [bool(w) and w in CHATTER for w in words]
    for k in range(len(words)):
        if words[k] == _PRONOUN_ONE and k and words[k - 1] in _THIS_ONE and tokens[k][-1] in ":,":
            chat[k] = True
        if words[k] in _HEAD_ONLY and (k + 1 == len(words) or words[k + 1] not in _MANAGING):
            chat[k] = False
        if (
            k
            and tokens[k] in _DASHES
            and all(chat[:k])
            and k + 1 < len(words)
            and _worded(tokens[k + 1])
        ):
            chat[k] = True  # `for my budget spreadsheet - round 4.9962 to 2 dp`: a dash
    return chat


def _worded(token: str) -> bool:
    """A word after a dash (`- round`), not a number, a number word, a fraction word or a
    letter it may negate (`- 5`, `- seven times 2`, `- half of 10`, `- x`)."""
    word = token.lower()
    return (
        len(word) > 1
        and word.isalpha()
        and word not in _NUMBERISH
        and word.rstrip("s") not in _NUMBERISH
    )


def _clause_start(words: list[str], head: int) -> int | None:
    """Where a sentence of the asker's own begins after the maths (`i always forget my
    tables`): at `i` and its kin, the rest of the text chatter or one of the vetted words of an
    aside (`_ASIDES`). Only known words: an audit showed that any unknown word may change the
    question (`i forgot the brackets`, `we treble it`, `i'd love the avg`)."""
    k = next(
        (k for k in range(head + 1, len(words)) if words[k] in _SUBJECTS or _my_mind(words, k)),
        None,
    )
    if k is None:
        return None
    said = {w for j, w in enumerate(words[k:], k) if not _just_felt(words, j)}
    if said & REQUESTS - _WHAT:
        # only the first subject after the maths; `i only want the remainder`; `what` asks
        # for what the maths makes (`he doesn't know what to write, what's the answer`)
        return None
    return k if _aside_of(words[k:]) else None


def measured_by(words: list[str]) -> bool:
    """Whether `words`, before a quantity (`we pipetted | 75 ml`), are chatter or a vetted verb
    of measuring, using or reading one; `we trebled`, `a dozen` are not."""
    return all(_word(w) in CHATTER or _word(w) in _MEASURE for w in words)


def _labelled(before: str, span: str) -> bool:
    """`question 5 (2 + 3)`: the question's number, not an operand (`question: 5 + 3` is)."""
    return _word(before) in _LABELS and before[-1].isalpha() and span[0].isdigit()


def _doubted(span: str, head: list[str], tail: list[str]) -> bool:
    """Whether chatter taken off doubts or bounds the maths (`3x + 2 = 11 or so`, `2x + 1 = 9 is
    wrong`); the asker getting it wrong asks for the right value (`i keep getting 3/4 + 5/6
    wrong`, `... i keep getting it wrong`, `the wrong answer`)."""
    return doubts(head) or doubts(tail, head)


def _sound(span: str, head: list[str], tail: list[str]) -> bool:
    """Whether taking `head` and `tail` off can leave `span` meaning what the question asks."""
    words = span.split()
    first, last = _word(words[0]), _word(words[-1])
    signed = span[0] in _DASHES and span[1:2].isdigit() and head and head[-1] in _SIGNED_AFTER
    if head and (first == _PRONOUN_ONE or (span[0] in _DASHES and not signed) or head[-1] == "about"):
        # `hey - 5 + 3`: a dash, or a minus? (`asked me what -8 minus 15 is`: a sign) `about
        # 93 + 4`: an estimate
        return False
    if _doubted(span, head, tail) or (tail and (last in CHATTER or last in SYMBOLIC_FILLERS)):
        # The cut must fall right after the maths: `20 + 15 with | tax` (the symbolic reader
        # takes a trailing filler).
        return False
    if tail and last in _TIME_UNITS and not (tail[0] == "for" and first in _CONVERT_VERBS):
        # `how many hours in a week | do i work`, `... | for work` (which hours?); a purpose
        # may go after a conversion asked for outright: `convert 45 minutes into hours | for
        # my timesheet`, where the amount is given and the unit only names the answer's.
        return False
    if tail and (_people_in(tail) or _joined(tail)):
        # `120 / 4 | friends and i`, `100 / 4, | they forget the teacher`: people may be
        # counted; `12 divided by 3 | and me`: the words after `and` may be operands
        return False
    taken = {*head, *tail}
    if CLAIM.fullmatch(span.lower()) or (taken & _LEAVING_OR_ADDING and taken & _ADDED_ON):
        # `my kid says | x = 3`: an answer claimed; `..., | i forgot the tax`: the maths lacks
        # something
        return False
    # `what is u in 2x = 6`: a letter taken off may be the unknown asked for, unless a verb
    # follows it (`i keep getting it wrong`, `u need`: a pronoun).
    return not ("=" in span and (letters(head) or letters(tail)))


def _people_in(tail: list[str]) -> bool:
    """Whether the words taken off after the maths name people other than who it is for
    (`for my son`, `for me`)."""
    rest, k = [], 0
    while k < len(tail):
        if tail[k] == "for" and k + 1 < len(tail) and tail[k + 1] == "me":
            k += 2
        elif tail[k] == "for" and tail[k + 1 : k + 2] in (["my"], ["his"], ["her"], ["our"], ["the"]):
            k += 3
        else:
            rest.append(tail[k])
            k += 1
    return bool(set(rest) & _PEOPLE)


def _joined(tail: list[str]) -> bool:
    """Whether `and`/`or` in the words taken off joins anything but an aside."""
    return any(w in ("and", "or") and not _aside_of(tail[k + 1 :]) for k, w in enumerate(tail))


def _aside_of(words: list[str]) -> bool:
    """After `and` in the words taken off: the asker's own aside (`and i froze`), or someone
    else's feeling or not-knowing (`and he doesn't know what to write`), never their doing
    (`and they had some`)."""
    said = set(words[1:])
    if not words or not said or said & (_PEOPLE | _HAVING_SOME):
        return False  # `and i forget my brother`, `and i had some`: a sharer, a part
    if words[0] in _MINE or _my_mind(words, 0):
        return all(w in CHATTER or w in _ASIDE for w in said)
    # `and he doesn't know what to write`: not-knowing in a few words, nothing they do or forget
    return words[0] in _OTHERS and said <= _NOT_KNOWING and bool(said & _NOT_KNOWING_VERBS)


def _just_felt(words: list[str], k: int) -> bool:
    """`just` before a feeling (`my brain just froze`) says when, it asks for nothing (`just
    the answer` does)."""
    return words[k] == "just" and k + 1 < len(words) and words[k + 1] in _ASIDE


def _my_mind(words: list[str], k: int) -> bool:
    """`my brain` at `k`: the asker's own mind begins their aside (`my brain just froze`)."""
    return words[k] == "my" and k + 1 < len(words) and words[k + 1] in _MY_MIND


def letters(words: list[str]) -> bool:
    """Whether `words` hold a lone `a`, or an `i` or `u` that is not a pronoun before a verb
    (`a` never is one: `what can a have if 2x + 3 = 11` asks about `a`)."""
    return any(
        w == "a" or (w in ("i", "u") and (k + 1 == len(words) or words[k + 1] not in _PRONOUN_VERBS))
        for k, w in enumerate(words)
    )
