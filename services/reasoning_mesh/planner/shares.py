"""An amount shared equally, then asked for per head: `If I split 864 stickers evenly between 12
kids, how many does each kid get?`, `Four of us had dinner and the bill came to 87.32, we're
splitting it evenly. How much does each person pay?`, `15 of us are splitting 420 quid evenly
for the cottage, how much each?`.

The reading is the amount divided by the number of shares, and the plan says what form the
answer must take to answer the question at all (`FinalCheck.answer_form`): a share of counted
things is `whole` (`50 cookies between 6 kids` has no answer in cookies), a share of money is
`cents` and written in decimals (`12.5`, not `25/2`). The verifier reads the accepted answer's
text against that form; nothing here computes a value.

Strict, because the sentence around the numbers is the asker's own (open words):
- exactly two numbers in the whole text: the amount and the count of shares;
- the count is said as `between|among|amongst M <people or groups>` (nothing after the group
  but words of where or when: `between 7 friends and me` is eight shares), `M of us`, or
  `M ways`; the amount is `N <things>` (a plural noun) or money (`$156`, `84 dollars`, `420
  quid`, `a bill of 84`, `the bill came to 87.32`);
- a verb of sharing (`split`, `share`, `divide`); the last clause asks what each one gets or
  pays (`how many does each kid get`, `how much each`), `how many` of things, `how much` of money;
- no word anywhere that changes the shares or the amount (`me`, `left`, `except`, `tip`,
  `half`, `more`, `each` outside the ask, a unit of measure, `per`): `read` returns None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reasoning_mesh.contracts.plans import AnswerForm, Plan
from reasoning_mesh.planner import natural
from reasoning_mesh.planner.numwords import ONES, TENS
from reasoning_mesh.planner.sentence_words import bare, plain
from reasoning_mesh.planner.units import UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

_WORD_NUMBER = rf"(?:{'|'.join((*TENS, *ONES))})(?:-(?:{'|'.join(ONES)}))?"
_NUMBER = rf"(?:\d+(?:\.\d+)?|{_WORD_NUMBER})"
_NUMBERS = re.compile(rf"(?<![\w.,/-])[$£€]?{_NUMBER}(?![\w.,/-]\w)")
_SHARING = frozenset(
    ("split", "splits", "splitting", "share", "shares", "shared", "sharing", "divide", "divides",
     "divided", "dividing")
)  # fmt: skip
#: Who or what the shares go to, by the plural the count is said with.
_GROUPS = {
    "people": "person", "persons": "person", "friends": "friend", "kids": "kid",
    "children": "child", "pupils": "pupil", "students": "student", "players": "player",
    "guests": "guest", "colleagues": "colleague", "workers": "worker", "members": "member",
    "boys": "boy", "girls": "girl", "siblings": "sibling", "cousins": "cousin",
    "grandchildren": "grandchild", "grandkids": "grandkid", "teams": "team", "groups": "group",
    "classes": "class", "families": "family", "housemates": "housemate",
    "flatmates": "flatmate", "roommates": "roommate", "mates": "mate", "neighbours": "neighbour",
    "neighbors": "neighbor", "tables": "table", "volunteers": "volunteer",
}  # fmt: skip
_COUNT = re.compile(
    rf"\b(?:between|among|amongst) (?:the )?(?P<between>{_NUMBER}) (?P<group>[a-z]+)\b"
    rf"|(?:^|[,.;!?] |\b(?:there are|there's|we are|we're|we) )(?P<us>{_NUMBER}) of us\b"
    rf"|\b(?P<ways>{_NUMBER}) ways\b"
)
_CURRENCY = r"(?:dollars?|pounds?|quid|euros?|bucks|usd|gbp|eur)"
_BILL = r"(?:bill|total|tab|meal|dinner|takeaway|order|rent|prize|winnings|jackpot|pot)"
_MONEY = re.compile(
    rf"[$£€](?P<a>{_NUMBER})\b|\b(?P<b>{_NUMBER}) {_CURRENCY}\b"
    rf"|\b{_BILL} (?:of|came to|comes to|was|is|totalled|totaled|totals|of just) (?P<c>{_NUMBER})\b"
)
_THINGS = re.compile(rf"\b(?P<n>{_NUMBER}) (?:[a-z]+ )?(?P<thing>[a-z]+s)\b")
_EACH = r"(?:each|each one|each of us|each of them|everyone|every one|each (?P<who>[a-z]+))"
_ASKS = (
    re.compile(rf"^how (?P<much>many|much) (?:does|do|will|would|should|can|did) {_EACH} "
               r"(?:get|pay|owe|have|receive|put in|chip in|contribute|end up with)$"),
    re.compile(rf"^how (?P<much>many|much) (?:for )?{_EACH}$"),
    re.compile(rf"^how (?P<much>much) (?:is|'s) (?:that )?(?:for )?{_EACH}$"),
    re.compile(rf"^what (?:does|do|will|would|should) {_EACH} (?:get|pay|owe|put in)$"),
)  # fmt: skip
#: Words that change the shares or the amount, anywhere in the text.
_CHANGES = frozenset(
    ("me", "myself", "i'll", "left", "leftover", "leftovers", "over", "remain", "remains",
     "remaining", "rest", "remainder", "keep", "keeps", "kept", "except", "excluding",
     "including", "include", "includes", "included", "extra", "more", "less", "fewer", "than",
     "already", "first", "ate", "eat", "eats", "eaten", "lost", "lose", "gave", "give", "gives",
     "given", "took", "take", "takes", "half", "halves", "double", "twice", "triple", "third",
     "quarter", "tip", "tips", "tax", "vat", "service", "plus", "minus", "per", "percent",
     "every", "not", "don't", "doesn't", "didn't", "isn't", "won't", "can't", "without",
     "another", "other", "others", "also", "too", "pairs", "couples", "twins", "round",
     "rounded", "nearest", "decimal", "dp", "about", "roughly", "around", "approximately",
     "discount", "off", "deposit", "paid", "spent", "after", "besides", "minimum", "maximum",
     "least", "most", "unequally", "proportion", "ratio", "times", "twice", "second")
)  # fmt: skip


@dataclass(frozen=True)
class Share:
    reading: str
    form: AnswerForm


def read(text: str) -> Share | None:
    """The amount divided by the number of shares, and the form its answer must take."""
    said = normal(text).rstrip(" ?.!")
    head, _, ask = said.rpartition(", " if "?" not in said else "? ")
    if "." in ask.strip() or not head:
        head, _, ask = said.rpartition(". ")
    asked = next((m for m in (p.match(ask.strip(" ,")) for p in _ASKS) if m), None)
    words = {bare(w) for w in said.split()}
    if asked is None or not _SHARING & words or _CHANGES & words or "%" in said:
        return None
    if "each" in head.split() or len(_NUMBERS.findall(said)) != 2:
        return None
    if any(w in UNIT_NAMES and w != "us" for w in words):  # a measure (`us`: `4 of us`)
        return None
    parts = _parts(head, asked["who"], money_ask=asked["much"] == "much")
    if parts is None:
        return None
    amount, divisor, form = parts
    try:
        return Share(natural.read(f"what is {amount} divided by {divisor}"), form)
    except natural.NotReadError:
        return None


def _parts(head: str, who: str | None, *, money_ask: bool) -> tuple[str, str, AnswerForm] | None:
    """The amount, the number of shares and the answer's form, said as the module says."""
    count = _COUNT.search(head)
    if count is None or not _whole_number(divisor := count["between"] or count["us"] or count["ways"]):
        return None
    group = count["group"]
    if group is not None and (group not in _GROUPS or not _ends_clause(head[count.end() :])):
        return None  # `between 5 kids and me`
    if who is not None and who not in {"person", "one", "share", _GROUPS.get(group or "", "")}:
        return None  # `how many does each dog get`
    amount, form = _amount(head[: count.start()] + " " + head[count.end() :], money_ask=money_ask)
    return None if amount is None else (amount, divisor, form)


def guarded(plan: Plan, form: AnswerForm) -> Plan:
    """`plan` (one division) asking for the form `form`; a share of money in decimals."""
    goals = plan.goals
    if form == "cents":
        goals = [g.model_copy(update={"notation": "decimal"}) for g in goals]
    check = plan.final_check.model_copy(update={"answer_form": form})
    return plan.model_copy(update={"goals": goals, "final_check": check})


def _amount(rest: str, *, money_ask: bool) -> tuple[str | None, AnswerForm]:
    money = _MONEY.search(rest)
    if money is not None:
        return (money["a"] or money["b"] or money["c"]) if money_ask else None, "cents"
    things = _THINGS.search(rest)
    if things is None or money_ask or things["thing"] in _GROUPS or not plain(things["thing"]):
        return None, "whole"
    return things["n"], "whole"


def _whole_number(text: str) -> bool:
    return "." not in text and text not in ("zero", "0", "one", "1")


def _ends_clause(after: str) -> bool:
    """After `between 7 friends`: the clause ends, or says where or when in plain words."""
    clause = re.split(r"[,.;!?]", after, maxsplit=1)[0].split()
    return not clause or (clause[0] in ("at", "in", "on", "from", "for") and all(map(plain, clause)))
