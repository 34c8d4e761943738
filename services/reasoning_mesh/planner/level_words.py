"""Closed clause shapes of `levels`: a start, a steady change, a target and an ask.

In a shape, `S`, `R` and `T` are the start, the rate and the target (a number, with a currency
before it or a unit after it), `P` what the rate is per, `PS` the same in the plural as asked,
`C` a container or a thing measured, `ASKER` the asker. Each shape is a whole clause.
"""

from __future__ import annotations

#: The asker, and the asker with a verb of having (`i've got`, `i already have`).
ASKER = r"(?:i|i'm|im|i've|ive|i am|i have)"
#: What may hold or be a level (`the rain barrel`, `a drainage bag`, `the water`, `my scarf`).
CONTAINERS = (
    r"(?:iv |drip |drainage |catheter |urine |feed |fluid )?bag|bottle|tank|barrel|rain barrel|"
    r"water butt|tub|jar|bucket|pot|sack|bin|pool|pond|reservoir|flask|jug|kettle|cistern"
)
SUBSTANCES = r"water|solution|sample|liquid|oven|soup|mixture|milk|oil|room|fridge|freezer"
KNITTED = r"scarf|blanket|jumper|sweater|back panel|panel|cardigan|shawl|sock|rug|quilt"
#: A thing as named: `the`/`a`/`my`/`our` and one of the lists.
C = rf"(?:(?:the|a|my|our|this) )?(?P<c>{CONTAINERS}|{SUBSTANCES}|{KNITTED})"

#: What the rate is per, as the rate says it and as the ask says it.
PERIODS = {
    "week": "weeks", "month": "months", "day": "days", "night": "nights", "evening": "evenings",
    "hour": "hours", "minute": "minutes", "min": "mins", "second": "seconds", "year": "years",
}  # fmt: skip
#: What a meter's fare is per, as its rate says it and as the ask says it.
DISTANCES = {"mile": "miles", "km": "km"}
#: What a level moves through in decimals (`3.5` hours, `9.5` miles); the rest count whole.
MEASURED = frozenset(("hour", "minute", "min", "second", *DISTANCES))
#: Per: `a week`, `every minute`, `each evening`, `per hour`, `an hour`.
P = rf"(?:a|an|per|every|each) (?P<p>{'|'.join(PERIODS)})"

#: Units a level is counted in: the same one, or none, on the start, the rate and the target.
UNITS = (
    r"ml|l|litres|liters|cl|cm|mm|m|metres|meters|kg|g|grams|rows|stitches|pages|tablets|pills|"
    r"capsules|°c|°f|degrees|c|f"
)
#: Units of one temperature scale said two ways (`18°c`, `3 degrees`).
SAME_UNITS = ({"°c", "c", "degrees"}, {"°f", "f", "degrees"}, {"l", "litres", "liters"},
              {"m", "metres", "meters"}, {"g", "grams"})  # fmt: skip

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
)

#: What the asker saves for (a closed list: `for the rent` may take some away).
GOALS = r"bike|car|holiday|laptop|phone|console|camera|guitar|tent|trip|sofa|tv"

#: Starts: `S` is the level before the change.
STARTS = (
    rf"{ASKER} (?:already )?(?:got|have|have got|saved|done|knitted)(?: already)? S"
    r"(?: saved| already| so far| in (?:my |the )?(?:savings|account|pot|jar|bank))*",
    r"(?:and )?(?:i )?already (?:have|got|have got) S(?: saved)?",
    rf"{C} (?:is|'s|was) (?:at|on) S(?: so far| now)?",
    rf"{C} (?:is|'s) S so far",
    rf"{C} (?:has|had|holds|held) S in it(?: at the start(?: of (?:the|my) shift)?)?",
    r"(?:the )?(?:pharmacy|ward|shop|we|i) (?:has|have|had) S(?: of [a-z]+)?(?: in stock)",
)
#: Starts that are the level when a container was put up (`the bag started at 1000 ml`): only
#: after one of these may the ask be how long it has been running.
FULL_STARTS = (rf"{C} (?:starts|started|began) (?:at|with|on) S",)
#: A container's size (`the bag is 1000 ml`, `a 1000 ml bag is up`): its level only where it
#: empties; where it fills, a size is what it holds at most, not what it holds now.
SIZES = (
    r"(?:a|the) S (?:(?:iv|drip|fluid|feed) )?bag is (?:up|hanging|on)",
    rf"{C} is S",
)
#: A bag's size and its rate in one clause (`a 1000 ml bag is running at 125 ml per hour`).
SIZE_RUNNING = rf"(?:a|the) S (?:(?:iv|drip|fluid|feed) )?bag is running at R {P}"

#: Steady changes: (shape, direction). `R` is the amount per `P`.
RATES = (
    (rf"(?:and )?(?:{ASKER} )?(?:putting away|put away|putting in|put in|saving|save|adding|add)"
     rf" R {P}(?: for (?:a|an|my|the) (?:new )?(?:{GOALS}))?", "+"),
    (rf"(?:and )?(?:{ASKER} )?(?:knit|do|manage|add) R {P}", "+"),
    (rf"(?:and )?(?:(?:the )?hose|(?:the )?tap|it) (?:is adding|adds|puts in) R {P}", "+"),
    (rf"(?:and )?(?:it |{C} )?(?:fills|is filling|fills up) at (?:a steady )?R {P}", "+"),
    (rf"(?:and )?(?:the temperature |it |{C} )?(?:goes up|rises|climbs|warms|warms up|heats up|"
     rf"is heating up|is warming up)(?: by| at)?(?: a steady)? R {P}", "+"),
    (rf"(?:and )?(?:it's |it is |{C} is )?running at R {P}", "-"),
    (rf"(?:and )?(?:it |{C} )?runs at (?:a steady )?R {P}", "-"),
    (rf"(?:and )?(?:she|he|the dog|the cat|my dog|my cat) eats R {P}", "-"),
    (rf"(?:and )?(?:(?:the )?(?:pharmacy|ward|shop|we|it) )?(?:dispenses|dispense|uses|use|"
     rf"gives out|give out) R {P}", "-"),
    (rf"(?:and )?(?:the temperature |it |{C} )?(?:cools|cools down|drops|falls|goes down)"
     rf"(?: by| at)?(?: a steady)? R {P}", "-"),
)  # fmt: skip

#: Targets said in a clause of their own, and whether each is what is left (of a level that
#: falls: `there's 375 ml left`).
TARGETS = (
    (rf"(?:i )?want (?:it|{C}) to be (?:exactly )?T(?: long)?", False),
    (rf"(?:it|{C}) needs to be (?:exactly )?T(?: long)?", False),
    (rf"{C} needs (?:exactly )?T(?: in total)?", False),
    (r"the pattern (?:is|has|needs) (?:exactly )?T(?: in total)?", False),
    (r"there(?:'s| is) (?:now )?(?:exactly )?T left(?: in it)?(?: now)?", True),
)

#: Asks of the number of periods (`PS`), perhaps with the target, and whether each asks when
#: an amount is left (of a level that falls).
ASKS = (
    (r"(?:after )?how many (?:more )?PS(?: of knitting)?(?: will (?:it|that) take)?", False),
    (
        rf"(?:after )?how many (?:more )?PS (?:until|till|before) (?:{ASKER}|it's|its|it is)"
        r" (?:at|on|got|have|hit|reach|get to) (?:exactly )?T",
        False,
    ),
    (
        r"(?:after )?how many (?:more )?PS (?:until|till|before) (?:i|it) (?:have|hit|reach|get to"
        r"|reaches|hits|gets to) (?:exactly )?T",
        False,
    ),
    (r"(?:after )?how many (?:more )?PS (?:until|till|before) (?:it's|its|it is) (?:exactly )?T", False),
    (r"after how many PS will (?:i|we) have (?:exactly )?T", False),
    (
        r"after how many PS (?:does|will) (?:it|the temperature|the water|the level) "
        r"(?:reach|hit|get to|be at|be) (?:exactly )?T",
        False,
    ),
    (
        r"after how many PS will (?:it|the bag|the barrel|the tank) (?:hold|reach|be at) (?:exactly )?T",
        False,
    ),
    (r"after how many PS will there be (?:exactly )?T left(?: in (?:it|the bag))?", True),
)
#: The ask of how long a container put up full has been running (its target said before).
RUNNING = r"how many PS has it been running(?: for)?"


#: A cab's meter is a level too: it starts at its fixed charge and rises so much a mile to the
#: fare (`Taxi meter is £3.20 to start then £1.60 a mile. Customer paid exactly £19.20, no tip.
#: How many miles was the trip?`). `M` is per mile or km, `MS` the same as asked.
M = rf"(?:a|per) (?P<p>{'|'.join(DISTANCES)})"
_CAB = (
    r"(?:(?:the|my|our|local) )?(?:taxi|cab|minicab)(?: (?:meter|fare|fares|firm|company))?"
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
    r"(?:(?:a|the) )?(?:customer|passenger|bloke|guy|lady) paid (?:exactly )?T(?: with no tip)?",
)
NO_TIP = (r"no tip",)
#: Asks of the miles (`MS`).
METER_ASKS = (
    r"how many MS (?:was|is) (?:the|my|that|this|his|her) (?:trip|ride|journey|job)",
    r"how many MS did (?:we|they|i|he|she|you) (?:go|do|travel|drive|cover)",
    r"how many MS was it",
)
