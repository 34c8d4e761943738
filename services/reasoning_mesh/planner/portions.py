"""Two portions of one thing, put together or one taken from the other: `Cookie recipe calls for
3/4 cup white sugar and 2/3 cup brown sugar. How much sugar is that altogether, as a fraction
of a cup?`, `Used 3/4 of a tin of paint on the hallway and 2/3 of a tin on the landing. How many
tins is that altogether?`, `Had 5/6 of a bag of compost in the shed and used 1/4 of a bag on the
tomatoes. What fraction of a bag is left?`.

Each portion is a number (a fraction, a mixed number, a decimal) followed by what it is of, and
both are of the same thing (`cup`, `of a tin`, `tins`): so no portion is of another (`2/5 of a
3/4 metre board`, `2/3 of the recipe`, `1/4 of it`), and nothing is converted. The sum is read
where the question asks for a total (`altogether`, `in total`); the difference where the first
is had (`had`, `got`) and the second used (`used`, `poured`), and what is left is asked. Every
other word is plain (`background.plain_word`) and none shares, scales or repeats (`each`,
`only`, `double`, `per`, `batches`); a word that describes one portion only (`brown`) may not be
in the ask (`how much brown sugar`). The reading is the sum or difference as written.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.background import number, plain_word, tokens
from reasoning_mesh.planner.numwords import names_a_number

#: An answer asked as a fraction (the exact answer's form): left out before reading.
_AS_FRACTION = re.compile(
    r"[,.(]?\s*\(?(?:leave it |give it |answer |happy with |as )?(?:as )?(?:an? )?(?:improper )?"
    r"fraction(?: of an? [a-z]+)?(?: is fine| pls| please| plz)?(?:,? not a decimal)?\)?"
    r"(?=\s*(?:[.?!]|$))"
)
_TOTAL = re.compile(r"\b(?:altogether|in total|total|all together|combined|in all)\b")
_LEFT = re.compile(r"\b(?:left|remaining|remain|remains)\b")
_HAD = frozenset(("had", "have", "got", "i've", "ive", "we've", "was", "read", "there's"))
_USED = frozenset(("used", "use", "poured", "drank", "ate", "took", "spent", "put", "using"))
_ASKS = frozenset(("how", "much", "many", "what", "fraction", "is", "that", "in", "total",
                   "altogether", "all", "together", "combined", "of", "a", "an", "the", "it",
                   "do", "does", "did", "i", "we", "have", "need", "use", "used", "left",
                   "remaining", "is", "there", "now", "'s", "what's", "whats", "come", "to",
                   "comes", "went", "go", "gone", "?", ".", "!", ","))  # fmt: skip
#: Words that share, scale, repeat or qualify a portion: never read past.
_DENY = frozenset(
    ("each", "per", "every", "only", "double", "doubled", "doubling", "triple", "tripled",
     "tripling", "twice", "half", "halve", "halved", "times", "batch", "batches", "between",
     "share", "shared", "split", "among", "more", "extra", "again", "back", "returned",
     "refill", "refilled", "spilled", "spilt", "wasted", "instead", "not", "no", "minus",
     "plus", "less", "rest", "both", "same", "serves", "serving", "servings", "scale",
     "scaled", "full", "empty", "other", "another's", "else", "someone", "she", "he", "they",
     "her", "his", "their", "left")
)  # fmt: skip


def read(text: str) -> str | None:
    """`3/4 cup ... and 2/3 cup ... altogether` → `What is (3/4) + (2/3)?`."""
    said = _AS_FRACTION.sub("", text.lower())
    words = tokens(said)
    portions = _portions(words)
    if portions is None:
        return None
    (a, b), used, starts, thing = portions
    total, left = _TOTAL.search(said) is not None, _LEFT.search(said) is not None
    if total == left:
        return None
    if left and not (_near(words, starts[0], _HAD) and _near(words, starts[1], _USED)):
        return None  # `had ... used ... left`, nothing else
    if not _plain(words, used, starts, thing, left=left):
        return None
    return natural.arithmetic(f"what is {a} {'-' if left else '+'} {b}")


def _portions(
    words: list[str],
) -> tuple[tuple[str, str], list[int], tuple[int, int], str] | None:
    """The two portions as written (`(1 + 1/2)` for `1 1/2`) and the places of their words
    (numbers and what each is of), where both are of one thing; else None."""
    at = [i for i, w in enumerate(words) if number(w)]
    amounts: list[tuple[str, list[int]]] = []
    k = 0
    while k < len(at):
        i = at[k]
        if k + 1 < len(at) and at[k + 1] == i + 1 and _proper(words[i + 1]) and "." not in words[i]:
            amounts.append((f"({words[i]} + {words[i + 1]})", [i, i + 1]))
            k += 2
            continue
        amounts.append((words[i], [i]))
        k += 1
    if len(amounts) != 2 or any(w.startswith("-") for w in words if number(w)):
        return None
    first, second = (_of(words, places[-1]) for _, places in amounts)
    if first is None or second is None or first[0] != second[0]:
        return None  # `2/5 of a 3/4 metre board`, `1/4 of it`: of another thing
    used = [*amounts[0][1], *first[1], *amounts[1][1], *second[1]]
    starts = (amounts[0][1][0], amounts[1][1][0])
    return (amounts[0][0], amounts[1][0]), used, starts, first[0]


def _proper(word: str) -> bool:
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})", word)
    return m is not None and 0 < int(m[1]) < int(m[2])


def _of(words: list[str], i: int) -> tuple[str, list[int]] | None:
    """What the amount at `i` is of (`cup`, `of a tin` → `tin`, `tins` → `tin`), and the places
    of those words."""
    after = words[i + 1 : i + 4]
    if after[:2] in (["of", "a"], ["of", "an"], ["of", "the"]) and len(after) == 3:
        return _stem(after[2]), [i + 1, i + 2, i + 3]
    if after and re.fullmatch(r"[a-z]+", after[0]) and after[0] not in ("of", "and", "to", "on"):
        return _stem(after[0]), [i + 1]
    return None


def _stem(word: str) -> str:
    return word.removesuffix("es") if word.endswith(("ches", "shes")) else word.removesuffix("s")


def _near(words: list[str], start: int, kind: frozenset[str]) -> bool:
    """Whether a word of `kind` stands in the three words before the portion at `start`."""
    return any(w in kind for w in words[max(0, start - 3) : start])


def _plain(
    words: list[str], used: list[int], starts: tuple[int, int], thing: str, *, left: bool
) -> bool:
    """Every other word plain, none of `_DENY` (`left` is the ask's word in a difference), no
    other number in words, and no word in the ask that describes one portion only."""
    rest = [w for j, w in enumerate(words) if j not in used]
    deny = _DENY - {"left"} if left else _DENY
    if any(w in deny or names_a_number(w) for w in rest):
        return False
    if not all(
        plain_word(w) or w in _ASKS or w in _HAD or w in _USED or _stem(w) == thing for w in rest
    ):
        return False
    ask_at = max(
        (j for j, w in enumerate(words) if w in ("how", "what", "what's", "whats")), default=None
    )
    if ask_at is None or ask_at < max(used):
        return False  # the ask comes after both portions
    first, second = (set(_described(words, i)) - _ASKS - {thing} for i in starts)
    if not first or not second:
        return True  # `3/4 cup sugar, 2/3 cup`: the second said without its name
    return not any(w in first ^ second for w in words[ask_at:])


def _described(words: list[str], i: int) -> list[str]:
    """The words after the portion at `i` up to the next mark or joiner (`white sugar`)."""
    out = []
    for w in words[i + 1 :]:
        if w in (",", ".", "?", "!", "and", "then", "on", "for", "in", "with", "to"):
            break
        out.append(w)
    return [_stem(w) for w in out if w not in ("of", "a", "an", "the")]
