"""Two portions of one thing, put together or one taken from the other: `Cookie recipe calls for
3/4 cup white sugar and 2/3 cup brown sugar. How much sugar is that altogether, as a fraction
of a cup?`, `Used 3/4 of a tin of paint on the hallway and 2/3 of a tin on the landing. How many
tins is that altogether?`, `Had 5/6 of a bag of compost in the shed and used 1/4 of a bag on the
tomatoes. What fraction of a bag is left?`.

Each portion is a fraction or a mixed number followed by what it is of (whole amounts are
other readers': `238 km on Monday and 651 km on the route` holds one in the other), and both
are of the same thing (`cup`, `of a tin`, `tins`): so no portion is of another (`2/5 of a
3/4 metre board`, `2/3 of the recipe`, `1/4 of it`), and nothing is converted. The sum is read
where the question asks for a total (`altogether`, `in total`); the difference where the first
is had (`had`, `got`) and the second used (`used`, `poured`), and what is left is asked. Every
other word is plain (`background.plain_word`) and none shares, scales or repeats (`each`,
`only`, `double`, `per`, `batches`); a word that describes one portion only (`brown`) may not be
in the ask (`how much brown sugar`). The reading is the sum or difference as written.
"""

from __future__ import annotations

import re
from fractions import Fraction

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
_HAD = frozenset(("had", "have", "got", "i've", "ive", "we've", "was", "read", "there's"))
_USED = frozenset(("used", "use", "poured", "drank", "ate", "took", "spent", "put", "using"))
_ASKS = frozenset(("how", "much", "many", "what", "fraction", "is", "that", "in", "total",
                   "altogether", "all", "together", "combined", "of", "a", "an", "the", "it",
                   "do", "does", "did", "i", "we", "have", "need", "use", "used", "left",
                   "remaining", "there", "now", "'s", "what's", "whats", "come", "to",
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


def read(text: str) -> str | None:  # noqa: PLR0911 - one refusal per check
    """`3/4 cup ... and 2/3 cup ... altogether` → `What is (3/4) + (2/3)?`."""
    lower = text.lower()
    said = _AS_FRACTION.sub("", lower)
    words = tokens(said)
    portions = _portions(words)
    if portions is None:
        return None
    (a, b), used, starts, thing = portions
    asked = _asked(words, thing)
    if asked is None or asked < max(used):
        return None  # the ask, one of a few, after both portions
    left = "left" in words[asked:] or "remaining" in words[asked:]
    roles = _ROLES | {"recipe", "instructions"} if left else _ROLES  # `recipe was 3/4 cup`
    if any(w in roles for w in words[:asked]) or (not left and _TOTAL.search(said) is None):
        return None  # `I have 3/4 of a tin and I need 2/3 of a tin`: roles, not portions
    if left and not _taken(words, starts, a, b):
        return None
    if not left and words[starts[0] - 1] in ("had", "got", "read"):
        return None  # `had 3/4 of a tank and used 1/4 of a tank, how much in total?`
    if _odd(lower, words, starts, thing):
        return None
    if not _plain(words, asked, used, starts, thing, left=left):
        return None
    return natural.arithmetic(f"what is {a} {'-' if left else '+'} {b}")


#: The asks read (audit N: any other ask may want whole tins, calories, one portion, the start).
_ASK_TOTAL = re.compile(
    r"^(?:so )?(?:how much(?: (?P<noun>[a-z]+))?|how many (?P<things>[a-z]+)|what fraction of an? "
    r"(?P<of>[a-z]+)) (?:is that |is it |does that come to |is needed )?(?:altogether|in total"
    r"|all together|in all)(?: in (?P<in>[a-z]+))?(?: \?| \.| !)*$"
)
_ASK_LEFT = re.compile(
    r"^(?:so )?(?:how much(?: of an? (?P<of>[a-z]+))?|what fraction of (?:an?|the) (?P<of2>[a-z]+)"
    r"|how many (?P<things>[a-z]+)) (?:is|are|have i got|do i have|have we got|do we have) "
    r"(?:left|remaining)(?: now)?(?: \?| \.| !)*$"
)
#: Who else, what else, other roles: a portion that is not simply put together or taken.
_ROLES = frozenset(
    ("need", "needs", "needed", "buy", "bought", "order", "ordered", "open", "opened", "or",
     "sorry", "actually", "mean", "skip", "skipping", "leave", "optional", "just", "without",
     "except", "sister", "brother", "mum", "mom", "dad", "neighbour", "neighbor", "friend",
     "husband", "wife", "partner", "flatmate", "son", "daughter", "kids", "kid", "nan", "gran",
     "theirs", "mine", "hers", "his", "someone", "all", "gave",
     "borrowed", "filled", "finished", "took", "put", "added", "topped", "little", "bit",
     "scoop", "similar", "similarly", "also", "too", "through", "been", "to", "coat", "coats",
     "room", "rooms", "plant", "plants", "pot", "pots", "from", "each", "me", "them", "it")
)  # fmt: skip


def _asked(words: list[str], thing: str) -> int | None:
    """Where the ask begins, where the last sentence is one of `_ASK_TOTAL`/`_ASK_LEFT` and
    names no other thing than the portions' (`how many tins`, `what fraction of a bag`)."""
    starts = [j for j, w in enumerate(words) if w in ("how", "what", "so")]
    for j in starts:
        sentence = " ".join(words[j:])
        m = _ASK_TOTAL.match(sentence) or _ASK_LEFT.match(sentence)
        if m is None:
            continue
        named = [v for k, v in m.groupdict().items() if v and k != "noun"]
        if all(_stem(v) == thing for v in named):
            return j
        return None
    return None


def _odd(said: str, words: list[str], starts: tuple[int, int], thing: str) -> bool:
    """What audit N found beside portions: a fraction asked of another thing (`as a fraction
    of a kilogram`), labels (`sugar: 3/4 cup`), a portion over two places (`on the hall and
    on the landing`), something used without a number (`used a trowelful`), and a second
    portion taken from a container (`in the van`) or at a time not said (`I've used`)."""
    asked_of = {_stem(w) for w in re.findall(r"fraction of (?:an?|the) ([a-z]+)", said)}
    second = starts[1]
    return (
        bool(asked_of - {thing})
        or ":" in words
        or any(
            w == "and" and words[j + 1 : j + 2] in (["on"], ["in"], ["for"]) for j, w in enumerate(words)
        )
        or any(
            w in _USED and words[j + 1 : j + 2] in (["a"], ["an"], ["some"], ["the"])
            for j, w in enumerate(words)
        )
        or any(
            w in ("in", "from")
            for w in words[second + 1 : second + 8]
            if w != "in" or "total" not in words
        )
        or words[second - 2 : second - 1] in (["i've"], ["ive"], ["we've"], ["have"])
    )


def _taken(words: list[str], starts: tuple[int, int], a: str, b: str) -> bool:
    """`had A of a tin ... used B of a tin`: `had` (or a gauge's `read`) right before the
    first, a verb of using right before the second, never `of the` (of what was had?), and
    never more taken than had."""
    first, second = starts
    had = words[first - 1] in ("had", "got", "read") and words[first - 2 : first] != ["had", "to"]
    took = words[second - 1] in ("used", "poured", "drank", "ate")
    of_the = words[second + 1 : second + 3] == ["of", "the"]
    return had and took and not of_the and _value(b) <= _value(a)


def _value(amount: str) -> Fraction:
    """The amount as written (`(1 + 1/2)`), as a fraction, only to refuse a portion taken that
    is more than the one had (audit N: `had 1/4 of a tin and used 3/4 of a tin`)."""
    return sum((Fraction(p) for p in re.findall(r"\d+(?:/\d+|\.\d+)?", amount)), Fraction(0))


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
        if (
            k + 1 < len(at)
            and at[k + 1] == i + 1
            and _proper(words[i + 1])
            and "." not in words[i]
            and (i == 0 or not words[i - 1].isalpha() or words[i - 1] in _BEFORE_MIXED)
        ):  # `wall 1 3/4 tin, wall 2 2/3 tin`: labels, not mixed numbers
            amounts.append((f"({words[i]} + {words[i + 1]})", [i, i + 1]))
            k += 2
            continue
        amounts.append((words[i], [i]))
        k += 1
    if len(amounts) != 2 or any(w.startswith("-") for w in words if number(w)):
        return None
    if not all("/" in amount for amount, _ in amounts):
        return None  # `238 km on Monday and 651 km on the entire route`: parts of wholes?
    first, second = (_of(words, places[-1]) for _, places in amounts)
    if first is None or second is None or first[0] != second[0]:
        return None  # `2/5 of a 3/4 metre board`, `1/4 of it`: of another thing
    used = [*amounts[0][1], *first[1], *amounts[1][1], *second[1]]
    starts = (amounts[0][1][0], amounts[1][1][0])
    return (amounts[0][0], amounts[1][0]), used, starts, first[0]


#: What may stand before a mixed number (`had 1 1/2 tins`); never a label (`wall 1 3/4`).
_BEFORE_MIXED = _HAD | _USED | frozenset(("and", "then", "needs", "need", "takes", "calls", "for",
                                          "with", "is", "of", "about"))  # fmt: skip


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


def _plain(
    words: list[str], asked: int, used: list[int], starts: tuple[int, int], thing: str, *, left: bool
) -> bool:
    """Every word before the ask plain, none of `_DENY` (`left` may say what was had), no
    other number in words, and no word in the ask that describes one portion only."""
    rest = [w for j, w in enumerate(words[:asked]) if j not in used]
    deny = _DENY - {"left"} if left else _DENY
    if any(w in deny or names_a_number(w) for w in rest):
        return False
    said = _ASKS | _HAD | _USED
    if not all(plain_word(w) or w in said or _stem(w) == thing for w in rest):
        return False
    first, second = (set(_described(words, i)) - _ASKS - {thing} for i in starts)
    if left and second and first != second:
        return False  # `had 3/4 cup of milk, used 1/4 cup of water` (audit N)
    if not first or not second:
        return True  # `3/4 cup sugar, 2/3 cup`: the second said without its name
    return not any(w in first ^ second for w in words[asked:])


def _described(words: list[str], i: int) -> list[str]:
    """The words after the portion at `i` up to the next mark or joiner (`white sugar`)."""
    out = []
    for w in words[i + 1 :]:
        if w in (",", ".", "?", "!", "and", "then", "on", "for", "in", "with", "to"):
            break
        out.append(w)
    return [_stem(w) for w in out if w not in ("of", "a", "an", "the")]
