"""What every report promises, whichever detector wrote it: :func:`~veracity.detectors.load_detector` wraps each.

1. **Marks agree with the verdict.** Words are shown as unsupported (``hallucinated_spans``, a sentence's
   ``error_spans``) only under a ``hallucinated`` verdict. A detector that marked words in an answer it judged faithful
   as a whole (a span model's weak token run, a sentence over its own threshold under a calibrated headline) keeps
   them, named for what they are, in ``details.below_threshold_spans``; its sentences read ✓.
2. **No verdict on a language the models do not read.** A detector whose models read English only
   (``reads_english_only``, true for every shipped detector but ``novelty``) gives an answer that surely reads as
   another language (:func:`~veracity.text.language.detect_language`) the verdict ``not_checked``, with a note naming
   the language. A ``not_checked`` report has no score: what the detector read anyway (``fused`` computes it from its
   language-agnostic word overlap signals alone) is kept in ``details.unchecked_score`` and decides nothing: a swapped
   name or number in German is as invisible to the models as a faithful German paraphrase is unreadable to them.
3. **Nothing dropped silently.** Empty documents and repeated passages, which every detector drops
   (:func:`~veracity.detectors.base.as_documents`), are named in a note.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from veracity.schema import Document, Report

__all__ = ["GuardedDetector", "guarded", "innermost", "keep_promises"]


def keep_promises(report: Report, english_only: bool) -> Report:
    """``report`` made to keep the two promises of this module (the same report when it already does)."""
    if english_only and report.verdict != "not_checked" and report.answer.strip():
        from veracity.text.language import detect_language

        language = detect_language(report.answer)
        if language is not None and language.code != "en":
            note = (
                f"not checked: the answer reads as {language.code!r} (p = {language.probability:.2f}) and the models "
                f"of {report.detector!r} read English only; what they read is kept in details.unchecked_score and "
                "decides nothing (the `novelty` detector reads any language)"
            )
            report = report.as_not_checked(note)
    if report.verdict == "hallucinated":
        return report
    weak = list(report.hallucinated_spans)
    sentences = []
    for scored in report.sentences:
        if scored.hallucinated or scored.error_spans:
            weak += [s for s in scored.error_spans if s not in weak]
            scored = scored.model_copy(update={"hallucinated": False, "error_spans": []})
        sentences.append(scored)
    if not weak and sentences == report.sentences:
        return report
    return report.model_copy(
        update={
            "hallucinated_spans": [],
            "sentences": sentences,
            "details": report.details.model_copy(
                update={"below_threshold_spans": sorted(weak, key=lambda span: (span.start, span.end))}
            ),
        }
    )


class GuardedDetector:
    """A detector whose every report keeps this module's promises (it sees through to the wrapped one otherwise)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.inner, attribute)

    def config(self) -> dict[str, Any]:
        """The wrapped detector's."""
        return dict(self.inner.config())

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The wrapped detector's report, keeping the promises."""
        english_only = bool(getattr(innermost(self.inner), "reads_english_only", False))
        if english_only:
            from veracity.text.language import preload_identifier

            preload_identifier()  # loads while the detector works (see there)
        report = self.inner.detect(answer, context, question)
        dropped = _dropped(context)
        if dropped is not None and dropped not in report.notes:
            report = report.model_copy(update={"notes": [*report.notes, dropped]})
        return keep_promises(report, english_only)


def _dropped(context: Sequence[Document | str]) -> str | None:
    """The note naming the documents of ``context`` that the detector dropped (a context it refuses has none)."""
    from veracity.detectors.base import dropped_documents, to_documents
    from veracity.errors import InputError

    try:
        return dropped_documents(to_documents(context))
    except InputError:  # the detector said what is wrong with it already
        return None


def guarded(detector: Any) -> GuardedDetector:
    """``detector`` wrapped once (a guarded detector is returned as it is)."""
    return detector if isinstance(detector, GuardedDetector) else GuardedDetector(detector)


def innermost(detector: Any) -> Any:
    """The detector under its wrappers (the guard, a calibration)."""
    while hasattr(detector, "inner") and getattr(detector, "name", None) == getattr(detector.inner, "name", None):
        detector = detector.inner
    return detector
