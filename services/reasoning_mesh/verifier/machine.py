"""The per-request state machine: planned → running ⇄ backtracking → done | failed.

Pure: each transition takes the durable `RequestState` and one input (a plan, hypotheses,
evidence) and returns the next state plus the actions to publish (step tasks, retrievals, events,
the final result). The app persists the state in the same Kafka transaction as the actions.

Backtracking, per sub-goal, within its budget: the next hypothesis of the same attempt, then a
new attempt with more samples at a higher temperature, then (facts) re-retrieval with a wider
query. A goal that exhausts its budget abandons its route: the plan's next fallback (the same
expression regrouped, so the model is asked other steps) takes over, its goals appended to the
plan; with no fallback left, the request fails with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from reasoning_mesh.contracts.plans import Plan, SubGoal, is_ref, ref_goal
from reasoning_mesh.contracts.retrieval import RetrievalRequest
from reasoning_mesh.contracts.steps import StepTask
from reasoning_mesh.contracts.verifier_inbox import Hypothesis, VerifierInput
from reasoning_mesh.contracts.verifier_state import Attempt, GoalState, RequestState, Tried
from reasoning_mesh.models.reasoner.numbers import as_fraction, negated
from reasoning_mesh.verifier import domain, tasks
from reasoning_mesh.verifier.refine import Routes
from reasoning_mesh.verifier.strategy import next_strategy


@dataclass
class Actions:
    steps: list[StepTask] = field(default_factory=list)
    retrievals: list[RetrievalRequest] = field(default_factory=list)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    finished: bool = False


class Machine(Routes):
    """One transition's working copy of a request's state."""

    def __init__(self, state: RequestState, now: float, inbox: str) -> None:
        self.state, self.now, self.inbox = state, now, inbox
        self.goals = dict(state.goals)
        self.plan, self.replans = state.plan, state.replans
        self.by_id = {g.id: g for g in state.plan.goals}
        self.calls, self.samples = state.model_calls, state.samples
        self.phase = state.phase
        self.answer: str | None = None
        self.status: str | None = None
        self.reason = ""
        self.actions = Actions()

    # -- entry points ----------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        request_id: str,
        tenant: str,
        plan: Plan,
        now: float,
        inbox: str,
        submitted_at: float | None = None,
    ) -> tuple[RequestState, Actions]:
        state = RequestState(
            request_id=request_id,
            tenant=tenant,
            question=plan.question,
            plan=plan,
            goals={g.id: GoalState() for g in plan.goals},
            started_at=now,
            updated_at=now,
            submitted_at=submitted_at,
        )
        m = cls(state, now, inbox)
        m.phase = "running"
        m.actions.events.append(("planned", {"shape": plan.shape, "goals": len(plan.goals)}))
        m.dispatch_ready()
        return m.commit()

    def on_input(self, msg: VerifierInput) -> tuple[RequestState, Actions]:
        if self.state.phase in ("done", "failed"):
            return self.state, self.actions  # late answer to a finished request: nothing to do
        goal_id = msg.subgoal_id or ""
        if goal_id not in self.goals or self.goals[goal_id].status != "waiting":
            return self.state, self.actions
        current = len(self.goals[goal_id].attempts) - 1
        if msg.kind == "hypotheses" and msg.attempt != current:
            return self.state, self.actions  # an abandoned attempt's answer
        if self.now - self.state.started_at > self.plan.deadline_s:
            self.fail(f"deadline of {self.plan.deadline_s:.0f}s passed")
            return self.commit()
        if msg.kind == "retrieve":
            self.on_evidence(self.by_id[goal_id], msg)
        else:
            self.on_hypotheses(self.by_id[goal_id], msg)
        if self.phase not in ("done", "failed"):
            self.dispatch_ready()
        return self.commit()

    # -- operands ----------------------------------------------------------------------------------
    def text(self, operand: str) -> str | None:
        """An operand as prompts write it: a literal as the plan copied it from the question, a
        reference as the exact text of the goal's accepted answer (its sign toggled lexically
        for `-@gN`). Never re-rendered from a value."""
        if not is_ref(operand):
            return operand
        g = self.goals.get(ref_goal(operand))
        if g is None or g.value is None:
            return None
        return negated(g.value) if operand.startswith("-") else g.value

    def operand(self, text: str) -> Fraction | None:
        """An operand's value, for checking only."""
        written = self.text(text)
        return None if written is None else as_fraction(written)

    def ready(self, g: SubGoal) -> bool:
        return self.goals[g.id].status == "pending" and all(
            self.goals[d].status in ("verified", "unverified") for d in g.depends_on
        )

    # -- dispatch ----------------------------------------------------------------------------------
    def dispatch_ready(self) -> None:
        while True:
            for g in self.plan.goals:
                if self.ready(g):
                    self.dispatch(g, 0)
            # A reused answer can close a cancellation route's goal at once: settle, then go on.
            if self.phase in ("done", "failed") or not self.settle_refinements():
                break
        if self.phase not in ("done", "failed"):
            self.maybe_finish()

    def dispatch(self, g: SubGoal, n: int) -> None:
        st = self.goals[g.id]
        if g.kind == "arith" and n == 0 and self.reuse(g):
            return
        if g.kind == "fact":
            wide = n > 0
            attempt = Attempt(n=n, strategy="re-retrieve" if wide else "retrieve", started_at=self.now)
            self.actions.retrievals.append(tasks.retrieval(self.state, g, wide=wide, inbox=self.inbox))
        else:
            written = (self.text(g.left or ""), self.text(g.right or ""))
            strategy = next_strategy(g, n, tasks.digits(*written))
            prompt = self.prompt(g, reword=strategy.reword)
            if prompt is None:
                return
            attempt = Attempt(
                n=n,
                strategy=strategy.name,
                prompt=prompt,
                samples=strategy.samples,
                temperature=strategy.temperature,
                started_at=self.now,
            )
            self.calls += 1
            self.samples += strategy.samples
            self.actions.steps.append(tasks.step_task(self.state, g, n, prompt, strategy, self.inbox))
        self.goals[g.id] = st.model_copy(
            update={"status": "waiting", "attempts": [*st.attempts, attempt]}
        )
        self.actions.events.append(("step_dispatched", {"goal": g.id, "attempt": n, "kind": g.kind}))

    def reuse(self, g: SubGoal) -> bool:
        """A step the model already answered in this request and the verifier accepted (a
        fallback route repeats some of its predecessor's steps): that answer stands."""
        mine = self.step_key(g)
        for other in self.plan.goals:
            st = self.goals[other.id]
            if other.kind != "arith" or st.status != "verified" or other.id == g.id:
                continue
            if self.step_key(other) != mine:
                continue
            self.goals[g.id] = tasks.reused(other.id, st.value or "", self.now)
            self.actions.events.append(
                ("step_verified", {"goal": g.id, "value": st.value, "note": g.note, "reused": other.id})
            )
            return True
        return False

    def step_key(self, g: SubGoal) -> tuple[str | None, ...]:
        """What makes two steps the same question: the operation, the operands as written, the
        notation due."""
        return (g.op, self.text(g.left or ""), self.text(g.right or ""), g.notation)

    def prompt(self, g: SubGoal, *, reword: bool = False) -> str | None:
        prompt, error = tasks.prompt_for(g, self.text, reword=reword)
        if prompt is None:
            self.fail(f"{g.id}: {error}")
        return prompt

    # -- inputs ------------------------------------------------------------------------------------
    def on_hypotheses(self, g: SubGoal, msg: VerifierInput) -> None:
        if msg.status != "ok" or msg.hypotheses is None:
            reason = msg.error.message if msg.error else f"reasoner answered {msg.status}"
            self.record(g, [], f"no hypotheses: {reason}")
            self.backtrack(g, reason)
            return
        ordered = sorted(msg.hypotheses, key=lambda h: -h.mean_logprob)
        tried: list[Tried] = []
        accepted: tuple[Hypothesis, domain.Verdict] | None = None
        for h in ordered:
            verdict = self.judge(g, h.text.strip())
            tried.append(
                Tried(
                    text=h.text,
                    accepted=verdict.accepted,
                    reason=verdict.reason,
                    mean_logprob=h.mean_logprob,
                    mean_exit_layer=h.mean_exit_layer,
                )
            )
            if verdict.accepted:
                accepted = (h, verdict)
                break
        if g.kind == "model":
            accepted = tasks.majority(ordered)
        self.record(g, tried, "")
        if accepted is None:
            self.backtrack(g, tried[-1].reason if tried else "no hypotheses")
            return
        status = "unverified" if g.kind == "model" else "verified"
        self.goals[g.id] = self.goals[g.id].model_copy(
            update={"status": status, "value": accepted[0].text.strip(), "reason": accepted[1].reason}
        )
        self.actions.events.append(
            ("step_" + status, {"goal": g.id, "value": accepted[0].text.strip(), "note": g.note})
        )

    def judge(self, g: SubGoal, text: str) -> domain.Verdict:
        if g.kind == "model":
            return domain.verify_well_formed(text)
        if g.kind == "round":
            return domain.verify_round(g.left or "", g.right or "", text)
        a, b = self.operand(g.left or ""), self.operand(g.right or "")
        if a is None or b is None or g.op is None:
            return domain.Verdict(False, "operands unresolved")
        return domain.verify_step(a, g.op, b, text, g.notation)

    def on_evidence(self, g: SubGoal, msg: VerifierInput) -> None:
        filters = g.filters or {}
        wanted: dict[str, str] = {k: filters[k] for k in ("from_unit", "to_unit") if k in filters}
        tried, found = [], None
        for ev in msg.evidence:
            verdict = domain.verify_fact(ev.metadata, wanted)
            tried.append(
                Tried(
                    text=f"{ev.doc_id}: {ev.metadata.get('factor')}",
                    accepted=verdict.accepted,
                    reason=verdict.reason,
                )
            )
            if verdict.accepted:
                found = ev
                break
        self.record(g, tried, evidence_ids=[e.doc_id for e in msg.evidence])
        if msg.status != "ok" or found is None:
            reason = msg.error.message if msg.error else "no passage states this conversion"
            self.backtrack(g, reason)
            return
        self.goals[g.id] = self.goals[g.id].model_copy(
            update={
                "status": "verified",
                "value": str(found.metadata["factor"]),
                "reason": "knowledge base",
            }
        )
        self.actions.events.append(("fact_verified", {"goal": g.id, "doc_id": found.doc_id}))

    def record(
        self,
        g: SubGoal,
        tried: list[Tried],
        reason: str | None = None,
        evidence_ids: list[str] | None = None,
    ) -> None:
        """Close the goal's current attempt with what was tried (and the goal's reason, if given)."""
        st = self.goals[g.id]
        update: dict[str, Any] = {"tried": tried[:16], "ended_at": self.now}
        if evidence_ids is not None:
            update["evidence_ids"] = evidence_ids
        last = st.attempts[-1].model_copy(update=update)
        goal: dict[str, Any] = {"attempts": [*st.attempts[:-1], last]}
        if reason is not None:
            goal["reason"] = reason
        self.goals[g.id] = st.model_copy(update=goal)

    def backtrack(self, g: SubGoal, reason: str) -> None:
        n = len(self.goals[g.id].attempts)
        self.actions.events.append(
            ("step_rejected", {"goal": g.id, "attempt": n - 1, "reason": reason[:300]})
        )
        if n >= g.budget.attempts:
            if g.role != "trial" and self.start_refine(g, reason):
                return
            self.give_up(g, reason if g.role else f"not verified after {n} attempts: {reason}")
            return
        if self.calls >= self.plan.max_model_calls:
            self.goals[g.id] = self.goals[g.id].model_copy(update={"status": "failed", "reason": reason})
            self.fail(f"model-call budget of {self.plan.max_model_calls} spent")
            return
        self.phase = "backtracking"
        self.goals[g.id] = self.goals[g.id].model_copy(update={"status": "pending"})
        self.dispatch(g, n)

    def give_up(self, g: SubGoal, reason: str) -> None:
        """`g` failed for good. A goal the verifier added leaves the verdict to the goal it
        refines (`settle_refinements`); a goal of the route abandons the route."""
        self.goals[g.id] = self.goals[g.id].model_copy(update={"status": "failed", "reason": reason})
        if g.role:
            return
        why = f"{g.id} ({g.note}) {reason}"
        if not self.replan(why):
            self.fail(why)

    def add_goals(self, goals: list[SubGoal]) -> None:
        self.plan = self.plan.model_copy(update={"goals": [*self.plan.goals, *goals]})
        self.by_id.update({g.id: g for g in goals})
        self.goals.update({g.id: GoalState() for g in goals})

    def replan(self, why: str) -> bool:
        """Abandon the current route for the plan's next fallback, if one is left and the budget
        allows: the route's open goals are skipped, the fallback's goals join the plan."""
        if self.replans >= len(self.plan.fallbacks) or self.calls >= self.plan.max_model_calls:
            return False
        route = self.plan.fallbacks[self.replans]
        self.skip_open()
        self.add_goals(route.goals)
        self.plan = self.plan.model_copy(update={"answer": route.answer})
        self.replans += 1
        self.phase = "backtracking"
        self.actions.events.append(
            ("replanned", {"route": self.replans, "goals": len(route.goals), "after": why[:300]})
        )
        return True

    # -- endings -----------------------------------------------------------------------------------
    def fail(self, reason: str) -> None:
        self.phase, self.status, self.reason = "failed", "failed", reason
        self.skip_open()
        self.actions.finished = True
        self.actions.events.append(("failed", {"reason": reason[:500]}))

    def skip_open(self) -> None:
        """Goals still pending or waiting will not be worked on: a late answer is ignored."""
        for gid, st in self.goals.items():
            if st.status in ("pending", "waiting", "refining"):
                self.goals[gid] = st.model_copy(update={"status": "skipped"})

    def maybe_finish(self) -> None:
        if any(st.status in ("pending", "waiting", "refining") for st in self.goals.values()):
            if self.phase == "backtracking" and not any(
                len(st.attempts) > 1 and st.status == "waiting" for st in self.goals.values()
            ):
                self.phase = "running"
            return
        final = self.goals[ref_goal(self.plan.answer)]
        self.answer = final.value
        self.status = "verified" if final.status == "verified" else "unverified"
        self.reason = final.reason
        check = self.plan.final_check
        if check.kind == "substitute" and self.status == "verified":
            verdict = self.substitute(check.equation or "", check.variable or "", check.bindings)
            self.reason = verdict.reason
            if not verdict.accepted:
                self.status = "unverified"
        form = domain.verify_form(self.answer or "", check.answer_form)
        if self.answer is not None and not form.accepted:
            self.answer = None
            self.fail(form.reason)
            return
        self.phase = "done"
        self.actions.finished = True
        self.actions.events.append(("done", {"status": self.status, "answer": self.answer}))

    def substitute(self, equation: str, variable: str, bindings: dict[str, str]) -> domain.Verdict:
        answer = as_fraction(self.answer or "")
        env = {k: v for k, text in bindings.items() if (v := self.operand(text)) is not None}
        if answer is None:
            return domain.Verdict(False, "answer is not a number")
        return domain.verify_substitution(equation, variable, answer, env)

    def commit(self) -> tuple[RequestState, Actions]:
        state = self.state.model_copy(
            update={
                "goals": self.goals,
                "plan": self.plan,
                "replans": self.replans,
                "phase": self.phase,
                "model_calls": self.calls,
                "samples": self.samples,
                "version": self.state.version + 1,
                "updated_at": self.now,
                "answer": self.answer if self.phase == "done" else self.state.answer,
                "status": self.status or self.state.status,
                "reason": self.reason or self.state.reason,
            }
        )
        return state, self.actions
