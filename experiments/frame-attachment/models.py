"""The matchers' models: the shipped sentence embedder (untuned) and a fine-tuned copy, each behind a disk cache."""

from __future__ import annotations

from store import CACHE, EmbeddingStore

TUNED = CACHE / "minilm-frames"


def untuned_store() -> EmbeddingStore:
    """all-MiniLM-L6-v2 as the project loads it (:class:`veracity.models.embedder.SentenceTransformerEmbedder`)."""
    from veracity.models.embedder import DEFAULT_EMBEDDER, SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder(DEFAULT_EMBEDDER, backend="torch", cache_size=0, batch_size=64)
    return EmbeddingStore("minilm", embedder.embed)


def tuned_store(path=TUNED) -> EmbeddingStore:
    """The fine-tuned frame matcher (``train.py``), loaded from its folder under the cache."""
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(path), device="cpu", local_files_only=True)

    def encode(texts):
        return model.encode(list(texts), batch_size=64, normalize_embeddings=True, convert_to_numpy=True)

    return EmbeddingStore("minilm-frames", encode)
