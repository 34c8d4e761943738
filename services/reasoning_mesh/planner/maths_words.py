"""Words that may name an operation, a quantity, an order or a sign: what no reader may take
off a question as people's own words (`chatter`), nor pass over as the name of what a quantity
measures (`1.2 kg flour`). The grammar's own words and every unit and number word are added
where this list is used; these are the ones neither holds.
"""

from __future__ import annotations

_WORDS = (
    # operations, in every form people write them
    "add adds added adding addition plus sum sums total totals altogether combined subtract"
    " subtracts subtracted subtracting subtraction minus take takes taken away difference less"
    " fewer more than multiply multiplies multiplied multiplying multiplication times product"
    " divide divides divided dividing division quotient over into per each split share shared"
    " half halve halved halves double doubled doubling twice triple tripled thrice quarter"
    " square squared cube cubed root roots power powers percent percentage exponent"
    " increase increased decrease decreased reduce reduced raise raised grow grew"
    " round rounded rounding nearest decimal decimals place places digit digits significant"
    " dp sf fraction fractions hex binary octal base notation scientific form simplest lowest"
    " terms exact mixed improper estimate approx approximately roughly"
    # order, sign and comparison
    " first second then after next previous last reverse other negative positive"
    " opposite inverse reciprocal not no never don't didn't without except"
    " left remaining rest remains leftover off up down under above below between from to of by"
    " equal equals equation solve unknown value number numbers"
    # checking a claim, and repetition that adds an operation
    " right correct sure why how mean meant means instead again also too"
    # how many of it, and what kind of unit (`a dozen 330 ml cans`, `5 km sq`, `tenfold`)
    " dozen dozens couple pair pairs both several few many multiple multiples case cases pack"
    " packs lot lots batch batches fold twofold threefold fourfold fivefold tenfold hundredfold"
    " quadruple quadrupled quintuple quintupled sq cu cubic diluted dilute concentrated"
    " rough roughly ballpark approximation whole part parts floor ceiling absolute magnitude"
    " integer sqrt"
    # how often: a rate, whose total over a period is another question (`8 hours nightly`)
    " daily nightly weekly monthly yearly annually hourly fortnightly"
)
#: Words that ask for something (`i want the remainder`, `i only need the whole part`, `i wonder
#: whether it's odd`): a sentence with one of them says what is asked, so it never comes off.
REQUESTS = frozenset(
    ("want", "wants", "wanted", "need", "needs", "needed", "wonder", "wondering", "only", "just",
     "asking", "ask", "asks", "asked", "looking", "give", "gives", "show", "tell", "find", "get",
     "whether", "if", "which", "what", "whats", "what's", "rather", "prefer", "expect", "expected",
     "supposed", "should", "must", "would", "like", "instead", "but", "than", "not", "don't",
     "dont", "no")
)  # fmt: skip
MATHS_WORDS = frozenset(_WORDS.split())
