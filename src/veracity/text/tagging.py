"""LiteHall's numbered sentence tagging and corpus chunking with index → sentence back-mapping.

litehall.txt §3.2: an answer's sentences are tagged ``<1>s_1</1><2>s_2</2>…<n>s_n</n>`` so that an extractor can
cite the sentence each claim comes from. §3.3: the retrieved corpus C = {d_1, …, d_K} is cut into
non-overlapping chunks of at most T = 1500 tokens, each chunk's sentences are numbered the same way (ĉ_j), and
predicted indices are mapped back to the sentences they name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from veracity.schema import Document, Sentence, TextSpan
from veracity.text.chunk import pack_lengths
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import Tokenizer

__all__ = ["CorpusSentence", "TaggedChunk", "chunk_corpus", "split_documents", "tag_sentences", "untag"]

_TAG = re.compile(r"<(\d+)>(.*?)</\1>", re.DOTALL)


def tag_sentences(sentences: Sequence[str]) -> str:
    """``<1>s_1</1><2>s_2</2>…``: the sentences numbered from 1, concatenated with no separator."""
    return "".join(f"<{i}>{s}</{i}>" for i, s in enumerate(sentences, start=1))


def untag(tagged: str) -> dict[int, str]:
    """Number → sentence text of a tagged string (the inverse of :func:`tag_sentences`)."""
    return {int(m.group(1)): m.group(2) for m in _TAG.finditer(tagged)}


@dataclass(frozen=True)
class CorpusSentence:
    """A sentence of a context document (or, for an over-long sentence, a piece of one)."""

    document_id: str
    sentence: Sentence
    document_title: str | None = None

    @property
    def text(self) -> str:
        """The sentence text."""
        return self.sentence.text


@dataclass(frozen=True)
class TaggedChunk:
    """One corpus chunk ĉ_j: its tagged text and, for each number 1…N_j, the sentence it names."""

    text: str
    sentences: tuple[CorpusSentence, ...]
    n_tokens: int

    def lookup(self, number: int) -> CorpusSentence | None:
        """The sentence tagged ``number`` (1-based), or ``None`` for an index the chunk does not have."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.sentences):
            return None
        return self.sentences[number - 1]


def split_documents(documents: Sequence[Document], splitter: SentenceSplitter) -> list[CorpusSentence]:
    """Every sentence of every document, in document order."""
    return [CorpusSentence(doc.id, s) for doc in documents for s in splitter.split(doc.text)]


def chunk_corpus(
    documents: Sequence[Document],
    splitter: SentenceSplitter,
    tokenizer: Tokenizer,
    max_tokens: int = 1500,
) -> list[TaggedChunk]:
    """Cut a corpus into non-overlapping numbered chunks of at most ``max_tokens`` tokens.

    Sentences are packed greedily in document order (a chunk may hold the end of one document and the start of
    the next, as in LiteHall, which chunks the concatenated corpus); the budget counts sentence tokens, not the
    tags. A sentence longer than ``max_tokens`` is cut into pieces that each get their own number; a piece keeps
    its sentence's index, with a span covering only the piece.
    """
    units: list[tuple[CorpusSentence, int]] = []
    for doc in documents:
        for sentence in splitter.split(doc.text):
            spans = tokenizer.token_spans(sentence.text)
            if len(spans) <= max_tokens:
                units.append((CorpusSentence(doc.id, sentence, doc.title), len(spans)))
                continue
            base = sentence.span.start
            for k in range(0, len(spans), max_tokens):
                piece = spans[k : k + max_tokens]
                span = TextSpan.of(doc.text, base + piece[0][0], base + piece[-1][1])
                units.append((CorpusSentence(doc.id, Sentence(index=sentence.index, span=span), doc.title), len(piece)))
    chunks = []
    for group in pack_lengths([n for _, n in units], max_tokens):
        members = tuple(units[i][0] for i in group)
        chunks.append(
            TaggedChunk(
                text=tag_sentences([m.text for m in members]),
                sentences=members,
                n_tokens=sum(units[i][1] for i in group),
            )
        )
    return chunks
