"""Training and evaluation data, generated here (never from the public benchmark file).

Two formats, designed with the reasoning loop:

* step prompts `C:<a><op><b>=` and `D:<a><op><b>=` — one exact operation; `a`, `b` are
  integers, decimals or parenthesised fractions `(p/q)`, written as the mesh writes them; the
  prefix names the notation the answer is due in (`numbers.canonical`): `C:` exact (whole
  numbers, p/q in lowest terms), `D:` decimal (a step on a decimal operand, a conversion). The
  planner turns arithmetic, equations and unit conversions into chains of these steps.
  (Phases 1–11 trained step format 1: `C:` only, operands and answers in decimals wherever the
  value terminates; the `notation` mix restyles every step mix into format 2, `restyle`.)
* whole questions `Q:<question>=` — the single-pass baseline.

Rounding (`numbers__round_number`) is deliberately absent: continual learning adds that skill.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from reasoning_mesh.models.reasoner.numbers import Notation, as_fraction, canon, canonical, exact_op

OPS = "+-*/"
#: The longest prompt the served model accepts (its context also holds the answer).
MAX_PROMPT_CHARS = 120


@dataclass(frozen=True)
class Example:
    prompt: str
    answer: str
    kind: str


def _wrap(text: str) -> str:
    return f"({text})" if "/" in text else text


#: Step format 2's prefix per notation the answer is due in.
PREFIX = {"exact": "C:", "decimal": "D:"}
_OPERAND = r"\(-?\d+/-?\d+\)|-?\d+(?:\.\d+)?"
_STEP = re.compile(rf"[CD]:(?P<a>{_OPERAND})(?P<op>[-+*/])(?P<b>{_OPERAND})=")


def step_prompt_text(a: str, op: str, b: str, notation: Notation = "exact") -> str:
    """`C:<a><op><b>=` (or `D:` for decimal notation) with the operands exactly as written
    (fractions parenthesised)."""
    return f"{PREFIX[notation]}{_wrap(a)}{op}{_wrap(b)}="


def parse_step(prompt: str) -> tuple[Fraction, str, Fraction] | None:
    """The exact operands and operation of a step prompt (for generating and checking data)."""
    m = _STEP.fullmatch(prompt)
    if m is None:
        return None
    a, b = as_fraction(m["a"].strip("()")), as_fraction(m["b"].strip("()"))
    return None if a is None or b is None else (a, m["op"], b)


def step_prompt(a: Fraction, op: str, b: Fraction) -> str:
    """A generated step: its operands in the training data's form (`canon`)."""
    return step_prompt_text(canon(a), op, canon(b))


def question_prompt(question: str) -> str:
    """A whole question as one prompt (the single-pass format)."""
    return f"Q:{question}="


def apply(a: Fraction, op: str, b: Fraction) -> Fraction:
    result = exact_op(a, op, b)
    if result is None:
        raise ZeroDivisionError(f"{a} / 0")
    return result


def _int(rng: random.Random, digits: int) -> int:
    n = rng.randint(0, 10 ** rng.randint(1, digits) - 1)
    return -n if rng.random() < 0.4 else n


def _frac(rng: random.Random, big: int = 30) -> Fraction:
    den = rng.randint(2, big)
    return Fraction(rng.randint(-big * 2, big * 2), den)


def _decimal(rng: random.Random) -> Fraction:
    places = rng.randint(0, 6)
    return Fraction(rng.randint(1, 10 ** rng.randint(1, 7)), 10**places)


def step_example(rng: random.Random) -> Example:
    """One step, drawn from the shapes the planner emits."""
    r = rng.random()
    if r < 0.35:  # add/sub integers (expressions, equation constants)
        a, b, op, kind = Fraction(_int(rng, 4)), Fraction(_int(rng, 4)), rng.choice("+-"), "add"
    elif r < 0.5:  # multiply integers (coefficients, definitions)
        a, b, op, kind = Fraction(_int(rng, 3)), Fraction(_int(rng, 2)), "*", "mul"
    elif r < 0.65:  # divide integers: exact quotient or reduced fraction
        b = Fraction(rng.choice([1, -1]) * rng.randint(1, 60))
        q = rng.randint(-40, 40) if rng.random() < 0.6 else _frac(rng)
        a, op, kind = Fraction(q) * b, "/", "div"
    elif r < 0.8:  # fraction arithmetic
        a, b, op, kind = _frac(rng), _frac(rng), rng.choice(OPS), "frac"
        if op == "/" and b == 0:
            b = Fraction(1, 2)
    else:  # unit conversion: a value times a power of ten (or its inverse)
        a = _decimal(rng) if rng.random() < 0.8 else _frac(rng, 10)
        b = Fraction(10) ** rng.randint(-9, 9)
        op, kind = "*", "conv"
    return _example(a, op, b, kind)


def _example(a: Fraction, op: str, b: Fraction, kind: str) -> Example:
    return Example(step_prompt(a, op, b), canon(apply(a, op, b)), f"step_{kind}")


def _digits_int(rng: random.Random, lo: int, hi: int, negative: float = 0.4) -> int:
    """An integer whose digit count is uniform in [lo, hi]: long operands are as common as short
    ones (a value drawn uniformly below 10^hi is almost always long)."""
    d = rng.randint(lo, hi)
    n = rng.randint(0 if d == 1 else 10 ** (d - 1), 10**d - 1)
    return -n if rng.random() < negative else n


def _exact_quotient(rng: random.Random, divisor: tuple[int, int], quotient_digits: int) -> Example:
    """`q*b / b`: an integer quotient (an equation's `x = const / coef`), the divisor `b` with
    `divisor` (lo, hi) digits, the quotient up to `quotient_digits`."""
    b = _digits_int(rng, *divisor) or 1
    q = _digits_int(rng, 1, quotient_digits)
    return _example(Fraction(q * b), "/", Fraction(b), "div")


def _small_frac(rng: random.Random) -> Fraction:
    """A reduced fraction p/q as the planner's fraction steps carry them (q up to 99)."""
    while True:
        v = Fraction(_digits_int(rng, 1, 2), rng.randint(2, 99))
        if v.denominator != 1:
            return v


def focus_step_example(rng: random.Random) -> Example:  # noqa: PLR0911 - one return per shape
    """One step, drawn where the planner's plans need the model most (measured per shape on
    generated plans): long integer sums, exact quotients, reductions to lowest terms and
    fraction arithmetic. Operand lengths are uniform in digits, not in value."""
    r = rng.random()
    if r < 0.38:  # add/sub: equation constants and long expressions, up to 5 digits a side
        a, b = _digits_int(rng, 1, 5), _digits_int(rng, 1, 5)
        return _example(Fraction(a), rng.choice("+-"), Fraction(b), "add")
    if r < 0.50:  # multiply: coefficients and definitions
        a, b = _digits_int(rng, 1, 4), _digits_int(rng, 1, 2)
        a, b = (b, a) if rng.random() < 0.3 else (a, b)
        return _example(Fraction(a), "*", Fraction(b), "mul")
    if r < 0.64:  # exact integer quotient: `x = const / coef`
        return _exact_quotient(rng, (1, 3), 3)
    if r < 0.78:  # integer division to lowest terms (or a terminating decimal)
        v, k = _small_frac(rng), rng.randint(1, 10 ** rng.randint(1, 3))
        sign = rng.choice([1, -1])
        return _example(Fraction(v.numerator * k), "/", Fraction(sign * v.denominator * k), "div")
    if r < 0.92:  # fraction arithmetic: fraction op fraction, fraction op integer
        x = _small_frac(rng)
        y = _small_frac(rng) if rng.random() < 0.5 else Fraction(_digits_int(rng, 1, 2) or 1)
        x, y = (y, x) if rng.random() < 0.3 else (x, y)
        return _example(x, rng.choice(OPS), y, "frac")
    if r < 0.96:  # decimals (terminating intermediate values are written as decimals)
        x = Fraction(_digits_int(rng, 1, 3), 10 ** rng.randint(1, 3))
        y = (
            Fraction(_digits_int(rng, 1, 2) or 1)
            if rng.random() < 0.6
            else Fraction(_digits_int(rng, 1, 2) or 1, 10 ** rng.randint(1, 2))
        )
        return _example(x, rng.choice("*/"), y, "frac")
    return step_example(rng)  # conversions and the original mix, so nothing is forgotten


def cancel_step_example(rng: random.Random) -> Example:
    """`focus`, plus the sums linear equations produce when terms nearly cancel
    (`-4440 - -4416`, `256762 - 256703`): long operands, a short result, a chain of borrows.
    Drawn independently, such pairs are vanishingly rare, and they were the linear modules'
    most failed steps."""
    r = rng.random()
    if r < 0.25:
        a, small = _digits_int(rng, 2, 6), _digits_int(rng, 1, 3)
        op = rng.choice("+-")
        b = a - small if op == "-" else small - a
        return _example(Fraction(a), op, Fraction(b), "add")
    if r < 0.35:  # long sums up to 6 digits a side
        a, b = _digits_int(rng, 3, 6), _digits_int(rng, 1, 6)
        a, b = (b, a) if rng.random() < 0.5 else (a, b)
        return _example(Fraction(a), rng.choice("+-"), Fraction(b), "add")
    return focus_step_example(rng)


def rehearse_step_example(rng: random.Random) -> Example:
    """Half `focus-cancel`, half the broad `base` mix: the focus phases alone let unit-conversion
    scaling slip (greedy 98% → 82% on held-out `× 10^k` steps), so the last phase rehearses it."""
    return cancel_step_example(rng) if rng.random() < 0.5 else step_example(rng)


def _reduced(rng: random.Random, num_digits: int, den_digits: int) -> Fraction:
    """A fraction in lowest terms, not an integer, numerator and denominator uniform in digits
    (up to `num_digits` and `den_digits`): the results the planner's divisions produce
    (`-394/13`, `4/235`), which `_small_frac` never reaches."""
    while True:
        den = abs(_digits_int(rng, 1, den_digits, negative=0.0))
        v = Fraction(_digits_int(rng, 1, num_digits), max(den, 2))
        if v.denominator != 1:
            return v


def fraction_step_example(rng: random.Random) -> Example:
    """Where the mesh failed most after `rehearse` (measured per shape on generated plans):
    integer division to lowest terms with wide results and common factors of any size — a
    quarter already coprime, which the model must copy rather than "simplify" (it answered
    `4/-3` with `-2`) — and fraction-by-integer products and quotients that cancel. The
    rest rehearses everything else, so no skill slips."""
    r = rng.random()
    if r < 0.32:
        v = _reduced(rng, 4, 3)
        k = 1 if rng.random() < 0.25 else abs(_digits_int(rng, 1, 3, negative=0.0)) or 1
        a, b = v.numerator * k, v.denominator * k
        if rng.random() < 0.5:  # the sign sits on either operand, or on both
            a, b = -a, -b
        return _example(Fraction(a), "/", Fraction(b), "div")
    if r < 0.52:
        x, y = _reduced(rng, 3, 2), Fraction(_digits_int(rng, 1, 3) or 1)
        x, y = (y, x) if rng.random() < 0.3 else (x, y)
        return _example(x, rng.choice("*/"), y, "frac")
    if r < 0.62:
        return _example(_reduced(rng, 2, 2), rng.choice("*/"), _reduced(rng, 2, 2), "frac")
    if r < 0.70:
        x = _reduced(rng, 2, 2)
        y = _reduced(rng, 2, 2) if rng.random() < 0.5 else Fraction(_digits_int(rng, 1, 3))
        x, y = (y, x) if rng.random() < 0.3 else (x, y)
        return _example(x, rng.choice("+-"), y, "frac")
    return rehearse_step_example(rng)


def settle_step_example(rng: random.Random) -> Example:
    """After `fractions`: its reductions (a third of the mix) alongside exact quotients of long
    dividends (`-405224/-74`, an equation's last step), which the `fractions` phase had let slip
    (pass@16 0.61 → 0.26 on 8-digit steps), and the `focus-cancel` sums."""
    r = rng.random()
    if r < 0.25:
        return _exact_quotient(rng, (1, 3), 4)
    if r < 0.60:
        return fraction_step_example(rng)
    return cancel_step_example(rng)


def quotient_step_example(rng: random.Random) -> Example:
    """After `settle`: exact quotients whose divisor is as long as 4 digits and whose quotient
    is short (`37107/1953`, a linear equation's last step), the shape `settle` still missed,
    and nearly cancelling sums; the rest is `fractions`, so the reductions stay trained."""
    r = rng.random()
    if r < 0.35:
        return _exact_quotient(rng, (2, 4), 2)
    if r < 0.55:
        return cancel_step_example(rng)
    return fraction_step_example(rng)


def product_step_example(rng: random.Random) -> Example:
    """After `quotients`: products, which the division-heavy phases let slip (`-21*-16` passed
    2 of 16 samples, `-5*-3064` none): integers of 1-4 digits by 1-2 (two-digit squares
    included), decimals by integers (`23.75*44`) and fractions by integers that cancel
    (`(-28/3)*-24`). The rest is `fractions` and exact quotients, so neither slips."""
    r = rng.random()
    if r < 0.30:
        a, b = _digits_int(rng, 1, 4), _digits_int(rng, 1, 2)
        a, b = (b, a) if rng.random() < 0.3 else (a, b)
        return _example(Fraction(a), "*", Fraction(b), "mul")
    if r < 0.40:
        x = Fraction(_digits_int(rng, 1, 4), 10 ** rng.randint(1, 3))
        y = Fraction(_digits_int(rng, 1, 3) or 1)
        x, y = (y, x) if rng.random() < 0.3 else (x, y)
        return _example(x, "*", y, "mul")
    if r < 0.55:
        v = _reduced(rng, 2, 2)
        n = (
            v.denominator * (_digits_int(rng, 1, 2) or 1)
            if rng.random() < 0.6
            else _digits_int(rng, 1, 3)
        )
        x, y = (Fraction(n or 1), v) if rng.random() < 0.3 else (v, Fraction(n or 1))
        return _example(x, "*", y, "frac")
    if r < 0.70:
        return _exact_quotient(rng, (1, 4), 3)
    return fraction_step_example(rng)


#: The primes the verifier's cancellation trials divide by (`verifier/cancel.py` reads them from
#: here, so training and serving use the same list).
ROUTE_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23)


def route_step_example(rng: random.Random) -> Example:
    """After `products`: the steps the verifier's routes ask (`verifier/cancel.py`,
    `distribute.py`). Measured before: greedy halving of 3-digit numbers right one time in two,
    3-digit by 1-digit products 0.53, exact quotients by 11 or 13 of 4-digit numbers under 0.1.
    So: products by one digit and a power of ten (a distribution's partial products), divisions
    by a small prime, exact or not (a cancellation's trials), sums of partial products; the
    rest rehearses `products`."""
    r = rng.random()
    if r < 0.25:
        a = _digits_int(rng, 1, 5)
        b = rng.choice([1, -1]) * rng.randint(1, 9) * 10 ** rng.choice([0, 0, 1, 2, 3])
        a, b = (b, a) if rng.random() < 0.3 else (a, b)
        return _example(Fraction(a), "*", Fraction(b), "mul")
    if r < 0.50:
        p = rng.choice(ROUTE_PRIMES)
        a = p * _digits_int(rng, 1, 5) if rng.random() < 0.6 else _digits_int(rng, 1, 6)
        return _example(Fraction(a), "/", Fraction(p), "div")
    if r < 0.60:
        k = rng.randint(1, 4)
        a = _digits_int(rng, 1, 4) * 10**k
        b = _digits_int(rng, 1, k + 2)
        return _example(Fraction(a), "+", Fraction(b), "add")
    return product_step_example(rng)


def _written(v: Fraction, decimal: bool) -> str:
    """An operand as the mesh writes it: a decimal where the source is a decimal (and the value
    terminates), otherwise a whole number or p/q."""
    return canonical(v, "decimal" if decimal else "exact")


def restyle(ex: Example, rng: random.Random) -> Example:
    """A format-1 step in format 2: operands written as the mesh writes them (decimals where the
    step is a unit conversion's, and now and then elsewhere; p/q otherwise), the notation
    decimal when an operand is a decimal and for a share of the rest (conversions and their
    routes ask decimals of integer steps too), the answer canonical in that notation."""
    parsed = parse_step(ex.prompt)
    if parsed is None:
        return ex
    a, op, b = parsed
    decimal = ex.kind == "step_conv" or rng.random() < 0.1
    texts = (_written(a, decimal), _written(b, decimal))
    notation: Notation = "decimal" if any("." in t for t in texts) or rng.random() < 0.3 else "exact"
    result = apply(a, op, b)
    return Example(
        step_prompt_text(texts[0], op, texts[1], notation), canonical(result, notation), ex.kind
    )


#: Denominators and whole factors of unit conversions (time units: 7 days a week, 24 hours a
#: day, ...): the divisors and factors a conversion's cross route asks about.
_CONV_DIVISORS = (7, 12, 24, 60, 120, 168, 1200, 1440, 3600, 10080, 12000, 60000, 86400)


def _long_decimal(rng: random.Random, max_digits: int = 12, max_places: int = 9) -> Fraction:
    """A positive decimal of 1 to `max_digits` significant digits and up to `max_places` places,
    lengths uniform in digits (extrapolation's long amounts: `564.087555`)."""
    digits = rng.randint(1, max_digits)
    mantissa = rng.randint(10 ** (digits - 1), 10**digits - 1)
    return Fraction(mantissa, 10 ** rng.randint(0, min(max_places, digits)))


def conversion_step_example(rng: random.Random) -> Example:
    """Format 2, decimal notation: what a unit conversion and its cross route ask, with amounts
    as long as the extrapolation split writes them. The amount times a factor (a power of ten,
    or a time unit's whole factor); an integer divided by a time unit's divisor with a
    terminating quotient (`1994274/24` = `83094.75`); the decimal point shifted by a power of
    ten (`83094.75/100000`)."""
    sign = -1 if rng.random() < 0.1 else 1
    r = rng.random()
    if r < 0.35:  # shifts: x * 10^k, x / 10^k
        a, b = sign * _long_decimal(rng, 14), Fraction(10) ** rng.randint(1, 15)
        op = rng.choice("*/")
    elif r < 0.65:  # integer / divisor, quotient terminating
        d = rng.choice(_CONV_DIVISORS)
        places = rng.randint(0, 3)
        q = Fraction(rng.randint(1, 10 ** rng.randint(1, 9)), 10**places)
        n = q * d
        if n.denominator != 1:  # scale to a whole dividend with a terminating quotient
            n *= n.denominator
        a, b, op = sign * n, Fraction(d), "/"
    elif r < 0.85:  # amount times a whole factor
        a = sign * _long_decimal(rng, 9, 6)
        b, op = Fraction(rng.choice(_CONV_DIVISORS) * 10 ** rng.randint(0, 6)), "*"
    else:  # a place value times a whole factor (a distribution's partial product)
        a = Fraction(sign * rng.randint(1, 9) * 10 ** rng.randint(0, 10))
        b, op = Fraction(rng.choice(_CONV_DIVISORS)), "*"
    a, b = (b, a) if op == "*" and rng.random() < 0.3 else (a, b)
    value = apply(a, op, b)
    notation: Notation = "decimal"
    texts = (canonical(a, "decimal"), canonical(b, "decimal"))
    return Example(
        step_prompt_text(texts[0], op, texts[1], notation), canonical(value, notation), "step_conv"
    )


#: Where the `notation` mix draws its steps (restyled): the broad mix, the shapes the plans need
#: most, the routes' steps, weighted towards non-integer results, whose form changed, and the
#: steps long conversions ask.
_NOTATION_SOURCES = (
    (0.15, step_example),
    (0.10, focus_step_example),
    (0.20, fraction_step_example),
    (0.10, quotient_step_example),
    (0.10, product_step_example),
    (0.15, route_step_example),
)
_CONVERSION_SHARE = 0.20


def notation_step_example(rng: random.Random) -> Example:
    """Format 2 (`restyle`) over the earlier mixes: the same skills, answers in the notation the
    prompt names."""
    r, acc = rng.random(), _CONVERSION_SHARE
    if r < acc:
        return conversion_step_example(rng)
    for weight, make in _NOTATION_SOURCES:
        acc += weight
        if r < acc:
            return restyle(make(rng), rng)
    return restyle(step_example(rng), rng)


def format2_step_example(rng: random.Random) -> Example:
    """One step of the broad mix in format 2: what evaluation and the learner's old skills use."""
    return restyle(step_example(rng), rng)


STEP_MIXES: dict[str, Callable[[random.Random], Example]] = {
    "base": step_example,
    "focus": focus_step_example,
    "focus-cancel": cancel_step_example,
    "rehearse": rehearse_step_example,
    "fractions": fraction_step_example,
    "settle": settle_step_example,
    "quotients": quotient_step_example,
    "products": product_step_example,
    "routes": route_step_example,
    "notation": notation_step_example,
}


# -- whole questions (single-pass baseline), in the benchmark modules' styles -----------------

_LEADS = ["", "What is ", "Calculate ", "Evaluate ", "What is the value of "]


def _expr(rng: random.Random, terms: int, ops: str, leaf: Callable[[], int]) -> tuple[str, Fraction]:
    if terms == 1:
        v = leaf()
        return (f"({v})" if v < 0 and "*" in ops else str(v)), Fraction(v)
    left_terms = rng.randint(1, terms - 1)
    ls, lv = _expr(rng, left_terms, ops, leaf)
    rs, rv = _expr(rng, terms - left_terms, ops, leaf)
    op = rng.choice(ops)
    if op == "/" and rv == 0:
        op = "*"
    if terms - left_terms > 1:
        rs = f"({rs})"
    return f"{ls} {op} {rs}" if op in "+-" else f"{ls}{op}{rs}", apply(lv, op, rv)


def _question(rng: random.Random, text: str) -> str:
    lead = rng.choice(_LEADS)
    return f"{lead}{text}?" if lead else text


def q_add_sub(rng: random.Random) -> Example:
    s, v = _expr(rng, rng.randint(3, 6), "+-", lambda: rng.randint(-60, 60))
    return Example(question_prompt(_question(rng, s)), canon(v), "q_add_sub")


def q_mul_div(rng: random.Random) -> Example:
    while True:
        s, v = _expr(rng, rng.randint(2, 4), "*/", lambda: rng.choice([-1, 1]) * rng.randint(1, 40))
        if abs(v.numerator) < 10_000 and v.denominator < 100:
            return Example(question_prompt(_question(rng, s)), canon(v), "q_mul_div")


def q_mixed(rng: random.Random) -> Example:
    while True:
        s, v = _expr(rng, rng.randint(3, 5), "+-*/", lambda: rng.randint(-30, 30))
        if abs(v.numerator) < 10_000 and v.denominator < 50:
            return Example(question_prompt(_question(rng, s)), canon(v), "q_mixed")


def q_linear(rng: random.Random) -> Example:
    var = rng.choice("abcdfghjkmnpqrstuvwxyz")
    x, c = rng.randint(-30, 30), rng.choice([-1, 1]) * rng.randint(2, 60)
    k = rng.randint(-300, 300)
    rhs = c * x + k
    text = rng.choice(
        [
            f"Solve {c}*{var} + {k} = {rhs} for {var}.",
            f"Solve {rhs} = {c}*{var} + {k} for {var}.",
            f"Solve {rhs} - {k} = {c}*{var} for {var}.",
        ]
    )
    return Example(question_prompt(text), str(x), "q_linear")


def q_linear_composed(rng: random.Random) -> Example:
    a, b = rng.randint(-20, 40), rng.randint(-20, 20)
    h = a + b
    x, c = rng.randint(-12, 12), rng.randint(2, 9)
    var = rng.choice("abmnpqrstuvwxyz")
    text = (
        f"Let h = {a} + {b}. Solve {c}*{var} - h = {c * x - h} for {var}."
        if rng.random() < 0.5
        else f"Let h be {a} - {-b}. Solve h = {c}*{var} + {h - c * x} for {var}."
    )
    return Example(question_prompt(text.replace("+ -", "- ")), str(x), "q_linear_composed")


_UNITS = [
    ("litres", "millilitres", 1000),
    ("kilograms", "grams", 1000),
    ("kilometers", "meters", 1000),
    ("minutes", "seconds", 60),
    ("hours", "minutes", 60),
    ("decades", "years", 10),
    ("centuries", "years", 100),
    ("weeks", "days", 7),
    ("grams", "milligrams", 1000),
    ("meters", "centimeters", 100),
]


def q_conversion(rng: random.Random) -> Example:
    big, small, f = rng.choice(_UNITS)
    v = _decimal(rng) / 10
    if rng.random() < 0.5:
        return Example(
            question_prompt(f"How many {small} are there in {canon(v)} {big}?"),
            canon(v * f),
            "q_conversion",
        )
    return Example(
        question_prompt(f"What is {canon(v)} {small} in {big}?"), canon(v / f), "q_conversion"
    )


QUESTION_MAKERS = (q_add_sub, q_mul_div, q_mixed, q_linear, q_linear_composed, q_conversion)


def examples(seed: int, question_share: float = 0.15, mix: str = "base") -> Iterator[Example]:
    """An endless, seeded stream of training examples."""
    rng = random.Random(seed)
    step = STEP_MIXES[mix]
    while True:
        if rng.random() < question_share:
            yield rng.choice(QUESTION_MAKERS)(rng)
        else:
            yield step(rng)


def held_out_steps(n: int, seed: int = 10_007, exclude: set[str] | None = None) -> list[Example]:
    """Step prompts for evaluation, from another seed than training; prompts in `exclude` (the
    ones training saw) are skipped, so the set is truly held out."""
    rng = random.Random(seed)
    out: list[Example] = []
    seen: set[str] = set()
    while len(out) < n:
        ex = format2_step_example(rng)
        if ex.prompt in seen or (exclude is not None and ex.prompt in exclude):
            continue
        seen.add(ex.prompt)
        out.append(ex)
    return out


def example_batches(
    seed: int, batch: int, question_share: float = 0.15, mix: str = "base"
) -> Iterator[list[Example]]:
    """The batches a training run with this recipe draws, in order. `base` mixes whole questions
    into every batch; other mixes train them in batches of their own (a share `question_share`
    of batches): questions are ~4x longer than steps and CPU time per batch follows its longest
    row, so step batches stay short."""
    if mix == "base":
        stream = examples(seed, question_share)
        while True:
            yield list(itertools.islice(stream, batch))
    steps, questions = examples(seed + 1, 0.0, mix), examples(seed + 2, 1.0)
    rng = random.Random(seed)
    while True:
        source = questions if rng.random() < question_share else steps
        yield list(itertools.islice(source, batch))


def training_prompts(
    seed: int, count: int, question_share: float = 0.15, mix: str = "base", batch: int = 128
) -> set[str]:
    """Every prompt the first `count` examples of a training run with this recipe saw."""
    drawn = (e for chunk in example_batches(seed, batch, question_share, mix) for e in chunk)
    return {e.prompt for e in itertools.islice(drawn, count)}
