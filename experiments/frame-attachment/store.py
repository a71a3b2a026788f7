"""Embeddings of frames cached on disk (../cache/frame-attachment/, outside the repository), one store per model."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

CACHE = Path(__file__).resolve().parents[3] / "cache" / "frame-attachment"


def _key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


class EmbeddingStore:
    """Vectors of texts by a model, kept in ``CACHE/<name>.npz``; :meth:`embed` computes only the missing ones.

    ``seconds`` and ``computed`` count the work done by this process (for frames-per-second figures).
    """

    def __init__(self, name: str, encode) -> None:
        self.path = CACHE / f"embeddings-{name}.npz"
        self.encode = encode
        self.index: dict[str, int] = {}
        self.vectors = np.zeros((0, 0), dtype=np.float32)
        self.seconds = 0.0
        self.computed = 0
        if self.path.exists():
            data = np.load(self.path, allow_pickle=False)
            self.vectors = data["vectors"]
            self.index = {k: i for i, k in enumerate(data["keys"].tolist())}

    def embed(self, texts: Sequence[str], chunk: int = 2048) -> NDArray[np.float32]:
        keys = [_key(t) for t in texts]
        missing = list(dict.fromkeys((k, t) for k, t in zip(keys, texts, strict=True) if k not in self.index))
        for c in range(0, len(missing), chunk):
            part = missing[c : c + chunk]
            started = time.perf_counter()
            fresh = np.asarray(self.encode([t for _, t in part]), dtype=np.float32)
            self.seconds += time.perf_counter() - started
            self.computed += len(part)
            base = len(self.index)
            self.vectors = fresh if self.vectors.size == 0 else np.concatenate([self.vectors, fresh])
            for j, (k, _) in enumerate(part):
                self.index[k] = base + j
            self.save()
        if not keys:
            return np.zeros((0, self.vectors.shape[1] if self.vectors.size else 0), dtype=np.float32)
        return self.vectors[[self.index[k] for k in keys]]

    def save(self) -> None:
        CACHE.mkdir(parents=True, exist_ok=True)
        keys = np.array(sorted(self.index, key=self.index.get))
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, vectors=self.vectors, keys=keys)
        tmp.replace(self.path)
