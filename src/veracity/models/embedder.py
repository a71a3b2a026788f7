"""Sentence embeddings behind a one-method protocol."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models.catalog import quiet_transformers, resolve_model_path

__all__ = ["DEFAULT_EMBEDDER", "Embedder", "SentenceTransformerEmbedder"]

DEFAULT_EMBEDDER = "all-MiniLM-L6-v2"


@runtime_checkable
class Embedder(Protocol):
    """Maps texts to L2-normalised vectors (so a dot product is the cosine similarity)."""

    model_id: str

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One row per text, shape ``(len(texts), dim)``; an empty input gives shape ``(0, dim)``."""
        ...


@functools.lru_cache(maxsize=8)
def _load_sentence_transformer(path: str, device: str) -> Any:
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise ModelNotAvailableError(
            "sentence-transformers is not installed; run: pip install torch==2.13.0 && pip install 'veracity[ml]'"
        ) from exc
    quiet_transformers()
    try:
        return SentenceTransformer(path, device=device, local_files_only=True)
    except Exception as exc:
        raise BackendError(f"could not load the sentence-transformers model at {path}: {exc}") from exc


class SentenceTransformerEmbedder:
    """A sentence-transformers model, loaded on first use and shared by every instance with the same model.

    Args:
        model: a catalog name (default ``all-MiniLM-L6-v2``), a local folder, or a cached Hugging Face id.
        device: torch device.
        batch_size: texts per forward pass.
        max_chars: texts are cut to this many characters first (the model truncates at 256 tokens anyway;
            this keeps tokenisation of a 1 MB string cheap).
    """

    def __init__(
        self, model: str = DEFAULT_EMBEDDER, device: str = "cpu", batch_size: int = 64, max_chars: int = 4000
    ) -> None:
        self.model_id = model
        self.device = device
        self.batch_size = batch_size
        self.max_chars = max_chars

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {"model": self.model_id, "device": self.device, "batch_size": self.batch_size}

    @property
    def dimension(self) -> int:
        """The embedding size."""
        return int(self._model().get_embedding_dimension())

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """L2-normalised embeddings of ``texts``."""
        model = self._model()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = model.encode(
            [t[: self.max_chars] for t in texts],
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)

    def _model(self) -> Any:
        return _load_sentence_transformer(str(resolve_model_path(self.model_id)), self.device)
