"""Checking an answer while it streams: each sentence's reading as soon as it is complete, then the Report.

:func:`detect_stream` (an iterable of text chunks) and :func:`adetect_stream` (an async iterable) yield one
:class:`SentenceReading` per answer sentence, in order, then one :class:`FinalReport` holding exactly the Report
``detector.detect`` gives on the whole answer.

Example::

    from veracity import Document, load_detector
    from veracity.streaming import FinalReport, detect_stream

    detector = load_detector("grounding")
    chunks = ["Paris is in Ger", "many. It is the cap", "ital of France."]
    for event in detect_stream(detector, chunks, [Document(id="d1", text="Paris is the capital of France.")]):
        if isinstance(event, FinalReport):
            print(event.report.verdict)
        else:
            print(event.sentence.text, event.hallucinated)

How a sentence is read:

* A sentence is complete once a later sentence has started (the rule splitter of :mod:`veracity.text.split` finds
  a boundary after it), or the stream has ended. The rule splitter decides a boundary from the text before it and the
  first character after it, so a boundary found while the answer streams is one it finds in the whole answer.
* Its reading comes from ``detector.detect`` on the answer up to the sentence's end: the prefix report's
  ``sentences`` entries that overlap the sentence (the highest score; hallucinated if any is). A detector that scores
  no sentences gives the prefix report's score instead, and the reading says so (``scored="answer"``).
* The last sentence is read from the final Report. When the stream ends without closing punctuation (cut
  mid-sentence) it is marked ``partial``. An empty stream yields only the final Report: the empty-answer report.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator, AsyncIterable, Iterable, Iterator, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from veracity.detectors.base import Detector
from veracity.schema import Document, Evidence, Report, Sentence, TextSpan
from veracity.text.split import SentenceSplitter

__all__ = [
    "AnswerStream",
    "FinalReport",
    "SentenceReading",
    "StreamEvent",
    "adetect_stream",
    "detect_stream",
    "reading_of",
]

# A sentence the stream finished: terminal punctuation, then closing quotes or brackets.
_CLOSED = re.compile(r"[.!?…]+[\"'”’)\]]*$")


class SentenceReading(BaseModel):
    """One answer sentence's reading, sent as soon as the sentence is complete."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["sentence"] = "sentence"
    sentence: Sentence = Field(description="Its position among the answer's sentences and its span in the answer.")
    score: float | None = Field(
        ge=0.0, le=1.0, description="Hallucination score (higher = less supported); null when not checked."
    )
    hallucinated: bool
    scored: Literal["sentence", "answer"] = Field(
        description="sentence: from the detector's sentence scores; answer: the detector scores no sentences, so "
        "this is its score of the answer up to this sentence."
    )
    partial: bool = Field(default=False, description="The stream ended inside this sentence (no closing punctuation).")
    error_spans: list[TextSpan] = Field(
        default_factory=list, description="Flagged words of the sentence, in the answer."
    )
    evidence: list[Evidence] = Field(default_factory=list)


class FinalReport(BaseModel):
    """The last event: the Report of ``detector.detect`` on the whole answer."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["report"] = "report"
    report: Report


StreamEvent = Annotated[SentenceReading | FinalReport, Field(discriminator="kind")]
"""What a stream yields: readings, then one final report (``kind`` tells them apart in JSON)."""


class AnswerStream:
    """The answer so far, and which of its sentences are complete: the push side of :func:`detect_stream`.

    For a framework that hands over chunks itself (:mod:`veracity.integrations.langchain`): ``feed`` each chunk and
    read the sentences it completes, ``close`` at the end; read each with :func:`reading_of`.

    Args:
        splitter: finds the sentences (default: the rule splitter, whose boundaries do not move as text arrives).
    """

    def __init__(self, splitter: SentenceSplitter | None = None) -> None:
        self.splitter = splitter or SentenceSplitter("rules")
        self.text = ""
        self.done = 0  # the sentences before this offset have been handed out
        self.count = 0
        self.cut = False
        """After :meth:`close`: the stream ended inside its last sentence (no closing punctuation)."""

    def feed(self, chunk: str) -> list[Sentence]:
        """Add a chunk; the sentences it completed (their spans in the whole answer).

        Raises:
            TypeError: the chunk is not a string.
        """
        if not isinstance(chunk, str):
            raise TypeError(f"a stream chunk must be str, not {type(chunk).__name__}")
        self.text += chunk
        return self._take(final=False)

    def close(self) -> list[Sentence]:
        """The stream ended: every sentence not handed out yet (and :attr:`cut` says whether the last is whole)."""
        rest = self._take(final=True)
        self.cut = bool(rest) and _CLOSED.search(rest[-1].text) is None
        return rest

    def _take(self, final: bool) -> list[Sentence]:
        found = self.splitter.split(self.text[self.done :])
        complete = found if final else found[:-1]
        taken = []
        for sentence in complete:
            start, end = self.done + sentence.span.start, self.done + sentence.span.end
            taken.append(Sentence(index=self.count, span=TextSpan.of(self.text, start, end)))
            self.count += 1
        if not final and complete:
            self.done += found[-1].span.start
        elif final:
            self.done = len(self.text)
        return taken


def reading_of(sentence: Sentence, report: Report, partial: bool = False) -> SentenceReading:
    """The reading of ``sentence`` from the report on an answer that begins with it or contains it (same offsets).

    Args:
        sentence: a sentence of the answer, as :class:`AnswerStream` gives it.
        report: the detector's report on the answer up to the sentence's end (or on more of it).
        partial: the stream ended inside the sentence.
    """
    start, end = sentence.span.start, sentence.span.end
    entries = [s for s in report.sentences if s.sentence.span.start < end and s.sentence.span.end > start]
    if not entries:
        return SentenceReading(
            sentence=sentence,
            score=report.score,
            hallucinated=report.verdict == "hallucinated",
            scored="answer",
            partial=partial,
            error_spans=[s for s in report.hallucinated_spans if s.start < end and s.end > start],
        )
    return SentenceReading(
        sentence=sentence,
        score=max(s.score for s in entries),
        hallucinated=any(s.hallucinated for s in entries),
        scored="sentence",
        partial=partial,
        error_spans=sorted(
            {span for s in entries for span in s.error_spans if span.start < end and span.end > start},
            key=lambda span: (span.start, span.end),
        ),
        evidence=[evidence for s in entries for evidence in s.evidence],
    )


def detect_stream(
    detector: Detector,
    chunks: Iterable[str],
    context: Sequence[Document | str],
    question: str | None = None,
    splitter: SentenceSplitter | None = None,
) -> Iterator[SentenceReading | FinalReport]:
    """Check an answer while it streams: a reading per sentence as it completes, then the final Report.

    Args:
        detector: any detector (``load_detector(...)``).
        chunks: the answer's text, in pieces of any size.
        context: the documents the answer should rest on, as ``detect`` takes them.
        question: the question the answer replies to.
        splitter: finds the sentences (default: the rule splitter, whose boundaries do not move as text arrives).

    Returns:
        An iterator of :class:`SentenceReading` events, in sentence order, then one :class:`FinalReport`.

    Raises:
        TypeError: a chunk is not a string.
        VeracityError: what ``detector.detect`` raises (bad context, a backend failure).
    """
    sentences = AnswerStream(splitter)
    for chunk in chunks:
        for sentence in sentences.feed(chunk):
            yield reading_of(sentence, detector.detect(sentences.text[: sentence.span.end], context, question))
    rest = sentences.close()
    for sentence in rest[:-1]:
        yield reading_of(sentence, detector.detect(sentences.text[: sentence.span.end], context, question))
    report = detector.detect(sentences.text, context, question)
    if rest:
        yield reading_of(rest[-1], report, sentences.cut)
    yield FinalReport(report=report)


async def adetect_stream(
    detector: Detector,
    chunks: AsyncIterable[str],
    context: Sequence[Document | str],
    question: str | None = None,
    splitter: SentenceSplitter | None = None,
) -> AsyncGenerator[SentenceReading | FinalReport, None]:
    """:func:`detect_stream` over an async stream; each detection runs in a worker thread, off the event loop.

    Closing the iterator (or cancelling the task reading it) stops the work: no sentence after the one being read is
    checked.

    Args:
        detector: any detector (``load_detector(...)``).
        chunks: the answer's text, in pieces of any size.
        context: the documents the answer should rest on.
        question: the question the answer replies to.
        splitter: finds the sentences (default: the rule splitter).

    Returns:
        An async iterator of :class:`SentenceReading` events, then one :class:`FinalReport`.

    Raises:
        TypeError: a chunk is not a string.
        VeracityError: what ``detector.detect`` raises.
    """
    sentences = AnswerStream(splitter)

    async def read(text: str) -> Report:
        return await asyncio.to_thread(detector.detect, text, context, question)

    async for chunk in chunks:
        for sentence in sentences.feed(chunk):
            yield reading_of(sentence, await read(sentences.text[: sentence.span.end]))
    rest = sentences.close()
    for sentence in rest[:-1]:
        yield reading_of(sentence, await read(sentences.text[: sentence.span.end]))
    report = await read(sentences.text)
    if rest:
        yield reading_of(rest[-1], report, sentences.cut)
    yield FinalReport(report=report)
