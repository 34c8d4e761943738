"""Is a model's reading put together as its question says? (pure: the gate's structure checks)

`grounding` checks what a reading is made of; these check how it is put together, where the
question says so. A small model that meets a frame it never saw keeps the numbers and gets the
order or the grouping wrong (`86 divided into 185394` read `86/185394`, `19 plus 3 times 53`
read `(19 + 3)*53`), and such a reading is verified step by step as the answer to another
question. The checks only ever refuse; a refusal ends the question `unsupported`, never wrong.
"""

from __future__ import annotations

import ast
import re

from reasoning_mesh.models.translator.masking import Masked, mask

#: Words that put the second-written operand first (`subtract 3 from 10`, `4 less than 9`,
#: `6 go into 72`, `how many 4s are in 36`, `subtract 3 off 10`).
_REVERSING = re.compile(r"\b(?:from|than|into|off)\b|\b(?:are|is)(?: there)? in\b")
#: (`divide 36 in 4` does not reverse: only `are in`, `is in` do.)
#: `split 12 into (or in) 3 equal parts` keeps the written order: the word names the parts.
_PARTS = re.compile(r"\s*(?:equal\s+|even\s+)?(?:parts|pieces|groups|shares|portions|ways)\b")
_INTO_R = re.compile(r"\b(?:into|in) (?:negative |-)?$")
#: Where a question says "first this, then that": what comes before is one step of the reading.
_SEQUENCE = re.compile(
    r"(?:,? (?:and )?then\b|,? and (?=(?:multiply|divide|add|subtract|times|take|double)\b)"
    r"|, (?=(?:multiply|multiplied|divide|divided|add|subtract|times|take|plus|minus|over|all)\b))"
)
#: A number the question only labels itself with (`Q2: …`, `1. what is …`, `quick 1: …`).
_LABEL = re.compile(
    r"^\W*(?:(?:q|question|no|number|problem|exercise|ex|step|part|item|task)\.? ?)?#\d+\s*[.):]"
    r"|^\W*[a-z]+ #\d+\s*:"
)
#: `what` standing for a number (`what times 4 gives 20`): a missing operand, not arithmetic.
_WHAT_OPERAND = re.compile(
    r"\bwhat (?:plus|minus|times|multiplied|divided|over|take|less|more|added|subtracted)\b"
    r"|\b(?:plus|minus|times|by|over|from|than|into|and) what\b(?!'s| (?:is|are|do|does)\b)"
)
#: `how many more …` asks a difference, whatever words it adds with.
_HOW_MANY_MORE = re.compile(r"\bhow (?:many|much) (?:more|fewer|less)\b")
#: `how many 4s are in …` names a quotient (grounding lets it name `/`); with the number after
#: it, `how many 4s are in 36` is 36/4 itself, not a `/` used elsewhere in the reading.
QUOTIENT_PHRASE = re.compile(r"\bhow many (?:negative |-)?#(\d+)'?s (?:are|is) (?:there )?in\b")
_QUOTIENT = re.compile(QUOTIENT_PHRASE.pattern + r" (?:negative |-)?#(\d+)\b")
#: What a question says when it groups: brackets, a pause between numbers, a named result, a
#: sequence. (A comma counts between two numbers: `hi, 5 plus 2 times 3` groups nothing.)
_GROUPS = re.compile(
    r"[(;]|#\d+.*,.*#\d+|\b(?:sum|difference|product|quotient|total|all|then|first|result)\b|"
    + _SEQUENCE.pattern
)
#: Two numbers joined by one operation word: they are one step of the reading, whatever else
#: the reading does (`19 plus 3 times 53` has `19 + 3` and `3*53`; `(19 + 3)*53` lacks `3*53`).
_JOINED = re.compile(
    r"(?=(?<![\w-])(negative |-)?#(\d+) (plus|minus|times|multiplied by|divided by|over|x|"
    r"take away|less(?! than)|lots of|groups of|sets of|[-+*/]) (negative |-)?#(\d+)(?!\d))"
)
_JOIN_OP = {"plus": "+", "minus": "-", "times": "*", "multiplied by": "*", "divided by": "/",
            "over": "/", "x": "*", "take away": "-", "less": "-", "lots of": "*",
            "groups of": "*", "sets of": "*"}  # fmt: skip
_ROUNDS = re.compile(
    r"\b(?:round|rounded|rounding|nearest|closest|decimal places?|decimals|dp|d\.p|places?"
    r"|approximate|approximately)\b"
)
_PLACES = re.compile(r"\b(?:decimal places?|decimals|dp|d\.p|places?)\b")
_NEAREST = re.compile(r"\b(?:nearest|closest)\b")
#: An operation a question names: a rounding reading has none of its own, so it may not drop one.
_OPERATION = re.compile(
    r"\b(?:plus|minus|times|divided|divide|multiplied|multiply|add|added|subtract|subtracted|sum"
    r"|difference|product|quotient|take away|less|more|lots|groups|over|into)\b|#\d+ ?[-+*/x] ?#\d+"
)


def disordered(question: str, reading: str) -> str:
    """Why `reading` orders, groups or rounds otherwise than `question`; empty when it does not."""
    masked = mask(question)
    merged = fractions_as_numbers(masked)  # `#2/#3` written tight is one number
    tree = _tree(reading)
    if reading.startswith("What is ") and tree is None:
        return "the reading is not one expression"
    checks = (
        _asked(masked, merged, reading, tree),
        _rounding(masked, reading),
        _brackets(masked, reading),
        _joined(merged, reading),
        _order(masked, tree) if tree else "",
        _sequence(masked, tree) if tree else "",
        _broken(masked, tree) if tree else "",
        # `what comes after 99` is not `What is 99?`: a reading must ask something of a number.
        "the reading restates a number and asks nothing of it" if tree and not tree.op else "",
    )
    return next((why for why in checks if why), "")


def _asked(masked: Masked, merged: Masked, reading: str, tree: _Node | None) -> str:
    """What the question asks that a reading of its numbers cannot show: a label among its
    numbers, a missing operand, a difference asked as `how many more`, a quotient phrase."""
    text = masked.text
    if _LABEL.search(text):
        return "the question labels itself with a number (`Q2:`, `1.`), which is no operand"
    if _WHAT_OPERAND.search(text):
        return "the question asks for a missing operand, which is not arithmetic on its numbers"
    if _HOW_MANY_MORE.search(text) and tree and any(n.op == "+" for n in tree.nodes()):
        return "the question asks how many more (a difference), and the reading adds"
    for m in _QUOTIENT.finditer(merged.text):  # `how many 9s are in 35/12`: 35/12 is the whole
        each, whole = (_literal(merged.literals, k) for k in m.groups())
        parts = {x: re.findall(r"[\d.]+", x) for x in (each, whole)}  # (35/12) → 35, 12
        if not tree or not any(
            n.op == "/" and n.left and n.right and n.left.literals == parts[whole]
            and n.right.literals == parts[each] for n in tree.nodes()
        ):  # fmt: skip
            return f"the question's quotient {whole}/{each} is not one step of the reading"
    return ""


def _rounding(masked: Masked, reading: str) -> str:
    text, rounds = masked.text, reading.startswith("Round ")
    asked = bool(_ROUNDS.search(text))
    if asked and not rounds:
        return "the question rounds and the reading does not"
    if rounds and not asked:
        return "the reading rounds and the question does not"
    return _rounding_form(masked, reading) if rounds else ""


def _rounding_form(masked: Masked, reading: str) -> str:
    """A rounding reading: no operation dropped, and the form and place are the question's."""
    text = masked.text
    if _OPERATION.search(text):
        return "the question names an operation the rounding reading drops"
    if m := re.search(r"to (\d+) decimal places", reading):
        written = _placeholders_of(masked, m.group(1))
        if not _PLACES.search(text) or not any(
            re.search(rf"#{k}\s*(?:decimal|dp|d\.p|places?)", text) for k in written
        ):
            return "the reading rounds to decimal places, the question does not (or not to those)"
    if "nearest" in reading and not _NEAREST.search(text):
        return "the reading rounds to the nearest, the question does not"
    if m := re.search(r"to the nearest (\d+)", reading):
        written = _placeholders_of(masked, m.group(1))
        if not any(re.search(rf"(?:nearest|closest) #{k}(?!\d)", text) for k in written):
            return f"the question does not round to the nearest {m.group(1)}"
    return ""


def _placeholders_of(masked: Masked, literal: str) -> list[int]:
    return [k for k, lit in enumerate(masked.literals, 1) if lit == literal]


class _Node:
    """A reading's expression: `op` of `left` and `right`, or a literal (`op` empty)."""

    def __init__(self, op: str, left: _Node | None, right: _Node | None, literals: list[str]):
        self.op, self.left, self.right, self.literals = op, left, right, literals

    def nodes(self) -> list[_Node]:
        kids = [n for k in (self.left, self.right) if k for n in k.nodes()]
        return [self, *kids]


_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def _tree(reading: str) -> _Node | None:
    """The arithmetic reading as a tree (Python's grammar is the planner's for `+ - * /`)."""
    if not reading.startswith("What is "):
        return None
    src = reading.removeprefix("What is ").rstrip("?")
    try:
        return _node(ast.parse(src, mode="eval").body, src)
    except (SyntaxError, ValueError):
        return None


def _node(n: ast.expr, src: str) -> _Node:
    if isinstance(n, ast.BinOp) and type(n.op) in _OPS:
        left, right = _node(n.left, src), _node(n.right, src)
        return _Node(_OPS[type(n.op)], left, right, left.literals + right.literals)
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
        return _node(n.operand, src)
    if isinstance(n, ast.Constant) and n.end_col_offset is not None:
        return _Node("", None, None, [src[n.col_offset : n.end_col_offset]])
    raise ValueError("not arithmetic")


def _order(masked: Masked, tree: _Node) -> str:
    """Each `-` and `/` takes its sides in the question's order: as written, or reversed by a
    word that reverses (`from`, `than`, `into`). A side whose numbers the question writes more
    than once, or interleaves with the other side's, cannot be placed and is not checked."""
    text = masked.text
    for node in tree.nodes():
        if node.op not in ("-", "/") or not node.left or not node.right:
            continue
        l_at = [_place(masked, lit) for lit in node.left.literals]
        r_at = [_place(masked, lit) for lit in node.right.literals]
        if None in l_at or None in r_at:
            continue
        ls, rs = [a for a in l_at if a], [a for a in r_at if a]
        if max(e for _, e in ls) <= min(s for s, _ in rs):
            first_r = min(rs)  # after a side: after all of it (`into #2/#3 equal parts`)
            between, after_right = text[max(e for _, e in ls) : first_r[0]], text[max(rs)[1] :]
            written = True
        elif max(e for _, e in rs) <= min(s for s, _ in ls):
            first_l = min(ls)
            between, after_right = text[max(e for _, e in rs) : first_l[0]], text[max(ls)[1] :]
            written = False
        else:
            continue
        reverses = bool(_REVERSING.search(between)) and not (
            _INTO_R.search(between) and _PARTS.match(after_right)
        )
        if written == reverses:
            left, right = " ".join(node.left.literals), " ".join(node.right.literals)
            return f"the reading's {node.op} of ({left}) and ({right}) is not in the question's order"
    return ""


def _sequence(masked: Masked, tree: _Node) -> str:
    """`add 5 and 3, then multiply by 2`: the numbers before `then` are one step (`(5 + 3)*2`)."""
    groups = {tuple(sorted(n.literals)) for n in tree.nodes()}
    for m in _SEQUENCE.finditer(masked.text):
        before = [int(k) for k in re.findall(r"#(\d+)", masked.text[: m.start()])]
        if 2 <= len(before) < len(masked.literals):
            step = tuple(sorted(masked.literals[k - 1] for k in before if k <= len(masked.literals)))
            if step not in groups:
                return f"the question's first step ({', '.join(step)}) is not one step of the reading"
    return ""


def _broken(masked: Masked, tree: _Node) -> str:
    """Two numbers a sentence or a colon parts (`quick 1: 1000 minus 367`) are not one step:
    nothing between them names an operation."""
    for node in tree.nodes():
        if not (node.op and node.left and node.right) or node.left.op or node.right.op:
            continue
        spans = sorted(
            s for s in (_place(masked, lit) for lit in node.left.literals + node.right.literals) if s
        )
        if len(spans) == 2 and re.fullmatch(r"\s*[:.?!]\s*", masked.text[spans[0][1] : spans[1][0]]):
            pair = " and ".join(node.left.literals + node.right.literals)
            return f"the reading joins {pair}, which the question writes in separate sentences"
    return ""


def _place(masked: Masked, literal: str) -> tuple[int, int] | None:
    """Where the question writes `literal` (its placeholder's span), if it writes it once."""
    ks = _placeholders_of(masked, literal)
    if len(ks) != 1:
        return None
    m = re.search(rf"#{ks[0]}(?!\d)", masked.text)
    return m.span() if m else None


#: A fraction the question writes as one number: two placeholders and a slash, no spaces.
TIGHT_FRACTION = re.compile(r"#(\d+)/#(\d+)")
_SIGNED_FRACTION = re.compile(r"(?:(?<![\w#)])(-|negative ))?#(\d+)/#(\d+)")


def fractions_as_numbers(masked: Masked) -> Masked:
    """`#2/#3` written without spaces is one number: one placeholder whose literal is `(9/6)`,
    as a reading writes it, for the checks that pair a number with its neighbour."""
    literals = list(masked.literals)
    merged: list[str] = []

    def one(m: re.Match[str]) -> str:
        a, b = int(m[2]), int(m[3])
        if b != a + 1 or b > len(literals):
            return m[0]
        merged.append(f"({'-' if m[1] else ''}{literals[a - 1]}/{literals[b - 1]})")
        return f"#F{len(merged)}"

    text = _SIGNED_FRACTION.sub(one, masked.text)
    if not merged:
        return masked
    out: list[str] = []

    def renumber(m: re.Match[str]) -> str:
        out.append(merged[int(m[2]) - 1] if m[1] else literals[int(m[2]) - 1])
        return f"#{len(out)}"

    return Masked(re.sub(r"#(F?)(\d+)", renumber, text), tuple(out))


def written_fractions(masked: Masked) -> set[str]:
    """The fractions the question writes as one number, as literals (`35/12`)."""
    return {
        f"{masked.literals[int(a) - 1]}/{masked.literals[int(b) - 1]}"
        for a, b in TIGHT_FRACTION.findall(masked.text)
        if int(b) <= len(masked.literals)
    }


def _brackets(masked: Masked, reading: str) -> str:
    """A bracket in a reading must answer something in the question that groups: `19 plus 3
    times 53` has nothing that puts `19 + 3` first."""
    body = reading.removeprefix("What is ").removeprefix("Solve ")
    # A fraction the question writes as one number (`1/2`, no spaces) is bracketed as one.
    written = written_fractions(masked)
    body = re.sub(
        r"\((-?)([\d.]+/[\d.]+)\)", lambda m: m[0] if m[2] not in written else m[1] + m[2], body
    )
    if "(" in body and not _GROUPS.search(masked.text):
        return "the reading brackets what the question does not group"
    return ""


def _joined(masked: Masked, reading: str) -> str:
    if not reading.startswith("What is "):
        return ""
    body = reading.removeprefix("What is ").rstrip("?").replace(" ", "")
    for m in _JOINED.finditer(masked.text):
        a_sign, a, word, b_sign, b = m.group(1, 2, 3, 4, 5)
        op = _JOIN_OP.get(word, word)
        a_lit, b_lit = (_literal(masked.literals, k) for k in (a, b))
        pair = f"{'-' if a_sign else ''}{a_lit}{op}{'-' if b_sign else ''}{b_lit}"
        if a_lit and b_lit and pair not in body:
            return f"the question's {pair} is not one step of the reading"
    return ""


def _literal(literals: tuple[str, ...], k: str) -> str:
    return literals[int(k) - 1] if 0 < int(k) <= len(literals) else ""
