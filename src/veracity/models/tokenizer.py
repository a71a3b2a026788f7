"""Hugging Face tokenizers as :class:`~veracity.text.tokens.Tokenizer` (exact model-token budgets)."""

from __future__ import annotations

import functools
from typing import Any

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models.catalog import quiet_transformers, resolve_model_path

__all__ = ["HFTokenizer"]


@functools.lru_cache(maxsize=8)
def load_tokenizer(path: str) -> Any:
    try:
        from transformers import AutoTokenizer
    except ImportError as exc:
        raise ModelNotAvailableError("transformers is not installed; run: pip install 'veracity[ml]'") from exc
    quiet_transformers()
    try:
        return AutoTokenizer.from_pretrained(path, local_files_only=True)
    except Exception as exc:
        raise BackendError(f"could not load a tokenizer from {path}: {exc}") from exc


class HFTokenizer:
    """The tokenizer of a Hugging Face model (must be a "fast" tokenizer, which reports character offsets).

    Args:
        model: a catalog name, a local folder or a cached Hugging Face id (default: MiniLM's WordPiece).
    """

    def __init__(self, model: str = "all-MiniLM-L6-v2") -> None:
        self.name = model

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """Character spans of the model's tokens, special tokens excluded."""
        if not text:
            return []
        tokenizer = load_tokenizer(str(resolve_model_path(self.name)))
        encoded = tokenizer(
            text,
            add_special_tokens=False,
            return_offsets_mapping=True,
            return_attention_mask=False,
            verbose=False,
        )
        return [(int(s), int(e)) for s, e in encoded["offset_mapping"]]
