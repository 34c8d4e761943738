"""An amount shared equally, then asked for per head: `If I split 864 stickers evenly between 12
kids, how many does each kid get?`, `Four of us had dinner and the bill came to 87.32, we're
splitting it evenly. How much does each person pay?`, `15 of us are splitting 420 quid evenly
for the cottage, how much each?`.

The reading is the amount divided by the number of shares, and the plan says what form the
answer must take to answer the question at all (`FinalCheck.answer_form`): a share of counted
things is `whole` (`50 cookies between 6 kids` has no answer in cookies), a share of money is
`cents` and written in decimals (`12.5`, not `25/2`). The verifier reads the accepted answer's
text against that form; nothing here computes a value.

The whole text must be one of a few fixed sentences (`_FORMS`), because every open word in a
story about sharing can change the shares (an audit of an open-vocabulary draft found 183 of
450 adversarial questions misread: `between 4 kids and their teacher`, `but Tom gets none`,
`unevenly`, `8 dozen eggs`, `$12,000`, `84 dollars a head`, `the bill came to 87.32 before the
drinks`). Only these are open: the counted things (one plural word, or a word and a plural),
what a bill was for (one word: `a $156 restaurant bill`) and what it is for (`for the cottage`,
`for the school fair`), each a plain word of no maths, quantity, currency or unit. The shares are
`evenly`/`equally` between people (`_PEOPLE`), `N of us` or `N ways`; each amount one number as
written (money to cents at most, things whole; no thousands commas: `12,000` or `87,50`?).
"""

from __future__ import annotations

import re

from reasoning_mesh.contracts.plans import AnswerForm
from reasoning_mesh.planner import natural
from reasoning_mesh.planner.forms import FormedReading
from reasoning_mesh.planner.numwords import ONES, TENS
from reasoning_mesh.planner.sentence_words import plain
from reasoning_mesh.planner.units import UNIT_NAMES
from reasoning_mesh.planner.wrappers import normal

#: `twenty-five`; never `thirty-zero` (a tens word takes one to nine after its hyphen).
_WORD_NUMBER = (
    rf"(?:(?:{'|'.join(TENS)})(?:-(?:{'|'.join(w for w in ONES if ONES[w] in range(1, 10))}))?"
    rf"|{'|'.join(ONES)})"
)
_COUNT = rf"(?:\d+|{_WORD_NUMBER})"
_CASH = r"\d+(?:\.\d{1,2})?"
#: Who the shares go to, plural → singular (people only: `each person` of `5 families` is not
#: a fifth).
_PEOPLE = {
    "people": "person", "friends": "friend", "kids": "kid", "children": "child",
    "pupils": "pupil", "students": "student", "players": "player", "guests": "guest",
    "colleagues": "colleague", "workers": "worker", "boys": "boy", "girls": "girl",
    "siblings": "sibling", "cousins": "cousin", "grandchildren": "grandchild",
    "grandkids": "grandkid", "housemates": "housemate", "flatmates": "flatmate",
    "roommates": "roommate", "mates": "mate", "neighbours": "neighbour", "neighbors": "neighbor",
}  # fmt: skip
_EVENLY = r"(?:evenly|equally)"
_SPLIT = r"(?:split|share|divide)"
_SPLITTING = r"(?:splitting|sharing|dividing)"
_BETWEEN = rf"(?:between|among|amongst) (?:(?P<us>{_COUNT}) of us|(?P<n>{_COUNT}) (?P<group>[a-z]+))"
_THINGS = rf"(?P<things>{_COUNT}) (?P<item>[a-z]+)"
_MONEY = (
    rf"(?:(?:a |the )?[$£€](?P<cash>{_CASH})(?: (?P<bill_for>[a-z]+))? bill"
    rf"|[$£€](?P<cash6>{_CASH})"
    rf"|(?P<cash2>{_CASH}) (?:dollars|quid|euros|bucks)"
    rf"|(?:a|the) (?:(?P<bill_for2>[a-z]+) )?bill of (?:[$£€](?P<cash3>{_CASH})|(?P<cash4>{_CASH})"
    rf"(?: (?:dollars|quid|euros|bucks))?)"
    rf"|the (?P<cash5>{_CASH}) dollar (?:bill|rent)"
    # `a 138 dollar dinner bill`, `an 84 pound bill`: the currency said before the bill
    rf"|(?:a|an|the) (?P<cash8>{_CASH}) (?:dollar|pound|euro|quid|buck)"
    rf" (?:(?P<bill_for4>[a-z]+) )?bill"
    # `a 137.50 restaurant bill`: pounds and pence, a bill's amount
    rf"|(?:a|the) (?P<cash9>\d+\.\d\d) (?:(?P<bill_for5>[a-z]+) )?(?:bill|fare))"
)
_AMOUNT = rf"(?:{_MONEY}|{_THINGS})"
_FOR = r"(?: for the (?P<for>[a-z]+)(?: (?P<for2>[a-z]+))?)?"
_WE = r"(?:we|we're|we are)"
_MEAL = r"(?:dinner|lunch|the meal|our meal|the bill|(?:the )?dinner bill)"
#: A meal named more ways, whose amount is the whole bill only where it `came to` so much
#: (audit AB: `team lunch was £15` may be a price a head).
_MEAL_CAME = r"(?:the |our )?(?:team |work |office )?(?:dinner|lunch)"
#: What a hire is for, before it (`salsa class hall hire`): a closed list (an open word may be
#: a price per head, `adult court hire`, or another's hire, `the club's van hire`; audit Q).
_HIRERS = (
    r"(?:salsa|dance|dancing|yoga|pilates|zumba|class|choir|band|sports|function|village|church"
    r"|school|party|wedding|birthday|football|netball|badminton|tennis|squash|five-a-side|rehearsal)"
)
#: The one occasion a hire is for, after it (`van hire for the move`); never a person, a part of
#: the cost or a length of time that tonight's payers may not share (`for the deposit`, `for the
#: driver`, `for the year`).
_OCCASIONS = r"(?:move|trip|party|day|night|evening|weekend|session|match|game|wedding|outing)"
#: (`dinner is 25` may be a price per head; `the bill is 138` is the whole bill.)
_CAME_TO = (
    rf"(?:{_MEAL} (?:came to|comes to|was)|{_MEAL_CAME} (?:came to|comes to)"
    rf"|(?:the |our )?(?:dinner )?bill is"
    # `the electric bill came in at 147.60`: a whole bill named by what it is for
    rf"|(?:the |our )?(?P<bill_for6>[a-z]+) bill (?:came to|came in at|comes to|was|is)"
    # `the hall hire is £84`, `van hire for the move was £385`: hiring one thing
    rf"|(?:the |our )?(?P<hirer>(?:{_HIRERS} ){{1,2}})?"
    rf"(?:hall|van|minibus|coach|room|venue|court|pitch|studio) hire"
    rf"(?: for the {_OCCASIONS})? (?:came to|comes to|was|is)"
    rf") [$£€]?(?P<cash>{_CASH})"
)
#: Who the asker is with, after `n of us` (`in the flat`, `tonight`): no one else.
_US_HERE = r"(?: in the (?:flat|house)| tonight)?"
_FORMS = tuple(
    re.compile(rf"^{form}$")
    for form in (
        # `if I split 864 stickers evenly between 12 kids`, `I'm splitting a bill of 84 dollars`
        rf"(?:if )?(?:(?:i|we) {_SPLIT}|(?:i'm|i am|we're|we are) {_SPLITTING}) {_AMOUNT} "
        rf"(?:{_EVENLY} )?{_BETWEEN}",
        rf"(?:{_SPLIT}|{_SPLITTING}) {_AMOUNT} (?:{_EVENLY} )?{_BETWEEN}",
        # `48 cookies shared evenly between 6 kids`
        rf"{_THINGS} (?:shared|split|divided) {_EVENLY} {_BETWEEN}",
        # `15 of us are splitting 420 quid evenly for the cottage`
        rf"(?P<us>{_COUNT}) of us (?:are )?{_SPLITTING} {_AMOUNT}(?: {_EVENLY})?{_FOR}",
        # `four of us had dinner and the bill came to 87.32, we're splitting it evenly`
        rf"(?P<us>{_COUNT}) of us (?:(?:had|went out for|went for) (?:dinner|lunch|a meal|drinks|"
        rf"a takeaway|a curry|pizza)|went out) and the bill (?:came to|comes to|was|is) "
        rf"[$£€]?(?P<cash>{_CASH})[,.]? (?:(?:{_WE} {_SPLITTING}|we {_SPLIT}) it {_EVENLY}"
        rf"|split {_EVENLY})",
        # `we baked 144 cookies for the school fair and want to split them equally between 16 kids`
        rf"{_WE} (?:baked|made|bought|have|got) {_THINGS}{_FOR} and (?:want|need|are going|have)"
        rf" to {_SPLIT} them {_EVENLY} {_BETWEEN}",
        # `Dinner came to 87.32 and there's 4 of us splitting it evenly`; unsaid where each
        # one's share is asked (`dinner came to 138 and there's 6 of us, how much each`)
        rf"{_CAME_TO}[,.]? and there(?:'s|s| is| are| were) (?P<us>{_COUNT}) of us{_US_HERE}"
        rf"(?: {_SPLITTING}(?: it)? {_EVENLY})?",
        # `there are 5 of us and dinner came to 137.50`; `dinner came to 86.40 split 3 ways`
        rf"there(?:'s|s| is| are) (?P<us>{_COUNT}) of us and {_CAME_TO}",
        rf"{_CAME_TO},? (?:and )?(?:split|shared) (?P<ways>{_COUNT}) ways",
        # `we made 312 at the cake sale and 3 of us are splitting it evenly`: takings shared
        rf"{_WE} (?:made|raised|took|earned) [$£€]?(?P<cash>{_CASH})(?: (?:dollars|quid|euros|bucks))? "
        rf"at the (?:cake|bake|car boot|school|charity|jumble|garage|yard) (?:sale|fair|stall) and "
        rf"(?P<us>{_COUNT}) of us (?:are )?{_SPLITTING} it(?: {_EVENLY})?",
        # `pizza was 18 quid split between 4 of us`
        rf"(?:(?:a|the|our) )?(?P<bill_for3>[a-z]+) (?:costs|cost|came to|comes to|was|is) "
        rf"[$£€]?(?P<cash7>{_CASH})(?: (?:dollars|quid|euros|bucks))?,? (?:and )?(?:split|shared) "
        rf"(?:{_EVENLY} )?{_BETWEEN}",
        # `A pizza costs $14.75 and we split it equally between 5 people`
        rf"(?:a|the|our) (?P<bill_for3>[a-z]+) (?:costs|cost|came to|comes to|was) "
        rf"[$£€]?(?P<cash7>{_CASH})(?: (?:dollars|quid|euros|bucks))?[,.]? and "
        rf"(?:{_WE} {_SPLITTING}|we {_SPLIT}|we(?:'re| are) going to {_SPLIT}) it {_EVENLY} {_BETWEEN}",
        # `we're splitting the 120 dollar rent 4 ways`
        rf"{_WE} {_SPLITTING} {_AMOUNT} (?P<ways>{_COUNT}) ways",
    )
)
_WHO = r"(?:each|each one|each (?P<who>[a-z]+)|each of (?P<us_ask>us|you)|everyone|everybody)"
#: Where the ask begins: its last `how many`/`how much`/`what does`.
_ASK_START = re.compile(
    r"\b(?:how (?:many|much)|what (?:does|do|will|would|should)|what(?:'s| is|s)? (?:each|everyone))\b"
)
_ASKS = (
    re.compile(rf"^how (?P<much>many|much) (?:does|do|will|would|should|can) {_WHO} "
               r"(?:get|pay|owe|put in)$"),
    re.compile(rf"^how (?P<much>many|much) (?:for )?{_WHO}$"),
    re.compile(rf"^what (?:does|do|will|would|should) {_WHO} (?:get|pay|owe|put in)$"),
    # `how much does each of you owe me` (the asker collecting), `... need to transfer`
    re.compile(rf"^how (?P<much>much) (?:does|do|will|would|should) {_WHO} "
               r"(?:owe me|need to (?:pay|transfer|put in))$"),
    re.compile(r"^what(?:'s| is|s)? (?:each (?P<who>person)(?:'s|s)|everyone'?s) share$"),
)  # fmt: skip
#: Greetings before the sentence (`ok so`, `hey all,`): nothing of the shares.
_GREETING = re.compile(r"^(?:(?:ok|okay|hey|hi|so)(?: all| guys| everyone)?,? )+")
#: What a whole bill may be said to be for (`a $156 restaurant bill`); not a price per head,
#: a note or a voucher (`the $120 per-person bill`, `$20 notes`: how many?).
_BILLS_FOR = frozenset(
    ("restaurant", "dinner", "lunch", "breakfast", "meal", "pizza", "takeaway", "pub", "bar",
     "hotel", "taxi", "cab", "grocery", "shopping", "electric", "electricity", "gas", "water",
     "phone", "internet", "energy", "holiday", "cottage", "food", "party", "bill", "present",
     "gift", "cake", "curry")
)  # fmt: skip
#: Open words that may not be counted things or a purpose: quantities, currencies, containers
#: and people (an amount of them, or a share of them).
_NOT_OPEN = frozenset(
    ("dozen", "dozens", "hundred", "hundreds", "thousand", "thousands", "million", "millions",
     "billion", "billions", "trillion", "trillions", "grand", "k", "m", "bn", "cents", "cent",
     "pence", "p", "pounds", "pound", "scores", "grosses", "lakhs", "crores", "myriads",
     "zillions", "hundredweights", "tons", "tonnes", "notes", "coins", "vouchers", "cheques",
     "checks", "tokens", "bills", "chips", "credits",
     "dollars", "euros", "quid", "bucks", "bags", "packs", "packets", "boxes", "bars", "pairs",
     "sets", "lots", "batches", "trays", "tins", "jars", "cases", "crates", "rolls", "sheets",
     "head", "apiece", "each", "per", "more", "extra", "other", "others", "half", "halves",
     "portion", "portions", "share", "shares", "rest", "remaining", "leftover", "leftovers",
     "deposit", "tip", "tax", "delivery", "drinks", "starters", "voucher", "coupon")
)  # fmt: skip


def read(text: str) -> FormedReading | None:
    """The amount divided by the number of shares, and the form its answer must take."""
    said = re.sub(r"\s*(?:,?\s*(?:please|pls|thanks))?\s*[?.!]*$", "", normal(text))
    said = _GREETING.sub("", said)
    starts = list(_ASK_START.finditer(said))
    if not starts:
        return None
    head, ask = said[: starts[-1].start()].rstrip(" ,.?!-"), said[starts[-1].start() :]
    head = re.sub(r"([.,]) if (?=we |i )", r"\1 ", head)  # `... 143.46. if we split it evenly`
    # `how much does each person pay if we split it evenly`: the sharing said with the ask
    heads = [head]
    if (evenly := re.search(rf",? if we {_SPLIT} it {_EVENLY}$", ask)) is not None:
        ask = ask[: evenly.start()]
        heads.append(f"{head}, we're splitting it evenly")
    parts = next((p for p in (_parts(h, ask) for h in heads) if p is not None), None)
    if parts is None:
        return None
    amount, shares, form = parts
    reading = natural.reading(f"what is {amount} divided by {shares}")
    return None if reading is None else FormedReading(reading, form)


def _parts(head: str, ask: str) -> tuple[str, str, AnswerForm] | None:
    """The amount, the number of shares and the answer's form, where `head` says a share in
    one of `_FORMS` and `ask` asks for one share of it."""
    said = next((m for m in (f.fullmatch(head) for f in _FORMS) if m is not None), None)
    asked = next((m for m in (a.fullmatch(ask) for a in _ASKS) if m is not None), None)
    if said is None or asked is None:
        return None
    found = {k: v for k, v in said.groupdict().items() if v is not None}
    shares = found.get("n") or found.get("us") or found.get("ways") or ""
    cash = next((v for k, v in found.items() if k.startswith("cash")), None)
    bill_for = [found[k] for k in found if k.startswith("bill_for")]
    purpose = [found[k] for k in ("for", "for2") if k in found]
    hirer = found.get("hirer", "").split()  # `salsa class hall hire`: who hires it
    if (
        shares in ("0", "1", "zero", "one")
        or not all(w in _BILLS_FOR for w in bill_for)  # `the $120 per-person bill`
        or not all(_open(w) and not w.endswith("s") for w in purpose)  # `for the nights`
        or not all(map(_open, hirer))
    ):
        return None
    much = asked.groupdict().get("much")
    # tonight's company shares a meal or a hire, never a household's bill (audit S)
    household = "bill_for6" in found and "tonight" in head
    takings = _TAKINGS.search(head) is not None
    # takings shared are got, never owed or paid (`we made 312 ... how much does each of us
    # owe?`: an older misread, audit Q)
    paid_out = takings and re.search(r"\b(?:owe|pay|put in)\b", ask) is not None
    # what each owes the asker: never of `each of us` (the asker owes no one), never of takings
    owed_to_me = _owed_to_me(asked) and (asked.groupdict().get("us_ask") == "us" or takings)
    owed = household or paid_out or owed_to_me
    if owed or not _asked_of(found.get("group"), asked, us="us" in found or "ways" in found):
        return None
    if cash is not None:  # money: `how much`, `what does each pay`
        return (cash, shares, "cents") if much != "many" else None
    item = found.get("item", "")
    if not item.endswith("s") or much == "much" or not _open(item):
        return None  # `48 cookie`, `how much does each get` of things
    return found["things"], shares, "whole"


_TAKINGS = re.compile(r"\b(?:made|raised|took|earned|takings)\b")


def _owed_to_me(asked: re.Match[str]) -> bool:
    """Whether the ask is of what each owes the asker, must transfer or has as a share (`how
    much does each of you owe me`); `_parts` says where such an ask may stand (audit Q)."""
    return bool(re.search(r"owe me|transfer|share$", asked[0]))


def _asked_of(group: str | None, asked: re.Match[str], *, us: bool) -> bool:
    """Whether the ask is of one of the people the shares go to: `each kid` of kids, `each of
    us` only where we are the shares (`4 of us`, `4 ways`), `each person` of people."""
    if group is not None and group not in _PEOPLE:
        return False
    if asked.groupdict().get("us_ask") is not None:
        return us
    who = asked.groupdict().get("who")
    return who is None or who in ("person", "one") or who == _PEOPLE.get(group or "")


def _open(word: str) -> bool:
    """An open word of the sentence: plain, and no quantity, currency, unit or container."""
    return plain(word) and word not in _NOT_OPEN and word not in UNIT_NAMES and word not in _PEOPLE
