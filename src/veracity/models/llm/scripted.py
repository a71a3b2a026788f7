"""A scripted LLM: a real backend that replies from a list or a function (tests, demos, dry runs)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from veracity.errors import BackendError, InputError
from veracity.models.llm.base import Message, validate_messages

__all__ = ["ScriptedLLM", "from_spec"]


class ScriptedLLM:
    """Replies with the next scripted text, or with ``reply(messages)`` when given a function.

    Every call is kept in ``calls`` (messages, schema) so a caller can check what was asked.

    Args:
        replies: the texts to return, in order, or a function of the messages.
        model_id: the name to report.
    """

    def __init__(
        self, replies: Iterable[str] | Callable[[list[dict[str, str]]], str], model_id: str = "scripted"
    ) -> None:
        self.model_id = model_id
        self._reply = replies if callable(replies) else None
        self._queue = [] if callable(replies) else list(replies)
        self.calls: list[tuple[list[dict[str, str]], Mapping[str, Any] | None]] = []
        self.temperatures: list[float] = []  # the temperature of each call, in order

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The next scripted reply.

        Raises:
            BackendError: the script is used up.
        """
        checked = validate_messages(messages)
        self.calls.append((checked, json_schema))
        self.temperatures.append(temperature)
        if self._reply is not None:
            return self._reply(checked)
        if not self._queue:
            raise BackendError(f"scripted LLM {self.model_id!r} has no replies left")
        return self._queue.pop(0)


def from_spec(path: str, timeout: float) -> ScriptedLLM:
    """The registry's factory (``llm`` kind), for dry runs: ``scripted:FILE`` replies with FILE's JSON list of texts.

    Raises:
        InputError: the file is missing or is not a JSON list of strings.
    """
    try:
        replies = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"scripted LLM: cannot read replies from {path!r}: {exc}") from exc
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise InputError(f"scripted LLM: {path} must hold a JSON list of reply texts")
    return ScriptedLLM(replies, model_id=f"scripted:{Path(path).name}")
