"""The LLM protocol: one chat call that returns text, optionally constrained by a JSON schema."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from veracity.errors import LLMOutputError

__all__ = [
    "LLM",
    "CountingLLM",
    "Message",
    "ask_json",
    "complete_json",
    "parse_json_reply",
    "reply_int",
    "validate_messages",
]

T = TypeVar("T")

Message = Mapping[str, str]
"""A chat message: ``{"role": "system" | "user" | "assistant", "content": "..."}``."""


@runtime_checkable
class LLM(Protocol):
    """A chat model."""

    model_id: str

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The assistant's reply to ``messages``.

        With ``json_schema`` the backend asks for output matching the schema (constrained decoding where the
        backend supports it); callers must still validate, since an HTTP server may ignore the request.

        Raises:
            BackendError: the backend failed; LLMTimeoutError when it did not answer in time.
        """
        ...


class CountingLLM:
    """Wraps an LLM and counts its calls (for reports: LLM calls per example)."""

    def __init__(self, inner: LLM) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.calls = 0

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The inner model's reply; the call is counted even when it fails."""
        self.calls += 1
        return self.inner.complete(messages, json_schema=json_schema, max_tokens=max_tokens, temperature=temperature)


def validate_messages(messages: Sequence[Message]) -> list[dict[str, str]]:
    """Check and copy chat messages.

    Raises:
        ValueError: a message lacks a valid role or string content (a caller bug, not bad model output).
    """
    if not messages:
        raise ValueError("an LLM call needs at least one message")
    out = []
    for i, message in enumerate(messages):
        role, content = message.get("role"), message.get("content")
        if role not in ("system", "user", "assistant") or not isinstance(content, str):
            raise ValueError(f"message {i} needs a role (system/user/assistant) and string content: {message!r}")
        out.append({"role": role, "content": content})
    return out


RETRY_TEMPERATURE = 0.7
"""Sampling temperature of a retry after an unusable greedy reply."""


def complete_json(
    llm: LLM,
    messages: Sequence[Message],
    json_schema: Mapping[str, Any],
    max_tokens: int = 512,
    temperature: float = 0.0,
) -> Any:
    """Call ``llm`` with a JSON schema and parse the reply.

    Raises:
        LLMOutputError: the reply is not valid JSON.
    """
    text = llm.complete(messages, json_schema=json_schema, max_tokens=max_tokens, temperature=temperature)
    return parse_json_reply(text, llm.model_id)


def ask_json(
    llm: LLM,
    messages: Sequence[Message],
    json_schema: Mapping[str, Any],
    parse: Callable[[Any], T],
    max_tokens: int = 512,
    attempts: int = 2,
) -> T:
    """Call ``llm`` for JSON and turn the reply into a value with ``parse``, repairing or asking again once.

    A reply is first repaired locally (code fences stripped, the outermost JSON array or object taken from
    surrounding prose). If it still does not parse, or ``parse`` rejects it (``ValueError``, ``TypeError``,
    ``KeyError`` or :class:`LLMOutputError`), the model is shown its reply and the reason and asked again, up to
    ``attempts`` calls in all. The first call is greedy; a retry samples (:data:`RETRY_TEMPERATURE`), because a
    greedy decoder that failed once tends to fail the same way. Backend failures (server down, timeout) are not
    retried here: they propagate.

    Raises:
        LLMOutputError: no reply could be used.
        BackendError: the backend failed.
    """
    history = list(messages)
    reason = "no attempt made"
    for attempt in range(max(1, attempts)):
        temperature = 0.0 if attempt == 0 else RETRY_TEMPERATURE
        text = llm.complete(history, json_schema=json_schema, max_tokens=max_tokens, temperature=temperature)
        try:
            return parse(parse_json_reply(text, llm.model_id))
        except (LLMOutputError, ValueError, TypeError, KeyError) as exc:
            reason = str(exc)[:300]
            retry = f"That reply could not be used: {reason}. Reply again with only the JSON in the requested format."
            history = [*messages, {"role": "assistant", "content": text[:4000]}, {"role": "user", "content": retry}]
    raise LLMOutputError(f"{llm.model_id} gave no usable JSON after {max(1, attempts)} attempts: {reason}")


def reply_int(value: Any) -> int:
    """An integer field of a JSON reply (``3`` or ``"3"``); 0 for anything else, which callers treat as invalid."""
    if isinstance(value, bool):
        return 0
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def parse_json_reply(text: str, model_id: str) -> Any:
    """A reply's JSON, repaired locally: code fences stripped, else the outermost array or object in the prose.

    Raises:
        LLMOutputError: no JSON could be read.
    """
    stripped = _strip_fences(text)
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    # Weak models wrap the JSON in prose: try the outermost array or object.
    for pattern in (r"\[.*\]", r"\{.*\}"):
        found = re.search(pattern, stripped, re.DOTALL)
        if found:
            try:
                return json.loads(found.group())
            except json.JSONDecodeError:
                continue
    raise LLMOutputError(f"{model_id} did not return valid JSON: {text[:200]!r}")


def _strip_fences(text: str) -> str:
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0]
    return stripped
