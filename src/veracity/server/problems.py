"""Every error the service returns has one shape: RFC 9457 ``application/problem+json`` with a stable ``code``."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

__all__ = ["PROBLEM_TYPE", "Problem", "documented", "malformed_json", "problem_response"]

PROBLEM_TYPE = "application/problem+json"

# code -> (HTTP status, title). The codes are part of the API: clients may branch on them.
CODES: dict[str, tuple[int, str]] = {
    "invalid_request": (422, "The request is not valid"),
    "malformed_body": (400, "The body is not valid JSON"),
    "invalid_input": (422, "The input cannot be checked"),
    "unknown_detector": (422, "No such detector"),
    "unknown_index": (422, "No such knowledge index"),
    "invalid_settings": (422, "Invalid detector settings"),
    "body_too_large": (413, "The body is too large"),
    "too_many_documents": (413, "Too many context documents"),
    "document_too_long": (413, "A context document is too long"),
    "text_too_long": (413, "The answer or question is too long"),
    "missing_key": (401, "An API key is required"),
    "invalid_key": (401, "The API key is not valid"),
    "key_in_query": (400, "API keys go in a header, never in the URL"),
    "rate_limited": (429, "Too many requests"),
    "overloaded": (503, "The service is busy"),
    "not_ready": (503, "The service is still loading its models"),
    "timeout": (504, "The detection took too long"),
    "model_unavailable": (503, "A model the detector needs is not installed"),
    "backend_error": (502, "A model backend failed"),
    "not_found": (404, "Not found"),
    "method_not_allowed": (405, "Method not allowed"),
    "unsupported_media_type": (415, "Unsupported media type"),
    "internal_error": (500, "Internal error"),
}


class Problem(Exception):
    """An error to answer with: ``code`` picks the status and title; ``detail`` says what to fix."""

    def __init__(
        self, code: str, detail: str, field: str | None = None, retry_after: int | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.status, self.title = CODES[code]
        self.detail = detail
        self.field = field
        self.retry_after = retry_after
        self.headers: dict[str, str] = {}
        self.extra = extra


def problem_response(problem: Problem, instance: str | None = None) -> JSONResponse:
    """The problem+json response of ``problem`` (with ``Retry-After`` when it has one)."""
    body: dict[str, Any] = {
        "type": f"urn:veracity:problem:{problem.code}",
        "title": problem.title,
        "status": problem.status,
        "code": problem.code,
        "detail": problem.detail,
    }
    if problem.field is not None:
        body["field"] = problem.field
    if instance is not None:
        body["instance"] = instance
    body.update(problem.extra)
    headers = dict(problem.headers)
    if problem.retry_after is not None:
        headers["Retry-After"] = str(problem.retry_after)
    return JSONResponse(body, status_code=problem.status, headers=headers or None, media_type=PROBLEM_TYPE)


def malformed_json(reason: str, document: object, position: object) -> Problem:
    """The problem of a body that is not JSON: why and where it broke (line, column, character), naming no field.

    Args:
        reason: the JSON parser's message (e.g. "Expecting ',' delimiter").
        document: the decoded body the parser read.
        position: the character offset where it stopped.
    """
    message = reason or "not JSON"
    where: dict[str, int] = {}
    if isinstance(position, int) and isinstance(document, str):
        line, column = document.count("\n", 0, position) + 1, position - document.rfind("\n", 0, position)
        where = {"line": line, "column": column, "character": position}
        message += f" at line {line}, column {column} (character {position})"
    problem = Problem("malformed_body", f"the body is not valid JSON: {message}")
    problem.extra = {**where, "errors": [{"field": "body", "message": message}]}
    return problem


PROBLEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["type", "title", "status", "code", "detail"],
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "code": {"type": "string", "enum": sorted(CODES)},
        "detail": {"type": "string"},
        "field": {"type": "string"},
        "instance": {"type": "string"},
        "errors": {"type": "array", "items": {"type": "object"}},
        "limit": {"type": "integer"},
        "line": {"type": "integer", "description": "malformed_body: the line where the JSON broke (from 1)"},
        "column": {"type": "integer", "description": "malformed_body: its column (from 1)"},
        "character": {"type": "integer", "description": "malformed_body: its character offset (from 0)"},
        "warm": {"type": "array", "items": {"type": "object"}, "description": "not_ready: the detectors warm so far"},
    },
}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "integer"}}}


def documented(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for these error statuses, each a problem+json body (429 and 503 with Retry-After)."""
    titles: dict[int, list[str]] = {}
    for status, title in CODES.values():
        titles.setdefault(status, []).append(title)
    responses: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        entry: dict[str, Any] = {
            "description": "; ".join(titles.get(status, ["Error"])),
            "content": {PROBLEM_TYPE: {"schema": PROBLEM_SCHEMA}},
        }
        if status in (429, 503):
            entry["headers"] = _RETRY_AFTER
        responses[status] = entry
    return responses
