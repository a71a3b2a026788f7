"""``VeracityEvaluator``: a LlamaIndex evaluator that checks a response against the contexts it was drawn from.

It follows llama-index-core's ``BaseEvaluator`` interface (``evaluate``/``aevaluate`` over query, response and
contexts; ``evaluate_response``/``aevaluate_response`` over a query engine's ``Response``), so it runs wherever an
evaluator does, ``BatchEvalRunner`` included. The result is an ``EvaluationResult`` (a :class:`VeracityResult`, which
also carries the detector's Report):

* ``score`` — P(supported), ``1 - report.score``; ``passing`` — the verdict is faithful;
* ``feedback`` — each unsupported sentence, its unsupported words and the source sentence it was read against;
* an answer the detector could not check (``not_checked``: an empty or blank answer, a language the models do not
  read, one too long to read) does not pass: ``passing`` False (the evaluator's ``unchecked="block"``, the default;
  ``unchecked="pass"`` makes it True, :func:`~veracity.schema.passes_gate`), ``score`` None (it has none), and
  ``invalid_result=True`` with the reason in ``invalid_reason`` and ``feedback`` — so that a mean score counts only
  answers that were checked, while a pass rate never counts one that was not.

Example::

    from veracity.integrations.llama_index import VeracityEvaluator

    evaluator = VeracityEvaluator("grounding")
    result = evaluator.evaluate(
        query="Where was Marie Curie born?",
        response="Marie Curie was born in Paris.",
        contexts=["Marie Curie was born in Warsaw."],
    )
    print(result.passing, result.score, result.feedback)

Install with ``pip install 'veracity[llama-index]'`` (llama-index-core, the version tested pinned).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar

from veracity.detectors import Detector, load_detector
from veracity.errors import InputError
from veracity.integrations import (
    not_checked_line,
    supported_head,
    supported_line,
    unchecked_policy,
    unsupported_lines,
)
from veracity.schema import Document, Report, UncheckedPolicy, passes_gate

try:
    from llama_index.core.base.response.schema import Response
    from llama_index.core.evaluation.base import BaseEvaluator, EvaluationResult
    from llama_index.core.prompts.mixin import PromptDictType
    from llama_index.core.schema import MetadataMode, NodeWithScore
except ImportError as exc:  # the extra is not installed
    raise ImportError("llama-index-core is not installed; run: pip install 'veracity[llama-index]'") from exc

__all__ = ["VeracityEvaluator", "VeracityResult", "feedback_of"]

# Where a node's metadata may name its document, in the order they are looked at (file_name: SimpleDirectoryReader).
_ID_METADATA = ("id", "doc_id", "document_id", "file_name", "source")
# How many unsupported sentences the feedback names (the Report has them all).
_FEEDBACK_SENTENCES = 5


_T = TypeVar("_T")


def _run(coro: Coroutine[Any, Any, _T]) -> _T:
    """Runs ``coro`` to completion from sync code, inside a running event loop too (in a thread).

    Not llama-index's ``asyncio_run``: it leaves the event loop it creates open, and a ResourceWarning follows when
    the loop is collected; ``asyncio.run`` closes its own.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop running here: the usual case
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


class VeracityResult(EvaluationResult):
    """LlamaIndex's ``EvaluationResult`` with the detector's Report (its sentences, spans and evidence)."""

    report: Report


def feedback_of(report: Report, unchecked: UncheckedPolicy = "block") -> str:
    """The feedback line of a Report: its verdict, then each unsupported sentence with its words and evidence.

    An unsupported sentence reads ``"<sentence>": unsupported 'Paris'; the sources say "<evidence>" [<document>]``,
    its evidence being the source sentence it was read against (the closest one). A faithful answer's feedback names
    the documents its sentences were found in; a not-checked one gives the detector's notes (why it was not checked)
    and whether it passed under ``unchecked``.
    """
    if report.verdict == "not_checked" or report.score is None:
        return not_checked_line(report, unchecked)
    head = supported_head(report)
    flagged = [sentence for sentence in report.sentences if sentence.hallucinated]
    if report.verdict == "faithful" or not flagged:
        return supported_line(report)
    lines = [f"not supported: {head}", *unsupported_lines(flagged, _FEEDBACK_SENTENCES)]
    return "\n".join(lines)


def _documents(contexts: Sequence[str] | None, where: str) -> list[Document]:
    """The contexts as veracity Documents, ``context-1``, ``context-2``, ...

    Raises:
        InputError: no contexts (None or empty), or one that is not text; the message says where they were looked for.
    """
    if contexts is None or isinstance(contexts, str) or len(contexts) == 0:
        given = "a str" if isinstance(contexts, str) else repr(contexts)
        raise InputError(
            f"VeracityEvaluator needs contexts to check the response against: looked for {where}; got {given}"
        )
    documents = []
    for index, text in enumerate(contexts):
        if not isinstance(text, str):
            raise InputError(f"context {index} is {type(text).__name__}, not text: VeracityEvaluator reads strings")
        documents.append(Document(id=f"context-{index + 1}", text=text))
    return documents


def _node_documents(nodes: Sequence[NodeWithScore]) -> list[Document]:
    """A Response's source nodes as Documents: text without metadata, an id from metadata or the node's own."""
    if len(nodes) == 0:
        raise InputError(
            "VeracityEvaluator needs contexts to check the response against: looked for the Response's source_nodes; "
            "it has none (a query engine that retrieved nothing)"
        )
    documents: list[Document] = []
    used: set[str] = set()
    for node in nodes:
        metadata = node.node.metadata
        found = next((metadata[key] for key in _ID_METADATA if metadata.get(key) not in (None, "")), node.node_id)
        doc_id, copy = str(found), 1
        while doc_id in used:  # several chunks of one file
            copy += 1
            doc_id = f"{found}#{copy}"
        used.add(doc_id)
        documents.append(Document(id=doc_id, text=node.node.get_content(metadata_mode=MetadataMode.NONE)))
    return documents


class VeracityEvaluator(BaseEvaluator):
    """Evaluates whether a response is supported by its contexts with a veracity detector (no LLM).

    Args:
        detector: a detector, or the name of one (loaded on first use).
        unchecked: whether an answer the detector could not check (``not_checked``) is ``passing``: ``block`` (the
            default) — False; ``pass`` — True. Its ``score`` is None either way, and the reason is in ``feedback``.

    Raises:
        ConfigError: ``unchecked`` is neither ``block`` nor ``pass``.
    """

    def __init__(self, detector: Detector | str = "auto", *, unchecked: UncheckedPolicy = "block") -> None:
        self.detector = detector
        self.unchecked = unchecked_policy(unchecked)
        self._lock = threading.Lock()  # one detection at a time: BatchEvalRunner runs several workers

    def _get_prompts(self) -> PromptDictType:
        """No prompts: the detector uses no LLM."""
        return {}

    def _update_prompts(self, prompts_dict: PromptDictType) -> None:
        """No prompts to update."""

    def _detect(self, answer: str, documents: Sequence[Document], question: str | None) -> Report:
        with self._lock:
            if isinstance(self.detector, str):
                self.detector = load_detector(self.detector)
            return self.detector.detect(answer, documents, question)

    async def _result(
        self, query: str | None, response: str | None, documents: list[Document], where: str
    ) -> VeracityResult:
        if not isinstance(response, str):
            raise InputError(f"VeracityEvaluator needs a response to check: looked for {where}; got {response!r}")
        report = await asyncio.to_thread(self._detect, response, documents, query)
        checked = report.verdict != "not_checked" and report.score is not None
        feedback = feedback_of(report, self.unchecked)
        return VeracityResult(
            query=query,
            response=response,
            contexts=[document.text for document in documents],
            passing=passes_gate(report.verdict, self.unchecked),
            score=1.0 - report.score if report.score is not None else None,
            feedback=feedback,
            invalid_result=not checked,
            invalid_reason=None if checked else feedback,
            report=report,
        )

    async def aevaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> VeracityResult:
        """Checks ``response`` against ``contexts`` (and ``query``, where the detector reads the question).

        Returns:
            The result: ``score`` P(supported), ``passing`` the verdict is faithful, ``feedback`` the unsupported
            words and their evidence, ``report`` the Report. A not-checked answer is ``invalid_result``, with no
            score, and ``passing`` by the ``unchecked`` policy (False by default).

        Raises:
            InputError: no response or no contexts (naming what was looked for), or a context that is not text.
        """
        del kwargs  # BatchEvalRunner passes its per-evaluator kwargs; none are read
        return await self._result(
            query, response, _documents(contexts, "the contexts argument"), "the response argument"
        )

    def evaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> VeracityResult:
        """:meth:`aevaluate`, run to completion."""
        return _run(self.aevaluate(query=query, response=response, contexts=contexts, **kwargs))

    async def aevaluate_response(
        self, query: str | None = None, response: Response | None = None, **kwargs: Any
    ) -> VeracityResult:
        """Checks a query engine's ``Response`` against its own ``source_nodes``, each named by its metadata's id.

        The text of a node is read without its metadata; its id is the first of its metadata's ``id``, ``doc_id``,
        ``document_id``, ``file_name``, ``source``, else the node's id.

        Raises:
            InputError: no Response, a Response without text, or one without source nodes.
        """
        del kwargs
        if response is None:
            raise InputError("VeracityEvaluator needs a response to check: looked for the response argument; got None")
        documents = _node_documents(response.source_nodes)
        return await self._result(query, response.response, documents, "the Response's response text")

    def evaluate_response(
        self, query: str | None = None, response: Response | None = None, **kwargs: Any
    ) -> VeracityResult:
        """:meth:`aevaluate_response`, run to completion."""
        return _run(self.aevaluate_response(query=query, response=response, **kwargs))
