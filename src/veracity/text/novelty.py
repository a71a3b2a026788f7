r"""Lexical novelty: the answer's content words that its sources never use.

Model-free and language-light: words are Unicode ``\\w+`` runs, so any language with word boundaries works; only
the stop-word list is English (elsewhere every word counts as a content word). It is the baseline every model-based
detector must beat on RAGTruth (whose README states the same reading), and a signal of the fused detector.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from veracity.text.lexicon import STOP_WORDS

__all__ = [
    "Word",
    "content_words",
    "lexical_signals",
    "merge_word_spans",
    "normalise_word",
    "novel_words",
    "novelty",
    "vocabulary",
]

_WORD = re.compile(r"\w+(?:[.,]\d+)*", re.UNICODE)
_THOUSANDS = re.compile(r"\d{1,3}(,\d{3})+(\.\d+)?")
# Texts and words are read many times over in one answer (each checker reads the same source sentences): the readers
# below are pure functions of a string, so their results are kept (bounded; measured in experiments/reader-v10).
_CACHED_WORDS = 1 << 16
_CACHED_TEXTS = 1 << 12


@dataclass(frozen=True)
class Word:
    """A word of a text: its span ``[start, end)`` and its normalised form."""

    start: int
    end: int
    form: str


@functools.lru_cache(maxsize=_CACHED_WORDS)
def normalise_word(word: str) -> str:
    """Lower case, thousands separators dropped (``1,000`` → ``1000``), a final plural or possessive ``s`` dropped.

    Crude on purpose (``"Companies"`` → ``"companie"``, ``"Paris"`` → ``"pari"``): the same rule runs on both sides
    of every comparison, so only agreement matters. Only a final ``s`` after a letter other than ``s`` goes, and only
    from words of four characters or more.
    """
    form = word.lower()
    if _THOUSANDS.fullmatch(form):
        form = form.replace(",", "")
    if len(form) >= 4 and form.endswith("s") and not form.endswith("ss") and form[-2].isalpha():
        form = form[:-1]
    return form


def content_words(text: str) -> list[Word]:
    """The words of ``text`` that are not stop words, with their spans."""
    return list(_content_words(text))


@functools.lru_cache(maxsize=_CACHED_TEXTS)
def _content_words(text: str) -> tuple[Word, ...]:
    words = []
    for match in _WORD.finditer(text):
        form = normalise_word(match.group())
        if form in STOP_WORDS or form == "_":
            continue
        words.append(Word(match.start(), match.end(), form))
    return tuple(words)


def vocabulary(texts: Iterable[str]) -> set[str]:
    """Every normalised word of ``texts`` (stop words included: they never count as novel anyway)."""
    return {normalise_word(m.group()) for text in texts for m in _WORD.finditer(text)}


def novel_words(answer: str, sources: Sequence[str]) -> list[Word]:
    """The content words of ``answer`` found in none of ``sources`` (the context documents and the question)."""
    known = vocabulary(sources)
    return [w for w in content_words(answer) if w.form not in known]


def novelty(answer: str, sources: Sequence[str]) -> float:
    """N/C, with C the answer's content words and N those of them novel to ``sources``; 0 when C is empty."""
    words = content_words(answer)
    if not words:
        return 0.0
    known = vocabulary(sources)
    return sum(w.form not in known for w in words) / len(words)


def merge_word_spans(text: str, words: Sequence[Word], max_gap: int = 1) -> list[tuple[int, int]]:
    """Spans of ``words`` joined where only a short run of spaces or punctuation (≤ ``max_gap`` chars) separates them.

    ``"in New York City"`` with novel ``New``, ``York``, ``City`` gives one span ``New York City``; words apart by
    a word that is not novel stay apart.
    """
    spans: list[tuple[int, int]] = []
    for word in sorted(words, key=lambda w: w.start):
        if spans and word.start - spans[-1][1] <= max_gap and not text[spans[-1][1] : word.start].strip(" -,'"):
            spans[-1] = (spans[-1][0], word.end)
        else:
            spans.append((word.start, word.end))
    return spans


def _is_name(text: str, word: Word) -> bool:
    """A capitalised word that does not open a sentence (a crude, language-light proper-noun test)."""
    if not text[word.start].isupper():
        return False
    before = text[: word.start].rstrip()
    return bool(before) and before[-1] not in ".!?:\n\"'“"


def lexical_signals(answer: str, sources: Sequence[str]) -> dict[str, float]:
    """Model-free signals of how much of ``answer`` its ``sources`` do not contain.

    * ``novelty``: novel share of the content words (:func:`novelty`); ``novel_words_log``: log(1 + their count);
    * ``novel_numbers_log`` / ``novel_names_log``: log(1 + count) of novel words with a digit / capitalised words
      that do not open a sentence;
    * ``novel_bigrams``: share of the answer's content-word bigrams that never occur as adjacent content words in
      a source (new combinations of known words: "Kyoto … 1868" restated as "Tokyo … 1868" adds none, a swapped
      pairing does);
    * ``answer_words_log`` / ``context_words_log``: log(1 + content words) of the answer / the sources.
    """
    words = content_words(answer)
    known = vocabulary(sources)
    novel = [w for w in words if w.form not in known]
    source_bigrams: set[tuple[str, str]] = set()
    n_source_words = 0
    for source in sources:
        forms = [w.form for w in content_words(source)]
        n_source_words += len(forms)
        source_bigrams.update(itertools.pairwise(forms))
    forms = [w.form for w in words]
    bigrams = list(itertools.pairwise(forms))
    return {
        "novelty": len(novel) / len(words) if words else 0.0,
        "novel_words_log": math.log1p(len(novel)),
        "novel_numbers_log": math.log1p(sum(any(c.isdigit() for c in w.form) for w in novel)),
        "novel_names_log": math.log1p(sum(_is_name(answer, w) for w in novel)),
        "novel_bigrams": sum(b not in source_bigrams for b in bigrams) / len(bigrams) if bigrams else 0.0,
        "answer_words_log": math.log1p(len(words)),
        "context_words_log": math.log1p(n_source_words),
    }
