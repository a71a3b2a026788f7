"""Index-based evidence retrieval with main and supporting sentences (LiteHall §3.3), without an LLM.

``ScoredEvidenceRetriever`` reads the context as LiteHall does — documents → sentences → non-overlapping chunks of at
most T = 1500 tokens, each sentence numbered within its chunk — and for each claim returns, per chunk, the *main*
sentences (indices) and for each main sentence its *supporting* indices; the indices are mapped back to sentences
and aggregated over chunks into the claim's evidence set E(z):

- main: the sentences whose cosine similarity to the claim (MiniLM) is at least ``min_similarity``, the best
  ``top_k`` over the whole corpus;
- support: what the main sentence needs to stand alone — the previous sentence of its document when it opens with
  a pronoun or a definite reference ("He …", "The company …", "This …"), and the neighbouring sentences (±1) that
  name an entity the main sentence names.

Bound: at most ``max_chunks`` (100) chunks are searched per answer (the first ones, in document order); the report
says when more were dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from veracity.schema import Document
from veracity.text.split import SentenceSplitter
from veracity.text.tagging import CorpusSentence, TaggedChunk, chunk_corpus
from veracity.text.tokens import RegexTokenizer

__all__ = ["ClaimEvidence", "EvidenceGroupIndices", "ScoredEvidenceRetriever"]

_LEADING_REFERENCE = re.compile(
    r"^\W*(?:he|she|it|they|his|her|its|their|this|these|that|those|the\s+\w+|there)\b", re.IGNORECASE
)
_NAME_WORD = re.compile(r"\b[A-Z][\w'-]+")
_STARTERS = frozenset(
    "he she it they we i you his her its their our the this these that those a an in on at after before when as "
    "however there then also but and or".split()
)


@dataclass(frozen=True)
class EvidenceGroupIndices:
    """One main sentence of a chunk with its supporting sentences (1-based indices within the chunk)."""

    chunk: int
    main: int
    support: tuple[int, ...]
    score: float


@dataclass
class ClaimEvidence:
    """E(z): the claim's evidence groups, as indices and as sentences."""

    groups: list[EvidenceGroupIndices] = field(default_factory=list)
    main: list[CorpusSentence] = field(default_factory=list)
    support: list[list[CorpusSentence]] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)


class ScoredEvidenceRetriever:
    """Main sentences by embedding similarity, supporting sentences by reference and entity rules."""

    name = "scored"

    def __init__(
        self,
        embedder: Any,
        top_k: int = 3,
        min_similarity: float = 0.35,
        chunk_tokens: int = 1500,
        max_chunks: int = 100,
        splitter: str = "rules",
    ) -> None:
        self.embedder = embedder
        self.top_k = top_k
        self.min_similarity = min_similarity
        self.chunk_tokens = chunk_tokens
        self.max_chunks = max_chunks
        self._splitter = SentenceSplitter(splitter)  # type: ignore[arg-type]
        self._tokenizer = RegexTokenizer()

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"retriever": self.name, "top_k": self.top_k, "min_similarity": self.min_similarity,
                "chunk_tokens": self.chunk_tokens, "max_chunks": self.max_chunks}  # fmt: skip

    def chunks(self, documents: Sequence[Document], notes: list[str] | None = None) -> list[TaggedChunk]:
        """The numbered corpus chunks ĉ_j, capped at ``max_chunks``."""
        chunks = chunk_corpus(documents, self._splitter, self._tokenizer, self.chunk_tokens)
        if len(chunks) > self.max_chunks:
            if notes is not None:
                notes.append(f"context has {len(chunks)} chunks; only the first {self.max_chunks} were searched")
            chunks = chunks[: self.max_chunks]
        return chunks

    def retrieve(self, claims: Sequence[str], chunks: Sequence[TaggedChunk]) -> list[ClaimEvidence]:
        """E(z) for each claim over the chunks (one embedding call for all sentences and claims)."""
        located = [(j, k) for j, chunk in enumerate(chunks) for k in range(len(chunk.sentences))]
        if not claims:
            return []
        if not located:
            return [ClaimEvidence() for _ in claims]
        texts = [chunks[j].sentences[k].text for j, k in located]
        vectors = self.embedder.embed([*claims, *texts])
        claim_vectors, sentence_vectors = vectors[: len(claims)], vectors[len(claims) :]
        similarity = claim_vectors @ sentence_vectors.T
        results = []
        for row in similarity:
            evidence = ClaimEvidence()
            for position in np.argsort(-row)[: self.top_k]:
                if row[position] < self.min_similarity:
                    break
                j, k = located[int(position)]
                support = supporting_indices(chunks[j].sentences, k)
                group = EvidenceGroupIndices(j, k + 1, tuple(i + 1 for i in support), float(row[position]))
                evidence.groups.append(group)
                evidence.main.append(chunks[j].sentences[k])
                evidence.support.append([chunks[j].sentences[i] for i in support])
                evidence.scores.append(float(row[position]))
            results.append(evidence)
        return results


def supporting_indices(sentences: Sequence[CorpusSentence], main: int) -> list[int]:
    """0-based indices of the sentences that ``sentences[main]`` needs to be self-contained (module docstring).

    Example::

        >>> from veracity.schema import Sentence, TextSpan
        >>> texts = ["Marie Curie was a physicist.", "She won two Nobel Prizes.", "Curie taught in Paris.", "Paris"]
        >>> make = lambda i, t: CorpusSentence("d", Sentence(index=i, span=TextSpan(start=0, end=len(t), text=t)))
        >>> supporting_indices([make(i, t) for i, t in enumerate(texts)], 1)  # "She" needs sentence 0
        [0]
        >>> supporting_indices([make(i, t) for i, t in enumerate(texts)], 3)  # its neighbour names Paris too
        [2]
    """
    chosen: set[int] = set()
    current = sentences[main]
    same_document = [
        i for i in (main - 1, main + 1) if 0 <= i < len(sentences) and sentences[i].document_id == current.document_id
    ]
    if main - 1 in same_document and _LEADING_REFERENCE.match(current.text):
        chosen.add(main - 1)
    names = _names(current.text)
    for i in same_document:
        if names & _names(sentences[i].text):
            chosen.add(i)
    return sorted(chosen)


def _names(text: str) -> set[str]:
    """Capitalised words that are not just sentence openers: a cheap stand-in for "the entities it names"."""
    return {w.lower() for w in _NAME_WORD.findall(text) if w.lower() not in _STARTERS}
