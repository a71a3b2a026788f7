"""Fitting a long context and a long answer into one encoder window.

A token classifier reads ``question + context`` and the answer together in at most 512 positions. RAGTruth's
summaries and business records run to 700–1,000 tokens of context, so the context must be cut, and cut so that the
passage that supports (or contradicts) the answer stays inside. The rules here are model-free and pure:

* :func:`json_as_text` reads a JSON record as ``key: value`` lines — the braces and quotes of JSON cost about a
  third of its tokens and tell the model nothing;
* :func:`context_segments` cuts the context into sentences, and a sentence (or a one-line record) longer than
  ``max_words`` words into pieces of that many words;
* :func:`select_segments` keeps the segments that share the rarest words with the answer, up to a token budget,
  and returns them in document order;
* :func:`answer_windows` packs the answer's sentences into windows of at most a given number of tokens.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence, Set
from dataclasses import dataclass
from typing import Any

from veracity.text.novelty import content_words
from veracity.text.split import SentenceSplitter

__all__ = [
    "Segment",
    "Selection",
    "WindowInput",
    "answer_windows",
    "context_segments",
    "json_as_text",
    "select_segments",
    "window_inputs",
]

_WORDS = re.compile(r"\S+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def json_as_text(text: str) -> str:
    """``text`` as ``key: value`` lines when it is a JSON object or array, else unchanged.

    Nested keys are joined with ``, ``; camel-case keys are split into words (``BusinessParking`` → ``Business
    Parking``, so that they meet the answer's words); list items are numbered from 1; ``null`` stays ``null``
    (RAGTruth marks claims about null fields). ``{"name": "Cafe", "attributes": {"WiFi": null}}`` gives
    two lines, ``name: Cafe`` and ``attributes, Wi Fi: null``.
    """
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[":
        return text
    try:
        value = json.loads(stripped)
    except ValueError:
        return text
    lines: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict) and node:
            for key, child in node.items():
                words = _CAMEL.sub(" ", str(key)).replace("_", " ")
                walk(child, f"{path}, {words}" if path else words)
        elif isinstance(node, list) and node:
            for i, child in enumerate(node, start=1):
                walk(child, f"{path} {i}" if path else str(i))
        else:
            shown = (
                "null" if node is None else json.dumps(node, ensure_ascii=False) if not isinstance(node, str) else node
            )
            lines.append(f"{path}: {shown}" if path else shown)

    walk(value, "")
    return "\n".join(lines)


@dataclass(frozen=True)
class Segment:
    """A piece of the context: ``text[start:end]`` of document ``document``, in reading order ``position``."""

    document: int
    position: int
    start: int
    end: int
    text: str


def context_segments(
    documents: Sequence[str], splitter: SentenceSplitter | None = None, max_words: int = 40
) -> list[Segment]:
    """The documents' sentences in order, each sentence longer than ``max_words`` words cut into word pieces.

    Line breaks count as sentence ends too (records and lists put one fact a line).
    """
    splitter = splitter or SentenceSplitter("rules")
    segments: list[Segment] = []
    for d, text in enumerate(documents):
        for line in re.finditer(r"[^\n]+", text):
            for sentence in splitter.split(line.group()):
                offset = line.start() + sentence.span.start
                words = list(_WORDS.finditer(sentence.text))
                for k in range(0, len(words), max_words):
                    piece = words[k : k + max_words]
                    start, end = offset + piece[0].start(), offset + piece[-1].end()
                    segments.append(Segment(d, len(segments), start, end, text[start:end]))
    return segments


@dataclass(frozen=True)
class Selection:
    """The segments kept (document order), and how much of the context they are."""

    segments: list[Segment]
    kept_tokens: int
    total_tokens: int

    @property
    def cut(self) -> bool:
        """Whether anything was left out."""
        return self.kept_tokens < self.total_tokens

    def text(self, separator: str = "\n") -> str:
        """The kept segments joined; a gap between segments that were not adjacent is marked with ``…``."""
        parts: list[str] = []
        previous: Segment | None = None
        for segment in self.segments:
            if previous is not None:
                adjacent = previous.document == segment.document and previous.position + 1 == segment.position
                parts.append(" " if adjacent else f"{separator}…{separator}")
            parts.append(segment.text)
            previous = segment
        return "".join(parts)


def idf_overlap(
    query: Set[str], candidates: Sequence[Set[str]], df: Counter[str] | None = None, number_weight: float = 1.0
) -> list[float]:
    """Each candidate's Σ idf(w) over the words w it shares with ``query``: the one lexical ranking of source text.

    idf(w) = log(1 + n / df(w)) over the n candidates (``df``: in how many candidates each word occurs, counted here
    when not given), so rare shared words — names, numbers — weigh most; a word with a digit weighs
    ``number_weight`` times that. Summed with ``math.fsum``: the same total whatever order a set yields (a set's
    order follows the per-process hash seed, and a tie broken by one ulp chose another sentence: docs/design.md,
    "determinism").
    """
    if df is None:
        df = document_frequencies(candidates)
    n = len(candidates)
    weight = {
        w: math.log(1 + n / df[w]) * (number_weight if any(c.isdigit() for c in w) else 1.0) for w in query if df[w]
    }
    return [math.fsum(weight[w] for w in query & words) for words in candidates]


def document_frequencies(candidates: Collection[Set[str]]) -> Counter[str]:
    """In how many of ``candidates`` (word sets) each word occurs."""
    return Counter(w for words in candidates for w in words)


def select_segments(
    segments: Sequence[Segment], answer: str, budget: int, count_tokens: Callable[[str], int]
) -> Selection:
    """Keep the segments most related to ``answer`` within ``budget`` tokens, in document order.

    A segment's relevance is Σ idf(w) over the distinct content words w it shares with the answer, with
    idf(w) = log(1 + n / df(w)) over the n segments (rare shared words — names, numbers — weigh most). Segments
    are taken by relevance (ties: earlier first) while they fit; a segment that does not fit is skipped and
    smaller ones may still fill the budget. Everything is kept when it all fits.
    """
    lengths = [count_tokens(s.text) for s in segments]
    total = sum(lengths)
    if total <= budget:
        return Selection(list(segments), total, total)
    answer_words = {w.form for w in content_words(answer)}
    segment_words = [{w.form for w in content_words(s.text)} for s in segments]
    relevance = idf_overlap(answer_words, segment_words)
    n = len(segments)
    order = sorted(range(n), key=lambda i: (-relevance[i], i))
    kept: list[int] = []
    used = 0
    for i in order:
        if used + lengths[i] <= budget:
            kept.append(i)
            used += lengths[i]
    kept.sort()
    return Selection([segments[i] for i in kept], used, total)


def answer_windows(
    answer: str, max_tokens: int, count_tokens: Callable[[str], int], splitter: SentenceSplitter | None = None
) -> list[tuple[int, int]]:
    """Character ranges ``[start, end)`` of ``answer`` that cover its text in windows of at most ``max_tokens``.

    Whole sentences are packed greedily; a sentence longer than the window is cut at word boundaries. Whitespace
    between windows belongs to no window. An answer that fits is one window ``(0, len(answer))``.
    """
    if count_tokens(answer) <= max_tokens:
        return [(0, len(answer))]
    splitter = splitter or SentenceSplitter("rules")
    pieces: list[tuple[int, int]] = []
    for sentence in splitter.split(answer):
        start, end = sentence.span.start, sentence.span.end
        if count_tokens(answer[start:end]) <= max_tokens:
            pieces.append((start, end))
            continue
        words = [(start + m.start(), start + m.end()) for m in _WORDS.finditer(answer[start:end])]
        current: list[tuple[int, int]] = []
        for word in words:
            if current and count_tokens(answer[current[0][0] : word[1]]) > max_tokens:
                pieces.append((current[0][0], current[-1][1]))
                current = []
            current.append(word)
        if current:
            pieces.append((current[0][0], current[-1][1]))
    windows: list[tuple[int, int]] = []
    for start, end in pieces:
        if windows and count_tokens(answer[windows[-1][0] : end]) <= max_tokens:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


@dataclass(frozen=True)
class WindowInput:
    """What one encoder window reads: the answer's ``[start, end)``, and the context kept for it."""

    start: int
    end: int
    context: str
    kept_tokens: int
    total_tokens: int


def window_inputs(
    answer: str,
    documents: Sequence[str],
    question: str | None,
    count_tokens: Callable[[str], int],
    max_length: int = 512,
    answer_tokens: int = 256,
    splitter: SentenceSplitter | None = None,
) -> list[WindowInput]:
    """Answer windows of at most ``answer_tokens``, each with the context selected for it.

    The context (JSON records read as ``key: value`` lines, :func:`json_as_text`) gets what the window leaves of
    ``max_length`` (less 4 positions for special tokens and the ``…`` marks); the question, when given, is always
    kept at its head. Training and prediction build their inputs with this one function.
    """
    splitter = splitter or SentenceSplitter("rules")
    # Every window weighs the same segments: count each text's tokens once.
    count_tokens = functools.lru_cache(maxsize=None)(count_tokens)
    texts = [json_as_text(d) for d in documents]
    segments = context_segments(texts, splitter)
    head = f"{question.strip()}\n" if question and question.strip() else ""
    head_tokens = count_tokens(head) if head else 0
    out = []
    for start, end in answer_windows(answer, answer_tokens, count_tokens, splitter):
        window = answer[start:end]
        budget = max(0, max_length - 4 - count_tokens(window) - head_tokens)
        # Each gap mark costs about two tokens: leave room for a few.
        selection = select_segments(segments, window, max(0, budget - 16), count_tokens)
        if not selection.cut:
            context = "\n".join(texts)
        else:
            context = selection.text()
        out.append(WindowInput(start, end, head + context, selection.kept_tokens, selection.total_tokens))
    return out
