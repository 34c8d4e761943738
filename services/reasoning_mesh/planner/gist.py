"""One quantity told among words of the asker's own: `Strava says I ran 12,500 m this week.
What's that in km?`, `Unit cost worked out at £18.4449. What is that to the nearest penny?`,
`We made 7,049 sales last quarter - nearest hundred?`.

The other readers take such sentences by their shape (a verb saying what the quantity is, a
few fixed asks). People's background has no fixed shape (an app, a project, a recipe), so this
reader judges the background by what is *not* in it instead: the question holds exactly one
number, and every other word is plain (`sentence_words.plain`: no word of maths, no number
word, no unit; nor a word that makes the amount stand for another, a map's or a model's, a
count of laps, a return trip: `NOT_LITERAL`, `CHANGES`, `background`'s own list). With one
number and no word that could act on it, what can be asked is only that number in another unit
or rounded, and the ask must say which:

- a conversion names its unit once or more (`what's that in km`, `the site wants it in
  kilograms`), always the same unit, of the measure the quantity's unit is of, and never as a
  word before a noun (`how many ml glasses`) or after one that counts it (`a km`, `per km`);
  `how many grams do i need` (more? the rest?) is not read;
- a rounding names its place (`to 1 dp`, `to the nearest hundred`, `nearest penny` of an
  amount of money), and may name the quantity's own unit (`to the nearest kg`).

The reading is the grammar's own (`How many km are there in 12500 m?`), built from the
question's own words; `read` returns None where anything is not as above.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import doubtful, natural, said_units, thousands, two_units
from reasoning_mesh.planner.background import (
    CURRENCY,
    SENTENCE_ENDS,
    WHOSE,
    describes,
    number,
    plain_word,
    tail_plain,
    tokens,
)
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

_ASKS = frozenset(
    ("how", "many", "much", "what", "whats", "what's", "convert", "converting", "converted",
     "change", "turn", "express", "into", "in", "to", "as", "of")
)  # fmt: skip
#: After `how many <unit>`: what may follow the unit asked for (`how many km is that`).
_AFTER_HOW_MANY = frozenset(("is", "are", "was", "were", "would", "will", "in", "there",
                             "exactly", "that", "this", "it", "r", "total", "altogether"))  # fmt: skip
#: Before a unit: words that make it a quantity of its own (`a km`, `per km`).
_COUNTING = frozenset(("a", "an", "one", "per", "each", "every", "the"))


def converted(text: str) -> str | None:
    """`12,500 m ... what's that in km` → `How many km are there in 12500 m?`."""
    words, pair = two_units.as_one(_decimal_form_off(tokens(text)))
    k = only_number(words)
    if k is None or k + 1 >= len(words) or words[k + 1] not in UNIT_NAMES:
        return None
    value, unit = words[k], words[k + 1]
    rest = [(i, w) for i, w in enumerate(words) if i not in (k, k + 1)]
    asked = [i for i, w in rest if w in UNIT_NAMES]
    if (
        "/" in value
        or value.startswith("-")
        or not _asked(words, asked, k + 1)
        or _rated_or_part(words, k + 1)
        or doubtful.one_quantity(words, k) is not None
        # `how many hours is that for the trilogy`
        or (max(asked) > k and not tail_plain(words[max(asked) + 1 :]))
        or (max(asked) < k and not _ends_plainly(words, max(asked), k))
        or _joined_after(words, k)
        or _working_time(words, unit, words[asked[0]])
        or not all(
            plain_here(w) or w in _ASKS or describes(words, k, i) or _measured_as(words, k, i)
            for i, w in rest
            if i not in asked and not i > max(asked) > k  # the tail has its own check
        )
    ):
        return None
    value = grouped(value, words[:k], unit=True)
    if "," in value or said_units.unsure_amount(value, unit, text):
        return None  # `42,195 km`: a decimal comma, or thousands? (`thousands`); `Milk: 8 oz`
    said = f"{value} {unit}" if pair is None else pair
    return natural.reading_as(f"{said}, how many {words[asked[0]]} is that", "How many")


#: Right after a quantity, what it measures or when (`1.85 m long`, `6 feet tall now`).
_MEASURED = frozenset(("long", "tall", "wide", "high", "deep", "thick", "heavy", "now"))


def _measured_as(words: list[str], k: int, i: int) -> bool:
    """Whether `words[i]` is one of `_MEASURED` right after the quantity at `k`, and the clause
    ends after them (never `3.5 cm long according to my phone`: a map's?)."""
    run = k + 2
    while run < len(words) and words[run] in _MEASURED and run < k + 4:
        run += 1
    ended = run == len(words) or words[run] in (",", "-", ".", "?", "!", ";", ":")
    return k + 2 <= i < run and ended


def _sentence_after(words: list[str], k: int) -> list[str]:
    """The words after the quantity at `k` (its unit, `long`/`now`, `of <thing>`) to the end
    of its sentence."""
    i = k + 2
    while i < len(words) and words[i] in _MEASURED:
        i += 1
    if words[i : i + 1] == ["of"]:
        i += 1
        while i < len(words) and i <= k + 5 and plain_word(words[i]) and words[i] not in SENTENCE_ENDS:
            i += 1
    end = next((j for j in range(i, len(words)) if words[j] in SENTENCE_ENDS), len(words))
    return words[i:end]


def _ends_plainly(words: list[str], ask: int, k: int) -> bool:
    """`how many km is 12 miles for my wife and i`: after a quantity asked of in its sentence
    (the ask at `ask`), only tail words to the end of that sentence."""
    told = any(w in SENTENCE_ENDS for w in words[ask:k])  # `how many pounds? my suitcase weighed ...`
    after = _sentence_after(words, k)
    for i, w in enumerate(after):  # `... in 2 weeks and I blanked, help`: the asker's own
        if w == "and" and after[i + 1 : i + 2] != [] and after[i + 1] in _SUBJECTS:
            after = after[:i]
            break
    if len(after) == 1 and plain_word(after[0]):
        return True  # `in a 12-hour shift?`: what the quantity is of
    if after[:1] == ["for"] and after[1:2] != [] and after[1] in WHOSE:
        named = after[2:]  # `for the risotto`; never `for my wife and i`, `for the team`
        people = any(w in _WHO or thousands.counted(w) for w in named)  # `for the grandkids`
        if 1 <= len(named) <= 2 and all(map(plain_word, named)) and not people:
            return True
    return told or tail_plain(after)


#: Who a quantity may be for, more than once (`for the team`, `for us both`).
_WHO = frozenset(
    ("team", "class", "group", "crew", "squad", "club", "everyone", "all", "us", "them",
     "both", "guests", "wife", "husband", "partner", "kids", "children", "family", "twins",
     "lot", "office", "party", "household", "house", "street", "choir", "band")
)  # fmt: skip


def _joined_after(words: list[str], k: int) -> bool:
    """`12 miles and the detour`, `2 hours 15 minutes film and trailers`, `12 miles or so`:
    something joined to the quantity in its sentence, before anything asks."""
    after = _sentence_after(words, k)
    for i, w in enumerate(after):
        if w in ("what", "what's", "whats", "how", "can", "could", "need", "want", "convert"):
            return False
        if w in ("and", "&", "plus", "or", "with", "n", "+") and not _clause(after[i + 1 :]):
            return True
    return False


#: Who may open a clause of their own after `and` (`and I blanked`, `and my jug is marked`).
_SUBJECTS = frozenset(("i", "i'm", "im", "i've", "ive", "we", "my", "our", "she", "he", "they",
                       "it", "it's", "its", "then"))  # fmt: skip
_VERBS = frozenset(("is", "are", "was", "were", "has", "have", "had", "says", "said", "needs",
                    "wants", "uses", "takes", "shows", "reads", "asks"))  # fmt: skip


def _clause(words: list[str]) -> bool:
    """Whether the words after `and` open a clause of their own (`and I blanked`, `and the
    recipe is in grams`), not a second thing joined (`and the detour`, `and trailers`)."""
    return bool(words) and (words[0] in _SUBJECTS or any(w in _VERBS for w in words[:4]))


#: A day or a week of work, school or leave may be a working one (`40 hours of overtime in
#: days?`: five days of eight hours?).
_WORKING = frozenset(
    ("work", "working", "worked", "overtime", "leave", "holiday", "holidays", "school",
     "service", "business", "office", "job", "contract", "annual", "shifts", "rota")
)  # fmt: skip


def _working_time(words: list[str], unit: str, asked: str) -> bool:
    units = {UNIT_NAMES[unit], UNIT_NAMES[asked]}
    return bool(units & {"day", "week"}) and any(w in _WORKING for w in words)


def _decimal_form_off(words: list[str]) -> list[str]:
    """`words` without `as a decimal` asked of the conversion (`how many hours is that, as a
    decimal?`): a conversion's answer is a decimal already (one that never ends fails)."""
    for j in range(1, len(words) - 2):
        if words[j : j + 3] == ["as", "a", "decimal"] and tail_plain(words[j + 3 :]):
            cut = j - 1 if words[j - 1] == "," else j
            if words[cut - 1] in _AFTER_HOW_MANY | UNIT_NAMES.keys():
                return words[:cut] + words[j + 3 :]
    return words


def _rated_or_part(words: list[str], end: int) -> bool:
    """Whether what follows the quantity ending at `end`, in its sentence, makes it a rate
    (`250 ml a pupil`, `2.5 L of water a workday`) or part of a named whole (`12,500 m of the
    route`); `5 miles? planning a walk route` asks of the 5 miles."""
    after = words[end + 1 :]
    ends = [i for i, w in enumerate(after) if w in SENTENCE_ENDS]
    after = after[: ends[0]] if ends else after
    rated = any(
        w in ("a", "an") and not number(n) and n not in UNIT_NAMES
        for w, n in zip(after, [*after[1:], "?"], strict=False)
    )
    return rated or (after[:1] == ["of"] and after[1:2] != [] and after[1] in WHOSE)


def grouped(value: str, before: list[str], *, unit: bool) -> str:
    """`value` without its thousands commas where they can only be that: beside a decimal
    point (`1,237.486`), or where `thousands` reads them so; else as written."""
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+\.\d+", value):
        return value.replace(",", "")
    return thousands.read(value, before, unit=unit)


def plain_here(word: str) -> bool:
    """Plain, or a word that, beside one number and no other, can only say what it is (`my
    average is 7.65`, `the calculator gives 12.97`, `it cost 18.4449`, `the scale said`)."""
    return plain_word(word) or word in _SAYING_WHAT_IT_IS


#: Words of maths or of price that say what the one number is; never before it (`log 100`).
_SAYING_WHAT_IT_IS = frozenset(
    ("average", "avg", "averaged", "averaging", "gives", "gave", "takes", "took", "cost",
     "costs", "price", "priced", "scale", "log", "logged", "logs")
)  # fmt: skip


def only_number(words: list[str]) -> int | None:
    """Where the one number of `words` is; None for none, more, or one a sign may change:
    a dash before it (`- 3.7`), brackets round it (`(£18.4449)`, an account's minus), a dash
    after it that asks nothing (`18.4449-`, `12,500 m - the cooldown`)."""
    at = [i for i, w in enumerate(words) if number(w)]
    if len(at) != 1 or (at[0] > 0 and words[at[0] - 1] in ("-", "(")):
        return None
    k = at[0]
    if k > 1 and words[k - 1] in CURRENCY and words[k - 2] == "(":
        return None
    if k > 0 and words[k - 1] in ("log", "logs", "average", "avg"):
        return None  # `log 100`, `average 7.65`: a function of it?
    end = k + 1 if k + 1 < len(words) and words[k + 1] in UNIT_NAMES else k
    if words[end + 1 : end + 2] == ["-"] and words[end + 2 : end + 3] not in _DASH_ASKS:
        return None
    return k


#: What may follow a dash after the quantity (`650 mm — what's that in cm?`).
_DASH_ASKS = (["what"], ["what's"], ["whats"], ["how"], ["round"], ["rounded"], ["nearest"],
              ["to"], ["convert"], ["in"], ["can"], ["could"], ["pls"], ["please"],
              [","])  # fmt: skip


def _asked(words: list[str], asked: list[int], end: int) -> bool:
    """Whether the units at `asked` name one unit, of the measure the quantity's unit (at
    `end`) is of, and each is the one asked for."""
    targets = {UNIT_NAMES[words[i]] for i in asked}
    if len(targets) != 1:
        return False
    target, stated = targets.pop(), UNIT_NAMES[words[end]]
    if target == stated or DIMENSION_OF[target] != DIMENSION_OF[stated]:
        return False
    return all(_asked_unit(words, i) or _of_thing(words, i, end) for i in asked)


def _of_thing(words: list[str], i: int, end: int) -> bool:
    """`2.3 kg of potatoes in grams?`: the unit at `i` asked right after what the quantity
    ending at `end` is of (one or two plain words), at the end of its clause."""
    thing = words[end + 2 : i - 1]
    after = words[i + 1] if i + 1 < len(words) else "?"
    return (
        words[end + 1 : end + 2] == ["of"]
        and words[i - 1] in ("in", "into")
        and 1 <= len(thing) <= 2
        and all(map(plain_word, thing))
        and after in ("?", ".", "!", "please", "pls", "then", "thanks")
    )


def _asked_unit(words: list[str], i: int) -> bool:
    """Whether the unit at `i` is the one asked for: after `how many`, or at the end of its
    clause after `in`/`into`/`to` or a verb (`the site wants kilograms`), never counted."""
    before = words[i - 1] if i > 0 else ""
    after = words[i + 1] if i + 1 < len(words) else "?"
    if before in _COUNTING:
        return False
    if words[max(0, i - 2) : i] == ["how", "many"]:
        if after in ("do", "does", "did"):  # `how many kg does that make`, not `do i need`
            return words[i + 2 : i + 3] in (["that"], ["this"], ["it"])
        then = words[i + 2 : i + 3]
        if after in ("is", "are", "was", "were", "in") and not (
            then in ([], ["that"], ["this"], ["it"], ["there"], ["in"], ["?"], ["."], [","])
            or (then and number(then[0]))
        ):
            return False  # `how many mm is the lid`: of what?
        return after in _AFTER_HOW_MANY or not re.match(r"[a-z]", after)
    ended = not re.match(r"[a-z]", after) or after in (
        "for", "please", "pls", "then", "thanks", "only", "exactly", "total"
    )  # fmt: skip
    if before in ("in", "into", "to", "as"):
        # `what's that in km`, `marked in ml`; not `the flat bit in km`, `working days`
        return ended and (words[i - 2] if i > 1 else "") in _SAYS_WHICH_UNIT | UNIT_NAMES.keys()
    return ended and before in _SAYS_WHICH_UNIT


#: Words before the unit asked (or before its `in`): it, or a verb saying which unit is wanted.
_SAYS_WHICH_UNIT = frozenset(
    ("that", "it", "this", "them", "those", "these", "is", "are", "was", "be", "marked",
     "measured", "wants", "want", "wanted", "needs", "need", "needed", "convert", "converted",
     "converting", "change", "changed", "express", "expressed", "put", "write", "written",
     "enter", "type", "shows", "show", "reads", "read", "do", "does", "only", "works", "work",
     "answer", "result", "number", "total", "amount", "figure", "in", "into")
)  # fmt: skip


#: `what's the deposit to the nearest penny`: an ask that names a thing other than the one
#: quantity stated; only these name it (`what's the total to 2 dp`).
_ASKED_THING = re.compile(r"\bwhat(?:'s| is|s) (?:the|my|our|his|her|their) (?P<thing>[a-z']+)")
_IT = frozenset(("total", "answer", "number", "figure", "value", "result", "amount", "reading"))


def asks_another(text: str) -> bool:
    """`what's the deposit in euros`: the ask names something other than the one quantity."""
    thing = _ASKED_THING.search(" ".join(tokens(text)))
    return thing is not None and thing["thing"] not in _IT


def read(text: str) -> str | None:
    return None if asks_another(text) else converted(text)
