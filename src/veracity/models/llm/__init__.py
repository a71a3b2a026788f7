"""Chat LLM backends behind one protocol: an OpenAI-compatible HTTP client, in-process GGUF, and a scripted fake."""

from veracity.models.llm.base import LLM, Message, complete_json

__all__ = ["LLM", "Message", "complete_json"]
