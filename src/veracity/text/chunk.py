"""Chunk(X; T): packing consecutive sentences into segments of at most T tokens.

logic-matters.txt §3.3 and logic-matters-draft.txt §3.2.1: for a text X of sentences (s_1, …, s_n) with token
lengths ℓ(s), ``Chunk(X; T) = {c_1, …, c_m}`` where each segment c_k = (s_{i_k}, …, s_{j_k}) satisfies

    Σ_{ℓ=i_k}^{j_k} ℓ(s_ℓ) ≤ T   and   Σ_{ℓ=i_k}^{j_k+1} ℓ(s_ℓ) > T,

i.e. greedy maximal packing from the left, and a sentence with ℓ(s_i) > T is cut into pieces of at most T tokens
(each piece is its own segment). LiteHall §3.3 uses the same packing with T = 1500 for its corpus chunks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from veracity.errors import ConfigError
from veracity.schema import Sentence, TextSpan
from veracity.text.tokens import Tokenizer

__all__ = ["TextChunk", "chunk_sentences", "pack_lengths"]


@dataclass(frozen=True)
class TextChunk:
    """A segment of a text: its span, the sentences it holds and its token count.

    ``is_piece`` marks a fragment of a single sentence longer than T (then ``sentence_indices`` has one entry).
    """

    span: TextSpan
    sentence_indices: tuple[int, ...]
    n_tokens: int
    is_piece: bool = False

    @property
    def text(self) -> str:
        """The chunk text (a slice of the original text, inner whitespace kept)."""
        return self.span.text


def pack_lengths(lengths: Sequence[int], max_tokens: int) -> list[list[int]]:
    """Greedy maximal packing of item lengths into groups whose total is ≤ ``max_tokens``.

    An item longer than ``max_tokens`` gets a group of its own (its caller cuts it into pieces).

    Example::

        >>> pack_lengths([3, 4, 2, 6, 1], 7)
        [[0, 1], [2], [3, 4]]

    Raises:
        ConfigError: ``max_tokens`` < 1.
    """
    if max_tokens < 1:
        raise ConfigError(f"the chunk size T must be a positive number of tokens, got {max_tokens}")
    groups: list[list[int]] = []
    current: list[int] = []
    total = 0
    for index, length in enumerate(lengths):
        if length > max_tokens:
            if current:
                groups.append(current)
            groups.append([index])
            current, total = [], 0
        elif total + length > max_tokens:
            groups.append(current)
            current, total = [index], length
        else:
            current.append(index)
            total += length
    if current:
        groups.append(current)
    return groups


def chunk_sentences(text: str, sentences: Sequence[Sentence], tokenizer: Tokenizer, max_tokens: int) -> list[TextChunk]:
    """Chunk(X; T) of ``text`` given its sentences.

    Args:
        text: the text X the sentence spans index into.
        sentences: X's sentences, in order.
        tokenizer: gives ℓ(s), the token count of each sentence.
        max_tokens: T.

    Returns:
        The segments in text order. Each spans from its first sentence's start to its last sentence's end.
    """
    token_spans = [tokenizer.token_spans(s.text) for s in sentences]
    chunks: list[TextChunk] = []
    for group in pack_lengths([len(t) for t in token_spans], max_tokens):
        first, last = sentences[group[0]], sentences[group[-1]]
        n_tokens = sum(len(token_spans[i]) for i in group)
        if n_tokens <= max_tokens:
            span = TextSpan.of(text, first.span.start, last.span.end)
            chunks.append(TextChunk(span, tuple(s.index for s in (sentences[i] for i in group)), n_tokens))
            continue
        # One sentence longer than T: cut it between tokens, at most T tokens a piece.
        offset = first.span.start
        spans = token_spans[group[0]]
        for k in range(0, len(spans), max_tokens):
            piece = spans[k : k + max_tokens]
            span = TextSpan.of(text, offset + piece[0][0], offset + piece[-1][1])
            chunks.append(TextChunk(span, (first.index,), len(piece), is_piece=True))
    return chunks
