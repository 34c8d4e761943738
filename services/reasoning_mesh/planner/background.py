"""What a question's background may hold: the words the readers of maths told among background
nobody listed (`gist`, `listed`, `amid`) leave out, and how they split a question into words.

A word is *plain* when it names no operation, number, unit or sign (`sentence_words.plain`),
makes no amount stand for another (`NOT_LITERAL`, `CHANGES`), and is not one of `_NOT_PLAIN`:
words an audit found carrying a second amount, a part, a rate, a count, an answer form or a
system of numbers. After the maths, only `TAIL_WORDS` may follow: there a word nobody listed may
name the form of the answer (`in French`), so the list is closed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reasoning_mesh.planner.chatter import CHATTER
from reasoning_mesh.planner.sentence_words import CHANGES, NOT_LITERAL, PURPOSES, plain
from reasoning_mesh.planner.units import UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

#: Plain by `sentence_words`, yet they may make one amount stand for another (a trip there and
#: back, a lap, a rate, a price) or compare it with another.
_NOT_PLAIN = frozenset(
    ("back", "trip", "lap", "side", "sides", "across", "speed", "pace", "rate", "cost", "costs",
     "price", "priced", "pay", "paid", "worth", "save", "owe", "owed", "net", "gross", "sig",
     "figs", "figures", "chop", "duodecimal", "roman", "taller", "shorter", "longer", "heavier",
     "lighter", "further", "farther", "faster", "slower", "older", "younger", "wider", "deeper",
     "higher", "lower", "cheaper", "dearer", "longest", "shortest", "biggest", "least", "max",
     "maximum", "minimum", "ages", "old", "age", "birthday", "born", "pct", "chance", "probability",
     "scale",
     # functions, whose names stand before a number (`log 100`, `ln 5`)
     "sin", "cos", "tan", "csc", "cot", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "ln",
     "lg", "exp", "cbrt", "abs", "ceil", "fact", "hcf", "gcf", "rem", "neg", "words", "word",
     "letters", "spell", "spelled", "spelt",
     # who or what an amount may be shared by or part of (`round the adults`, `for the family`)
     "people", "adults", "children", "kids", "guests", "family", "fans", "members", "staff",
     "students", "pupils", "fortnight", "season", "term", "semester", "weekend", "dollars",
     "dollar", "euros", "euro", "bucks", "quid", "pence", "cents", "cent", "penny",
     # a measure other than the one stated may be asked for (`25 cm wide ... the length`)
     "length", "width", "height", "depth", "weight", "thickness", "mass", "distance", "perimeter",
     "circumference", "diameter", "radius",
     # a repeat, a refund, a count in a plain noun, days in the plural (audit B)
     "same", "home", "repeat", "repeated", "repeating", "halfway", "refund", "refunded", "returned",
     "credit", "cashback", "voucher", "coupon", "annual", "box", "tray", "head", "group", "table",
     "pp", "ea", "mornings", "nights", "afternoons", "weekdays", "weeknights", "workdays",
     "schooldays", "weekends", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays",
     "saturdays", "sundays",
     # how often a dose is taken; who many are; what shows a scaled amount (audit A)
     "tds", "qds", "bd", "bid", "tid", "qid", "od", "prn", "nocte", "mane", "ditto", "twins",
     "trio", "duo", "quartet", "quintuplets", "brace", "session", "page", "elevation", "card",
     "zoomed", "zoom", "satnav", "game", "real", "upwards", "upward", "downwards", "downward",
     "banker's", "bankers", "favour", "favor", "chopped", "excl", "incl", "including", "excluding",
     "inc", "exc", "ex", "cr", "dr", "portion", "bit", "slice", "piece", "women", "men", "girls",
     "boys",
     # a change over time, a target, a part of a route, a repeat (audit C)
     "now", "originally", "original", "initially", "rise", "risen", "leak", "leaked", "moved",
     "gained", "target", "goal", "forecast", "best", "worst", "uphill", "downhill", "stretch",
     "relay", "bulk", "gone", "crow", "fro", "clockwise", "anticlockwise", "counterclockwise",
     "single", "serving", "business", "matched", "identical", "usual", "deposits", "withdrawals",
     "gains", "losses", "wins", "debits", "credits", "income", "spending", "tenner", "fiver",
     "monkey", "yen", "usd", "gbp", "eur", "rupees", "rupee", "pennies", "francs", "pesos", "yuan",
     "won", "about", "almost", "ish", "like", "something", "dont", "doesnt", "didnt", "isnt",
     "wont", "rival", "competitor", "mirrored", "flipped", "inverted", "backwards", "clipped",
     "cut", "bus", "train", "flight", "leaves", "arrives", "departs", "clock", "compass", "bearing",
     "java", "javascript", "js", "sql", "bash", "excel", "python", "boolean", "french", "spanish",
     "german", "welsh", "japanese", "mandarin", "morse", "braille", "emoji", "sign", "strictly",
     "dozenal", "unary", "quinary", "senary", "tally", "ascii", "base", "floor", "ceiling",
     "bin", "hex", "oct", "italian", "portuguese", "dutch", "chinese", "cantonese", "swedish",
     "russian", "arabic", "hindi", "urdu", "korean", "greek", "latin", "polish", "turkish",
     "norwegian", "danish", "finnish", "hebrew", "english", "irish", "gaelic", "ukrainian",
     "dubble", "dubbled", "dubled", "duble", "hakf", "hald", "halg", "hslf", "flor", "celing",
     "cieling", "ceilng", "roughly",
     "approximately", "approx", "circa", "quarterly", "termly", "biannually", "biannual",
     "annually", "fortnightly", "hourly", "nightly",
     "illegible", "noon", "breakfast", "lunch", "dinner", "tea", "supper", "bedtime", "waking",
     "adverse", "unfavourable", "unfavorable", "owing", "behind", "variance", "beyond", "top",
     "either", "direction", "versus", "vs", "contract",
     # languages the answer may be asked in, besides those above (audit D, round 27)
     "sanskrit", "swahili", "klingon", "esperanto", "icelandic", "thai", "vietnamese",
     "indonesian", "malay", "tagalog", "persian", "farsi", "czech", "hungarian", "romanian",
     "bulgarian", "serbian", "croatian", "slovak", "lithuanian", "latvian", "estonian",
     "catalan", "basque", "zulu", "xhosa", "yoruba", "amharic", "somali", "punjabi", "bengali",
     "tamil", "telugu", "marathi", "gujarati", "nepali", "burmese", "khmer", "mongolian",
     "tibetan", "georgian", "armenian", "albanian", "afrikaans", "yiddish", "elvish")
)  # fmt: skip
#: Beginnings of words of maths in forms no list holds (`exponentiated`, `modular`).
_MATHS_STEMS = (
    "expon", "modul", "logar", "factori", "binar", "octal", "hexa", "ternar", "radic", "deriv",
    "integr", "percent", "recipro", "invers", "negat", "revers", "squar", "cubic", "decim",
    "fraction", "trunc", "approx", "estim", "averag", "median", "quotient", "remaind",
    "multipl", "divid", "divis", "subtract", "doubl", "tripl", "trebl", "halv", "quadrup",
    "sqrt", "power", "digit", "numer", "prime",
    # bases by name (audit D, round 27: `Vigesimal puzzle. 3n + 4 = 31, what's n?`)
    "vigesim", "sexagesim", "radix", "septenar", "octonar", "nonar", "undecim", "quaternar",
    "trinar", "bijective",
)  # fmt: skip
#: Two times of day joined (`yesterday and today`): the amount may be twice over.
_TWO_TIMES = re.compile(
    r"\b(?:today|yesterday|tonight|tomorrow|mornings?|evenings?|nights?)\s+(?:and|&|or|plus)\s+"
    r"(?:(?:this|last|the|at) )?(?:today|yesterday|tonight|tomorrow|mornings?|evenings?|nights?"
    r"|lunch|afternoons?|dinner|breakfast|weekends?)\b"
    r"|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\s+(?:to|through|thru|-)\s"
)
#: Words of maths elsewhere that join a background's words (`decided to stop`, `from my
#: class`); between numbers they are the grammar's to read, never left out.
_JOINING = frozenset(("to", "from", "of", "by", "on", "at", "in"))
#: Plain words that a stem of a word of maths spells (`evening`: `even`).
_SPELT_LIKE_MATHS = frozenset(("evening", "evenings"))
#: `quick one before I send this`, `stuck on this one`: the `one` is a pronoun.
PRONOUN_ONE = re.compile(r"\b(?:this|that|quick) one\b(?=\s*[^\d\s])")
TOKEN = re.compile(
    r"(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:/\d+)?)(?![\w/]|[.,]\d)"
    r"|[a-zµ][a-zµ'.\-]*[a-zµ]|[a-zµ]|\S"
)
_NUMBER = re.compile(r"-?[\d,]*\d(?:\.\d+)?(?:/\d+)?")
CURRENCY = frozenset("£$€")
#: A question opening with one of these asks yes or no (`is 7 × 8 right?`).
YES_NO = frozenset(
    ("is", "are", "was", "were", "does", "do", "did", "can", "could", "should", "will", "would",
     "has", "have", "am")
)  # fmt: skip
#: The days of the week as people write them (`Monday 23.4 km`, `365 mon and 418 tues`).
DAYS = frozenset(
    ("monday", "mon", "tuesday", "tue", "tues", "wednesday", "wed", "thursday", "thu", "thurs",
     "friday", "fri", "saturday", "sat", "sunday", "sun")
)  # fmt: skip
#: `this week`, `last night`: when, not how much (never `a week`, `per week`, `each week`).
_WHEN = re.compile(r"\b(?:this|last|next) (?:week|month|year|morning|evening|night|weekend)\b")
#: What may follow the maths a question asks (`amid`, `listed`, a rounding): the asker's own
#: chatter, a paper it is for (`for my concentration calc`) and asks; never a person or a tax,
#: which may multiply or add to it (`for the kids`, `and tax`), nor anything else: after the
#: maths, a word nobody listed may name the form of the answer (`in French`, `backwards`).
TAIL_WORDS = frozenset(
    ("?", ".", "!", ",", ":", ";", "please", "pls", "plz", "thanks", "thank", "thx", "ty", "tia",
     "cheers", "lol", "haha", "what", "what's", "whats", "wat", "is", "it", "that", "this", "do",
     "does", "i", "we", "you", "get", "come", "comes", "to", "for", "my", "the", "our", "then",
     "exactly", "total", "quick", "quickly", "now", "type", "put", "enter", "write", "in", "on",
     "at", "should", "would", "can", "could", "say", "says", "show", "shows", "cell", "column",
     "it's", "there", "thats", "that's", "only")
)  # fmt: skip
#: Before the maths, after the last mark that ends a clause (`Chem lab: i need ...`): the
#: asker's own chatter only (`In French, what's 12 + 8` is a clause of maths, not chatter).
LEAD_WORDS = (
    CHATTER
    - {"tax", "taxes", "some", "any", "about", "and", "or", "but", "if", "when", "before", "had",
       "have", "has", "having", "a", "an", "on", "in", "at", "for", "still", "kids", "children",
       "friends", "guys", "wrong", "answer", "right"}
) | {"?", ".", "!", ":", ";", "-", "calc", "hey", "hi", "ok", "okay", "so", "um", "quick",
     "google", "alexa", "siri", "assistant", "chatgpt", "bot"}  # fmt: skip
#: What may begin an ask after a comma (`my spreadsheet has died lol, what's 48 times 25`).
_ASKING = frozenset(("what", "what's", "whats", "how", "can", "could"))
#: Marks that end a clause of background before the maths.
CLAUSE_ENDS = frozenset((".", "?", "!", ":", ";", "-"))


_PAPERS = PURPOSES | {"calc", "calcs", "calculation", "newsletter", "presentation", "tracker",
                      "sheet", "record", "invoice", "spreadsheet", "timesheet", "report", "book",
                      "form", "formula", "slide", "slides", "poster", "flyer", "leaflet",
                      "website", "scoreboard", "release", "estimate", "bulletin", "notice",
                      "noticeboard", "email", "letter", "caption", "label", "banner", "handout",
                      "certificate", "blog", "summary", "update", "sign", "order"}  # fmt: skip
_PAPERS_NOT_PLAIN = frozenset(("form", "slide", "slides", "poster", "estimate", "sign"))
WHOSE = frozenset(("my", "the", "our", "a", "an", "his", "her", "this", "their"))


#: Words no list calls plain that, before the one quantity and in its sentence, only say what
#: it is (`the part measures 7.2 cm`, `lap time was 14.2857 s`, `we raised 1,247`, `annual
#: revenue was`, `steps so far today: 986`, `I've lost 5 stone`): with no other number, nothing
#: there can be asked of them. After the quantity they may ask another (`the length`, `per lap`).
DESCRIBING = frozenset(
    ("box", "length", "width", "height", "depth", "weight", "thickness", "mass", "distance",
     "lap", "speed", "pace", "unit", "meter", "annual", "estimated", "raised", "far", "lost",
     "gained", "old", "now", "best", "price", "cost", "bit", "measurement", "reading", "flight",
     "trip", "lasted", "lasts", "took", "quarterly", "termly", "biannual", "biannually",
     "annually")
)  # fmt: skip
#: Marks that end a sentence (`so far today: 986.` ends at the `.`, not the `:`).
SENTENCE_ENDS = frozenset((".", "?", "!"))


def describes(words: list[str], k: int, i: int) -> bool:
    """Whether `words[i]` is a word of `DESCRIBING` before the quantity at `k`, in its sentence."""
    return (
        i < k
        and words[i] in DESCRIBING
        and not any(w in SENTENCE_ENDS for w in words[i:k])
        and (words[i] != "far" or words[i - 1 : i] == ["so"])  # `so far`, never `how far`
        and (words[i] != "raised" or i + 1 == k or words[i + 1] in CURRENCY)  # not `to the power`
    )


def lead_plain(
    words: list[str], plain: Callable[[str], bool] | None = None, *, stated: bool = False
) -> bool:
    """Whether the words before the maths are background: plain (`plain_word`, or `plain`) up
    to the last mark that ends a clause, the asker's chatter after it (`Chem lab: i need`, not
    `In French,`). `stated`: the clause right before the maths may be plain too, where it does
    not open with a word that sets how the maths is read (`been staring at 4(2x + 1) = ...`,
    never `in dozenal 3x + 1 = 13`)."""
    plain = plain or plain_word
    ends = [
        i
        for i, w in enumerate(words)
        if w in CLAUSE_ENDS or (w == "," and words[i + 1 : i + 2] and words[i + 1] in _ASKING)
    ]
    cut = ends[-1] + 1 if ends else 0
    if ends and words[ends[-1]] == "," and not _stated(words[: ends[-1]], ends[:-1]):
        return False  # `In French, what's 12 + 8`, `Wholesale, what's 120 + 35`
    last = words[cut:]
    if stated and last and last[0] not in _SETTING and all(map(plain, last)):
        return all(map(plain, words[:cut]))
    return all(map(plain, words[:cut])) and all(w in LEAD_WORDS for w in last)


#: What may open a clause that sets how the maths is read (`In dozenal,`, `Before tax,`).
_SETTING = frozenset(
    ("in", "on", "at", "for", "before", "after", "by", "with", "using", "versus", "vs", "under",
     "over", "from", "to", "strictly", "apart", "except", "excluding", "including", "as")
)  # fmt: skip


def _stated(words: list[str], ends: list[int]) -> bool:
    """Whether the clause before a comma (after the marks at `ends`) is a statement of the
    asker's own (`my spreadsheet has decided to stop working lol`), not a setting of the
    maths: three words or more, not opening with a word that sets it."""
    clause = words[ends[-1] + 1 :] if ends else words
    return len(clause) >= 3 and clause[0] not in _SETTING


def tail_plain(words: list[str]) -> bool:
    """Whether `words`, after the maths, are `TAIL_WORDS` or a paper they are for, named with
    up to two plain words (`for my concentration calc`, `for the class sheet`)."""
    i = 0
    while i < len(words):
        if words[i] == "for" and words[i + 1 : i + 2] and words[i + 1] in WHOSE:
            for n in (3, 2, 1):  # the longest name of a paper: `for the record book`
                named = words[i + 2 : i + 2 + n]
                # the paper's own name may be a word plain elsewhere is not (`form`), never
                # one of maths (`for the natural log`)
                paper = named[-1] in _PAPERS and (
                    named[-1] in _PAPERS_NOT_PLAIN or plain_word(named[-1])
                )
                if len(named) == n and paper and all(map(plain_word, named[:-1])):
                    i += 2 + n
                    break
            else:
                return False
            continue
        if words[i] not in TAIL_WORDS:
            return False
        i += 1
    return True


def spoken(text: str) -> str:
    """`text` as the readers of background read it: lower case, a dash set apart as a mark,
    and `one` as a pronoun (`stuck on this one`) no number."""
    said = normal(text).replace("—", " - ").replace("–", " - ")
    return PRONOUN_ONE.sub(lambda m: m[0].split()[0], said)


def tokens(text: str) -> list[str]:
    """Words, numbers and marks of `text` (`spoken`); a unit typed onto its number (`650mm`)
    split off."""
    said = spoken(text)
    if _TWO_TIMES.search(said) or len(_WHEN.findall(said)) > 1:
        return ["+"]  # never plain: nothing reads it
    said = re.sub(r"(?<=\d)-?([a-zµ]+)\b", lambda m: f" {m[1]}" if m[1] in UNIT_NAMES else m[0], said)
    said = _CAME_OUT.sub(" is ", said)  # `works out at 2.996`: what it is
    return TOKEN.findall(_WHEN.sub(" ", said))


#: Saying what an amount is: `works out at`, `came out as` (never `out` alone: `take out`).
_CAME_OUT = re.compile(r"\b(?:works?|worked|came|comes|come) out (?:at|as|to)\b")


def number(token: str) -> bool:
    return _NUMBER.fullmatch(token) is not None


#: Words of maths whose slips a reader of background must not take as plain (`twise`,
#: `dialy`, `eahc`, `pr`): their one-letter slips (a letter dropped, added or swapped with
#: its neighbour; of the longer ones also one changed) are never plain.
_SLIPPED = ("twice", "thrice", "double", "triple", "half", "each", "daily", "weekly", "monthly",
            "yearly", "every", "per", "minus", "plus", "divided", "percent", "square", "squared",
            "round", "nearest", "decimal", "average", "both", "again", "return", "same",
            "truncate", "truncated")  # fmt: skip


def _slips(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in cuts if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
    added = {a + c + b for a, b in cuts for c in letters}
    changed = {a + c + b[1:] for a, b in cuts if b for c in letters} if len(word) >= 5 else set()
    return (dropped | swapped | added | changed) - {word}


_SLIPS = frozenset(slip for word in _SLIPPED for slip in _slips(word)) - CHATTER - frozenset(
    ("tiles", "rounds", "pounds", "sounds", "mounds", "bound", "found", "wound", "hound", "sound",
     "dairy", "dally", "pet", "pen", "her", "pea", "peer", "pier", "pear", "pr")
) | {"pr"}  # fmt: skip


def plain_word(word: str) -> bool:
    if not re.fullmatch(r"[a-zµ][a-zµ'.\-]*", word):
        return word in ",.?!:;-()\"'"  # marks between clauses; never `+`, `=`, `%`, `/`
    if "-" in word.strip("-"):  # `twenty-four`, `three-quarters`, `weigh-in`
        return all(map(plain_word, word.strip("-").split("-")))
    if word in _SLIPS:
        return False
    if word in _JOINING or word in _SPELT_LIKE_MATHS:
        return True
    if word.startswith(_MATHS_STEMS):
        return False
    return plain(word) and word not in NOT_LITERAL | CHANGES | _NOT_PLAIN
