"""Align texts (answer sentences, claims) to their most similar context sentences by embedding similarity."""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from veracity.errors import ConfigError
from veracity.models.embedder import Embedder
from veracity.schema import Evidence, EvidenceRole
from veracity.text.normalize import normalize_words
from veracity.text.tagging import CorpusSentence

__all__ = ["Alignment", "EmbeddingAligner", "lexical_prefilter", "top_k_similar"]


@dataclass(frozen=True)
class Alignment:
    """The evidence aligned to each query, best first, and any cap that was applied."""

    evidence: list[list[Evidence]]
    notes: list[str] = field(default_factory=list)


def top_k_similar(queries: NDArray[np.float32], candidates: NDArray[np.float32], k: int) -> list[list[int]]:
    """Indices of the ``k`` candidates with the largest dot product with each query, best first."""
    if len(candidates) == 0 or len(queries) == 0:
        return [[] for _ in range(len(queries))]
    scores = queries @ candidates.T
    k = min(k, candidates.shape[0])
    top = np.argsort(-scores, axis=1, kind="stable")[:, :k]
    return [[int(i) for i in row] for row in top]


def lexical_prefilter(queries: Sequence[str], candidates: Sequence[str], keep: int) -> list[int]:
    """The ``keep`` candidates that share the most IDF-weighted words with any query, in original order.

    This bounds the embedding work on very large contexts to ``keep`` sentences, whatever the context size.
    """
    if len(candidates) <= keep:
        return list(range(len(candidates)))
    candidate_words = [set(normalize_words(c)) for c in candidates]
    document_frequency = Counter(w for words in candidate_words for w in words)
    n = len(candidates)
    scores: list[tuple[float, int]] = []
    query_sets = [set(normalize_words(q)) for q in queries]
    for index, words in enumerate(candidate_words):
        best = 0.0
        for query in query_sets:
            shared = words & query
            if shared:
                best = max(best, sum(math.log(n / document_frequency[w]) for w in shared))
        scores.append((best, -index))
    chosen = heapq.nlargest(keep, scores)
    return sorted(-negative for _, negative in chosen)


class EmbeddingAligner:
    """For each query, the ``top_k`` context sentences with the highest cosine similarity.

    Args:
        embedder: the sentence embedder.
        top_k: evidence sentences kept per query.
        max_candidates: context sentences embedded at most; beyond that a lexical prefilter keeps the ones that
            share the most informative words with the queries (and the report says so).
    """

    def __init__(self, embedder: Embedder, top_k: int = 3, max_candidates: int = 512) -> None:
        if top_k < 1 or max_candidates < 1:
            raise ConfigError(f"top_k and max_candidates must be ≥ 1, got {top_k} and {max_candidates}")
        self.embedder = embedder
        self.top_k = top_k
        self.max_candidates = max_candidates

    def config(self) -> dict[str, Any]:
        """Constructor arguments, as recorded in reports."""
        return {"top_k": self.top_k, "max_candidates": self.max_candidates}

    def align(self, queries: Sequence[str], corpus: Sequence[CorpusSentence]) -> Alignment:
        """The aligned evidence of each query (``Evidence.score`` is the cosine similarity)."""
        notes = []
        keep = lexical_prefilter(queries, [c.text for c in corpus], self.max_candidates)
        if len(keep) < len(corpus):
            notes.append(
                f"context has {len(corpus)} sentences; embedded the {len(keep)} sharing the most words with the "
                "answer (max_candidates)"
            )
        candidates = [corpus[i] for i in keep]
        vectors = self.embedder.embed([c.text for c in candidates])
        query_vectors = self.embedder.embed(list(queries))
        scores = query_vectors @ vectors.T if len(candidates) else np.zeros((len(queries), 0))
        evidence = [
            [
                Evidence(
                    document_id=candidates[j].document_id,
                    sentence_index=candidates[j].sentence.index,
                    text=candidates[j].text,
                    span=candidates[j].sentence.span,
                    role=EvidenceRole.MAIN,
                    score=float(scores[q, j]),
                )
                for j in row
            ]
            for q, row in enumerate(top_k_similar(query_vectors, vectors, self.top_k))
        ]
        return Alignment(evidence, notes)
