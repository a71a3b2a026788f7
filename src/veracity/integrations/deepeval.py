"""``VeracityMetric``: a DeepEval metric that checks a test case's answer against its retrieved contexts, with no LLM.

It follows DeepEval's ``BaseMetric`` interface (``measure``/``a_measure`` over an ``LLMTestCase``, ``is_successful``,
``score``, ``reason``, ``threshold``), so it runs in ``deepeval.evaluate`` and ``assert_test`` beside DeepEval's own
metrics, without a model key:

* ``score`` — P(supported), ``1 - report.score``: higher is better, as every DeepEval metric's score;
* ``success`` — veracity's verdict is faithful; ``threshold`` — ``1 - report.threshold``, the P(supported) above which
  the verdict is faithful (0.5 until the first measurement: DeepEval asks for a threshold before it runs a metric);
* ``reason`` — each unsupported sentence, its unsupported words and the source sentence it was read against;
* ``report`` — the detector's last :class:`~veracity.schema.Report`;
* an answer the detector could not check (``not_checked``: an empty or blank answer, a language the models do not
  read, one too long to read) has no ``score``; by default (``unchecked="block"``) it is not a success and sets
  ``error`` to the reason, so DeepEval reports the test case as errored, never as passing (DeepEval counts a test
  case whose metrics give no verdict as passed); ``unchecked="pass"`` makes it a success, the reason in ``reason``
  (:func:`~veracity.schema.passes_gate`).

The answer is the test case's ``actual_output``, the question its ``input``, the sources its ``retrieval_context``
(else its ``context``).

Example::

    import os

    os.environ["DEEPEVAL_TELEMETRY_OPT_OUT"] = "YES"  # before deepeval is imported: no usage events are sent

    from deepeval.test_case import LLMTestCase
    from veracity.integrations.deepeval import VeracityMetric

    metric = VeracityMetric("grounding")
    metric.measure(LLMTestCase(
        input="How long is secondary caregiver leave?",
        actual_output="Secondary caregivers get 9 weeks of paid leave.",
        retrieval_context=["Primary caregivers receive 18 weeks of paid leave; secondary caregivers receive 6 weeks."],
    ))
    print(metric.is_successful(), metric.score, metric.reason)

Install with ``pip install 'veracity[deepeval]'`` (deepeval, the version tested pinned).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from veracity.detectors import Detector, load_detector
from veracity.errors import ConfigError, InputError
from veracity.integrations import (
    not_checked_line,
    supported_head,
    supported_line,
    unchecked_policy,
    unsupported_lines,
)
from veracity.schema import Document, Report, UncheckedPolicy, passes_gate

try:
    from deepeval.errors import MissingTestCaseParamsError
    from deepeval.metrics import BaseMetric
    from deepeval.test_case import LLMTestCase
    from deepeval.test_case.llm_test_case import RetrievedContextData
except ImportError as exc:  # the extra is not installed
    raise ImportError("deepeval is not installed; run: pip install 'veracity[deepeval]'") from exc

__all__ = ["MissingTestCaseFieldError", "VeracityMetric", "reason_of"]

# How many unsupported sentences the reason names (the Report has them all).
_REASON_SENTENCES = 5
# DeepEval asks every metric for a threshold before any runs; a report gives the real one.
_THRESHOLD_BEFORE_MEASURING = 0.5
# DeepEval measures test cases concurrently, on copies of the metric sharing one detector: one detection at a time.
_DETECTING = threading.Lock()


class MissingTestCaseFieldError(InputError, MissingTestCaseParamsError):
    """A test case lacks what the metric reads: its answer or its contexts.

    Both veracity's :class:`~veracity.errors.InputError` and DeepEval's ``MissingTestCaseParamsError``, so DeepEval's
    ``skip_on_missing_params`` skips such a test case instead of failing it.
    """


def reason_of(report: Report, unchecked: UncheckedPolicy = "block") -> str:
    """The reason of a Report: the verdict and P(supported), then each unsupported sentence with its words and evidence.

    An unsupported sentence reads ``"<sentence>": unsupported '9 weeks'; the sources say "<evidence>" [<document>]``,
    its evidence being the source sentence it was read against (the closest one). A faithful answer's reason names
    the documents its sentences were found in; a not-checked one gives the detector's notes (why it was not checked)
    and whether it passed under ``unchecked``.
    """
    if report.verdict == "not_checked" or report.score is None:
        return not_checked_line(report, unchecked)
    head = supported_head(report)
    if report.verdict == "faithful":
        return supported_line(report)
    lines = [f"not supported: {head}"]
    flagged = [sentence for sentence in report.sentences if sentence.hallucinated]
    if not flagged and report.hallucinated_spans:  # a detector that marks words but scores no sentences
        lines.append("unsupported " + ", ".join(repr(span.text) for span in report.hallucinated_spans))
    lines += unsupported_lines(flagged, _REASON_SENTENCES)
    return "\n".join(lines)


def _fields_of(test_case: LLMTestCase) -> str:
    """The fields a test case sets, an empty one marked: what an error message says was found."""
    found = []
    for name in sorted(test_case.model_fields_set):
        value = getattr(test_case, name, None)
        if value is None or isinstance(value, bool):  # a flag (multimodal) is no field of the test case's content
            continue
        found.append(f"{name} (empty)" if isinstance(value, str | list) and len(value) == 0 else name)
    return ", ".join(found) or "none"


def _inputs(test_case: Any) -> tuple[str, list[Document], str | None]:
    """(answer, documents, question) of a test case.

    Raises:
        MissingTestCaseFieldError: no ``actual_output``, or neither ``retrieval_context`` nor ``context`` (None or
            empty); the message names the fields looked for and the fields the test case has.
        InputError: not an ``LLMTestCase``, or a context that is not text.
    """
    if not isinstance(test_case, LLMTestCase):
        raise InputError(f"VeracityMetric reads an LLMTestCase, not {type(test_case).__name__}")
    answer = test_case.actual_output
    if not isinstance(answer, str):
        raise MissingTestCaseFieldError(
            "VeracityMetric needs the answer to check: looked for actual_output; "
            f"the test case has {_fields_of(test_case)}"
        )
    field = "retrieval_context" if test_case.retrieval_context else "context" if test_case.context else None
    if field is None:
        raise MissingTestCaseFieldError(
            "VeracityMetric needs the sources to check the answer against: looked for retrieval_context, then "
            f"context (a non-empty list of texts); the test case has {_fields_of(test_case)}"
        )
    return answer, _documents(getattr(test_case, field), field), test_case.input or None


def _documents(contexts: Sequence[Any], field: str) -> list[Document]:
    """The contexts as veracity Documents: ``context-1``, ``context-2``, ...; a ``RetrievedContextData`` its source."""
    documents: list[Document] = []
    used: set[str] = set()
    for index, item in enumerate(contexts):
        if isinstance(item, RetrievedContextData):
            text, base = item.context, item.source or f"context-{index + 1}"
        elif isinstance(item, str):
            text, base = item, f"context-{index + 1}"
        else:
            raise InputError(
                f"{field}[{index}] is {type(item).__name__}, not text: VeracityMetric reads strings "
                "(or RetrievedContextData)"
            )
        doc_id, copy = base, 1
        while doc_id in used:  # several chunks of one source
            copy += 1
            doc_id = f"{base}#{copy}"
        used.add(doc_id)
        documents.append(Document(id=doc_id, text=text))
    return documents


def _detect(detector: Detector, answer: str, documents: Sequence[Document], question: str | None) -> Report:
    with _DETECTING:
        return detector.detect(answer, documents, question)


class VeracityMetric(BaseMetric):  # type: ignore[no-untyped-call]  # BaseMetric.__init_subclass__ is untyped
    """A DeepEval metric: whether a test case's answer is supported by its contexts (a veracity detector, no LLM).

    DeepEval metrics are higher-is-better, so ``score`` is P(supported), ``1 - report.score`` (veracity's own score
    is P(hallucinated)). ``success`` is veracity's verdict, faithful; ``threshold`` is ``1 - report.threshold``, the
    P(supported) above which the verdict is faithful (veracity: hallucinated exactly when ``report.score >=
    report.threshold``). To move it, set the detector's own threshold (``settings={"threshold": ...}`` for a detector
    that has one). ``reason`` names each unsupported sentence, its unsupported words and the source sentence it was
    read against; ``report`` holds the whole Report. An answer the detector could not check (``not_checked``) has no
    score; under ``unchecked="block"`` (the default) it sets ``error`` to the reason: DeepEval reports it as errored,
    a failed test case, never a pass. Under ``unchecked="pass"`` it is a success, the reason in ``reason``.

    Args:
        detector: a detector, or the name of one (default: veracity's default, ``auto``). A name is built once, here
            (models load on first use and are shared); DeepEval's copies of the metric share the detector.
        settings: the named detector's settings (``load_detector(name, **settings)``); only with a name.
        async_mode: whether DeepEval runs :meth:`a_measure` (the detection in a worker thread) or :meth:`measure`.
        unchecked: what an answer the detector could not check does: ``block`` (the default) — it fails, as an
            errored measurement; ``pass`` — it succeeds.

    Raises:
        ConfigError: ``settings`` with a ready detector, settings the detector does not take, or an ``unchecked``
            that is neither ``block`` nor ``pass``.
        UnknownNameError: no detector has that name.
    """

    def __init__(
        self,
        detector: Detector | str = "auto",
        *,
        settings: Mapping[str, Any] | None = None,
        async_mode: bool = True,
        unchecked: UncheckedPolicy = "block",
    ) -> None:
        self.unchecked = unchecked_policy(unchecked)
        if isinstance(detector, str):
            detector = load_detector(detector, **dict(settings or {}))
        elif settings:
            raise ConfigError("settings apply to a detector given by name; this one is built already")
        self.detector: Detector = detector
        self.async_mode = async_mode
        self.threshold = _THRESHOLD_BEFORE_MEASURING
        self.evaluation_model = f"veracity {detector.name} (no LLM)"
        self.include_reason = True
        self.verbose_mode = False
        self.strict_mode = False
        self.report: Report | None = None

    def _record(self, report: Report) -> float | None:
        """The metric's state after a report: score, threshold, reason and success."""
        self.report = report
        self.threshold = 1.0 - report.threshold
        self.score = None if report.score is None else 1.0 - report.score
        self.reason = reason_of(report, self.unchecked)
        # DeepEval has no "no verdict" for a test case (a metric without one leaves it passing): an answer the
        # detector could not check is an errored measurement, so that it is never counted as a pass — unless the
        # policy lets unchecked answers through.
        self.error = None if passes_gate(report.verdict, self.unchecked) or self.score is not None else self.reason
        self.success = self.is_successful()
        return self.score

    def measure(  # type: ignore[override]  # None: an answer not checked has no score
        self, test_case: LLMTestCase, _show_indicator: bool = True, _in_component: bool = False, **kwargs: Any
    ) -> float | None:
        """Checks the test case's ``actual_output`` against its ``retrieval_context`` (else ``context``).

        Returns:
            The score, P(supported); None when the detector could not read the answer (``not_checked``).

        Raises:
            MissingTestCaseFieldError: no ``actual_output``, or no contexts (naming the fields looked for and found).
            InputError: a context that is not text.
        """
        del _show_indicator, _in_component, kwargs  # DeepEval's progress display options: nothing to display
        answer, documents, question = _inputs(test_case)
        return self._record(_detect(self.detector, answer, documents, question))

    async def a_measure(  # type: ignore[override]  # as measure
        self, test_case: LLMTestCase, _show_indicator: bool = True, _in_component: bool = False, **kwargs: Any
    ) -> float | None:
        """:meth:`measure`, the detection in a worker thread (DeepEval's event loop goes on meanwhile)."""
        del _show_indicator, _in_component, kwargs
        answer, documents, question = _inputs(test_case)
        report = await asyncio.to_thread(_detect, self.detector, answer, documents, question)
        return self._record(report)

    def is_successful(self) -> bool | None:
        """The gate: True when faithful; False when hallucinated or errored; None before any measure.

        An answer not checked is False under ``unchecked="block"`` (the default), True under ``"pass"``.
        """
        if self.error is not None:
            self.success = False
        elif self.report is None:
            self.success = None
        else:
            self.success = passes_gate(self.report.verdict, self.unchecked)
        return self.success

    @property
    def __name__(self) -> str:
        return "Veracity"
