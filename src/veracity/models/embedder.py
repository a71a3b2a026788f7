"""Sentence embeddings behind a one-method protocol."""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models._checkpoint import (
    architectures,
    checkpoint_parameter_names,
    missing_parameters,
    refuse_new_weights,
)
from veracity.models.catalog import quiet_transformers, resolve_model_path
from veracity.models.onnx_backend import Backend, OnnxEncoder, model_max_length, read_config, resolve_backend

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
        model = SentenceTransformer(path, device=device, local_files_only=True)
    except Exception as exc:
        raise BackendError(f"could not load the sentence-transformers model at {path}: {exc}") from exc
    _refuse_new_weights(Path(path), model)
    return model


# What the embedder needs, as an error says it.
EXPECTED_EMBEDDER = "a sentence embedder (a sentence-transformers model, like all-MiniLM-L6-v2)"


def _refuse_new_weights(path: Path, model: Any) -> None:
    """Refuse a checkpoint whose transformer lacks weights (sentence-transformers reports no loading info).

    Raises:
        ModelNotAvailableError: a weight of the transformer module is not in its checkpoint; the message names it.
    """
    folders = _module_folders(path)
    for index, module in enumerate(model):
        auto_model = getattr(module, "auto_model", None)
        if auto_model is None:
            continue
        stored = checkpoint_parameter_names(folders[index] if len(folders) == len(model) else path)
        if stored is not None:
            missing = missing_parameters(auto_model, stored)
            refuse_new_weights(str(path), missing, EXPECTED_EMBEDDER, architectures(auto_model.config))


def _module_folders(path: Path) -> list[Path]:
    """Each module's folder, from ``modules.json`` (without one, sentence-transformers reads the folder itself)."""
    modules = path / "modules.json"
    if not modules.is_file():
        return [path]
    return [path / str(entry.get("path", "")) for entry in json.loads(modules.read_text(encoding="utf-8"))]


class SentenceTransformerEmbedder:
    """A sentence-transformers model, loaded on first use and shared by every instance with the same model.

    Args:
        model: a catalog name (default ``all-MiniLM-L6-v2``), a local folder, or a cached Hugging Face id.
        device: torch device.
        batch_size: texts per forward pass.
        max_chars: texts are cut to this many characters first (the model truncates at 256 tokens anyway;
            this keeps tokenisation of a 1 MB string cheap).
        cache_size: the vectors of this many recent distinct texts are kept (least recently used dropped first),
            so a context checked against several answers, as in a batch of answers to one document, is embedded
            once; 0 turns the cache off. 8192 vectors of MiniLM take 12 MB.
        backend: ``torch`` (sentence-transformers), ``onnx`` (ONNX Runtime: the transformer body, then mean pooling
            and normalisation in numpy, as the model's modules say) or ``auto`` (ONNX when onnxruntime and the
            exported files are there: :mod:`veracity.models.onnx_backend`).
    """

    def __init__(
        self,
        model: str = DEFAULT_EMBEDDER,
        device: str = "cpu",
        batch_size: int = 64,
        max_chars: int = 4000,
        cache_size: int = 8192,
        backend: Backend = "auto",
    ) -> None:
        if cache_size < 0:
            raise ValueError(f"cache_size must be >= 0, got {cache_size}")
        self.model_id = model
        self.device = device
        self.batch_size = batch_size
        self.max_chars = max_chars
        self.cache_size = cache_size
        if backend == "onnx" and device != "cpu":
            raise ValueError("backend=onnx runs on the CPU only; use backend=torch on " + device)
        self.backend = backend
        self._cache: OrderedDict[str, NDArray[np.float32]] = OrderedDict()
        self._lock = threading.Lock()

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {"model": self.model_id, "device": self.device, "batch_size": self.batch_size}

    @property
    def dimension(self) -> int:
        """The embedding size."""
        if self.runs_on == "onnx":
            return int(read_config(self._onnx.path)["hidden_size"])
        return int(self._model().get_embedding_dimension())

    @functools.cached_property
    def runs_on(self) -> Literal["torch", "onnx"]:
        """The backend that runs (``auto`` resolved: :func:`~veracity.models.onnx_backend.resolve_backend`)."""
        return resolve_backend(self.backend, resolve_model_path(self.model_id), "embedding", "none", self.device)

    @functools.cached_property
    def _onnx(self) -> OnnxEncoder:
        return OnnxEncoder(resolve_model_path(self.model_id), "embedding")

    def _encode_onnx(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """sentence-transformers' ``encode`` on ONNX Runtime: stripped texts, its token limit, length-sorted batches."""
        encoder = self._onnx
        limit = _max_seq_length(encoder.path)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for k in range(0, len(order), self.batch_size):
            batch = order[k : k + self.batch_size]
            out[batch] = encoder.run(encoder.encode([texts[i].strip() for i in batch], None, limit))
        return out

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """L2-normalised embeddings of ``texts``."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        keys = [t[: self.max_chars] for t in texts]
        with self._lock:
            found = {k: self._cache[k] for k in keys if k in self._cache}
            for k in found:
                self._cache.move_to_end(k)
        missing = list(dict.fromkeys(k for k in keys if k not in found))
        if missing:
            vectors = (
                self._encode_onnx(missing)
                if self.runs_on == "onnx"
                else self._model().encode(
                    missing,
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
            )
            fresh = dict(zip(missing, np.asarray(vectors, dtype=np.float32), strict=True))
            found.update(fresh)
            if self.cache_size:
                with self._lock:
                    self._cache.update(fresh)
                    while len(self._cache) > self.cache_size:
                        self._cache.popitem(last=False)
        return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)

    def _model(self) -> Any:
        return _load_sentence_transformer(str(resolve_model_path(self.model_id)), self.device)


def _max_seq_length(path: Path) -> int:
    """The token limit sentence-transformers reads the model at.

    ``sentence_bert_config.json``'s ``max_seq_length``, else the smaller of the tokenizer's ``model_max_length`` and
    the model's positions.
    """
    file = path / "sentence_bert_config.json"
    try:
        value = json.loads(file.read_text(encoding="utf-8")).get("max_seq_length")
    except (OSError, ValueError, AttributeError):
        value = None
    if isinstance(value, int) and value > 0:
        return value
    positions = int(read_config(path).get("max_position_embeddings", 512))
    own = model_max_length(path)
    return min(own, positions) if own else positions
