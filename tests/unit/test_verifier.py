"""Verifier verdicts (accept/reject tables) and the state machine's backtracking transitions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from reasoning_mesh.contracts.plans import GoalBudget, Plan, SubGoal
from reasoning_mesh.contracts.results import Evidence
from reasoning_mesh.contracts.verifier_inbox import Hypothesis, VerifierInput
from reasoning_mesh.contracts.verifier_state import RequestState
from reasoning_mesh.models.reasoner.data import question_prompt
from reasoning_mesh.models.reasoner.numbers import Notation
from reasoning_mesh.planner.domain import plan_question, route
from reasoning_mesh.verifier import domain
from reasoning_mesh.verifier.machine import Actions, Machine
from reasoning_mesh.verifier.trace import feedback_of, result_of

F = Fraction


@pytest.mark.parametrize(
    ("a", "op", "b", "claimed", "notation", "ok"),
    [
        (F(7), "+", F(5), "12", "exact", True),
        (F(7), "-", F(-5), "12", "exact", True),
        (F(-7904), "/", F(336), "-494/21", "exact", True),
        (F(1, 2), "*", F(1000), "500", "decimal", True),
        (F(1), "/", F(4), "1/4", "exact", True),
        (F(1), "/", F(4), "0.25", "decimal", True),
        (F(1), "/", F(3), "1/3", "decimal", True),  # does not terminate: a fraction either way
        (F(1), "/", F(4), "0.25", "exact", False),  # the right value, the wrong notation
        (F(1), "/", F(4), "1/4", "decimal", False),
        (F(1), "/", F(4), "0.250", "decimal", False),  # trailing zeros
        (F(-870), "/", F(29), "-870/29", "exact", False),  # the step copied back
        (F(169), "/", F(13), "169/13", "exact", False),
        (F(11), "/", F(11), "11/11", "exact", False),
        (F(-98), "/", F(441), "-98/441", "exact", False),
        (F(6), "/", F(69), "6/69", "exact", False),
        (F(-3), "/", F(5), "-0.6", "exact", False),
        (F(7), "+", F(5), "13", "exact", False),
        (F(7), "+", F(5), "12x", "exact", False),
        (F(7), "+", F(5), "", "exact", False),
        (F(7), "+", F(5), "1/0", "exact", False),
        (F(7), "/", F(0), "0", "exact", False),
    ],
)
def test_step_verdicts(
    a: Fraction, op: str, b: Fraction, claimed: str, notation: Notation, ok: bool
) -> None:
    verdict = domain.verify_step(a, op, b, claimed, notation)
    assert verdict.accepted is ok
    if not ok and domain.exact_result(a, op, b) == (domain.as_fraction(claimed) or "x"):
        assert "not canonical" in verdict.reason  # the rule it breaks is named


def test_fact_must_state_the_asked_conversion_with_a_factor() -> None:
    want = {"from_unit": "litre", "to_unit": "millilitre"}
    good = {"from_unit": "litre", "to_unit": "millilitre", "factor": "1000"}
    assert domain.verify_fact(good, want).value == 1000
    assert not domain.verify_fact({**good, "to_unit": "kilolitre"}, want).accepted
    assert not domain.verify_fact({**good, "factor": "lots"}, want).accepted


def test_substitution_checks_the_questions_own_equation() -> None:
    assert domain.verify_substitution("107*d + 2369 = 558 - 1934", "d", F(-35), {}).accepted
    assert not domain.verify_substitution("107*d + 2369 = 558 - 1934", "d", F(-34), {}).accepted
    assert domain.verify_substitution("b*a = 16", "a", F(4), {"b": F(4)}).accepted
    assert not domain.verify_substitution("b*a = 16", "a", F(4), {}).accepted  # unbound b


# -- the state machine -------------------------------------------------------------------------


def start(question: str) -> tuple[RequestState, Actions]:
    return Machine.start("r1", "t", plan_question(question), now=1000.0, inbox="inbox")


def answer(state: RequestState, goal: str, attempt: int, *texts: str) -> tuple[RequestState, Actions]:
    msg = VerifierInput(
        request_id="r1",
        kind="hypotheses",
        subgoal_id=goal,
        attempt=attempt,
        hypotheses=[Hypothesis(text=t, mean_logprob=-i) for i, t in enumerate(texts)],
    )
    return Machine(state, 1001.0, "inbox").on_input(msg)


def test_start_dispatches_every_ready_step_in_parallel() -> None:
    state, actions = start("What is (1 + 2) * (3 + 4)?")
    assert state.phase == "running"
    assert [t.subgoal_id for t in actions.steps] == ["g0", "g1"]
    assert all(t.reply_to == "inbox" and t.prompt.startswith("C:") for t in actions.steps)
    assert state.goals["g2"].status == "pending"


def test_verified_steps_release_their_dependents_and_finish() -> None:
    state, _ = start("What is (1 + 2) * (3 + 4)?")
    state, actions = answer(state, "g0", 0, "3")
    assert state.goals["g0"].status == "verified" and not actions.steps
    state, actions = answer(state, "g1", 0, "7")
    (task,) = actions.steps
    assert task.subgoal_id == "g2" and task.prompt == "C:3*7="
    state, actions = answer(state, "g2", 0, "21")
    assert actions.finished and state.phase == "done"
    assert (state.status, state.answer) == ("verified", "21")
    result = result_of(state)
    assert result.status == "verified" and result.answer == "21"
    assert [g["id"] for g in result.reasoning_trace["goals"]] == ["g0", "g1", "g2"]


def test_a_rejected_step_backtracks_with_more_samples_then_recovers() -> None:
    state, _ = start("What is 12 + 30?")
    state, actions = answer(state, "g0", 0, "41")
    assert state.phase == "backtracking"
    assert (
        "step_rejected",
        {"goal": "g0", "attempt": 0, "reason": "wrong value: 41 is not 42 (+ step)"},
    ) in actions.events
    (retry,) = actions.steps
    assert retry.attempt == 1 and retry.samples > 1 and retry.temperature > 0
    # The next alternative in the same attempt is accepted when the first is wrong.
    state, actions = answer(state, "g0", 1, "40", "42", "43")
    assert state.phase == "done" and state.answer == "42"
    tried = state.goals["g0"].attempts[1].tried
    assert [(t.text, t.accepted) for t in tried] == [("40", False), ("42", True)]
    assert state.model_calls == 2


def test_backtracking_rewords_the_step_and_checks_the_goal_itself() -> None:
    state, _ = start("What is 12 - 30?")
    prompts = []
    for n in range(2):
        state, actions = answer(state, "g0", n, "7")
        prompts.append(actions.steps[0].prompt)
    # Attempt 1 resamples the same words; attempt 2 asks for 12 - 30 as -30 + 12.
    assert prompts == ["C:12-30=", "C:-30+12="]
    assert state.goals["g0"].attempts[2].strategy == "resample-reworded"
    state, _ = answer(state, "g0", 2, "-18")
    assert (state.phase, state.answer) == ("done", "-18")


@pytest.mark.parametrize(
    ("a", "op", "b"),
    [("12", "-", "30"), ("-3/7", "/", "5"), ("2", "*", "-9"), ("0.5", "+", "4"), ("0", "-", "-7")],
)
def test_reworded_steps_keep_their_value_and_their_digits(a: str, op: str, b: str) -> None:
    from reasoning_mesh.verifier.strategy import reworded

    a2, op2, b2 = reworded(a, op, b)
    assert (a2, op2, b2) != (a, op, b)
    value = domain.as_fraction
    assert domain.exact_result(value(a2), op2, value(b2)) == domain.exact_result(value(a), op, value(b))  # type: ignore[arg-type]
    # Only signs are toggled: the digits are the operands' own.
    assert sorted(a2.lstrip("-") + b2.lstrip("-")) == sorted(a.lstrip("-") + b.lstrip("-"))


def test_exhausted_budget_fails_the_request_with_the_reason() -> None:
    state, _ = start("What is 12 + 30?")
    attempts = state.plan.goals[0].budget.attempts
    for n in range(attempts):
        state, actions = answer(state, "g0", n, "7")
    assert state.phase == "failed" and actions.finished
    assert "not verified after" in state.reason
    assert result_of(state).status == "failed" and result_of(state).answer is None


def test_stale_and_late_answers_are_ignored() -> None:
    state, _ = start("What is 12 + 30?")
    state, _ = answer(state, "g0", 0, "41")  # now waiting on attempt 1
    same, actions = answer(state, "g0", 0, "42")  # a late reply to attempt 0
    assert same is state and not actions.steps
    state, _ = answer(state, "g0", 1, "42")
    done, actions = answer(state, "g0", 1, "42")  # after the end
    assert done is state and not actions.finished


def test_a_reasoner_failure_is_a_rejected_attempt() -> None:
    state, _ = start("What is 12 + 30?")
    msg = VerifierInput(request_id="r1", kind="hypotheses", subgoal_id="g0", attempt=0, status="failed")
    state, actions = Machine(state, 1001.0, "inbox").on_input(msg)
    assert state.goals["g0"].status == "waiting" and actions.steps[0].attempt == 1


def test_conversion_uses_the_retrieved_fact_then_re_retrieves_when_it_does_not_match() -> None:
    state, actions = start("How many millilitres are there in 2.5 litres?")
    (retrieval,) = actions.retrievals
    assert retrieval.filters == {
        "kind": "unit_conversion",
        "from_unit": "litre",
        "to_unit": "millilitre",
    }
    wrong = Evidence(
        doc_id="x",
        chunk=0,
        text="",
        score=0.9,
        metadata={"from_unit": "litre", "to_unit": "kilolitre", "factor": "0.001"},
    )
    msg = VerifierInput(request_id="r1", kind="retrieve", subgoal_id="g0", evidence=[wrong])
    state, actions = Machine(state, 1001.0, "inbox").on_input(msg)
    (wider,) = actions.retrievals
    assert wider.filters is None and wider.top_k > retrieval.top_k
    right = wrong.model_copy(
        update={
            "doc_id": "ok",
            "metadata": {"from_unit": "litre", "to_unit": "millilitre", "factor": "1000"},
        }
    )
    msg = VerifierInput(request_id="r1", kind="retrieve", subgoal_id="g0", evidence=[wrong, right])
    state, actions = Machine(state, 1002.0, "inbox").on_input(msg)
    assert state.goals["g0"].value == "1000"
    (task,) = actions.steps
    assert task.prompt == "D:2.5*1000="


def test_linear_answers_are_checked_by_substitution() -> None:
    state, actions = start("Solve 3*x + 4 = 10 for x.")
    # 10 - 4 = 6 ; 6 / 3 = 2
    (t,) = actions.steps
    state, actions = answer(state, t.subgoal_id, 0, "6")
    (t,) = actions.steps
    state, _ = answer(state, t.subgoal_id, 0, "2")
    assert state.status == "verified" and state.reason == "substitution holds"


def test_a_whole_question_model_step_is_answered_unverified_by_majority() -> None:
    """A plan of one `model` step (the whole question to the model; the planner no longer makes
    one, it answers `unsupported`, but the contract allows it): never `verified`."""
    question = "What is the derivative of 4*x**2 wrt x?"
    goal = SubGoal(
        id="g0",
        kind="model",
        prompt=question_prompt(question),
        budget=GoalBudget(samples=8, attempts=1, max_new_tokens=24),
    )
    plan = Plan(question=question, shape="single_step", goals=[goal], answer="@g0")
    state, actions = Machine.start("r1", "t", plan, now=1000.0, inbox="inbox")
    (t,) = actions.steps
    assert t.samples > 1 and t.prompt.startswith("Q:")
    state, _ = answer(state, "g0", 0, "8", "7", "8", "x")
    assert (state.status, state.answer) == ("unverified", "8")
    assert result_of(state).status == "unverified"
    assert feedback_of(state) == []  # nothing unverified is ever learnt from


def test_rounding_is_checked_exactly_and_served_by_the_routed_adapter() -> None:
    plan = route(
        plan_question("Round 0.0025 to 3 decimal places."), {"round_number": "round_number-0123456789ab"}
    )
    state, actions = Machine.start("r1", "t", plan, now=1000.0, inbox="inbox")
    (t,) = actions.steps
    assert (t.prompt, t.adapter_id) == ("R:0.002|5=", "round_number-0123456789ab")
    state, actions = answer(state, "g0", 0, "0.002")  # half up: 0.0025 → 0.003
    assert state.goals["g0"].status == "waiting"
    assert actions.steps[0].adapter_id == "round_number-0123456789ab"
    state, _ = answer(state, "g0", 1, "0.002", "0.0030", "0.003")  # trailing zero: not canonical
    assert (state.status, state.answer) == ("verified", "0.003")
    (fb,) = feedback_of(state)
    assert (fb.skill, fb.prompt, fb.answer, fb.source) == (
        "round_number",
        "R:0.002|5=",
        "0.003",
        "verified",
    )


def test_a_request_that_must_not_teach_publishes_no_feedback() -> None:
    plan = plan_question("What is (1 + 2) * (3 + 4)?").model_copy(update={"feedback": False})
    state, _ = Machine.start("r1", "t", plan, now=1000.0, inbox="inbox")
    for goal, text in (("g0", "3"), ("g1", "7"), ("g2", "21")):
        state, _ = answer(state, goal, 0, text)
    assert (state.status, state.answer) == ("verified", "21")
    assert feedback_of(state) == []


def test_verified_arithmetic_becomes_feedback_per_step() -> None:
    state, _ = start("What is (1 + 2) * 3?")
    state, _ = answer(state, "g0", 0, "3")
    state, _ = answer(state, "g1", 0, "9")
    assert state.status == "verified"
    assert [(f.skill, f.prompt, f.answer) for f in feedback_of(state)] == [
        ("step_add", "C:1+2=", "3"),
        ("step_mul", "C:3*3=", "9"),
    ]


def test_deadline_fails_the_request() -> None:
    state, _ = start("What is 12 + 30?")
    msg = VerifierInput(request_id="r1", kind="hypotheses", subgoal_id="g0", attempt=0, hypotheses=[])
    state, _ = Machine(state, 1000.0 + 10_000, "inbox").on_input(msg)
    assert state.phase == "failed" and "deadline" in state.reason


def test_an_exhausted_route_falls_back_to_the_regrouped_expression() -> None:
    state, _ = start("What is 12/3*8/2?")  # (12/3*8)/2, then (12/3)*(8/2)
    assert state.plan.fallbacks
    state, _ = answer(state, "g0", 0, "4")  # 12/3: verified
    attempts = state.plan.goals[1].budget.attempts
    for n in range(attempts - 1):
        state, _ = answer(state, "g1", n, "5")
    state, actions = answer(state, "g1", attempts - 1, "5")
    assert state.phase == "running" and state.replans == 1
    assert state.goals["g1"].status == "failed" and state.goals["g2"].status == "skipped"
    assert ("replanned" in [e for e, _ in actions.events]) and not actions.finished
    route = state.plan.fallbacks[0]
    # 12/3 is the same step as g0: its verified answer stands, with no model call.
    reused = state.goals[route.goals[0].id]
    assert reused.status == "verified" and reused.value == "4"
    assert reused.attempts[0].strategy == "reuse"
    assert [t.prompt for t in actions.steps] == ["C:8/2="]
    values = {"C:8/2=": "4", "C:4*4=": "16"}
    pending = list(actions.steps)
    while pending:
        task = pending.pop(0)
        state, actions = answer(state, task.subgoal_id, task.attempt, values[task.prompt])
        pending += actions.steps
    assert state.phase == "done" and state.status == "verified" and state.answer == "16"
    trace = result_of(state).reasoning_trace
    assert trace["answer_goal"] == route.answer
    assert trace["routes_taken"] == [
        {"note": route.note, "first_goal": route.goals[0].id, "answer_goal": route.answer}
    ]
    assert trace["budget"]["replans"] == 1
    assert {g["status"] for g in trace["goals"]} >= {"failed", "skipped", "verified"}
    assert trace["budget"]["model_calls"] == 1 + attempts + 2


def test_no_fallback_left_fails_the_request() -> None:
    state, _ = start("What is 12/3*8/2?")
    # The model answers every step, cancellation trials included, with the same wrong number.
    for _ in range(200):
        waiting = [g for g in state.plan.goals if state.goals[g.id].status == "waiting"]
        if state.phase == "failed" or not waiting:
            break
        g = waiting[0]
        state, _ = answer(state, g.id, len(state.goals[g.id].attempts) - 1, "5")
    assert state.replans == len(state.plan.fallbacks)
    assert state.phase == "failed"
    # The last route's goal fails, or its cancellation route finds no common prime, or the
    # trials spend the model-call budget: each ends the request with its reason.
    reasons = ("not verified after", "no common factor", "model-call budget")
    assert any(r in state.reason for r in reasons), state.reason


@pytest.mark.parametrize(
    ("answer", "form", "ok"),
    [
        ("8", "whole", True),
        ("-8", "whole", True),
        ("25/3", "whole", False),
        ("8.5", "whole", False),
        ("21.83", "cents", True),
        ("12.5", "cents", True),
        ("13", "cents", True),
        ("100/3", "cents", False),
        ("0.125", "cents", False),
        ("25/3", "any", True),
        ("6.53", "change", True),
        ("0", "change", True),
        ("-3.47", "change", False),
        ("2625", "not_negative", True),
        ("5/3", "not_negative", True),
        ("-2625", "not_negative", False),
    ],
)
def test_the_answer_must_take_the_form_the_question_needs(answer: str, form: str, ok: bool) -> None:
    assert domain.verify_form(answer, form).accepted is ok


@pytest.mark.parametrize(
    ("question", "step", "status", "final"),
    [
        ("split 48 cookies evenly between 6 kids, how many does each get", "8", "verified", "8"),
        ("split 50 cookies evenly between 6 kids, how many does each get", "25/3", "failed", None),
        (
            "split 100 dollars evenly between 8 friends, how much does each pay",
            "12.5",
            "verified",
            "12.5",
        ),
        ("split 100 dollars evenly between 3 friends, how much does each pay", "100/3", "failed", None),
    ],
)
def test_a_share_that_does_not_come_out_fails_with_no_answer(
    question: str, step: str, status: str, final: str | None
) -> None:
    state, actions = start(question)
    (t,) = actions.steps
    state, actions = answer(state, t.subgoal_id, 0, step)
    assert actions.finished and (state.status, state.answer) == (status, final)
    result = result_of(state)
    assert result.answer == final
    if status == "failed":
        assert result.error is not None and "no exact answer" in result.error.message
