"""``VeracityGuard``: a LangChain Runnable that checks a retrieval chain's answer against the documents it retrieved.

Put it after a chain whose output is a dict holding the question, the answer and the retrieved ``Document``s; it
returns the same dict with the detector's :class:`~veracity.schema.Report` added under ``"veracity"``.

Example::

    from langchain_core.documents import Document
    from veracity.integrations.langchain import VeracityGuard

    guard = VeracityGuard("grounding")
    out = guard.invoke({
        "question": "Where was Marie Curie born?",
        "answer": "Marie Curie was born in Paris.",
        "context": [Document(page_content="Marie Curie was born in Warsaw.", metadata={"id": "bio"})],
    })
    print(out["veracity"].verdict)  # hallucinated

Policies: ``annotate`` (default) adds the Report; ``raise`` raises :class:`HallucinatedAnswerError` (carrying the
Report) when the verdict is hallucinated; ``replace`` puts ``fallback`` in place of such an answer.

An answer the detector could not check (``not_checked``: an empty or blank answer, another language, one too long to
read) does not pass either, by default (``unchecked="block"``, :func:`~veracity.schema.passes_gate`): ``raise``
raises :class:`UncheckedAnswerError` (a :class:`HallucinatedAnswerError`) whose message gives the reason,
``replace`` puts ``fallback`` in its place, ``annotate`` adds its Report (verdict ``not_checked``, the reason in its
``notes``). ``unchecked="pass"`` lets such answers through. :meth:`VeracityGuard.passes` says whether a Report passes.

``stream``/``astream`` (and a chain streamed through the guard) pass each chunk of the input through as it comes and
add, under ``"veracity_sentences"``, each answer sentence's :class:`~veracity.streaming.SentenceReading` as soon as the
sentence is complete (:mod:`veracity.streaming`), then the Report under ``"veracity"`` — the Report ``invoke`` gives.
Under ``replace`` the answer is held back until the Report decides it. Sentences are read once the context has
arrived, with the question known by then.

Install with ``pip install 'veracity[langchain]'`` (langchain-core, the version tested pinned).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from typing import Any, Literal

from veracity.detectors import Detector, load_detector
from veracity.errors import InputError
from veracity.integrations import HallucinatedAnswerError, UncheckedAnswerError, unchecked_policy
from veracity.schema import Document, Report, Sentence, UncheckedPolicy, passes_gate
from veracity.streaming import AnswerStream, SentenceReading, reading_of

try:
    from langchain_core.documents import Document as LangChainDocument
    from langchain_core.messages import BaseMessage
    from langchain_core.runnables import Runnable, RunnableConfig
    from langchain_core.runnables.utils import AddableDict
except ImportError as exc:  # the extra is not installed
    raise ImportError("langchain-core is not installed; run: pip install 'veracity[langchain]'") from exc

__all__ = ["HallucinatedAnswerError", "UncheckedAnswerError", "VeracityGuard", "documents_of"]

Policy = Literal["annotate", "raise", "replace"]

ANSWER_KEYS = ("answer", "output", "result")
CONTEXT_KEYS = ("context", "documents", "source_documents")
QUESTION_KEYS = ("question", "input", "query")
# Where a LangChain Document's id may be kept, in the order they are looked at.
_ID_METADATA = ("id", "doc_id", "document_id", "source")


def documents_of(value: Any) -> list[Document]:
    """A chain's retrieved documents as veracity's: text from ``page_content``, an id from ``metadata`` if any.

    Takes a list of LangChain ``Document``s, of strings, or of dicts holding ``page_content`` or ``text``; or one
    string (a context already joined into one text). A document without an id in its metadata (``id``, ``doc_id``,
    ``document_id``, ``source``) or of its own gets ``doc-N``; a repeated id gets ``#2``, ``#3``.

    Raises:
        InputError: a document has no text (bytes, a dict without ``page_content`` or ``text``, a number).
    """
    if isinstance(value, str):
        return [Document(id="context", text=value)]
    if isinstance(value, LangChainDocument):
        value = [value]
    if not isinstance(value, Sequence):
        raise InputError(f"the context is {type(value).__name__}; VeracityGuard reads a list of Documents or texts")
    documents: list[Document] = []
    used: set[str] = set()
    for index, item in enumerate(value):
        metadata: Mapping[str, Any] = {}
        if isinstance(item, LangChainDocument):
            text, metadata, own_id = item.page_content, item.metadata, item.id
        elif isinstance(item, str):
            text, own_id = item, None
        elif isinstance(item, Mapping) and isinstance(item.get("page_content", item.get("text")), str):
            text, own_id = item.get("page_content", item.get("text")), item.get("id")
            metadata = item.get("metadata") or {}
        else:
            raise InputError(
                f"context document {index} is {type(item).__name__}, not text: VeracityGuard reads a LangChain "
                "Document's page_content, a str, or a dict with page_content or text"
            )
        found = next((metadata[key] for key in _ID_METADATA if metadata.get(key) not in (None, "")), own_id)
        base = str(found) if found not in (None, "") else f"doc-{index + 1}"
        doc_id, copy = base, 1
        while doc_id in used:
            copy += 1
            doc_id = f"{base}#{copy}"
        used.add(doc_id)
        title = metadata.get("title")
        documents.append(Document(id=doc_id, text=text, title=title if isinstance(title, str) else None))
    return documents


def _text(value: Any, key: str) -> str:
    """An answer (or question) value as text: a str, or a chat message's text."""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseMessage):
        return str(value.text)
    raise InputError(f"{key!r} holds {type(value).__name__}, not text (a str or a chat message)")


def _key(found: Mapping[str, Any], keys: tuple[str, ...], what: str, required: bool = True) -> str | None:
    """The first of ``keys`` the chain's output has.

    Raises:
        InputError: none is there and ``what`` is required; the message names the keys looked for and found.
    """
    key = next((k for k in keys if k in found), None)
    if key is None and required:
        looked = ", ".join(repr(k) for k in keys)
        have = ", ".join(repr(k) for k in found) or "none"
        raise InputError(f"VeracityGuard found no {what} in the chain's output: looked for {looked}; it has {have}")
    return key


class VeracityGuard(Runnable[dict[str, Any], dict[str, Any]]):
    """Checks a retrieval chain's answer against its retrieved documents; returns the output with the Report.

    Args:
        detector: a detector, or the name of one (loaded on first use).
        policy: ``annotate`` (add the Report), ``raise`` (raise :class:`HallucinatedAnswerError` on an answer that
            does not pass), or ``replace`` (put ``fallback`` in place of an answer that does not pass).
        unchecked: what an answer the detector could not check (``not_checked``) does: ``block`` (the default) — it
            does not pass, as a hallucinated one (``raise`` raises :class:`UncheckedAnswerError` with the reason,
            ``replace`` replaces it); ``pass`` — it goes through as a faithful one.
        fallback: the answer ``replace`` gives.
        answer_key: where the answer is (default: the first of ``answer``, ``output``, ``result``).
        context_key: where the retrieved documents are (default: ``context``, ``documents``, ``source_documents``).
        question_key: where the question is (default: ``question``, ``input``, ``query``; it may be absent).
        report_key: where the Report goes; the streamed sentence readings go under ``{report_key}_sentences``.
    """

    def __init__(
        self,
        detector: Detector | str = "auto",
        *,
        policy: Policy = "annotate",
        unchecked: UncheckedPolicy = "block",
        fallback: str = "I could not find support for an answer in the sources.",
        answer_key: str | None = None,
        context_key: str | None = None,
        question_key: str | None = None,
        report_key: str = "veracity",
    ) -> None:
        if policy not in ("annotate", "raise", "replace"):
            raise InputError(f"unknown policy {policy!r}; choose annotate, raise or replace")
        self.detector = detector
        self.policy = policy
        self.unchecked = unchecked_policy(unchecked)
        self.fallback = fallback
        self.answer_keys = (answer_key,) if answer_key else ANSWER_KEYS
        self.context_keys = (context_key,) if context_key else CONTEXT_KEYS
        self.question_keys = (question_key,) if question_key else QUESTION_KEYS
        self.report_key = report_key
        self._lock = threading.Lock()  # one detection at a time: batch() runs invoke on several threads

    def _detect(self, answer: str, context: Sequence[Document], question: str | None) -> Report:
        with self._lock:
            if isinstance(self.detector, str):
                self.detector = load_detector(self.detector)
            return self.detector.detect(answer, context, question)

    def _inputs(self, output: Mapping[str, Any]) -> tuple[str, str, list[Document], str | None]:
        """(answer key, answer, documents, question) of a chain's output."""
        answer_key = _key(output, self.answer_keys, "answer")
        context_key = _key(output, self.context_keys, "context")
        question_key = _key(output, self.question_keys, "question", required=False)
        assert answer_key is not None and context_key is not None
        question = _text(output[question_key], question_key) if question_key else None
        return answer_key, _text(output[answer_key], answer_key), documents_of(output[context_key]), question

    def passes(self, report: Report) -> bool:
        """Whether the guard lets the answer of ``report`` through.

        A faithful answer passes; one not checked passes under ``unchecked="pass"`` only
        (:func:`~veracity.schema.passes_gate`).
        """
        return passes_gate(report.verdict, self.unchecked)

    def _refuse(self, report: Report) -> None:
        """Under ``raise``: the error for an answer that does not pass."""
        if self.policy == "raise" and not self.passes(report):
            raise UncheckedAnswerError(report) if report.verdict == "not_checked" else HallucinatedAnswerError(report)

    def _decided(self, output: Mapping[str, Any], answer_key: str, report: Report) -> dict[str, Any]:
        """The output with the Report, after the policy."""
        self._refuse(report)
        if self.policy == "replace" and not self.passes(report):
            return {**output, answer_key: self.fallback, self.report_key: report}
        return {**output, self.report_key: report}

    def _check(self, output: dict[str, Any]) -> dict[str, Any]:
        answer_key, answer, documents, question = self._inputs(output)
        return self._decided(output, answer_key, self._detect(answer, documents, question))

    async def _acheck(self, output: dict[str, Any]) -> dict[str, Any]:
        answer_key, answer, documents, question = self._inputs(output)
        report = await asyncio.to_thread(self._detect, answer, documents, question)
        return self._decided(output, answer_key, report)

    def invoke(self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any) -> dict[str, Any]:
        """The chain's output with the Report under ``report_key`` (after the policy)."""
        return self._call_with_config(self._check, input, config, **kwargs)

    async def ainvoke(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        """:meth:`invoke`, the detection in a worker thread."""
        return await self._acall_with_config(self._acheck, input, config, **kwargs)

    def transform(
        self, input: Iterator[dict[str, Any]], config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[dict[str, Any]]:
        """The chunks passed through, each sentence's reading as it completes, then the Report."""
        yield from self._transform_stream_with_config(input, self._transform, config, **kwargs)

    def stream(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[dict[str, Any]]:
        """:meth:`transform` of the one input."""
        return self.transform(iter([input]), config, **kwargs)

    async def atransform(
        self, input: AsyncIterator[dict[str, Any]], config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[dict[str, Any]]:
        """:meth:`transform` over an async stream of chunks, the detections in a worker thread."""
        async for chunk in self._atransform_stream_with_config(input, self._atransform, config, **kwargs):
            yield chunk

    async def astream(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[dict[str, Any]]:
        """:meth:`atransform` of the one input."""

        async def once() -> AsyncIterator[dict[str, Any]]:
            yield input

        async for chunk in self.atransform(once(), config, **kwargs):
            yield chunk

    def _transform(self, chunks: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        run = _Run(self)
        for chunk in chunks:
            passed, ready = run.take(chunk)
            if passed:
                yield passed
            for sentence in ready:
                yield run.reading(sentence, self._detect(run.prefix(sentence), run.documents, run.question))
        rest = run.close()
        for sentence in rest[:-1]:
            yield run.reading(sentence, self._detect(run.prefix(sentence), run.documents, run.question))
        report = self._detect(run.answer.text, run.documents, run.question)
        if rest:
            yield run.reading(rest[-1], report, run.answer.cut)
        yield run.final(report)

    async def _atransform(self, chunks: AsyncIterator[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
        run = _Run(self)

        async def detect(text: str) -> Report:
            return await asyncio.to_thread(self._detect, text, run.documents, run.question)

        async for chunk in chunks:
            passed, ready = run.take(chunk)
            if passed:
                yield passed
            for sentence in ready:
                yield run.reading(sentence, await detect(run.prefix(sentence)))
        rest = run.close()
        for sentence in rest[:-1]:
            yield run.reading(sentence, await detect(run.prefix(sentence)))
        report = await detect(run.answer.text)
        if rest:
            yield run.reading(rest[-1], report, run.answer.cut)
        yield run.final(report)


class _Run:
    """One streamed check: the chunks seen so far, the answer's sentences, those waiting for the context."""

    def __init__(self, guard: VeracityGuard) -> None:
        self.guard = guard
        self.seen: dict[str, Any] = {}
        self.answer = AnswerStream()
        self.answer_key: str | None = None
        self.documents: list[Document] = []
        self.has_context = False
        self.question: str | None = None
        self.waiting: list[Sentence] = []  # complete, but the context has not arrived

    def take(self, chunk: Mapping[str, Any]) -> tuple[AddableDict, list[Sentence]]:
        """The part of a chunk to pass on now, and the sentences ready to read."""
        if not isinstance(chunk, Mapping):
            raise InputError(f"VeracityGuard reads a chain's output dict, not {type(chunk).__name__}")
        passed = AddableDict(chunk)
        for key, value in chunk.items():
            if key in self.guard.answer_keys and (self.answer_key in (None, key)):
                self.answer_key = key
                self.waiting += self.answer.feed(_text(value, key))
                if self.guard.policy == "replace":
                    del passed[key]  # held back until the Report decides
            elif key in self.guard.context_keys and not self.has_context:
                self.documents, self.has_context = documents_of(value), True
            elif key in self.guard.question_keys and value is not None:
                self.question = (self.question or "") + _text(value, key)
            elif key in self.seen and isinstance(value, str):
                value = self.seen[key] + value
            self.seen[key] = value
        ready, self.waiting = (self.waiting, []) if self.has_context else ([], self.waiting)
        return passed, ready

    def close(self) -> list[Sentence]:
        """The stream ended: the sentences still to read (the last is read from the final Report).

        Raises:
            InputError: the stream brought no answer or no context (naming the keys looked for and found).
        """
        _key(self.seen, self.guard.answer_keys, "answer")
        _key(self.seen, self.guard.context_keys, "context")
        return [*self.waiting, *self.answer.close()]

    def prefix(self, sentence: Sentence) -> str:
        """The answer up to the end of ``sentence``: what its reading reads."""
        return self.answer.text[: sentence.span.end]

    def reading(self, sentence: Sentence, report: Report, partial: bool = False) -> AddableDict:
        """The chunk carrying one sentence's reading."""
        reading: SentenceReading = reading_of(sentence, report, partial)
        return AddableDict({f"{self.guard.report_key}_sentences": [reading]})

    def final(self, report: Report) -> AddableDict:
        """The last chunk: the Report, after the policy (``replace`` sends the answer now)."""
        self.guard._refuse(report)
        last = AddableDict({self.guard.report_key: report})
        if self.guard.policy == "replace" and self.answer_key is not None:
            last[self.answer_key] = self.answer.text if self.guard.passes(report) else self.guard.fallback
        return last
