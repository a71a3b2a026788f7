"""An OpenAI-compatible chat client (OpenAI, vLLM, Ollama, llama.cpp server, xllamacpp's server, ...)."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

import httpx

from veracity.errors import BackendError, ConfigError, LLMOutputError, LLMTimeoutError
from veracity.models.llm.base import Message, validate_messages

__all__ = ["OpenAICompatibleLLM", "from_spec"]


class OpenAICompatibleLLM:
    """``POST {base_url}/chat/completions`` with retries on connection errors, timeouts, 429 and 5xx.

    Args:
        model: the model name sent to the server (``$VERACITY_LLM_MODEL`` when omitted; some servers ignore it).
        base_url: e.g. ``http://localhost:8000/v1`` (``$VERACITY_LLM_BASE_URL``, else ``$OPENAI_BASE_URL``).
        api_key: sent as a bearer token when given (``$VERACITY_LLM_API_KEY``, else ``$OPENAI_API_KEY``);
            no header at all otherwise.
        timeout: seconds for one request.
        max_retries: further attempts after a retryable failure, with exponential back-off.

    Raises:
        ConfigError: no base URL is given or set in the environment.
    """

    def __init__(
        self,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
    ) -> None:
        base_url = base_url or os.environ.get("VERACITY_LLM_BASE_URL") or os.environ.get("OPENAI_BASE_URL")
        if not base_url:
            raise ConfigError(
                "no LLM server: pass base_url (e.g. http://localhost:8000/v1) or set VERACITY_LLM_BASE_URL"
            )
        self.base_url = base_url.rstrip("/")
        self.model_id = model or os.environ.get("VERACITY_LLM_MODEL") or "default"
        self._api_key = api_key or os.environ.get("VERACITY_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY")
        self.timeout = timeout
        self.max_retries = max_retries

    def config(self) -> dict[str, Any]:
        """Configuration as recorded in reports (the key is never recorded)."""
        return {"model": self.model_id, "base_url": self.base_url, "timeout": self.timeout}

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The server's reply text.

        Raises:
            LLMTimeoutError: every attempt timed out.
            BackendError: the server is unreachable or answered with an error.
            LLMOutputError: the response has no message content.
        """
        body: dict[str, Any] = {
            "model": self.model_id,
            "messages": validate_messages(messages),
            "max_tokens": max_tokens,
            "temperature": temperature,
        }
        if json_schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "response", "schema": dict(json_schema), "strict": True},
            }
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        payload = self._post(body, headers)
        try:
            content = payload["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as exc:
            raise LLMOutputError(f"{self.base_url} returned no message content: {str(payload)[:200]}") from exc
        if not isinstance(content, str):
            raise LLMOutputError(f"{self.base_url} returned non-text content: {content!r}")
        return content

    def _post(self, body: dict[str, Any], headers: dict[str, str]) -> Any:
        url = f"{self.base_url}/chat/completions"
        last: Exception | None = None
        for attempt in range(self.max_retries + 1):
            if attempt:
                time.sleep(min(0.5 * 2 ** (attempt - 1), 8.0))
            try:
                response = httpx.post(url, json=body, headers=headers, timeout=self.timeout)
            except httpx.TimeoutException as exc:
                last = LLMTimeoutError(f"{url} did not answer within {self.timeout:g} s")
                last.__cause__ = exc
                continue
            except httpx.HTTPError as exc:
                last = BackendError(f"cannot reach the LLM server at {url}: {exc}")
                last.__cause__ = exc
                continue
            if response.status_code == 429 or response.status_code >= 500:
                last = BackendError(f"{url} answered {response.status_code}: {response.text[:200]}")
                continue
            if response.status_code >= 400:
                raise BackendError(f"{url} answered {response.status_code}: {response.text[:300]}")
            try:
                return response.json()
            except ValueError as exc:
                raise LLMOutputError(f"{url} answered with non-JSON: {response.text[:200]!r}") from exc
        assert last is not None
        raise last


def from_spec(base_url: str, timeout: float) -> OpenAICompatibleLLM:
    """The registry's factory (``llm`` kind): an OpenAI-compatible server at ``base_url``."""
    return OpenAICompatibleLLM(base_url=base_url, timeout=timeout)
