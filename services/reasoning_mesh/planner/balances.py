"""A bank balance, then money paid in or out, in the asker's own sentences: `My account was
overdrawn at -45.80 and then my paycheck of 312.50 landed. What's the balance now?`, `my account
is sitting at -35.20 and i just paid in 120. whats the balance now`, `account was at -42.30
(overdrawn, ugh) and then 615.00 wages went in. balance now = ?`.

`temperatures` reads a value and its changes the same way; here the value is an account's.
The reading adds what was paid in and subtracts what went out, each number as written, in the
story's order (`What is -45.80 + 312.50?`), and only where each part says exactly that:

- the balance is said first, signed as the bank shows it (`-45.80`, `-£45.20`; `overdrawn by
  45.80` is not read: its sign is the asker's to write), right after a word that says it is
  the balance (`at`, `was`, `is`, `showing`), with the account or the balance named before it;
- every later number is money paid in (`paid in 120`, `got paid 120`, `my paycheck of 312.50
  landed`, `615.00 wages went in`) or taken out (`spent 38.75`, `the direct debit of 62 came
  out`), said by the asker or by the payment itself, never by anyone else (`my sister spent
  40`: from which account?); nothing repeats, earns interest, charges a fee or waits to clear;
- the ask ends the question and is of the balance after the last payment (`what's the balance
  now`, `what will it be after that`, `what should it say now`), never before it;
- every other word is plain (`background.plain_word`) and none acts on the maths (`asides`),
  with one currency (or none) and no unit.
"""

from __future__ import annotations

import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import plain_word, spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import with_numerals
from reasoning_mesh.planner.units import UNIT_NAMES

#: An amount as written: whole thousands may be grouped by commas (`1,180.25`).
_AMOUNT = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d\d)?"
_NUM = rf"(?<![\w.,])(?P<d>{_AMOUNT})(?![\w.,]\d|\w)"
#: Money paid in, the number right after its words (`paid in 120`, `got paid 120`).
_IN_BEFORE = r"(?:paid|paying|pay|pays|put|putting|puts) in|deposited|depositing|got paid"
#: Money paid out, the number right after its words (`spent 38.75`).
_OUT_BEFORE = r"spent|spend|spending|withdrew|withdrawn|took out|taken out"
#: A payment named, its amount, then where it went (`my paycheck of 312.50 landed`, `615.00
#: wages went in`, `the direct debit of 62 came out`).
_IN_NAMED = r"(?:paycheck|paycheque|wages|salary|pay|refund) of"
_OUT_NAMED = r"(?:direct debit|standing order|payment) of"
_WENT = r"(?: has| had| have| just)? "
_IN_WENT = rf"{_WENT}(?:landed|went in|gone in|came in|come in|cleared|arrived)"
_IN_AFTER = rf"(?: wages| salary| pay)?{_IN_WENT}"
_OUT_AFTER = rf"{_WENT}(?:came out|come out|went out|gone out)"
_CHANGE = re.compile(
    rf"(?:(?P<in>{_IN_BEFORE})|(?P<out>{_OUT_BEFORE})) {_NUM}"
    rf"|(?P<in_named>{_IN_NAMED}) {_NUM.replace('P<d>', 'P<d3>')}{_IN_WENT}"
    rf"|(?P<out_named>{_OUT_NAMED}) {_NUM.replace('P<d>', 'P<d4>')}{_OUT_AFTER}"
    rf"|{_NUM.replace('P<d>', 'P<d2>')}(?:(?P<in2>{_IN_AFTER})|(?P<out2>{_OUT_AFTER}))"
)
_START = re.compile(rf"(?<![\w.,])(?P<start>-?{_AMOUNT})(?![\w.,]\d|\w)")
_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?")
#: Right before the balance: it is being said (`sitting at`, `was`, `showing`).
_SLOT = frozenset(("at", "was", "is", "showing", "shows", "said", "says", "read", "reads"))
#: The account or its balance, named before the balance.
_ACCOUNT = frozenset(("account", "balance", "overdrawn", "overdraft", "bank"))
#: Who may pay in or take out: the asker, or the payment itself (`my paycheck ... landed`).
_PAYERS = frozenset(
    ("i", "we", "i'm", "im", "i've", "ive", "i'll", "we're", "we've", "my", "the", "a", "just",
     "then", "and", "so", "now", "also", "gym", "phone", "rent", "council", "tax", "payday",
     "paycheck", "paycheque", "wages", "salary", "pay", "refund", "direct", "debit", "standing",
     "order", "bill", "got", "get", "had", "has", "have", "been", "if", "when", "once", "after")
)  # fmt: skip
#: Words of repeating, interest, fees, waiting or another's money: a story this reader cannot
#: tell (`paid in 50 every week`, `the overdraft fee`, `hasn't cleared yet`).
_OTHER = frozenset(
    ("every", "each", "per", "weekly", "monthly", "daily", "interest", "fee", "fees", "charge",
     "charged", "charges", "pending", "yet", "limit", "savings", "transfer", "transferred",
     "into", "from", "card", "credit", "cheque", "check", "bounced", "returned", "reversed",
     "joint", "his", "her", "their", "sister", "brother", "mum", "dad", "partner", "wife",
     "husband", "friend", "son", "daughter", "owe", "owes", "owed", "loan", "borrowed",
     "yesterday", "minimum", "%", "percent", "paid", "pay", "paying", "spent", "spend", "took",
     "bought", "sent", "received", "gave", "lent", "withdrew", "deposited", "came", "went")
)  # fmt: skip
#: The only words between and after the payments besides who pays (a closed list: `and spent
#: it all`, `but the bank froze it` change the balance with no number).
_STORY = frozenset(
    ("overdrawn", "overdraft", "ugh", "oops", "sigh", "lol", "yay", "phew", "finally", "payday",
     "before", "today", "tonight", "now", "on", "this", "morning", "afternoon", "evening",
     "week", "at", "supermarket", "shop", "it", "is", "was", "sitting", "currently", "monday",
     "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "thank", "god")
)  # fmt: skip
_ASK = re.compile(
    r"(?:what(?:'s| is| will be)?|whats) (?:the|my) (?:new )?balance(?: (?:be|going to be))?"
    r"(?: now| after(?: that)?| then)?"
    r"|what will (?:the|my) balance be(?: now| after(?: that)?| then)?"
    r"|what will it be(?: now| after(?: that)?| then)?"
    r"|what (?:should|does|will|would) it (?:say|show|read)(?: now| after(?: that)?| then)?"
    r"|(?:the |my )?(?:new )?balance (?:now|after(?: that)?)(?: =)?"
)


def read(text: str) -> FormedReading | None:
    said = re.sub(r"(?<![\w.])([-]?)[£$€](?=\d)", r"\1", with_numerals(spoken(text)))
    said = re.sub(r"\b(?:minus|negative) (?=\d)", "-", said)
    if len(set(re.findall(r"[£$€]", spoken(text)))) > 1:
        return None
    story, asked = _split(said)
    if story is None or asked is None:
        return None
    told = _told(story)
    if told is None:
        return None
    start, changes = told
    sums = start + "".join(f" {'plus' if _credit(m) else 'minus'} {_amount(m)}" for m in changes)
    reading = natural.reading(f"what is {sums}")
    return None if reading is None else FormedReading(reading, "any", decimal=True)


def _credit(m: re.Match[str]) -> bool:
    return bool(m["in"] or m["in2"] or m["in_named"])


def _amount(m: re.Match[str]) -> str:
    return next(m[g] for g in ("d", "d2", "d3", "d4") if m[g] is not None)


def _told(story: str) -> tuple[str, list[re.Match[str]]] | None:
    """The balance and each payment after it, where the account is named before the balance,
    each later number is a payment, and every word between is plain and of the asker's."""
    start = _START.search(story)
    changes = list(_CHANGE.finditer(story))
    numbers = list(_NUMBER.finditer(story))
    if start is None or not changes or len(numbers) != len(changes) + 1:
        return None
    if changes[0].start() < start.end():
        return None
    before = tokens(story[: start.start()])
    if not before or before[-1] not in _SLOT or not _ACCOUNT & set(before):
        return None
    ends = [start.end(), *(m.end() for m in changes[:-1])]
    between = [tokens(story[a : m.start()]) for a, m in zip(ends, changes, strict=True)]
    after = [w for part in between for w in part] + tokens(story[changes[-1].end() :])
    return (
        (start["start"], changes)
        if (
            all(_payer(part) for part in between)
            and all(plain_word(w) or w in _STORY for w in before)
            and all(w in _STORY or w in _PAYERS or w in _MARKS for w in after)
            and not acting([*before, *after])
            and not _OTHER & {*before, *after}
            and not any(w in UNIT_NAMES for w in before)
            and not any(w.endswith(("'s", "n't")) for w in before)  # `my son's account`
        )
        else None
    )


_MARKS = frozenset((",", ".", ";", "-", "(", ")", ":", "!"))
_CLAUSE = frozenset((",", ".", ";", "-", "(", ")", "and", "then", "but", "so"))


def _payer(words: list[str]) -> bool:
    """Whether the clause right before a payment is the asker's or the payment's own (`and i
    just`, `then my paycheck of`), never another payer (`and my sister`)."""
    marks = [i for i, w in enumerate(words) if w in _CLAUSE]
    clause = words[marks[-1] + 1 :] if marks else words
    return all(w in _PAYERS for w in clause)


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end (`what's the balance now`), wherever it begins."""
    text = re.sub(r"[\s?.!=]+$", "", said)
    # the earliest start whose rest is all the ask: the longest ask (`what's the balance now`)
    for at in [m.start() for m in re.finditer(r"\b(?:what|whats|balance|the|my|new)\b", text)]:
        if at and (asked := _ASK.fullmatch(text[at:])) is not None:
            return text[:at].rstrip(" ,.?!-"), asked
    return None, None
