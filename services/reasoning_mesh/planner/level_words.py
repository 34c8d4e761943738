"""Closed clause shapes of `levels`: a start, a steady change, a target and an ask.

In a shape, `S`, `R` and `T` are the start, the rate and the target (a number, with a currency
before it or a unit after it), `P` what the rate is per, `PS` the same in the plural as asked,
`C` a container or a thing measured, `ASKER` the asker. Each shape is a whole clause, with the
kinds of what it tells that hold only in some stories (`levels` checks them):

- `mine`: a start or an ask of the asker's own (`i've got`, `will we have`);
- `progress`: a start that is work done so far (`i've done 36 rows`), of a level that rises;
- `past`: a start told at an earlier time (`had`, `started at`), never asked `how many more`;
- `full`: the level when a container was put up (`started at 1000 ml`), with its unit;
- `size`: a container's size (`the bag is 1000 ml`), a level only of one that empties;
- `bag`: a bag put up full, the one thing asked how long it has been running;
- `long`: a knitted piece's length now (`my scarf is 12 cm long`), in a unit of length or rows;
- `on`: a start said `on N` (`i'm on 36`: the row being knitted?), read only with its unit;
- `now`: a target that is the level now (`there's 375 ml left`), only with that ask;
- `grows`: a target that a level rising reaches (`the panel needs 150 rows`);
- `left`: an ask of an amount left, of a level that falls; `running`: how long it has run;
- `meter`: a cab's meter, its fare and its miles, told only with one another.
"""

from __future__ import annotations

#: The asker, and the asker with a verb of having (`i've got`, `i already have`).
ASKER = r"(?:i|i'm|im|i've|ive|i am|i have|we|we're|we've|we have)"
#: What may hold or be a level (`the rain barrel`, `a drainage bag`, `the water`, `my scarf`).
CONTAINER_NAMES = (
    "bag", "bottle", "tank", "barrel", "rain barrel", "water butt", "tub", "jar", "bucket", "pot",
    "sack", "bin", "pool", "pond", "reservoir", "flask", "jug", "kettle", "cistern",
)  # fmt: skip
CONTAINERS = r"(?:iv |drip |drainage |catheter |urine |feed |fluid )?" + "|".join(CONTAINER_NAMES)
SUBSTANCES = r"water|solution|sample|liquid|oven|soup|mixture|milk|oil|room|fridge|freezer"
KNITTED_NAMES = ("scarf", "blanket", "jumper", "sweater", "back panel", "panel", "cardigan",
                 "shawl", "sock", "rug", "quilt")  # fmt: skip
KNITTED = "|".join(KNITTED_NAMES)
#: A thing as named: `the`/`a`/`my`/`our` and one of the lists.
C = rf"(?:(?:the|a|an|my|our|this) )?(?P<c>{CONTAINERS}|{SUBSTANCES}|{KNITTED})"
#: A bag as named (`the iv bag`, `a drip bag`).
BAG = r"(?P<c>(?:(?:iv|drip|fluid|feed) )?bag)"
#: `is`, `'s` after a thing (`the bag's at 600 ml`; `its` as people type `it's`).
IS = r"(?: is|'s)"

#: What the rate is per, as the rate says it and as the ask says it.
PERIODS = {
    "week": "weeks", "month": "months", "day": "days", "night": "nights", "evening": "evenings",
    "hour": "hours", "hr": "hours", "minute": "minutes", "min": "mins", "second": "seconds",
    "year": "years",
}  # fmt: skip
#: What a meter's fare is per, as its rate says it and as the ask says it.
DISTANCES = {"mile": "miles", "km": "km"}
#: What a level moves through in decimals (`3.5` hours, `9.5` miles); the rest count whole.
MEASURED = frozenset(("hour", "hr", "minute", "min", "second", *DISTANCES))
#: Per: `a week`, `every minute`, `each evening`, `per hour`, `an hour`.
P = rf"(?:(?:a|an|per|every|each) |/)(?P<p>{'|'.join(PERIODS)})"

#: Units a level is counted in: the same one, or none, on the start, the rate and the target.
UNITS = (
    r"ml|l|litres|liters|cl|cm|mm|m|metres|meters|kg|g|grams|rows|stitches|pages|tablets|pills|"
    r"capsules|°c|°f|degrees|c|f"
)
#: Units of a measure (never of things counted, `rows`, `tablets`): said on one amount, on all.
MEASURES = frozenset(
    ("ml", "l", "litres", "liters", "cl", "cm", "mm", "m", "metres", "meters", "kg", "g", "grams",
     "°c", "°f", "degrees", "c", "f")
)  # fmt: skip
#: Lengths, never a container's size.
LENGTHS = frozenset(("cm", "mm", "m", "metres", "meters"))
#: Units of one temperature scale said two ways (`18°c`, `3 degrees`), and of both.
CELSIUS = frozenset(("°c", "c", "degrees"))
FAHRENHEIT = frozenset(("°f", "f", "degrees"))
TEMPERATURES = CELSIUS | FAHRENHEIT
#: Units said in more than one way.
SAME_UNITS = (CELSIUS, FAHRENHEIT, {"l", "litres", "liters"}, {"m", "metres", "meters"},
              {"g", "grams"})  # fmt: skip

#: Openings that only name where the question comes from (each a whole clause).
LEADS = (
    r"(?:hi|hey|ok|ok so|so|right|quick one|quick q|quick question|question)",
    r"(?:science|chem|chemistry|physics|biology|school|cooking|food tech) (?:lab|class|lesson)"
    r"(?: question| q)?",
    r"(?:nurse|nurse here|ward question|ward q|on the ward|night shift|pharmacy question|"
    r"pharmacy q)",
    r"(?:knitting|blanket|scarf|savings|saving|money)(?: project)?(?: update| question| q)?",
    r"saving (?:up )?for (?:a|an|my|the) (?:new )?(?:bike|car|holiday|laptop|phone|console|"
    r"camera|guitar|tent|trip|sofa|tv)",
    r"garden(?:ing)? (?:question|q)|rain barrel (?:question|q)",
    r"(?:holiday |christmas |birthday )?savings (?:question|q|update)",
)

#: What the asker saves for (a closed list: `for the rent` may take some away).
GOALS = r"bike|car|holiday|laptop|phone|console|camera|guitar|tent|trip|sofa|tv"

#: What stock is of (`300 of paracetamol`; never `500 of each`: each of what, and how much?).
_OF = r"(?: of (?!each|both|them|those|these|all|every)[a-z]+)?"

#: Who or what is at a level now (`the scarf is`, `it's`, `i'm`, `we're`).
_AT_NOW = rf"(?:{C}{IS}|its|it's|{ASKER})"

#: Starts: `S` is the level before the change; (shape, kinds).
STARTS = (
    (rf"{ASKER} (?:already )?(?:got|have|have got|saved)(?: already)? S"
     r"(?: saved| already| in (?:my |the )?(?:savings|account|pot|jar|bank))*", "mine"),
    (rf"{ASKER} (?:already )?(?:done|knitted)(?: already)? S(?: so far| already)?", "mine progress"),
    (r"(?:i |we )?already (?:have|got|have got) S(?: saved)?", "mine"),
    (rf"{_AT_NOW} at S(?: now)?", ""),
    (rf"{_AT_NOW} at S so far", "progress"),
    # `i'm on 36`: row 36 being knitted, 35 done? only with its unit
    (rf"{_AT_NOW} on S(?: now)?", "on"),
    (rf"{_AT_NOW} on S so far", "on progress"),
    (rf"{C} was at S", "past"),
    (rf"{C} was on S", "past on"),
    (rf"{C} was S so far", "past progress"),
    (rf"{C}{IS} S so far", "progress"),
    # never `a scarf is 150 cm long`: a length any scarf may have, not this one's now
    (rf"(?:(?:the|my|our|this) )?(?P<c>{KNITTED}){IS} S long(?: right now| now)?", "long"),
    (rf"{C} (?:has|holds) S in it", ""),
    (rf"{C} (?:had|held) S in it(?: at the start(?: of (?:the|my) shift)?)?", "past"),
    (rf"(?:the )?(?:pharmacy|ward|shop|we|i) (?:has|have) S{_OF} in stock", "mine"),
    (rf"(?:the )?(?:pharmacy|ward|shop|we|i) had S{_OF} in stock", "mine past"),
    # the level when a container was put up (`the bag started at 1000 ml`)
    (rf"{C} (?:starts|started|began) (?:at|with|on) S", "full past"),
    # a container's size: its level only where it empties (where it fills, what it holds at most)
    (rf"(?:a|an|the) S {BAG} is (?:up|hanging|on)", "size bag"),
    (rf"(?:the|a|an|my|our|this) (?P<c>{CONTAINERS}){IS} S", "size"),
)  # fmt: skip
#: A bag's size and its rate in one clause (`a 1000 ml bag is running at 125 ml per hour`).
SIZE_RUNNING = rf"(?:a|an|the) S {BAG} is running at R {P}"

#: Steady changes: (shape, direction). `R` is the amount per `P`.
RATES = (
    (rf"(?:{ASKER} )?(?:putting away|put away|putting in|put in|saving|save|adding|add)"
     rf" R {P}(?: for (?:a|an|my|the) (?:new )?(?:{GOALS}))?", "+"),
    (rf"(?:{ASKER} )?(?:knit|do|manage|add)(?: another)? R {P}", "+"),
    (rf"(?:(?:the )?hose|(?:the )?tap|it) (?:is adding|adds|puts in) R {P}", "+"),
    (rf"(?:it |{C} )?(?:fills|is filling|fills up) at (?:a steady )?R {P}", "+"),
    (rf"(?:the temperature |it |{C} )?(?:goes up|rises|climbs|warms|warms up|heats up|"
     rf"is heating up|is warming up)(?: by| at)?(?: a steady)? R {P}", "+"),
    (rf"(?:it's |its |it is |{C}{IS} )?running at R {P}", "-"),
    (rf"(?:it |{C} )?runs at (?:a steady )?R {P}", "-"),
    (rf"(?:she|he|the dog|the cat|my dog|my cat) eats R {P}", "-"),
    (rf"(?:(?:the )?(?:pharmacy|ward|shop|we|i|it) )?(?:dispenses|dispense|uses|use|"
     rf"gives out|give out) R {P}", "-"),
    (rf"(?:the temperature |it |{C} )?(?:cools|cools down|drops|falls|goes down)"
     rf"(?: by| at)?(?: a steady)? R {P}", "-"),
)  # fmt: skip

#: Targets said in a clause of their own; (shape, kinds).
TARGETS = (
    (rf"(?:i )?want (?:it|{C}) to be (?:exactly )?T(?: long)?", ""),
    (rf"(?:it|{C}) needs to be (?:exactly )?T(?: long)?", ""),
    (rf"{C} needs (?:exactly )?T in total", "grows"),
    (r"the pattern (?:is|has|needs) (?:exactly )?T(?: in total)?", "grows"),
    (r"there(?:'s| is) (?:now )?(?:exactly )?T left(?: in it)?(?: now)?", "now"),
)

#: Asks of the number of periods (`PS`), perhaps with the target; (shape, kinds).
ASKS = (
    (r"(?:after )?how many (?:more )?PS(?: of knitting)?(?: will (?:it|that) take)?", ""),
    (rf"(?:after )?how many (?:more )?PS (?:until|till|before) {ASKER}"
     r" (?:at|on|got|have|hit|reach|get to) (?:exactly )?T", "mine"),
    (r"(?:after )?how many (?:more )?PS (?:until|till|before) (?:it's|its|it is)"
     r" (?:at|on) (?:exactly )?T", ""),
    (r"(?:after )?how many (?:more )?PS (?:until|till|before) i (?:have|hit|reach|get to)"
     r" (?:exactly )?T", "mine"),
    (r"(?:after )?how many (?:more )?PS (?:until|till|before) it (?:reaches|hits|gets to)"
     r" (?:exactly )?T", ""),
    (r"(?:after )?how many (?:more )?PS (?:until|till|before) (?:it's|its|it is) (?:exactly )?T", ""),
    (r"after how many PS will (?:i|we) have (?:exactly )?T", "mine"),
    (r"after how many PS (?:does|will) (?:it|the (?P<c>temperature|level|water)) "
     r"(?:reach|hit|get to|be at|be) (?:exactly )?T", ""),
    (r"after how many PS will (?:it|the (?P<c>bag|barrel|tank)) (?:hold|reach|be at) (?:exactly )?T",
     ""),
    (r"after how many PS will there be (?:exactly )?T left(?: in (?:it|the (?P<c>bag)))?", "left"),
    # how long a bag put up full has run, to the level it is at now (`there's 375 ml left`)
    (r"how many PS has it been running(?: for)?", "running"),
)  # fmt: skip


#: A cab's meter is a level too: it starts at its fixed charge and rises so much a mile to the
#: fare (`Taxi meter is £3.20 to start then £1.60 a mile. Customer paid exactly £19.20, no tip.
#: How many miles was the trip?`). `M` is per mile or km, `MS` the same as asked.
M = rf"(?:a|per) (?P<p>{'|'.join(DISTANCES)})"
_CAB = (
    r"(?:(?:the|my|our) )?(?:local )?(?:taxi|cab|minicab)(?: (?:meter|fare|fares|firm|company))?"
    r"(?: (?:in (?:this |the )?town|here|round here))?"
)
_METER = r"(?:(?:the|my|our) )?(?:taxi |cab )?meter"
_FEE = (
    r"(?:to start|to get in|just to get in|flag fall|flat|pick-up|pickup|pick-up charge|"
    r"pick-up fee|pickup charge|pickup fee)"
)
#: Shapes of a meter's start and rate, together or apart (all rise).
METER_RATES = (
    rf"{_CAB} (?:is|are|was|charges|costs) (?:a )?S(?: {_FEE})? (?:plus|then|\+) R {M}",
    rf"{_METER} (?:is|charges) (?:a )?S(?: {_FEE})? (?:plus|then) (?:it's )?R {M}",
    rf"{_METER} starts at S then (?:it's|it adds|adds) R {M}",
    rf"(?:then )?(?:it )?adds R {M}",
)
METER_STARTS = (rf"{_METER} starts at S",)
#: The fare, and the words beside it that add nothing to it.
FARES = (
    r"(?:(?:a|the|my|my last|last|last night's|a customer's|his|her|one) )?fare (?:was|came to)"
    r" (?:exactly )?T(?: on the meter)?(?: exactly)?",
    r"(?:(?:a|the) )?(?:customer|passenger|bloke|guy|lady) paid (?:exactly )?T"
    r"(?: with no tip| \(no tip\))?",
)
NO_TIP = (r"no tip", r"\(no tip\)")
#: Asks of the miles (`MS`).
METER_ASKS = (
    r"how many MS (?:was|is) (?:the|my|that|this|his|her) (?:trip|ride|journey|job)",
    r"how many MS did (?:we|they|i|he|she|you) (?:go|do|travel|drive|cover)",
    r"how many MS was it",
)
