"""Chat LLM backends behind one protocol: an OpenAI-compatible HTTP client, in-process GGUF, and a scripted fake."""

from __future__ import annotations

from veracity.models.llm.base import LLM, Message, ask_json, complete_json
from veracity.registry import names, resolve

__all__ = ["LLM", "Message", "ask_json", "complete_json", "load_llm"]


def load_llm(spec: str, timeout: float = 120.0) -> LLM:
    """The LLM that ``spec`` names (loaded on first use), through the registry's ``llm`` kind.

    - ``http://…`` or ``https://…``: an OpenAI-compatible server at that base URL (model name from
      ``$VERACITY_LLM_MODEL``), with ``timeout`` seconds per request (the ``openai`` backend);
    - ``NAME:SPEC`` where NAME is a registered backend (``transformers:BASE``: a model run by transformers;
      ``scripted:FILE``: replies from a JSON list, for dry runs; a plug-in's name from the ``veracity.llm``
      entry-point group): that backend's factory called with SPEC;
    - anything else: a GGUF model run in-process by llama.cpp — a catalog name (``qwen2.5-coder-1.5b-instruct``,
      ``smollm2-135m-instruct``) or a path to a ``.gguf`` file.
    """
    backend, argument = "llamacpp", spec
    if spec.startswith(("http://", "https://")):
        backend = "openai"
    else:
        prefix, sep, rest = spec.partition(":")
        if sep and prefix in names("llm"):
            backend, argument = prefix, rest
    factory = resolve("llm", backend)
    return factory(argument, timeout)  # type: ignore[no-any-return]
