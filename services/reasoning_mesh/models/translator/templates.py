"""The phrasing templates the translation model is trained (and held-out tested) on.

`text` is how a person might write the question; `reading` is the planner's own phrasing of
it (`-`: not a question the mesh answers). Slots: `{a}` … `{d}` numbers, `{n}` a quantity,
`{k}` decimal places, `{w}` a rounding unit, `{from}`/`{to}` units, `{eq}` an equation in
`{v}`. Written here by hand, none taken from a benchmark file.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from reasoning_mesh.kb.units import DIMENSIONS

#: Units the knowledge base (and so the grammar) gained after the shipped translator was
#: trained: its generator leaves them out, so the stream it writes stays the one the
#: checkpoint read (its data fingerprint); the model refuses their names as unknown words
#: and the grammar reads them. A retrain may drop this.
UNITS_AFTER_TRAINING = frozenset(("cl", "dl", "inch", "ft", "yd", "mi", "oz", "lb", "st"))
DIMENSIONS_AFTER_TRAINING = frozenset(("liquid",))

Number = Callable[..., str]
#: slot → (as the question writes it, as the reading writes it when it is not a number)
Slots = dict[str, tuple[str, str]]

_VARS = "xyznkmtpqrwbgju"
#: (as written, as read): implicit products are read with `*`.
EQ_FORMS = [
    ("{a}{v} + {b} = {c}", "{a}*{v} + {b} = {c}"),
    ("{a}{v} - {b} = {c}", "{a}*{v} - {b} = {c}"),
    ("{a}{v} = {c}", "{a}*{v} = {c}"),
    ("{v} + {b} = {c}", "{v} + {b} = {c}"),
    ("{v} - {b} = {c}", "{v} - {b} = {c}"),
    ("{v}/{a} = {c}", "{v}/{a} = {c}"),
    ("{a}{v} + {b} = {c}{v} + {d}", "{a}*{v} + {b} = {c}*{v} + {d}"),
    ("{c} = {a}{v} + {b}", "{c} = {a}*{v} + {b}"),
    ("{a} * {v} + {b} = {c}", "{a}*{v} + {b} = {c}"),
    ("{a} times {v} plus {b} equals {c}", "{a}*{v} + {b} = {c}"),
    ("{a} times {v} minus {b} equals {c}", "{a}*{v} - {b} = {c}"),
    ("{v} plus {b} equals {c}", "{v} + {b} = {c}"),
    ("{a}{v} equals {c}", "{a}*{v} = {c}"),
    ("{a}({v} + {b}) = {c}", "{a}*({v} + {b}) = {c}"),
]
#: Share of arithmetic operands written as a fraction (`3/4`), read as one bracketed number.
FRACTION_SHARE = 0.06
NEAREST_UNITS = [  # (as written, as read when the masking leaves it a word)
    ("whole number", "integer"), ("integer", "integer"), ("unit", "integer"),
    ("ten", ""), ("hundred", "hundred"), ("thousand", "thousand"), ("10", ""), ("100", ""),
    ("1000", ""), ("ten thousand", ""), ("hundred thousand", "hundred thousand"),
    ("million", "million"),
]  # fmt: skip


@dataclass(frozen=True)
class Template:
    text: str
    reading: str

    def fill(self, rng: random.Random, number: Number) -> tuple[str, str, Slots]:
        """The text and reading with `{eq}` expanded, and a value for every slot."""
        text, reading = self.text, self.reading
        slots: Slots = {}
        if "{eq}" in text:
            form, read = rng.choice(EQ_FORMS)
            text, reading = text.replace("{eq}", form), reading.replace("{eq}", read)
        if "{v}" in text:
            v = rng.choice(_VARS)
            slots["v"] = (v, v)
        # An equation's numbers are small, and in words only where no letter is glued to them.
        worded = "}{v}" not in text
        for name in "abcd":
            if "{" + name + "}" in text:
                small = "{v}" in text or "{eq}" in self.text
                value = (
                    str(rng.randint(2, 99))
                    if small and (rng.random() < 0.8 or not worded)
                    else number(rng, decimals=not small)
                )
                if not small and rng.random() < FRACTION_SHARE:
                    q = rng.randint(2, 12)  # `add 1/2 and 1/3`: a fraction written as one number
                    value = f"{rng.randint(1, 3 * q)}/{q}"
                if not small and rng.random() < 0.08 and value[0].isdigit():
                    value = rng.choice(["-", "negative "]) + value
                slots[name] = (value, "")
        if "{n}" in text:
            slots["n"] = (number(rng), "")
        if "{k}" in text:
            k = rng.randint(0, 5)
            slots["k"] = (rng.choice([str(k), (["zero", "one", "two", "three", "four", "five"])[k]]), "")
        if "{w}" in text:
            slots["w"] = rng.choice(NEAREST_UNITS)
        if "{from}" in text:
            units = [
                u
                for key, u in rng.choice(
                    [d for name, d in DIMENSIONS.items() if name not in DIMENSIONS_AFTER_TRAINING]
                ).items()
                if key not in UNITS_AFTER_TRAINING
            ]
            a, b = rng.sample(units, 2)
            slots["from"], slots["to"] = (_unit(rng, a), a[1]), (_unit(rng, b), b[1])
        return text, reading, slots


def _unit(rng: random.Random, unit: tuple[str, str, str, tuple[str, ...], object]) -> str:
    singular, plural, symbol, alternatives, _ = unit
    return rng.choice([plural, plural, singular, symbol.replace("µ", "u"), *alternatives])


def _t(default: str, texts: list[str]) -> list[Template]:
    """Templates reading `default`, or what follows ` => ` in a text."""
    pairs = (t.split(" => ") if " => " in t else (t, default) for t in texts)
    return [Template(text, reading) for text, reading in pairs]


ADD = "What is {a} + {b}?"
SUB = "What is {a} - {b}?"
MUL = "What is {a}*{b}?"
DIV = "What is {a}/{b}?"
ROUND_DP = "Round {n} to {k} decimal places."
ROUND_TO = "Round {n} to the nearest {w}."

# fmt: off
FAMILIES: dict[str, list[Template]] = {
    "add": _t(ADD, [
        "what is {a} plus {b} altogether", "please add {a} with {b}", "{a} + {b} = ?",
        "what do you get if you add {a} and {b}", "the total of {a} and {b}", "increase {a} by {b}",
        "{a} plus {b} equals what", "can you add {a} and {b} for me", "how much is {a} plus {b}",
        "{a} and {b} added together", "sum {a} and {b}", "what's {a} + {b} equal to",
        "i need the sum of {a} and {b}", "what do you get when you add {b} to {a}",
        "{a} plus {b} is what", "what is the total when {b} is added to {a}", "tell me {a} plus {b}",
        "{a}+{b}", "combine {a} and {b}", "{a} added to {b} => What is {b} + {a}?",
        "what does {a} plus {b} make", "{b} more than {a}", "find the sum of {a} and {b}",
        "could you work out {a} + {b}", "add together {a} and {b}",
        "{a} and {b} together", "what is {a} added to {b} => What is {b} + {a}?", "add {b} onto {a}",
        "{a} increased by {b}", "what is the sum when you add {a} and {b}", "put {a} and {b} together",
        "the sum of {a} plus {b}", "{a} plus {b}, what is it", "add {a} plus {b}", "{a} more {b}",
    ]),
    "sub": _t(SUB, [
        "what is {a} minus {b} exactly", "subtract {b} off {a}", "{a} - {b} = ?",
        "take {b} away from {a}", "{a} take away {b}", "decrease {a} by {b}",
        "what do you get if you subtract {b} from {a}", "reduce {a} by {b}",
        "the difference between {a} and {b}", "how much is {a} minus {b}", "{b} less than {a}",
        "what is left when {b} is subtracted from {a}", "deduct {b} from {a}",
        "what remains if you take {b} from {a}", "{a} subtract {b}", "{a} minus {b} equals what",
        "{a}-{b}", "what's {a} take away {b}", "{b} fewer than {a}",
        "find the difference of {a} and {b}", "{a} with {b} taken away",
        "could you subtract {b} from {a} for me", "tell me {a} minus {b}", "minus {b} from {a}",
        "what is {a} less {b}",
        "{a} decreased by {b}", "what is {a} take {b}", "remove {b} from {a}",
        "{a} reduced by {b}", "what do i get when i take {b} from {a}", "how much is {b} less than {a}",
        "{a} with {b} subtracted", "subtract from {a} the number {b}",
        "{a} less {b}", "{a} minus {b}, what is it",
    ]),
    "mul": _t(MUL, [
        "what is {a} times {b}", "multiply {a} by {b}", "{a} x {b}", "{a} multiplied by {b}",
        "the product of {a} and {b}", "what do you get if you multiply {a} by {b}", "{a} lots of {b}",
        "how much is {a} times {b}", "{a} * {b} = ?", "{a} groups of {b}", "times {a} by {b}",
        "what's {a} multiplied by {b}", "the result of multiplying {a} and {b}",
        "{a} times {b} equals what", "multiply together {a} and {b}", "{a}*{b}",
        "tell me {a} times {b}", "what is {a} multiplied with {b}", "find the product of {a} and {b}",
        "could you multiply {a} and {b}", "{a} times {b} is what", "what does {a} times {b} make",
        "work out {a} x {b}", "calculate the product of {a} and {b}", "{a} multiplied {b} times",
        "{a} multiplied by {b}, what is it", "what is {a} lots of {b}", "times {a} and {b}",
        "multiply {a} with {b}", "{a} times by {b}", "product of {a} and {b}", "{a} times {b} please",
        "the product when {a} is multiplied by {b}", "{a} sets of {b}", "how much is {a} lots of {b}",
    ]),
    "div": _t(DIV, [
        "what is {a} divided up by {b}", "divide {a} by {b}", "{a} / {b} = ?",
        "the quotient of {a} and {b}", "{a} over {b}", "how many times does {b} go into {a}",
        "what do you get if you divide {a} by {b}", "{a} divided by {b} equals what",
        "how much is {a} divided by {b}", "{a} shared equally between {b}",
        "split {a} into {b} equal parts", "what's {a} over {b}", "{a}/{b}",
        "tell me {a} divided by {b}", "the ratio of {a} to {b}", "find the quotient of {a} and {b}",
        "{a} divided {b} ways", "could you divide {a} by {b}", "what is {a} shared among {b}",
        "{b} divided into {a}", "how many {b}s are in {a}", "what is {a} split {b} ways",
        "work out {a} divided by {b}", "{a} divided by {b} is what",
        "what does {a} divided by {b} give",
        "{a} divided by {b}, what is it", "what is {a} over {b}", "divide {a} into {b} equal parts",
        "{a} split {b} ways", "share {a} between {b}", "how many {b} go into {a}",
        "what is {a} shared by {b}", "{a} divide {b}",
        "the result of dividing {a} by {b}", "{a} per {b}",
        "how many {b}s fit into {a}", "how many times does {b} fit into {a}",
        "share {a} equally between {b}", "divide {a} equally among {b}",
        "{a} split equally between {b}",
    ]),
    "three": _t("", [
        "the sum of {a}, {b} and {c} => What is {a} + {b} + {c}?",
        "add {a}, {b} and {c} => What is {a} + {b} + {c}?",
        "{a} plus {b} plus {c} => What is {a} + {b} + {c}?",
        "{a} times {b} plus {c} => What is {a}*{b} + {c}?",
        "multiply {a} by the sum of {b} and {c} => What is {a}*({b} + {c})?",
        "add {a} to the product of {b} and {c} => What is {b}*{c} + {a}?",
        "{a} plus {b}, all times {c} => What is ({a} + {b})*{c}?",
        "subtract {c} from the sum of {a} and {b} => What is {a} + {b} - {c}?",
        "the product of {a}, {b} and {c} => What is {a}*{b}*{c}?",
        "divide the sum of {a} and {b} by {c} => What is ({a} + {b})/{c}?",
        "{a} minus {b} minus {c} => What is {a} - {b} - {c}?",
        "what is {a} plus {b} minus {c} => What is {a} + {b} - {c}?",
        "take {c} from the product of {a} and {b} => What is {a}*{b} - {c}?",
        "add up {a}, {b} and {c} => What is {a} + {b} + {c}?",
        "{a} multiplied by {b} multiplied by {c} => What is {a}*{b}*{c}?",
        "the total of {a}, {b} and {c} => What is {a} + {b} + {c}?",
        "what is {a} times the difference of {b} and {c} => What is {a}*({b} - {c})?",
        "{a} divided by {b}, then times {c} => What is {a}/{b}*{c}?",
        "what do you get when you add {a}, {b} and {c} => What is {a} + {b} + {c}?",
        "first add {a} and {b}, then multiply by {c} => What is ({a} + {b})*{c}?",
        "{a} + {b} + {c} = ? => What is {a} + {b} + {c}?",
        "subtract {b} and {c} from {a} => What is {a} - {b} - {c}?",
        "multiply {a}, {b} and {c} together => What is {a}*{b}*{c}?",
        "the sum of {a} and {b}, divided by {c} => What is ({a} + {b})/{c}?",
        "{a} lots of {b}, plus {c} => What is {a}*{b} + {c}?",
        "add {a} and {b}, then times by {c} => What is ({a} + {b})*{c}?",
        "{a} plus the product of {b} and {c} => What is {a} + {b}*{c}?",
        "multiply the sum of {a} and {b} by {c} => What is ({a} + {b})*{c}?",
        "{a} times {b} minus {c} => What is {a}*{b} - {c}?",
        "{a} plus {b} times {c} => What is {a} + {b}*{c}?",
        "subtract the product of {b} and {c} from {a} => What is {a} - {b}*{c}?",
        "the sum of {a} and the product of {b} and {c} => What is {a} + {b}*{c}?",
        "{a} minus the sum of {b} and {c} => What is {a} - ({b} + {c})?",
        "divide {a} by the product of {b} and {c} => What is {a}/({b}*{c})?",
        "{a} divided by the sum of {b} and {c} => What is {a}/({b} + {c})?",
    ]),
    "equation": _t("Solve {eq} for {v}.", [
        "if {eq} holds, what is {v}", "solve {eq} to find {v}", "find {v} given {eq}",
        "{eq}. what is {v}", "what value of {v} makes {eq} true", "{eq}, solve for {v}",
        "given that {eq}, find {v}", "{eq}; {v} = ?", "work out {v} when {eq}",
        "what must {v} be if {eq}", "determine {v} from {eq}", "find the value of {v} such that {eq}",
        "solve for {v} where {eq}", "solve for {v} in {eq}", "what number {v} satisfies {eq}",
        "{eq}. find {v}", "if {eq} then {v} is what", "i have {eq}, what's {v}", "{v}? {eq}",
        "help me solve {eq}", "when {eq}, {v} equals what", "calculate {v} if {eq}",
        "{eq}, so {v} is", "knowing that {eq}, what is {v}", "solve the equation {eq}",
        "what is {v} if {eq}", "{eq}; solve it for {v}", "find the value of {v}: {eq}",
        "if {eq}, then what does {v} equal", "{eq}. {v} is", "solve for {v} given {eq}",
        "given {eq}, what's {v}", "the equation {eq}, find {v}", "what is {v} given that {eq}",
        "{eq}, what is {v}",
        "what should {v} be if {eq}", "what would {v} have to be if {eq}",
        "what must {v} equal if {eq}", "what does {v} have to be for {eq}", "{eq}. what must {v} be",
    ]),
    "conversion": _t("How many {to} are there in {n} {from}?", [
        "how many {to} are contained in {n} {from}", "how many {to} in {n} {from}",
        "convert {n} {from} over to {to}", "{n} {from} in {to}", "{n} {from} is how many {to}",
        "what is {n} {from} in terms of {to}", "express {n} {from} as {to}",
        "change {n} {from} to {to}", "i have {n} {from}, how many {to} is that",
        "{n} {from} equals how many {to}", "what's {n} {from} when converted to {to}",
        "give {n} {from} in {to}", "{n} {from} to {to}", "how many {to} make {n} {from}",
        "how many {to} does {n} {from} make", "turn {n} {from} into {to}",
        "{n} {from} converted into {to}", "what is {n} {from} expressed in {to}",
        "{n} {from} = ? {to}", "how many {to} would {n} {from} be",
        "could you convert {n} {from} into {to}", "tell me {n} {from} in {to}",
        "{n} {from}, in {to} please", "what do {n} {from} come to in {to}", "put {n} {from} in {to}",
        "{n} {from} in terms of {to}", "how many {to} are there in {n} {from} exactly",
        "convert {n} {from} into {to} please", "{n} {from} expressed as {to}",
        "what is {n} {from} as {to}", "how many {to} is {n} {from} equal to",
        "i need {n} {from} in {to}", "{n} {from} into {to}",
        "what are {n} {from} in {to}", "show {n} {from} in {to}",
    ]),
    "rounding": _t(ROUND_DP, [
        "round {n} to exactly {k} decimal places", "{n} to {k} dp",
        "round {n} up or down to the nearest {w} => Round {n} to the nearest {w}.",
        "{n} rounded to the nearest {w} => Round {n} to the nearest {w}.",
        "what does {n} come to, to the nearest {w} => Round {n} to the nearest {w}.",
        "round off {n} to the closest {w} => Round {n} to the nearest {w}.",
        "{n} correct to {k} decimal places", "approximate {n} to {k} decimal places",
        "give {n} to {k} d.p.",
        "round {n} to the nearest {w} please => Round {n} to the nearest {w}.",
        "what is {n} rounded to {k} places",
        "to the nearest {w}, what is {n} => Round {n} to the nearest {w}.",
        "{n} rounded to {k} decimals", "round {n} off to {k} decimal places",
        "what's {n} rounded off to the nearest {w} => Round {n} to the nearest {w}.",
        "{n} to the closest {w} => Round {n} to the nearest {w}.", "write {n} to {k} decimal places",
        "can you round {n} to {k} dp",
        "{n}, rounded to the nearest {w} => Round {n} to the nearest {w}.",
        "round {n} correct to {k} d.p.", "what is {n} correct to {k} decimal places",
        "nearest {w} to {n} => Round {n} to the nearest {w}.", "show {n} to {k} decimal places",
        "approximate {n} to the nearest {w} => Round {n} to the nearest {w}.",
        "give {n} rounded to {k} decimal places",
        "round {n} to {k} dp please => Round {n} to {k} decimal places.",
        "{n} rounded to {k} decimal places => Round {n} to {k} decimal places.",
        "{n} to the nearest {w} please => Round {n} to the nearest {w}.",
        "round {n} to the closest {w} => Round {n} to the nearest {w}.",
        "what is {n} rounded to the nearest {w} => Round {n} to the nearest {w}.",
        "{n} correct to {k} dp => Round {n} to {k} decimal places.",
        "approximately what is {n} to the nearest {w} => Round {n} to the nearest {w}.",
        "give {n} to {k} decimals => Round {n} to {k} decimal places.",
        "{n} to {k} decimal places please => Round {n} to {k} decimal places.",
        "round off {n} to the nearest {w} => Round {n} to the nearest {w}.",
    ]),
    "none": _t("-", [
        "what is the capital of spain", "who wrote hamlet", "tell me a story", "what time is it",
        "how are you today", "explain photosynthesis", "what happened in {a}",
        "who was president in {a}", "is {a} a prime number", "what is the square root of {a}",
        "what is {a} factorial", "what is {a} percent of {b}", "how many legs do {a} spiders have",
        "what is the {a}th prime", "my phone number is {a}", "write a poem with {a} lines",
        "what is {a} in roman numerals", "what is {a} in binary", "convert {a} dollars to euros",
        "how many calories are in {a} apples", "how many planets are there",
        "what is the meaning of life", "translate hello into french", "what is the weather like",
        "how many legs does a spider have", "what is {a} to the power of {b}",
        "is {a} bigger than {b}", "list {a} fruits", "what is the log of {a}",
        "who won the world cup in {a}", "what is {a} squared", "how far is the moon", "what is pi",
        "name {a} countries in europe", "what colour is grass", "what is the population of london",
        "what is the sine of {a}", "how old is someone born in {a}", "book a table for {a}",
        "what is {a} mod {b}", "what is the gcd of {a} and {b}", "give me {a} reasons to learn maths",
        "how many days until christmas", "what is the cube root of {a}", "sort {a}, {b} and {c}",
        "who is the tallest person alive", "how do i bake bread", "what is {a} in hexadecimal",
        "is {a} even or odd", "what is the average of {a}, {b} and {c}",
        "what is {a} percent of {b}", "is {a} divisible by {b}", "what is the lcm of {a} and {b}",
        "what is {a} to the power {b}", "what is the median of {a}, {b} and {c}", "count to {a}",
        "what is {a} cubed", "how many primes are below {a}", "what is the square of {a}",
        "what is {a} minus infinity", "how many seconds in a minute", "who discovered gravity",
        "what day is it today", "spell {a}", "what is {a} in words", "is {a} greater than {b}",
    ]),
}
# fmt: on
