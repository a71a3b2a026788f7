"""Text tools with no model weights.

Sentence splitting, token counting, Chunk(X; T), LiteHall tagging, f(c), number and date normalisation.
"""

from veracity.text.chunk import TextChunk, chunk_sentences, pack_lengths
from veracity.text.split import SentenceSplitter, split_sentences
from veracity.text.tagging import (
    CorpusSentence,
    TaggedChunk,
    chunk_corpus,
    split_documents,
    tag_sentences,
    untag,
)
from veracity.text.tokens import RegexTokenizer, Tokenizer, count_tokens

__all__ = [
    "CorpusSentence",
    "RegexTokenizer",
    "SentenceSplitter",
    "TaggedChunk",
    "TextChunk",
    "Tokenizer",
    "chunk_corpus",
    "chunk_sentences",
    "count_tokens",
    "pack_lengths",
    "split_documents",
    "split_sentences",
    "tag_sentences",
    "untag",
]
