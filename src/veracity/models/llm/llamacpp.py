"""In-process GGUF models through xllamacpp (llama.cpp), with JSON-schema-constrained decoding."""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.llm.base import Message, validate_messages

__all__ = ["DEFAULT_LOCAL_LLM", "LlamaCppLLM", "from_spec"]

DEFAULT_LOCAL_LLM = "qwen2.5-coder-1.5b-instruct"


@functools.lru_cache(maxsize=2)
def _load_server(path: str, n_ctx: int, n_threads: int) -> tuple[Any, threading.Lock]:
    try:
        import xllamacpp
    except ImportError as exc:
        raise ModelNotAvailableError("xllamacpp is not installed; run: pip install 'veracity[llm]'") from exc
    params = xllamacpp.CommonParams()
    params.model.path = path
    params.n_ctx = n_ctx
    params.verbosity = -1  # llama.cpp logs every request to stderr otherwise
    params.cpuparams.n_threads = n_threads
    params.cpuparams_batch.n_threads = n_threads
    try:
        server = xllamacpp.Server(params)
    except Exception as exc:
        raise BackendError(f"llama.cpp could not load {path}: {exc}") from exc
    # One request at a time per model: the in-process server shares a single context.
    return server, threading.Lock()


class LlamaCppLLM:
    """A GGUF model run in-process by llama.cpp.

    Args:
        model: a catalog name (``qwen2.5-coder-1.5b-instruct``, ``smollm2-135m-instruct``) or a ``.gguf`` path.
        n_ctx: context window in tokens.
        n_threads: CPU threads.
        seed: sampling seed (only matters when temperature > 0).
    """

    def __init__(self, model: str = DEFAULT_LOCAL_LLM, n_ctx: int = 4096, n_threads: int = 2, seed: int = 0) -> None:
        self.model_id = model
        self.n_ctx = n_ctx
        self.n_threads = n_threads
        self.seed = seed

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {"model": self.model_id, "n_ctx": self.n_ctx, "n_threads": self.n_threads, "seed": self.seed}

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The model's reply; with ``json_schema`` decoding is constrained to the schema by a grammar.

        Raises:
            BackendError: llama.cpp reported an error (e.g. the prompt exceeds the context window).
        """
        server, lock = _load_server(str(resolve_model_path(self.model_id)), self.n_ctx, self.n_threads)
        request: dict[str, Any] = {
            "messages": validate_messages(messages),
            "max_tokens": max_tokens,
            "temperature": temperature,
            "seed": self.seed,
        }
        if json_schema is not None:
            request["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "response", "schema": dict(json_schema)},
            }
        with lock:
            try:
                response = server.handle_chat_completions(request)
            except Exception as exc:
                raise BackendError(f"llama.cpp failed on a request to {self.model_id}: {exc}") from exc
        if not isinstance(response, dict) or "error" in response:
            error = response.get("error") if isinstance(response, dict) else response
            raise BackendError(f"llama.cpp returned an error for {self.model_id}: {error}")
        try:
            return str(response["choices"][0]["message"]["content"])
        except (KeyError, IndexError, TypeError) as exc:
            raise BackendError(f"llama.cpp returned no message content: {str(response)[:200]}") from exc


def from_spec(model: str, timeout: float) -> LlamaCppLLM:
    """The registry's factory (``llm`` kind): a catalog name or ``.gguf`` path run in-process (no timeout: local)."""
    return LlamaCppLLM(model)
