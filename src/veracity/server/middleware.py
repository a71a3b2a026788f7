"""ASGI middleware of the service: the body limit and the request metrics."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from veracity.server.problems import Problem, problem_response

if TYPE_CHECKING:
    from veracity.server.app import ServiceState

__all__ = ["BodyLimit", "Measure"]


class BodyLimit:
    """ASGI middleware: a body over the limit gets 413 problem+json, whether announced or streamed."""

    def __init__(self, app: ASGIApp, limit_for: Callable[[str], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one ASGI call."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        problem = Problem("body_too_large", f"the body exceeds {limit} bytes", limit=limit)
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await problem_response(problem)(scope, receive, send)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _TooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except _TooLarge:
            if not started:
                await problem_response(problem)(scope, receive, send)


class Measure:
    """ASGI middleware: request counts by route template, method and status, and latency by route."""

    def __init__(self, app: ASGIApp, state: ServiceState) -> None:
        self.app = app
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one ASGI call."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def record(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, record)
        finally:
            template = getattr(scope.get("route"), "path", "unmatched")
            self.state.requests.labels(template, scope["method"], str(status)).inc()
            self.state.latency.labels(template).observe(time.perf_counter() - started)


class _TooLarge(Exception):
    """Raised inside the app when a streamed body passes the limit."""
