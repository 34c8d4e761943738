"""Closed word lists of `bills`: its openings, buyers, asks, and words that are no things
counted one by one."""

from __future__ import annotations

_BEFORE = r"(?: (?P<before>before (?:vat|tax|tip)))?"
_IN_ALL = r"(?: altogether| in total)?"

#: Openings, tried in this order, each followed by a mark (`hey,` then `can u check my invoice
#: maths -`). None says anything of the bill but that it is one.
LEADS = (
    r"quick(?: q)? before i send this invoice",
    r"(?:hi|hey|ok so|ok|quick q|quick|q)",
    r"for the group chat",
    r"(?:invoice check|checking (?:an|the|my|this) invoice(?: from (?:our|my|the) [a-z]+)?)"
    r"(?: (?:before|b4) i (?:send|pay) it)?",
    r"(?:can (?:u|you) )?check my invoice maths",
    r"invoice line for the (?!overtime|weekend|night|holiday|emergency|rush)[a-z]+ job",
    r"(?:ringing up|ringing it up) at the till",
    r"charity shop till(?:'s| is) (?:down|playing up)(?: again)?",
    r"(?:(?:my|our|the|a) )?(?:small |little )?"
    r"(?:online |charity |farm |corner |craft |market |bakery |cake )?"
    r"(?:shop|stall|till|counter|bakery)(?: q| question)?",
    r"(?:[a-z]+(?:'s)? )?quote",
)
#: Who buys, before the lines: the asker, their group, a customer, or a bill that lists them.
BUYERS = (
    # never `got`: given, won or paid back as often as bought (`I got 3 prizes at 20 each`)
    ("i", r"(?:(?:i|i've|i have) )?(?:just )?(?:bought|ordered|picked up)"),
    ("we", r"we (?:just )?(?:bought|ordered)"),
    ("customer", r"(?:(?:the|a|this) )?(?:customer|lady|man|woman|bloke|guy|she|he) (?:just )?"
     r"(?:bought|ordered|wants|has|is buying|is getting|picked up)"),
    ("bill", r"(?:(?:the|my|our|this) )?(?:[a-z]+'s )?(?:invoice|quote|bill) (?:has|is|says|for)"),
)  # fmt: skip
#: Asks of the total (`who`: the asker who spends; `seller`: the asker who charges a buyer).
ASKS = (
    rf"(?:what's|what is|whats) the (?:grand )?total(?: cost| bill)?{_BEFORE}",
    rf"(?:what's|what is|whats) the total{_BEFORE} (?:i|we) should be (?P<seller>billing|charging)",
    rf"what should the total (?:be|come to|say){_BEFORE}",
    rf"(?:what's|what does|whats) (?:that|it|this) come to{_BEFORE}",
    rf"how much (?:did|do|will|should) (?P<who>i|we) (?:spend|pay|owe){_IN_ALL}",
    rf"how much (?:is|was) (?:that|it){_IN_ALL}",
    rf"what do (?:i|we) (?P<seller>charge) (?P<whom>her|him|them|the customer){_IN_ALL}",
    r"total(?: spend| cost)?",
    r"(?:what's|what is|whats) the bill",
)
#: Words that never name things counted one by one at a price each: multiples, times and
#: visits (a charge may be per visit), and what pays, pays back or is paid per something else.
NOT_THINGS = frozenset(
    ("dozen", "dozens", "doz", "score", "scores", "gross", "pair", "pairs", "brace", "couple",
     "couples", "lot", "lots", "set", "sets", "days", "nights", "weeks", "months", "years",
     "minutes", "hours", "hrs", "times", "visits", "sessions", "lessons", "classes", "trips",
     "appointments", "walks", "rides", "journeys", "callouts", "rounds", "shifts", "more",
     "extra", "spare", "free", "other", "others", "each", "per", "every", "total", "percent",
     "half", "and", "plus", "same", "different", "returns", "credits", "coupons", "rebates",
     "vouchers", "codes", "stamps", "refunds", "discounts", "deposits", "tips", "payments",
     "instalments", "installments", "subscriptions", "memberships", "fees", "charges", "fines",
     "points", "shares", "tokens", "cards", "weekly", "monthly", "daily", "yearly", "annual",
     "nightly", "hourly", "unsold", "unpaid", "complimentary", "goodwill", "warranty", "trial",
     "promo", "gift", "loyalty", "store", "tax", "vat", "service", "sample", "samples",
     "empties", "multipacks", "crates", "groups", "strips", "sheets", "bunches", "trays",
     "bundles", "cases", "pallets", "rolls", "reimbursements", "donations", "grants",
     "trade-ins", "refunded", "repayments", "loans", "fewer", "less", "gratis", "bogof",
     "bogo", "empty", "stamp", "stamps", "voided", "damaged", "faulty", "broken", "missing",
     "sold", "returned", "exchanges", "cancellations", "markdowns", "rewards", "chargebacks",
     "buybacks", "ious", "overcharges", "freebies", "prizes", "bonuses", "paybacks", "wins",
     "orders", "courses", "labourers", "workers", "helpers", "staff", "lads", "thousand",
     "thousands", "hundred", "hundreds", "million", "pages", "packs", "units-worth", "swaps",
     "comps", "giveaways", "discounts", "reductions", "deductions", "payouts", "instalments",
     "comp", "freebie", "foc", "courtesy", "giveaway", "bonus", "staff", "expense", "company",
     "swap", "layby", "void", "pending", "defective", "duplicate", "repeat", "spoilt",
     "sendback", "prepay", "halfprice", "complementary", "jobs", "refills", "overtime", "k",
     "grand", "nocharge", "unbought", "writeoff", "backorder", "partex", "creditnote",
     # people priced each (`3 kids at £8.50 each`): a price of what, for each? (`priced`'s
     # own refusal, round 21)
     "kids", "children", "people", "guests", "friends", "persons", "adults", "seniors",
     "students", "members", "players", "mates", "visitors", "customers", "us", "heads")
)  # fmt: skip
#: A thing bought singly that pays, pays back, is a service or a count (`a voucher for 5`, `a
#: table for 6`, `a round for 6`, `a taxi for 4`).
ONE_NOT = frozenset(
    ("voucher", "discount", "refund", "deposit", "tip", "coupon", "note", "change", "credit",
     "cashback", "return", "taxi", "cab", "table", "round", "booking", "rebate", "trade", "payment",
     "gratuity", "adjustment", "charge", "fee", "fine", "code", "hour", "visit", "session",
     "lesson", "night", "day", "week", "month", "year", "ticket", "match", "pass", "membership",
     "subscription", "insurance", "warranty", "donation", "bet", "stake", "loan", "advance",
     "reimbursement", "cancellation", "token", "giftcard", "giftcards", "tokens", "stamp",
     "promo", "offer", "deal", "points", "allowance", "grant", "bursary", "prize", "tradein",
     "waiver", "rebooking", "forfeit",
     "screening", "showing", "slot", "haircut", "class", "matinee", "tour", "appointment",
     "reduction", "deduction", "payout", "partex", "overpayment", "creditnote", "buyback",
     "promocode", "evoucher", "freebie", "kitty", "compensation", "layaway", "downpayment",
     "kid", "child", "adult", "person", "few", "couple", "exchange", "markdown", "reward")
)  # fmt: skip
#: Goods whose names end like a state or a payment (`paperbacks`, not `paybacks`).
GOODS = frozenset(
    ("paperback", "paperbacks", "hardback", "hardbacks", "ornament", "ornaments", "garment",
     "garments", "instrument", "instruments", "supplement", "supplements", "condiment",
     "condiments", "portion", "portions", "lotion", "lotions", "potion", "potions",
     "decoration", "decorations", "cushion", "cushions", "onion", "onions", "lemon", "bed",
     "sled", "seed", "seeds", "shed", "sheds", "takeout", "takeouts", "cutout", "cutouts")
)  # fmt: skip
#: Things whose own name has a hyphen (`t-shirts`); any other hyphened word may say what
#: became of them (`back-ordered`, `pre-paid`, `half-price`).
HYPHENED = frozenset(("t-shirts", "t-shirt", "tea-towels", "tea-towel", "x-rays"))
#: Kinds named before things (`adult tickets`, `tea towels`, `phone cases`, `birthday card`):
#: a closed list, because an open word before a thing may say what became of it (`comp
#: tickets`, `staff pizzas`, `layby coats`: audit E, round 26).
MODIFIERS = frozenset(
    ("tea", "concert", "cinema", "theatre", "train", "bus", "coffee", "birthday", "christmas",
     "party", "paper", "plastic", "glass", "wooden", "metal", "cotton", "wool", "seed", "plant",
     "flower", "garden", "school", "team", "football", "rugby", "tennis", "golf", "garlic",
     "cheese", "ham", "chocolate", "cream", "fruit", "veg", "sausage", "bacon", "egg", "chicken",
     "face", "hand", "bath", "dish", "kitchen", "toilet", "picture", "photo", "greeting", "gel",
     "ink", "printer", "phone", "craft", "candle", "soap", "dog", "cat", "bird", "fish", "adult",
     "child", "kids", "senior", "student", "family", "large", "small", "medium", "screen",
     "paint", "window", "interior", "door", "sketch", "note", "exercise", "picnic", "beach",
     "bike", "car", "wall", "floor", "light", "rose", "apple", "orange",
     "lemon", "pork", "beef", "veggie", "vegan", "iced", "hot", "cold", "ice", "sun", "rain",
     "winter", "summer", "wedding", "baby", "toy", "book", "art", "drawing", "storage")
)  # fmt: skip
#: Containers bought singly with what they hold (`a bag of apples`, `one roll of tape`).
SINGLE_CONTAINERS = frozenset(
    ("bag", "box", "pack", "packet", "bottle", "jar", "tin", "tub", "roll", "punnet", "can",
     "sack", "pot", "carton")
)  # fmt: skip
#: Words of a tax or tip anywhere before an ask of the total before one.
TAX_WORDS = frozenset(
    ("tax", "vat", "tip", "tips", "gratuity", "gratuities", "service", "inclusive", "incl",
     "inc", "included", "including", "includes", "exclusive", "excl", "ex", "gross", "net",
     "gst", "hst", "pst", "duty", "servicecharge", "levy", "surcharge")
)  # fmt: skip
