"""``POST /v1/detect/stream``: one detection as server-sent events, and the body read as JSON whatever its label.

The stream is :func:`veracity.streaming.adetect_stream` over the request's answer: an ``event: sentence`` per answer
sentence as soon as it is read (a :class:`~veracity.streaming.SentenceReading` as JSON), then one ``event: report``
holding the Report ``POST /v1/detect`` gives. A failure after the stream began is an ``event: error`` holding the
problem (``code``, ``status``, ``detail``), and the stream ends. A client that disconnects cancels the stream: the
sentence being read finishes, no later one is read.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any

from starlette.responses import StreamingResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from veracity.errors import BackendError, ModelNotAvailableError, VeracityError
from veracity.schema import Document, Report
from veracity.server.problems import Problem, problem_response
from veracity.streaming import FinalReport, adetect_stream

if TYPE_CHECKING:
    from veracity.server.app import ServiceState

__all__ = ["EVENTS_RESPONSE", "EventStream", "JsonBody", "detection_events", "problem_of", "sent_as", "sse"]

# Where JsonBody records the content type a body came with when it read it as JSON (for the malformed-JSON problem).
_SENT_AS = "veracity.sent_content_type"
# Labels a JSON body commonly arrives under: curl's `-d` default, a bare text body.
_READ_AS_JSON = ("application/x-www-form-urlencoded", "text/plain")
# The stream's 200 response in the OpenAPI description.
EVENTS_RESPONSE: dict[str, Any] = {
    "description": "Server-sent events: `sentence` per answer sentence, then `report` (or `error`)",
    "content": {"text/event-stream": {"schema": {"type": "string"}}},
}


def sent_as(scope: Scope) -> str:
    """For a malformed body that :class:`JsonBody` read as JSON: the words naming the label it came with; else ""."""
    if _SENT_AS not in scope:
        return ""
    return f" (it came as content-type: {scope[_SENT_AS] or 'none'}; send application/json)"


def sse(event: str, data: str) -> str:
    """One server-sent event; ``data`` is one line of JSON."""
    return f"event: {event}\ndata: {data}\n\n"


def problem_event(problem: Problem) -> str:
    """An ``error`` event holding a problem."""
    return sse("error", json.dumps({"code": problem.code, "status": problem.status, "detail": problem.detail}))


def problem_of(exc: TimeoutError | VeracityError, timeout_s: float) -> Problem:
    """The problem a detection's exception answers with (as ``POST /v1/detect`` words it)."""
    if isinstance(exc, TimeoutError):
        return Problem("timeout", f"no report within {timeout_s:g} s")
    if isinstance(exc, ModelNotAvailableError):
        return Problem("model_unavailable", str(exc))
    if isinstance(exc, BackendError):
        return Problem("backend_error", str(exc))
    return Problem("invalid_input", str(exc))


class _TakingTurns:
    """A detector whose every detection takes the service's turn (its lock) and counts in its wait estimate."""

    def __init__(self, detector: Any, state: ServiceState) -> None:
        self.detector = detector
        self.state = state
        self.name: str = detector.name

    def config(self) -> dict[str, Any]:
        """The detector's."""
        return dict(self.detector.config())

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """One detection, in turn with the service's others."""
        return self.state.run_detect(self.detector, answer, context, question)


async def _answer(text: str) -> AsyncIterator[str]:
    yield text


class EventStream(StreamingResponse):
    """A ``text/event-stream`` response that calls ``on_close`` once it ends, however it ends (a disconnect too)."""

    def __init__(self, events: AsyncIterator[str], on_close: Callable[[], None]) -> None:
        super().__init__(
            events, media_type="text/event-stream", headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        )
        self.on_close = on_close

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Send the stream, then call ``on_close``."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.on_close()


async def detection_events(
    state: ServiceState, detector: Any, answer: str, context: Sequence[Document | str], question: str | None
) -> AsyncIterator[str]:
    """The stream's events, each step (a reading, the final report) within the service's request timeout."""
    timeout_s = state.settings.request_timeout_s
    stream = adetect_stream(_TakingTurns(detector, state), _answer(answer), context, question)
    try:
        while True:
            try:
                event = await asyncio.wait_for(anext(stream), timeout_s)
            except StopAsyncIteration:
                return
            except (TimeoutError, VeracityError) as exc:
                yield problem_event(problem_of(exc, timeout_s))
                return
            if isinstance(event, FinalReport):
                yield sse("report", event.report.model_dump_json())
            else:
                yield sse("sentence", event.model_dump_json())
    finally:
        await stream.aclose()


class JsonBody:
    """ASGI middleware: a detect body with no label, or labelled as a form or text (curl's ``-d``), is read as JSON.

    Any other label but JSON gets 415 naming the header. The label it came with is kept in the scope, so a body that
    is not JSON either gets a problem that names the header too (:func:`sent_as`).
    """

    def __init__(self, app: ASGIApp, paths: frozenset[str]) -> None:
        self.app = app
        self.paths = paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one ASGI call."""
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"].rstrip("/") not in self.paths:
            await self.app(scope, receive, send)
            return
        headers = [(k, v) for k, v in scope["headers"] if k != b"content-type"]
        sent = next((v for k, v in scope["headers"] if k == b"content-type"), b"").decode("latin-1")
        media_type = sent.split(";")[0].strip().lower()
        if not media_type or media_type in _READ_AS_JSON:
            scope = {**scope, "headers": [*headers, (b"content-type", b"application/json")], _SENT_AS: sent}
        elif media_type and media_type != "application/json" and not media_type.endswith("+json"):
            problem = Problem(
                "unsupported_media_type",
                f"the body came as content-type: {sent}; send it as JSON with the header "
                "content-type: application/json",
            )
            await problem_response(problem, scope["path"])(scope, receive, send)
            return
        await self.app(scope, receive, send)
