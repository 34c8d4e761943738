"""Plans from the story model, for questions neither the grammar nor the translation model reads
(pure: no Triton).

A story (`Knitting a blanket - 12 rows, 84 stitches per row. How many stitches is that in
total?`) names no operation, so the translation model's checks, which hold a reading to the
operations and order the question writes, cannot apply. The story model's reading is held
instead to what it is made of (`models.stories.operands`: each of the question's own numbers
once, as written, and nothing else) and to these:
1. only a question the grammar declined for not reading it (never one it refused for a reason:
   a time of day, a mixed number, a unit the knowledge base lacks, pounds that may be money);
2. no two units of one kind (`180 minutes a day ... how many hours`, `2 kg 350 g in grams`):
   a conversion needs a factor the question does not say, and the model writes none; no
   operation the mesh does not do (`percent`, `squared`, `remainder`), no rounding asked (the
   model writes none), and no number said as a word the operands lack (`a third of those`,
   `twice`, `a dozen`: the model would leave it out);
3. something asks for a number (never `Write a poem about 12 sheep`), and not yes or no (`Can
   we still catch them?`), though a request may open like one (`can you work out the total?`),
   nor which, when, what is left over or what fraction is left (the whole twice); the asker is
   not among those sharing (`between me and my 2 sisters`, `we each`: one more sharer than any
   number says); no number labels a thing (`platform 3`); money asked is money said (`How much
   did she earn?` of hours alone: a rate not given); money is never added to a count
   (`story_money`);
4. every operation the question names in words (`plus`, `minus`, `times`, `divided`) is in the
   reading (`-15 times -4 minus 23` is never `(-15*-4)+23`);
5. the reading plans as written; a question asking `how many`, `how much` or `what's the mass`
   (a measure) gets no negative answer, and `how many` things (not units, nor parts of a thing)
   a whole number (a reading the wrong way round fails at the verifier); a fraction asked is a
   reading that divides;
6. `min_agree` of the heads (and a majority), each fitted on its own sample of the data, read
   the same template.
The steps are then verified as every plan's are, and the plan says `plan_source: model`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from reasoning_mesh.contracts.plans import FinalCheck, Plan
from reasoning_mesh.contracts.requests import Budget
from reasoning_mesh.models.stories.operands import NotAStoryError, Operand, ask_span, story
from reasoning_mesh.planner import forms, money, story_money
from reasoning_mesh.planner.domain import plan_as_written
from reasoning_mesh.planner.expr import UnplannableError
from reasoning_mesh.planner.numwords import DENOMINATORS
from reasoning_mesh.planner.units import DIMENSION_OF, UNIT_NAMES

#: The grammar's reasons for not reading a question at all (`domain.plan_question`); any other
#: reason is a refusal on purpose, which no model overrides.
_UNREAD = (
    "no plan for this question: not a definition",
    "no plan for this question: unexpected",
    "no arithmetic, equation, conversion or rounding found",
)
_AMOUNT_ASKED = re.compile(
    r"\bhow (?:many|much)\b|\bwhat(?:'s| is| was|s) (?:the|my|our|its|his|her|their) (?:mass|weight"
    r"|length|distance|height|width|depth|volume|cost|price|total|amount|takings|bill)\b",
    re.IGNORECASE,
)
#: `what fraction have I done`: a share, so a division or a fraction is in the reading.
_FRACTION_ASKED = re.compile(r"\bwhat fraction\b|\bas a fraction\b", re.IGNORECASE)
#: Unit names that are also words or letters (`us`, `m`, `mo`): never taken for a unit here.
_NOT_UNITS = frozenset(("us", "dec", "mo", "ky", "um"))
_KINDS = {"liquid": "volume"}  # fluid ounces and litres convert
_NAMED = {
    "+": r"\bplus\b|\badd(?:ed)?\b",
    "-": r"\bminus\b|\bsubtract(?:ed)?\b|\btake away\b",
    "*": r"\btimes\b|\bmultipl(?:y|ied)\b|×",
    "/": r"\bdivided\b|\bdivide\b|÷",
}
_BEYOND = re.compile(
    r"\b(?:squared?|cubed?|powers?|percent(?:age)?|%|roots?|remainders?|mod(?:ulo)?|factorial"
    r"|(?:log(?:_?\d+|₂|₁₀)?|ln|sin|cos|tan)(?=\s*(?:\(|\d|of\b|base\b))|logarithms?"
    r"|primes?|gcd|lcm|hcf|median|mode|ratio"
    # a rounding (the model writes none) ...
    r"|round(?:ed|ing)?|nearest|decimal places?|dp|d\.p|significant"
    # ... and numbers said as words that are no operand of the story's
    rf"|{'|'.join(DENOMINATORS)}|twice|double[ds]?|doubling|triple[ds]?|tripling|treble[ds]?"
    r"|dozens?|pairs?|couple|fortnights?|score|hundreds?|thousands?|millions?|billions?"
    r"|quadrupl\w*|\w+fold|halv(?:ed|es|ing)|per cent|average|mean|perimeter|area"
    # ... and asks no single number answers
    r"|left over|enough|which|whichever|what time|how should"
    # `when will it`, `when do I` ask a time; `-8 degrees when I left` says one
    r"|by when|when(?='s|'ll|'d| (?:will|would|do|does|did|is|are|am|was|were|has|have|had|can"
    r"|should|shall|must|might|exactly|roughly|about)\b))\b|%",
    re.IGNORECASE,
)
#: The asker among those sharing (`between me and my 2 sisters`, `with my 3 kids`): the count
#: of sharers is one more than any number said, which the model cannot write. `and I` alone is
#: a clause of the asker's (`... so far and I knit 4 cm a night`), not a sharer: it counts only
#: beside a word of sharing in its sentence (`split between Sam and I`, `me and my 2 sisters are
#: splitting`).
_ASKER_SHARES = re.compile(
    r"\b(?:between|among|amongst) (?:me|us|myself)\b|\bincluding me\b|\band myself\b"
    r"|\bfor me,? (?:and|my)\b"
    r"|\b(?:we each|each of us|us each|all of us|everyone including)\b"
    r"|\b(?:between|among|amongst|share[ds]?|sharing|split(?:ting)?|divided?|each of)\b"
    r"[^.?!;]{0,40}?(?:\bme and\b|\band me\b|\band i\b|\band myself\b|\bme & )"
    r"|(?:\bme and\b|\band me\b|\band i\b|\bi and\b|\bmyself and\b|\bme & )[^.?!;]{0,60}?"
    r"\b(?:share[ds]?|sharing|split(?:ting)?|divid\w*|equally|evenly|between us|dutch|halves"
    r"|apiece|the same|each(?! (?:day|night|week|month|year|evening|morning|time|hour|minute|row"
    r"|lap|side|way)\b))\b"
    r"|\bwith (?:my|our) (?:\d|two|three|four|five|six|seven|eight|nine|ten)",
    re.IGNORECASE,
)
#: A unit written against a number (`2 m`, `250g`, `1.5l`): one letter is a unit here.
_UNIT_AFTER_NUMBER = re.compile(r"\d\s*([a-zµ]+)\b")
#: `how many (more) X`: the counted thing, whose answer is a count unless X is a unit.
_COUNTED = re.compile(r"\bhow many (?:more |fewer |extra |whole |full )?([a-z]+)", re.IGNORECASE)


def worth_reading(reason: str) -> bool:
    return reason.startswith(_UNREAD)


#: Words that open a yes-or-no question; before `you` (and the like) they open a request.
_YES_NO = frozenset(
    ("is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "will", "would",
     "should", "shall", "has", "have", "had", "may", "might", "must", "isn't", "aren't",
     "can't", "won't", "didn't", "doesn't", "don't", "wasn't", "hasn't", "haven't")
)  # fmt: skip
_ASKED_OF = frozenset(("you", "u", "ya", "someone", "somebody", "anyone", "anybody"))


def yes_or_no(question: str) -> bool:
    """Whether the question's ask opens as a yes-or-no question (not `can you ...`)."""
    lo, hi = ask_span(question.lower())
    words = re.findall(r"[a-z']+", question.lower()[lo:hi])
    return bool(words) and words[0] in _YES_NO and (len(words) < 2 or words[1] not in _ASKED_OF)


def converts(question: str) -> str:
    """Why the question converts between units (two units of one kind), or empty."""
    kinds: dict[str, set[str]] = {}
    # `this week`, `last month`: when it happened, no unit converted (`7.5 hours this week`),
    # unless a rate per period is said (`25 litres a day ... last week`: seven days of it)
    text = question.lower()
    text = text if _PER_PERIOD.search(text) else _WHEN_SAID.sub(" ", text)
    against = {m[1] for m in _UNIT_AFTER_NUMBER.finditer(text)}
    for word in re.findall(r"[a-zµ]+", text):
        named = (len(word) > 1 and word not in _NOT_UNITS) or word in against
        unit = UNIT_NAMES.get(word) if named else None
        if unit:
            kind = DIMENSION_OF.get(unit, "")
            kinds.setdefault(_KINDS.get(kind, kind), set()).add(unit)
    both = next((sorted(units) for units in kinds.values() if len(units) > 1), None)
    return f"the question converts between {both[0]} and {both[1]}" if both else ""


#: Something that asks (`?`, `how many`, `what's`, `work out`); a request to write, draw or
#: explain (`Write a short poem about 12 sheep`) asks for no number even with numbers in it.
_ASKS_A_NUMBER = re.compile(
    r"\?|\b(?:how|what|whats|what's|wat|wats|wat's|work(?:ing)? out|calculate|total|find"
    r"|figure out|tell me|solve|answer|result|comes? to|adds? up|check)\b",
    re.IGNORECASE,
)
_OTHER_TASK = re.compile(
    r"(?:(?:hi|hey|hello)\W+)?(?:please |pls |can you |could you )?(?:write|draw|describe|explain"
    r"|suggest|compose|translate|summari[sz]e|design|recommend|give me (?:ideas|tips))\b"
    r"|.*\b(?:poem|limerick|song|joke|haiku|essay|rhyme)\b",
    re.IGNORECASE,
)


#: An ask of money (`How much did she earn?`, `what's my profit`) ...
_MONEY_ASKED = re.compile(
    r"\b(?:earn(?:s|ed|t)?|profit|wages?|salary|income|revenue|takings|owe[ds]?|take home"
    r"|get paid|got paid|pocket money|how much money)\b"
    r"|\bhow much (?:did|does|do|will|would) (?:it|they|that|she|he|we|i|you)"
    r" (?:cost|make|pay|charge)\b",
    re.IGNORECASE,
)
#: ... must be said of one (`£3.50`, `12 dollars`, `a rate of 14`, `3.50 each`, `14 an hour`):
#: a word of a rate counts straight after a number only (`3 shifts of 12 hours each` says none).
_MONEY_SAID = re.compile(
    r"[£$€¢]|\b(?:pounds?|quid|dollars?|bucks|euros?|pence|p|cents?|rate|price[ds]?|costs?|"
    r"charges?|fee)\b|\d+\.\d\d\b|\d\s+(?:each|per \w+|an? (?:hour|day|week|month|night))\b",
    re.IGNORECASE,
)
#: A number that labels a thing (`platform 3`, `Stall 27`, `gate 12`): no quantity.
_LABEL = re.compile(
    r"\b(?:platform|gate|room|table|stall|bus|junction|seat|row|aisle|pitch|bay|page|track"
    r"|route|level|floor|chapter|number|no\.?|#)\s*\d",
    re.IGNORECASE,
)
#: `what fraction is left`: the rest of a whole, which needs the whole twice.
_FRACTION_REST = re.compile(
    r"\bwhat (?:fraction|proportion|share|part)\b[^?.!]*\b(?:left|remain\w*|rest|still|not|are|is)\b",
    re.IGNORECASE,
)


#: A period that says when (`this week`, `last month`, `next year`), never a unit converted.
_WHEN_SAID = re.compile(r"\b(?:this|last|next) (?:week|month|year|weekend|fortnight)\b")
_PER_PERIOD = re.compile(
    r"\b(?:a|an|per|each|every) (?:day|night|week|month|year|evening|morning)\b|\bdaily\b|\bnightly\b"
)


def unread(question: str, reading: str) -> str:
    """Why the question is no story the model's reading can answer, or empty."""
    return next((why for why in _reasons(question, reading) if why), "")


def _reasons(question: str, reading: str) -> Iterator[str]:
    """Each check's reason in turn (empty where it passes); the first said is the answer."""
    if why := converts(question):
        yield f"{why}, which the story model does not do"
    if yes_or_no(question):
        yield "the question asks yes or no, which no number answers"
    if not _ASKS_A_NUMBER.search(question) or _OTHER_TASK.match(question.strip()):
        yield "nothing in the question asks for a number"
    if _ASKER_SHARES.search(question):
        yield "the asker is among those sharing, a count no number of the question says"
    if _LABEL.search(question):
        yield "a number of the question labels a thing (a platform, a stall): no quantity"
    if _MONEY_ASKED.search(question) and not _MONEY_SAID.search(question):
        yield "the question asks an amount of money but says none (a rate of pay not given?)"
    if beyond := _BEYOND.search(question):
        yield f"the question asks for {beyond[0]!r}, which the story model does not do"
    for op, words in _NAMED.items():
        if re.search(words, question, re.IGNORECASE) and op not in _binary(reading):
            yield f"the question's {op!r} is not in the reading"
    if _FRACTION_ASKED.search(question) and "/" not in reading:
        yield "a fraction is asked and the reading divides nothing"
    if _FRACTION_REST.search(question):
        yield "the rest of a whole is asked, which takes the whole twice"
    yield story_money.mixed(question, reading)


def check(question: str, reading: str, budget: Budget, *, fallbacks: bool = True) -> Plan | str:
    """The plan of a sound story reading, or why it is not sound."""
    question = question.replace("’", "'").replace("‘", "'")  # `What’s the mass`: an ask too
    if why := unread(question, reading):
        return why
    try:
        plan = plan_as_written(reading, budget, fallbacks=fallbacks)
    except UnplannableError as exc:
        return f"the reading does not plan: {exc}"
    if why := money.pounds_as_money(question, plan):
        return why
    plan = forms.decimal_asked(question, plan)
    final = plan.final_check or FinalCheck()
    if final.answer_form == "any" and (form := _form_asked(question)):
        plan = plan.model_copy(update={"final_check": final.model_copy(update={"answer_form": form})})
    return plan


def _form_asked(question: str) -> str:
    """`how many candles`: a count (whole, not negative), unless the story's numbers or its ask
    are fractions (`how many skeins` of `1/8 of a skein` a row) or what is counted is measured
    (`how many degrees`): sealed files 139-146 had three right readings fail as no count; `how
    many hours`, `how much`: not negative; else any form."""
    counted = _COUNTED.search(question)
    if counted and counted[1].lower() not in UNIT_NAMES and counted[1].lower() not in _PARTED:
        # a decimal stays a count (`2.4 m in 0.3 m sections`: `0.3/2.4` must fail)
        parts = any("/" in o.literal for o in _operands(question))
        return "not_negative" if parts or _FRACTION_ASKED.search(question) else "count"
    return "not_negative" if _AMOUNT_ASKED.search(question) else ""


def _operands(question: str) -> tuple[Operand, ...]:
    try:
        return story(question).operands
    except NotAStoryError:
        return ()


#: What `how many` asks that is measured, not counted, though no unit of the knowledge base.
_PARTED = frozenset(("degrees", "degree", "percent", "points", "pounds", "dollars", "euros"))


def _binary(reading: str) -> set[str]:
    """The operations of a reading (`What is (-7)*(-9)-15?`): a minus after `(` is a sign."""
    body = reading.removeprefix("What is ").rstrip("?")
    return {c for i, c in enumerate(body) if c in "+*/" or (c == "-" and i and body[i - 1] != "(")}
