"""Chat LLM backends behind one protocol: an OpenAI-compatible HTTP client, in-process GGUF, and a scripted fake."""

from __future__ import annotations

from veracity.models.llm.base import LLM, Message, ask_json, complete_json

__all__ = ["LLM", "Message", "ask_json", "complete_json", "load_llm"]


def load_llm(spec: str, timeout: float = 120.0) -> LLM:
    """The LLM that ``spec`` names (loaded on first use).

    - ``http://…`` or ``https://…``: an OpenAI-compatible server at that base URL (model name from
      ``$VERACITY_LLM_MODEL``), with ``timeout`` seconds per request;
    - ``transformers:BASE``: a model run by transformers (catalog name, .gguf, folder or HF id; no grammar);
    - anything else: a GGUF model run in-process by llama.cpp — a catalog name (``qwen2.5-coder-1.5b-instruct``,
      ``smollm2-135m-instruct``) or a path to a ``.gguf`` file.
    """
    if spec.startswith(("http://", "https://")):
        from veracity.models.llm.openai import OpenAICompatibleLLM

        return OpenAICompatibleLLM(base_url=spec, timeout=timeout)
    if spec.startswith("transformers:"):
        from veracity.models.llm.transformers import TransformersChat

        return TransformersChat(spec[len("transformers:") :])
    from veracity.models.llm.llamacpp import LlamaCppLLM

    return LlamaCppLLM(spec)
