"""Sentence splitting with exact character offsets.

Every :class:`~veracity.schema.Sentence` returned satisfies ``text[s.span.start:s.span.end] == s.span.text``; the
span excludes surrounding whitespace, and whitespace-only stretches produce no sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal

from veracity.errors import ConfigError
from veracity.schema import Sentence, TextSpan
from veracity.text.parsing import DEFAULT_SPACY_MODEL, load_spacy, spacy_available

SplitterBackend = Literal["auto", "spacy", "rules"]

# spaCy handles a 1 MB string, but memory grows with block size; paragraphs are grouped up to this many chars.
_BLOCK_CHARS = 50_000

_ABBREVIATIONS = frozenset(
    """mr mrs ms dr prof sr jr st mt ft vs etc e.g i.e cf al fig figs no nos vol vols pp approx dept est inc ltd
    co corp jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k u.n a.m p.m ph.d gen col lt sgt capt rev gov
    sen rep""".split()
)
# A boundary candidate: terminal punctuation, optional closing quotes/brackets, then whitespace.
_BOUNDARY = re.compile(r"[.!?…]+[\"'”’)\]]*(?=\s)")
_PARAGRAPH = re.compile(r"\n\s*\n")
# Sentences glued without a space ("...in the 19th century.First for Women is..."), common in scraped text such as
# HaluEval's knowledge paragraphs: a full stop between a lower-case word and a capitalised word.
_GLUED = re.compile(r"(?<=[a-z0-9)]{2}[.!?])(?=[A-Z][a-z])")


class SentenceSplitter:
    """Split text into sentences.

    Args:
        backend: ``"spacy"`` (the statistical sentence recogniser of ``spacy_model``), ``"rules"`` (punctuation
            and abbreviation rules, no dependencies), or ``"auto"``: spaCy when installed, else rules.
        spacy_model: the spaCy pipeline package to load.

    Example::

        >>> [s.text for s in SentenceSplitter("rules").split("Dr. Who lives. He travels!")]
        ['Dr. Who lives.', 'He travels!']
    """

    def __init__(self, backend: SplitterBackend = "auto", spacy_model: str = DEFAULT_SPACY_MODEL) -> None:
        if backend not in ("auto", "spacy", "rules"):
            raise ConfigError(f"unknown splitter backend {backend!r}; choose auto, spacy or rules")
        if backend == "auto":
            backend = "spacy" if spacy_available(spacy_model) else "rules"
        self.backend: Literal["spacy", "rules"] = backend
        self.spacy_model = spacy_model

    def config(self) -> dict[str, str]:
        """The splitter's configuration, as recorded in reports."""
        return {"backend": self.backend, "spacy_model": self.spacy_model}

    def split(self, text: str) -> list[Sentence]:
        """The sentences of ``text``, in order, with exact offsets."""
        ranges = self._spacy_ranges(text) if self.backend == "spacy" else _rule_ranges(text, 0, len(text))
        spans = [
            span
            for start, end in ranges
            for piece_start, piece_end in _split_glued(text, start, end)
            if (span := _trimmed(text, piece_start, piece_end)) is not None
        ]
        return [Sentence(index=i, span=TextSpan.of(text, s, e)) for i, (s, e) in enumerate(spans)]

    def _spacy_ranges(self, text: str) -> Iterator[tuple[int, int]]:
        nlp = load_spacy(self.spacy_model, "sentences")
        blocks = list(_blocks(text))
        for (offset, end), doc in zip(blocks, nlp.pipe(text[s:e] for s, e in blocks), strict=True):
            del end
            for sent in doc.sents:
                # spaCy sometimes keeps a paragraph break inside one sentence; a blank line always ends one.
                yield from _split_on_paragraphs(text, offset + sent.start_char, offset + sent.end_char)


def split_sentences(text: str, backend: SplitterBackend = "auto") -> list[Sentence]:
    """Split ``text`` into sentences (a shortcut for ``SentenceSplitter(backend).split(text)``)."""
    return SentenceSplitter(backend).split(text)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None


def _split_glued(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    position = start
    for match in _GLUED.finditer(text, start, end):
        yield position, match.start()
        position = match.start()
    yield position, end


def _split_on_paragraphs(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    position = start
    for match in _PARAGRAPH.finditer(text, start, end):
        yield position, match.start()
        position = match.end()
    yield position, end


def _blocks(text: str) -> Iterator[tuple[int, int]]:
    """Cut ``text`` at paragraph breaks (or, failing that, at whitespace) into blocks of ~_BLOCK_CHARS."""
    start = 0
    while len(text) - start > _BLOCK_CHARS:
        limit = start + _BLOCK_CHARS
        cut = text.rfind("\n\n", start, limit)
        if cut <= start:
            cut = text.rfind(". ", start, limit) + 1
        if cut <= start:
            cut = max(text.rfind(" ", start, limit), start)
        if cut <= start:
            cut = limit
        yield start, cut
        start = cut
    if start < len(text):
        yield start, len(text)


def _rule_ranges(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    for p_start, p_end in _split_on_paragraphs(text, start, end):
        sentence_start = p_start
        for match in _BOUNDARY.finditer(text, p_start, p_end):
            if _is_boundary(text, match.start(), match.end(), p_end):
                yield sentence_start, match.end()
                sentence_start = match.end()
        yield sentence_start, p_end


def _is_boundary(text: str, punct_start: int, punct_end: int, limit: int) -> bool:
    following = text[punct_end:limit].lstrip()
    if not following:
        return True
    if text[punct_start] == ".":
        word = re.search(r"([\w.]+)$", text[max(0, punct_start - 20) : punct_start])
        token = word.group(1).lower() if word else ""
        if token.rstrip(".") in _ABBREVIATIONS or token in _ABBREVIATIONS:
            return False
        # an initial: "J. R. R. Tolkien" — not a unit's letter: "about 79 °F. Your booking …"
        if len(token) == 1 and token.isalpha() and text[max(0, punct_start - 2) : punct_start - 1] not in ("°", "º"):
            return False
        if re.fullmatch(r"(\w\.)+\w", token):  # "U.S", "e.g" written without the final dot's word
            return False
    # A new sentence starts with an upper-case letter, a digit, a quote or a bracket.
    return bool(re.match(r"[\"'“‘(\[]?[A-Z0-9À-Ý]", following))


def merge_ranges(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Character ranges in text order, overlapping or touching ones joined into one."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
