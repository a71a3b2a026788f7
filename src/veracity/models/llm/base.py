"""The LLM protocol: one chat call that returns text, optionally constrained by a JSON schema."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from veracity.errors import LLMOutputError

__all__ = ["LLM", "Message", "complete_json", "validate_messages"]

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
    try:
        return json.loads(_strip_fences(text))
    except json.JSONDecodeError as exc:
        raise LLMOutputError(f"{llm.model_id} did not return valid JSON: {text[:200]!r}") from exc


def _strip_fences(text: str) -> str:
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0]
    return stripped
