"""The words that make `fee_rate` decline: `OTHERS` (someone else sharing the bill or the count,
an amount taken off or left out, a rate that changes) and `TAKEN` (a fee taken off the total,
not added to it)."""

from __future__ import annotations

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
