"""Property test: the verifier accepts the canonical text of a step's exact result and nothing
else. The state machine is driven through generated questions (arithmetic, fractions, equations,
conversions, rounding); every step is answered with adversarial hypotheses ranked above the right
one (echoes of the step, unreduced fractions, `x/1`, `-0`, `+5`, `05`, `1e3`, `0.50`, the right
value in the wrong notation), and sometimes with adversarial ones alone, so attempts run out and
routes open. Every adversarial text must be rejected, every accepted text must be canonical."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reasoning_mesh.bench.offline import kb_retrieve
from reasoning_mesh.contracts.plans import SubGoal
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import Hypothesis, VerifierInput
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.kb.units import facts
from reasoning_mesh.models.reasoner.data import QUESTION_MAKERS
from reasoning_mesh.models.reasoner.numbers import Notation, as_fraction, canonical, exact_op
from reasoning_mesh.models.reasoner.skills import round_answer
from reasoning_mesh.planner.domain import plan_question
from reasoning_mesh.planner.expr import UnsupportedQuestionError
from reasoning_mesh.verifier import domain
from reasoning_mesh.verifier.machine import Actions, Machine

RETRIEVE = kb_retrieve(list(facts()))
ROUNDING = ("Round {v} to {p} decimal places.", "What is {v} rounded to the nearest {n}?")


def question(seed: int) -> str:
    rng = random.Random(seed)
    if rng.random() < 0.15:
        value = f"{rng.choice(['', '-'])}{rng.randint(0, 99999)}.{rng.randint(1, 99999)}"
        form = rng.choice(ROUNDING)
        return form.format(v=value, p=rng.randint(0, 3), n=rng.choice(["10", "100", "1000"]))
    return rng.choice(QUESTION_MAKERS)(rng).prompt[2:-1]


def wrong_forms(value: Fraction, notation: Notation, echo: str) -> list[str]:
    """Texts with `value`'s value (or the step's own text) that are not its canonical form."""
    right = canonical(value, notation)
    p, q = value.numerator, value.denominator
    forms = [echo, f"{2 * p}/{2 * q}", f"{7 * p}/{7 * q}", f"{p}/{q}" if q == 1 else f"{-p}/{-q}"]
    forms += [f"+{right}", f"{right}e0", f"{right}.", f"{right}0" if "." in right else f"{right}.0"]
    forms.append(right.replace("-", "-0") if right.startswith("-") else "0" + right)
    if value == 0:
        forms += ["-0", "-0.0", "0/5"]
    if q != 1 and value.denominator in (2, 4, 5, 8, 10, 20, 25, 40, 50):  # terminates
        other = "decimal" if notation == "exact" else "exact"
        forms.append(canonical(value, other))  # the right value in the wrong notation
        forms.append(f"{Decimal(p) / Decimal(q):E}")
    if q == 1 and abs(p) >= 1000 and p % 1000 == 0:
        forms.append(f"{p // 1000}e3")
    return [f for f in dict.fromkeys(forms) if f != right]


def expected(state: RequestState, g: SubGoal) -> tuple[Fraction, Notation] | None:
    m = Machine(state, 0.0, "inbox")
    if g.kind == "round":
        return Fraction(round_answer(g.left or "", int(g.right or "0"))), "decimal"
    a, b = m.operand(g.left or ""), m.operand(g.right or "")
    if a is None or b is None or g.op is None:
        return None
    value = exact_op(a, g.op, b)
    return None if value is None else (value, g.notation)


def reply(task: StepTask, texts: list[str]) -> VerifierInput:
    hyps = [Hypothesis(text=t, mean_logprob=-i) for i, t in enumerate(texts)]
    return VerifierInput(
        request_id=task.request_id,
        kind="hypotheses",
        subgoal_id=task.subgoal_id,
        attempt=task.attempt,
        hypotheses=hyps,
    )


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), data=st.data())
def test_only_canonical_answers_are_ever_accepted(seed: int, data: st.DataObject) -> None:
    text = question(seed)
    try:
        plan = plan_question(text)
    except UnsupportedQuestionError:
        # About 1 generated question in 230 chains divisions next to a fraction (`(-37)/27/37`),
        # which the planner refuses as ambiguous: it never reaches a verifier.
        assume(False)
        raise
    state, actions = Machine.start("r1", "t", plan, 0.0, "inbox")
    queue: list[Actions] = [actions]
    rejected = 0
    for _ in range(3000):
        if not queue:
            break
        acts = queue.pop(0)
        for req in acts.retrievals:
            ev = VerifierInput(request_id="r1", subgoal_id=req.subgoal_id, evidence=RETRIEVE(req))
            state, more = Machine(state, 0.0, "inbox").on_input(ev)
            queue.append(more)
        for task in acts.steps:
            g = {x.id: x for x in state.plan.goals}[task.subgoal_id]
            want = expected(state, g)
            if want is None or g.kind == "model":
                state, more = Machine(state, 0.0, "inbox").on_input(reply(task, ["1"]))
                queue.append(more)
                continue
            echo = re.sub(r"[()]", "", task.prompt.split(":", 1)[1].rstrip("="))
            bad = data.draw(st.lists(st.sampled_from(wrong_forms(*want, echo)), min_size=1, max_size=5))
            alone = data.draw(st.booleans()) and data.draw(st.booleans())
            right = canonical(*want)
            state, more = Machine(state, 0.0, "inbox").on_input(
                reply(task, bad if alone else [*bad, right])
            )
            tried = state.goals[g.id].attempts[task.attempt].tried
            assert all(not t.accepted for t in tried if t.text in bad), (text, g, tried)
            rejected += sum(t.text in bad for t in tried)
            queue.append(more)
    assert state.phase in ("done", "failed"), text
    assert rejected > 0
    for g in state.plan.goals:
        st_ = state.goals[g.id]
        if (
            st_.status == "verified"
            and g.kind in ("arith", "round")
            and st_.attempts[-1].strategy != "reuse"
        ):
            want = expected(state, g)
            assert want is not None and st_.value == canonical(*want), (text, g, st_.value)
    if state.status == "verified":
        assert state.answer is not None and as_fraction(state.answer) is not None


def test_the_issue_examples_are_rejected_with_the_rule_they_break() -> None:
    cases = [
        (Fraction(-870), "/", Fraction(29), "-870/29", "exact"),
        (Fraction(169), "/", Fraction(13), "169/13", "exact"),
        (Fraction(11), "/", Fraction(11), "11/11", "exact"),
        (Fraction(-98), "/", Fraction(441), "-98/441", "exact"),
        (Fraction(6), "/", Fraction(69), "6/69", "exact"),
        (Fraction(-3), "/", Fraction(5), "-0.6", "exact"),
        (Fraction(1, 2), "*", Fraction(1000), "500.0", "decimal"),
        (Fraction(5), "+", Fraction(0), "+5", "exact"),
        (Fraction(5), "+", Fraction(0), "05", "exact"),
        (Fraction(1000), "*", Fraction(1), "1e3", "exact"),
        (Fraction(1, 2), "+", Fraction(0), "0.50", "decimal"),
        (Fraction(0), "*", Fraction(-3), "-0", "exact"),
    ]
    for a, op, b, claimed, notation in cases:
        verdict = domain.verify_step(a, op, b, claimed, notation)  # type: ignore[arg-type]
        assert not verdict.accepted and "not canonical" in verdict.reason, (claimed, verdict.reason)
