"""The words `fee_rate` reads by: those it takes as plain only where something beside them says
what they are (`taxi home`: a ride home, not there and back; `home bakery`; `a £20 monthly fee
... this month`: one month's bill; `bought some packets at 2.50 each`: the count asked for;
`plus one $12 trowel`: one thing bought besides), and those that make it decline (`OTHERS`:
someone else sharing, an amount taken off or left out; `TAKEN`: a fee taken off the total)."""

from __future__ import annotations

import re

#: Who takes someone home (`taxi home came to 21.50`), and what a home may run.
_RIDES = frozenset(("taxi", "cab", "minicab", "uber", "lift"))
_HOME_RUN = frozenset(("bakery", "business", "studio", "office", "salon"))
#: A period's fee with its period's bill (`monthly ... this month`).
_PERIODIC = {"monthly": "month", "weekly": "week", "yearly": "year", "annual": "year"}


def said_so(words: list[str], i: int, stem: str, said: str) -> bool:
    """Whether `words[i]` is plain by what stands beside it (module docstring); `stem` is what
    the rate is per, without its `s`; `said` the whole question (its times are not words)."""
    word = words[i]
    before = words[i - 1] if i > 0 else ""
    after = words[i + 1] if i + 1 < len(words) else ""
    if word == "home":
        return before in _RIDES or after in _HOME_RUN
    if word in _PERIODIC:
        period = _PERIODIC[word]
        return f"this {period}" in said or f"last {period}" in said
    if word == "one":  # `plus one $12 trowel`: one thing bought besides, not a count
        return before in ("plus", "and") and re.fullmatch(r"[£$€]|\d+(?:\.\d+)?", after) is not None
    if word == "some":  # `some seed packets at 2.50 each`: the packets are what is counted
        return any(w.removesuffix("s") == stem for w in words[i + 1 : i + 3])
    return False


#: Who else may share the bill or the count (`my wife and i paid 140`).
OTHERS = frozenset(
    ("wife", "husband", "partner", "friend", "friends", "kids", "children", "family", "brother",
     "sister", "son", "daughter", "mum", "mom", "dad", "both", "us", "rival", "competitor",
     "another", "other", "mate", "flatmate", "housemate", "roommate", "boyfriend", "girlfriend",
     "fiance", "fiancee", "colleague", "gran", "nan", "grandma", "grandad", "team",
     # what takes away, waives or matches an amount (the fourth audit)
     "dropped", "dropping", "losing", "lose", "leaks", "leaking", "drains", "spend", "spending",
     "burn", "burning", "waived", "free", "thrown", "matches", "refundable", "deposit",
     "discount", "off", "minus", "less",
     # an amount the total holds or leaves out, a rate that changes, said in words (audit G)
     "taxes", "tax", "vat", "tipped", "tipping", "drinks", "materials", "postage", "shipping",
     "inclusive", "including", "incl", "reimbursed", "credited", "refunded", "promo", "extras",
     "extra", "later", "eventually", "went", "rose", "risen", "increased",
     "calls", "skip", "skipped", "missed", "remaining", "mate's", "parts", "cheap", "pricey",
     "docked", "deducted", "withheld")
)  # fmt: skip


#: Before a fee: it is taken off the total, not added to it.
TAKEN = frozenset(
    ("took", "takes", "take", "taken", "taking", "deducted", "deducts", "deduct", "kept",
     "keeps", "keep", "cut", "after", "net", "less", "minus", "off", "withheld", "docked")
)  # fmt: skip
