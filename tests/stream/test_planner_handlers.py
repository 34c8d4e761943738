"""The planner's handler without a broker: a request's `feedback: false` reaches the plan the
verifier works from, so a benchmark's verified steps never become training data; a question of
no plannable shape is answered `unsupported`, never guessed."""

from __future__ import annotations

import pytest

from reasoning_mesh.contracts.events import RequestEvent
from reasoning_mesh.contracts.requests import MeshRequest
from reasoning_mesh.contracts.results import MeshResult
from reasoning_mesh.contracts.verifier_inbox import VerifierInput
from reasoning_mesh.errors import BadInferenceRequestError, DependencyUnavailableError
from reasoning_mesh.planner.handlers import PlannerHandlers
from reasoning_mesh.planner.translation import Candidate, ReadingPolicy, seed_of
from reasoning_mesh.runtime.context import Context, Record


@pytest.mark.parametrize("feedback", [True, False])
async def test_the_plan_carries_whether_the_request_may_teach(feedback: bool) -> None:
    request = MeshRequest(id="b-1", query="What is 12 + 30?", feedback=feedback)
    ctx = Context("plan", "planner", Record("rmesh.reason.requests.v1", 0, 0, b"b-1", b"{}"))
    await PlannerHandlers().on_request(request, ctx)
    (inbox,) = [o.value for o in ctx.outputs if isinstance(o.value, VerifierInput)]
    assert inbox.plan is not None and inbox.plan.feedback is feedback


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("What is the capital of France?", "no arithmetic, equation, conversion or rounding found"),
        ("What is the derivative of 4*x**2 wrt x?", "no plan for this question: "),
    ],
)
async def test_a_question_it_cannot_plan_is_answered_unsupported_with_no_number(
    question: str, reason: str
) -> None:
    request = MeshRequest(id="u-1", kind="reason", query=question)
    ctx = Context("plan", "planner", Record("rmesh.reason.requests.v1", 0, 0, b"u-1", b"{}"))
    ctx.request_id, ctx.tenant = request.id, request.tenant
    await PlannerHandlers().on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and result.answer is None
    assert result.error is not None and result.error.code == "unsupported"
    assert result.error.message.startswith(reason)
    assert not [o for o in ctx.outputs if isinstance(o.value, VerifierInput)]  # no plan, no guess
    (event,) = [o.value for o in ctx.outputs if isinstance(o.value, RequestEvent)]
    assert event.event == "unsupported"


class _Reader:
    """An in-memory translation model: the readings it is told to give, and what it was asked."""

    def __init__(self, readings: list[str | None]) -> None:
        self.readings, self.asked = readings, []

    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]:
        self.asked.append((question, samples, seed))
        return [Candidate(r, "" if r else "declined") for r in self.readings[:samples]]


def _ctx(request: MeshRequest) -> Context:
    ctx = Context(
        "plan", "planner", Record("rmesh.reason.requests.v1", 0, 0, request.id.encode(), b"{}")
    )
    ctx.request_id, ctx.tenant = request.id, request.tenant
    return ctx


async def test_a_question_the_grammar_cannot_read_is_planned_from_the_models_agreed_reading() -> None:
    request = MeshRequest(id="m-1", query="How many times does 7 go into 91?")
    reader = _Reader(["What is 91/7?"] * 3 + ["What is 7/91?", None])
    ctx = _ctx(request)
    await PlannerHandlers(reader=reader, policy=ReadingPolicy(samples=5, min_agree=3)).on_request(
        request, ctx
    )
    (inbox,) = [o.value for o in ctx.outputs if isinstance(o.value, VerifierInput)]
    assert inbox.plan is not None
    assert inbox.plan.plan_source == "model" and inbox.plan.reading == "What is 91/7?"
    assert inbox.plan.question == "How many times does 7 go into 91?"
    assert [(g.op, g.left, g.right) for g in inbox.plan.goals] == [("/", "91", "7")]
    (asked,) = reader.asked
    assert asked[1] == 5 and asked[2] == seed_of("m-1")  # seeded per request: a redelivery reads alike
    events = [o.value.event for o in ctx.outputs if isinstance(o.value, RequestEvent)]
    assert events == ["translated", "planned"]


async def test_the_model_reads_the_question_without_what_people_wrote_around_it() -> None:
    request = MeshRequest(id="m-2", query="hey can u tell me how many times 7 goes into 91 pls")
    reader = _Reader(["What is 91/7?"] * 5)
    ctx = _ctx(request)
    await PlannerHandlers(reader=reader).on_request(request, ctx)
    (asked,) = reader.asked
    assert asked[0] == "how many times 7 goes into 91"
    (inbox,) = [o.value for o in ctx.outputs if isinstance(o.value, VerifierInput)]
    assert inbox.plan is not None and inbox.plan.question == request.query


@pytest.mark.parametrize(
    ("readings", "why"),
    [
        (["What is 91/7?", "What is 91/7?", "What is 7/91?", None, None], "disagree (2 of 5"),
        (["What is 91/13?"] * 5, "'13' is not a number of the question"),
        (["What is 91?"] * 5, "the reading leaves out '7'"),
        ([None] * 5, "found no sound reading (declined)"),
    ],
)
async def test_an_unsound_or_split_model_reading_is_refused_with_the_reason(
    readings: list[str | None], why: str
) -> None:
    request = MeshRequest(id="m-2", query="How many times does 7 go into 91?")
    ctx = _ctx(request)
    await PlannerHandlers(reader=_Reader(readings)).on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and result.answer is None
    assert result.error is not None and why in result.error.message
    assert not [o for o in ctx.outputs if isinstance(o.value, VerifierInput)]


async def test_a_question_with_no_number_never_reaches_the_model() -> None:
    request = MeshRequest(id="m-3", query="What is the capital of France?")
    reader = _Reader(["What is 1 + 1?"] * 5)
    ctx = _ctx(request)
    await PlannerHandlers(reader=reader).on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and not reader.asked


async def test_a_question_the_grammar_reads_never_reaches_the_model() -> None:
    request = MeshRequest(id="m-4", query="What's 9 times 13?")
    reader = _Reader(["What is 9 + 13?"] * 5)
    ctx = _ctx(request)
    await PlannerHandlers(reader=reader).on_request(request, ctx)
    (inbox,) = [o.value for o in ctx.outputs if isinstance(o.value, VerifierInput)]
    assert inbox.plan is not None and inbox.plan.plan_source == "rules" and not reader.asked


class _Failing:
    def __init__(self, error: Exception) -> None:
        self.error = error

    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]:
        raise self.error


async def test_a_model_that_refuses_the_request_leaves_the_question_unsupported_with_why() -> None:
    request = MeshRequest(id="m-5", query="How many times does 7 go into 91?")
    ctx = _ctx(request)
    reader = _Failing(BadInferenceRequestError("the question is over 120 characters"))
    await PlannerHandlers(reader=reader).on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and result.error is not None
    assert "the translation model refused it: the question is over 120" in result.error.message


async def test_a_model_that_is_down_is_retried_not_answered() -> None:
    # Retryable: the stage's retry policy waits the outage out; nothing is answered meanwhile.
    request = MeshRequest(id="m-6", query="How many times does 7 go into 91?")
    ctx = _ctx(request)
    with pytest.raises(DependencyUnavailableError):
        await PlannerHandlers(reader=_Failing(DependencyUnavailableError("down"))).on_request(
            request, ctx
        )
    assert not [o for o in ctx.outputs if isinstance(o.value, MeshResult | VerifierInput)]


class _Stories(_Reader):
    """An in-memory story model: one reading per head."""

    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]:
        self.asked.append((question, samples, seed))
        return [Candidate(r, "" if r else "declined") for r in self.readings]


async def test_a_story_neither_model_reads_is_planned_from_the_story_models_agreed_heads() -> None:
    query = "Knitting a blanket - 12 rows, 84 stitches per row. How many stitches is that in total?"
    request = MeshRequest(id="s-1", query=query)
    stories = _Stories(["What is 12*84?"] * 4 + [None])
    ctx = _ctx(request)
    await PlannerHandlers(reader=_Reader([None] * 5), stories=stories).on_request(request, ctx)
    (inbox,) = [o.value for o in ctx.outputs if isinstance(o.value, VerifierInput)]
    assert inbox.plan is not None and inbox.plan.plan_source == "model"
    assert inbox.plan.reading == "What is 12*84?" and inbox.plan.question == query
    assert inbox.plan.final_check is not None and inbox.plan.final_check.answer_form == "count"
    assert stories.asked[0][0] == query  # the whole story, nothing unwrapped
    events = [o.value.event for o in ctx.outputs if isinstance(o.value, RequestEvent)]
    assert events == ["story_read", "planned"]


@pytest.mark.parametrize(
    ("query", "readings", "why"),
    [
        (
            "Knitting a blanket - 12 rows, 84 stitches per row. How many stitches is that in total?",
            ["What is 12*84?"] * 3 + ["What is 12+84?", None],
            "the story model's readings disagree (3 of 5",
        ),
        (
            "Uni timetable: 180 minutes of lectures a day for 5 days. How many hours a week is that?",
            ["What is 180*5?"] * 5,
            "converts between day and hour",
        ),
        (
            "Spreadsheet sanity check: what does -15 times -4 minus 23 come out as?",
            ["What is ((-15)*(-4))+23?"] * 5,
            "the question's '-' is not in the reading",
        ),
    ],
)
async def test_an_unsound_or_split_story_reading_is_refused_with_the_reason(
    query: str, readings: list[str | None], why: str
) -> None:
    request = MeshRequest(id="s-2", query=query)
    ctx = _ctx(request)
    await PlannerHandlers(stories=_Stories(readings)).on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and result.answer is None
    assert result.error is not None and why in result.error.message


async def test_a_question_refused_on_purpose_never_reaches_the_story_model() -> None:
    request = MeshRequest(id="s-3", query="I worked 9-5 with a 0.5 hour break, how long is that?")
    stories = _Stories(["What is 9-5?"] * 5)
    ctx = _ctx(request)
    await PlannerHandlers(stories=stories).on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and not stories.asked


class _DownStories(_Stories):
    async def read(
        self, question: str, *, samples: int, temperature: float, seed: int
    ) -> list[Candidate]:
        raise DependencyUnavailableError("stories is not ready")


async def test_a_story_model_that_is_down_is_retried_not_answered() -> None:
    query = "Knitting a blanket - 12 rows, 84 stitches per row. How many stitches is that in total?"
    request = MeshRequest(id="s-4", query=query)
    ctx = _ctx(request)
    with pytest.raises(DependencyUnavailableError):
        await PlannerHandlers(stories=_DownStories([])).on_request(request, ctx)
    assert not ctx.outputs  # nothing answered: the runtime redelivers it


async def test_fewer_than_a_majority_of_heads_never_plans_whatever_the_setting() -> None:
    query = "Knitting a blanket - 12 rows, 84 stitches per row. How many stitches is that in total?"
    request = MeshRequest(id="s-5", query=query)
    stories = _Stories(["What is 12*84?"] * 2 + ["What is 12+84?"] * 2 + [None])
    ctx = _ctx(request)
    await PlannerHandlers(stories=stories, story_agree=1).on_request(request, ctx)
    (result,) = [o.value for o in ctx.outputs if isinstance(o.value, MeshResult)]
    assert result.status == "unsupported" and "disagree (2 of 5" in (
        result.error.message if result.error else ""
    )
