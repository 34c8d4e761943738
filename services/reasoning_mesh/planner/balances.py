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
- every other word is from closed lists (before the balance, between and after the payments:
  audits P and S found open words there naming debts, wishes, others' accounts and payments
  already made), none acts on the maths (`asides`), with one currency (or none) and no unit; a
  balance said as it is now takes only a payment just made (`is sitting at -35.20 and i just
  paid in 120`) or one to come.
"""

from __future__ import annotations

import itertools
import re

from reasoning_mesh.planner import natural
from reasoning_mesh.planner.asides import acting
from reasoning_mesh.planner.background import spoken, tokens
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import with_numerals
from reasoning_mesh.planner.units import UNIT_NAMES

#: An amount as written: thousands may be grouped by commas with pence after (`1,180.25`;
#: `30,120` may be two amounts).
_AMOUNT = r"(?:\d{1,3}(?:,\d{3})+\.\d\d|\d+(?:\.\d\d)?)"
_NUM = rf"(?<![\w.,])(?P<d>{_AMOUNT})(?![\w.,]\d|\w)"
#: Money paid in, the number right after its words (`paid in 120`, `got paid 120`).
_IN_BEFORE = r"(?:paid|paying|pay|pays|put|putting|puts) in|deposited|depositing|got paid"
#: Money paid out, the number right after its words (`spent 38.75`).
_OUT_BEFORE = r"spent|spend|spending|withdrew|withdrawn|took out|taken out"
#: A payment named, its amount, then where it went (`my paycheck of 312.50 landed`, `615.00
#: wages went in`, `the direct debit of 62 came out`).
_IN_NAMED = r"(?:paycheck|paycheque|wages|salary|pay|refund) of"
_OUT_NAMED = r"(?:direct debit|standing order|(?:card )?payment|card charge) of"
_WENT = r"(?: has| have| just)? "  # never `had gone in`: already in the balance (audit S)
_IN_WENT = rf"{_WENT}(?:landed|went in|gone in|came in|come in|cleared|arrived)"
_IN_AFTER = rf"(?: wages| salary| pay)?{_IN_WENT}"
_OUT_AFTER = rf"{_WENT}(?:came out|come out|went out|gone out)"
_CHANGE = re.compile(
    rf"(?:(?P<in>{_IN_BEFORE})|(?P<out>{_OUT_BEFORE})) {_NUM}"
    rf"|(?P<in_named>{_IN_NAMED}) {_NUM.replace('P<d>', 'P<d3>')}{_IN_WENT}"
    rf"|(?P<out_named>{_OUT_NAMED}) {_NUM.replace('P<d>', 'P<d4>')}{_OUT_AFTER}"
    rf"|{_NUM.replace('P<d>', 'P<d2>')}(?:(?P<in2>{_IN_AFTER})|(?P<billed> bill)?(?P<out2>{_OUT_AFTER}))"
)
_START = re.compile(rf"(?<![\w.,])(?P<start>-?{_AMOUNT})(?![\w.,]\d|\w)")
_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?")
#: Right before the balance: it is being said (`sitting at`, `was`, `showing`).
_SLOT = frozenset(("at", "was", "is", "showing", "shows", "said", "says", "read", "reads"))
#: The account or its balance, named before the balance.
_ACCOUNT = frozenset(("account", "balance", "overdrawn", "overdraft", "bank"))
#: The only words before the balance (audit P: an open word there makes it a debt, a target,
#: a wish or another's account: `balance due`, `the balance i need`, `i wish`, `my mums account`).
_BEFORE = frozenset(
    ("my", "our", "the", "bank", "account", "balance", "current", "main", "is", "was", "says",
     "said", "showing", "shows", "sitting", "at", "currently", "overdrawn", "overdraft", "note",
     "to", "self", "re",
     "ok", "so", "hey", "hi", "ugh", "i", "we", "i'm", "banking", "app", "online", ":", ",",
     "-", "(", ")")
)  # fmt: skip
#: Who may pay in or take out: the asker, or the payment itself (`my paycheck ... landed`).
_PAYERS = frozenset(
    ("i", "we", "i'm", "im", "i've", "ive", "i'll", "we're", "we've", "my", "the", "a", "just",
     "then", "and", "so", "also", "gym", "phone", "rent", "council", "tax", "payday",
     "paycheck", "paycheque", "wages", "salary", "refund", "direct", "debit", "standing",
     "order", "bill", "got", "get", "has", "have", "been", "if")
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
     "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "thank", "god", "the", "so")
)  # fmt: skip
_ASK = re.compile(
    r"(?:what(?:'s| is| will be)?|whats) (?:the|my) (?:new )?balance(?: (?:be|going to be))?"
    r"(?: now| after(?: that)?)?"
    r"|what will (?:the|my) balance be(?: now| after(?: that)?| then)?"
    r"|what will it be(?: now| after(?: that)?| then)?"
    r"|what (?:should|does|will|would) it (?:say|show|read)(?: now| after(?: that)?| then)?"
    r"|(?:the |my )?(?:new )?balance (?:now|after(?: that)?)(?: =)?"
    r"|where(?:'s| is) (?:the|my) balance(?: now)?"
)


#: One trip to the shops, said with a word no list here holds (`the weekly shop`: one shop).
_SHOP_WORDS = re.compile(r"\bon the (?:big|weekly|food|grocery|supermarket) (?:shop|shopping)\b")
#: The shop right after money spent there (`spent 63.75 on the big shop`).
_SHOP = re.compile(
    rf"(?:\b(?:spent|spending|(?:'ll|will|to) spend)|went out|came out) (?:{_AMOUNT}) "
    + _SHOP_WORDS.pattern.removeprefix(r"\b")
)


def read(text: str) -> FormedReading | None:
    said = re.sub(r"(?<![\w.])([-]?)[£$€](?=\d)", r"\1", with_numerals(spoken(text)))
    said = re.sub(r"\b(?:minus|negative) (?=\d)", "-", said)
    # `spent 63.75 on the big shop`: one shop, only money spent there (audit AC: `paid in 60 on
    # the big shop`, two shops said as one, a weekly shop over a month)
    shops = len(_SHOP_WORDS.findall(said))
    if shops > 1 or (shops and re.search(r"\b(?:month|year|fortnight)s?\b", said)):
        return None
    said = _SHOP.sub(lambda m: _SHOP_WORDS.sub("at the shop", m[0]), said)
    if len(set(re.findall(r"[£$€]", spoken(text)))) > 1:
        return None
    story, asked = _split(said)
    if story is None or asked is None:
        return None
    to_come = _FUTURE.search(story) is not None
    if to_come and "will" not in asked[0]:
        return None
    told = _told(story, to_come=to_come)
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


def _told(story: str, *, to_come: bool = False) -> tuple[str, list[re.Match[str]]] | None:
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
    if not _signed(start, story) or not _once_each(changes):
        return None
    ends = [start.end(), *(m.end() for m in changes[:-1])]
    between = [tokens(story[a : m.start()]) for a, m in zip(ends, changes, strict=True)]
    last = tokens(story[changes[-1].end() :])  # after the last payment
    after = [w for part in between for w in part] + last
    return (
        (start["start"], changes)
        if (
            all(_payer(part, m) for part, m in zip(between, changes, strict=True))
            and all(w in _BEFORE for w in before)
            and not _TIMES & _words(story[: changes[0].start()])
            and _once(last)
            and all(w in _STORY or w in _PAYERS or w in _MARKS for w in after)
            and all(w in _STORY or w in _MARKS for w in last)
            and not (
                # a payment to come, asked of the balance to come, may name its day
                not to_come
                and _present(before, story[start.end() : changes[0].start()])
                # a payment made before a balance said as it is now may be in it already
                and (_EARLIER & _words(story) or any("just" not in part for part in between))
            )
            and not re.search(r"\bbefore(?! payday)", story)  # `before, i spent 30`: earlier
            and _one_when_where(story[changes[-1].end() :])
            and all(
                _one_when_where(story[a : m.start()]) for a, m in zip(ends[1:], changes[1:], strict=True)
            )
            and not acting([*before, *after])
            and not _OTHER & {*before, *after}
            and not any(w in UNIT_NAMES for w in before)
            and not any(w.endswith(("'s", "n't")) for w in before)  # `my son's account`
        )
        else None
    )


_MARKS = frozenset((",", ".", ";", "-", "(", ")", ":", "!"))
_CLAUSE = frozenset((",", ".", ";", "-", "(", ")", "and", "then", "but", "so"))


def _payer(words: list[str], m: re.Match[str]) -> bool:
    """Whether the clause right before a payment is the asker's or the payment's own (`and i
    just`, `then my paycheck of`), never another payer (`and my sister`); money said to come
    in by itself (`312.50 landed`, `got paid 120`) is pay (`my wages`, `i got paid`), never a
    bill (`the rent 45 cleared`: audit P)."""
    marks = [i for i, w in enumerate(words) if w in _CLAUSE]
    clause = words[marks[-1] + 1 :] if marks else words
    if not all(w in _PAYERS for w in clause):
        return False
    if m["in2"] is not None and not (_PAY & set(clause) or _PAY & set(m["in2"].split())):
        return False
    if m["billed"] and re.fullmatch(r"(?:19|20)\d\d", m["d2"]):
        return False  # `the 2024 bill came out`: its year, not its amount (audit AC)
    if m["out2"] is not None and not (_DEBITS & set(clause) or m["billed"]):
        return False  # `and 62 came out, the gym`: what came out?
    return not (m["in"] or "").startswith("got") or bool({"i", "we"} & set(clause))


#: What comes out by itself (`the gym direct debit of 62 came out`, `the rent 45 came out`).
_DEBITS = frozenset(("debit", "order", "bill", "rent", "payment", "subscription", "gym", "phone"))
#: Times before now: after a balance said as it is now, a payment then may be in it already
#: (`my account is at 500 now, i spent 30 this morning`).
_EARLIER = frozenset(
    ("this", "morning", "afternoon", "earlier", "before", "today", "yesterday", "tonight",
     "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
)  # fmt: skip


def _one_when_where(last: str) -> bool:
    """At most one time and one place after the last payment (`this morning, this afternoon`,
    `at the shop, at the supermarket`: two payments said as one; audit S)."""
    words = re.findall(r"[a-z]+", last)
    times = [w for w in words if w in _EARLIER - {"this", "before", "earlier"} or w in _DAYS]
    return len(times) <= 1 and words.count("at") <= 1


def _words(story: str) -> set[str]:
    return set(re.findall(r"[a-z]+", story))


def _present(before: list[str], between: str) -> bool:
    """Whether the balance is said as it is now (`is at`, `currently`, `at 500 now`)."""
    return bool({"is", "currently", "says", "shows"} & set(before)) or "now" in between.split()


#: Pay, which comes in by itself.
_PAY = frozenset(("paycheck", "paycheque", "wages", "salary", "pay", "refund", "payday"))
#: A payment to come, which only an ask of the balance to come may hold (`i'll spend 30 on
#: friday. what's the balance now` is the balance as it is).
_FUTURE = re.compile(
    r"\b(?:i'll|we'll|will|going to|gonna|i'm|we're|if)\b|\b(?:paying|depositing|spending|putting) "
    r"|\b(?:i|we) (?:spend|pay in|put in|deposit|withdraw)\b"
)
#: Times of day and days: only after a payment (`paid in 200 on friday`; never `at 500 this
#: evening, i spent 30 this morning`: the balance may be after it).
_TIMES = frozenset(
    ("morning", "afternoon", "evening", "tonight", "today", "yesterday", "this", "last",
     "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
)  # fmt: skip
_DAYS = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))


def _signed(start: re.Match[str], story: str) -> bool:
    """A balance overdrawn is written with its minus (`overdrawn at 45.80` is the asker's sign
    to write), and no minus after it (`45.00-`)."""
    if re.match(r"\s*-", story[start.end() :]):
        return False
    return start["start"].startswith("-") or not re.search(r"\boverdra(?:wn|ft)\b", story)


def _once_each(changes: list[re.Match[str]]) -> bool:
    """No payment said twice (`got paid 120 (the paycheck of 120 landed)`), and nothing spent
    after cash was taken out (`took out 50 and spent 50`: from the cash?)."""
    said = [(_credit(m), _amount(m)) for m in changes]
    taken = [(m["out"] or "").startswith(("took", "taken", "withdr")) for m in changes]
    return len(set(said)) == len(said) and not any(taken[:-1])


def _once(after: list[str]) -> bool:
    """One time at most after the last payment, never `a week` (`paid in 50 a week`, `on
    monday and on friday`)."""
    pairs = list(itertools.pairwise(after))
    repeated = any(a == "a" and b in ("week", "month", "day", "year", "fortnight") for a, b in pairs)
    return not repeated and len(_DAYS & set(after)) <= 1


def _split(said: str) -> tuple[str | None, re.Match[str] | None]:
    """The story and the ask at its end (`what's the balance now`), wherever it begins."""
    text = re.sub(r"[\s?.!=]+$", "", said)
    # the earliest start whose rest is all the ask: the longest ask (`what's the balance now`)
    for at in [m.start() for m in re.finditer(r"\b(?:what|whats|where|balance|the|my|new)\b", text)]:
        if at and (asked := _ASK.fullmatch(text[at:])) is not None:
            return text[:at].rstrip(" ,.?!-"), asked
    return None, None
