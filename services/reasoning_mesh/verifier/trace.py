"""The durable state → the result's `reasoning_trace`: every sub-goal with its hypotheses,
verdicts, evidence ids, attempts and exit depths, plus budget used and timings."""

from __future__ import annotations

from typing import Any

from reasoning_mesh.contracts.base import ErrorInfo
from reasoning_mesh.contracts.feedback import Feedback
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.verifier_state import RequestState


def trace_of(state: RequestState) -> dict[str, Any]:
    goals = []
    for g in state.plan.goals:
        st = state.goals[g.id]
        goals.append(
            {
                "id": g.id,
                "kind": g.kind,
                "step": g.note,
                "depends_on": g.depends_on,
                "role": g.role,
                "refines": g.refines,
                "status": st.status,
                "value": st.value,
                "reason": st.reason,
                "attempts": [
                    {
                        "n": a.n,
                        "strategy": a.strategy,
                        "prompt": a.prompt,
                        "samples": a.samples,
                        "temperature": a.temperature,
                        "evidence_ids": a.evidence_ids,
                        "hypotheses": [t.model_dump() for t in a.tried],
                        "ms": round(((a.ended_at or a.started_at) - a.started_at) * 1000, 1),
                    }
                    for a in st.attempts
                ],
            }
        )
    return {
        "question": state.question,
        "shape": state.plan.shape,
        "plan_source": state.plan.plan_source,
        "plan_model": state.plan.plan_model,
        "reading": state.plan.reading,
        "answer_goal": state.plan.answer,
        "final_check": state.plan.final_check.model_dump(),
        "verdict": state.reason,
        # Fallback routes the verifier switched to, in order (their goals are among `goals`).
        "routes_taken": [
            {"note": f.note, "first_goal": f.goals[0].id, "answer_goal": f.answer}
            for f in state.plan.fallbacks[: state.replans]
        ],
        "goals": goals,
        "budget": {
            "model_calls": state.model_calls,
            "samples": state.samples,
            "max_model_calls": state.plan.max_model_calls,
            "attempts": sum(len(s.attempts) for s in state.goals.values()),
            "backtracks": sum(max(len(s.attempts) - 1, 0) for s in state.goals.values()),
            "replans": state.replans,
        },
    }


def result_of(state: RequestState) -> MeshResult:
    failed = state.phase == "failed"
    return MeshResult(
        request_id=state.request_id,
        tenant=state.tenant,
        kind="reason",
        status="failed" if failed else ("verified" if state.status == "verified" else "unverified"),
        answer=None if failed else state.answer,
        reasoning_trace=trace_of(state),
        error=ErrorInfo(code="not_verified", message=state.reason[:2000]) if failed else None,
        timings_ms={"total": round((state.updated_at - state.started_at) * 1000, 1)},
        submitted_at=state.submitted_at,
    )


_STEP_SKILLS = {"+": "step_add", "-": "step_add", "*": "step_mul", "/": "step_div"}


def skill_of(goal: Any) -> str:
    """The learner's skill a sub-goal exercises ("" when none: evidence, the final check)."""
    return str(goal.skill or (_STEP_SKILLS.get(goal.op or "", "") if goal.kind == "arith" else ""))


def goal_outcomes(state: RequestState) -> list[tuple[str, str]]:
    """(skill, or the goal's kind when it has none; final status) of every sub-goal."""
    return [(skill_of(g) or g.kind, state.goals[g.id].status) for g in state.plan.goals]


def feedback_of(state: RequestState) -> list[Feedback]:
    """Every exactly verified step of a verified result, as a training example for the learner:
    the prompt the model answered and the answer the verifier accepted. None for a request that
    said `feedback: false` (benchmarks, evaluations)."""
    if not state.plan.feedback or state.phase != "done" or result_of(state).status != "verified":
        return []
    out = []
    for g in state.plan.goals:
        st = state.goals[g.id]
        prompt = next((a.prompt for a in reversed(st.attempts) if a.prompt), None)
        skill = skill_of(g)
        if st.status != "verified" or not prompt or not st.value or not skill:
            continue
        out.append(
            Feedback(
                skill=skill,
                prompt=prompt,
                answer=st.value,
                source="verified",
                tenant=state.tenant,
                request_id=state.request_id,
            )
        )
    return out
