"""Calibrated detectors: any detector whose score is mapped to P(hallucinated) by a fitted calibrator.

:func:`with_calibration` wraps a detector according to its ``calibration`` setting:

- ``auto`` (default): the calibrator shipped for the detector (``detectors/calibrators/NAME.json``), if there is one
  and it was fitted for these settings and model weights. If it was fitted for others, the scores stay raw and every
  report says so in its notes; if none is shipped, the scores stay raw (``Report.calibration`` is None).
- ``none``: raw scores.
- ``shipped:NAME``: the calibrator shipped as ``detectors/calibrators/NAME.json`` (e.g. one fitted for the verifier
  with another model), which must exist and match like a file;
- a file path: that calibrator, which must match (else a :class:`~veracity.calibration.CalibrationError`
  naming the file).

A calibrated report's ``score`` is P(hallucinated), its ``threshold`` 0.5 and its verdict follows them; the raw score
is kept in ``raw_score``, and ``calibration`` names the file, the input shape and the method. Sentence scores,
claims and spans are the detector's own, at its raw threshold. An input shape the calibrator has no fit for keeps the
raw score, with a note; a shape whose fit was written with ``veracity calibrate --force`` over a refusal (a map that
ranks at or below chance, or flags nearly every row one way) is calibrated, with a note saying what it was written
over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from veracity.calibration import CalibrationError, Calibrator, detector_fingerprint, input_shape
from veracity.detectors.base import Detector
from veracity.schema import Document, Report, verdict_of

__all__ = [
    "CALIBRATED_THRESHOLD",
    "CalibratedDetector",
    "shipped_calibrator",
    "with_calibration",
]

CALIBRATED_THRESHOLD = 0.5
_SHIPPED_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def shipped_calibrator(detector: str) -> Path:
    """Where the calibrator shipped for ``detector`` lives (it may not exist)."""
    return Path(str(resources.files("veracity.detectors").joinpath("calibrators", f"{detector}.json")))


class CalibratedDetector:
    """A detector whose reports carry P(hallucinated) from a calibrator, and their raw score."""

    def __init__(self, inner: Detector, calibrator: Calibrator | None, source: str, note: str | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.calibrator = calibrator
        self.source = source
        self.note = note

    def __getattr__(self, attribute: str) -> Any:
        # score_pairs, settings, score_claims ...: the wrapped detector's, so the harness and the CLI see through.
        return getattr(self.inner, attribute)

    def config(self) -> dict[str, Any]:
        """The wrapped detector's settings and the calibration in force."""
        return {**self.inner.config(), "calibration": self.source}

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The wrapped detector's report, its score calibrated for the input's shape."""
        report = self.inner.detect(answer, context, question)
        updates: dict[str, Any] = {"config": self.config()}
        if report.score is None:  # not checked: no score to map
            return report.model_copy(update=updates)
        if self.calibrator is None:
            if self.note:
                updates["notes"] = [*report.notes, self.note]
            return report.model_copy(update=updates)
        shape = input_shape(answer, question)
        fit = self.calibrator.shape(shape)
        if fit is None:
            note = f"calibrator {self.source} has no fit for {shape} inputs; the score is raw"
            return report.model_copy(update={**updates, "notes": [*report.notes, note]})
        probability = fit.probability(report.score)
        forced = self.calibrator.warnings.get(shape)
        if forced is not None:  # `veracity calibrate --force`: say what the map was written over, on every report
            updates["notes"] = [*report.notes, f"calibrator {self.source} for {shape} inputs was {forced}"]
        # Sentences read on the headline's scale (one reading of a score everywhere): each through the same map. A
        # sentence that is no longer judged hallucinated keeps no marked words, here or in the answer's spans.
        sentences, cleared = [], set()
        for sentence in report.sentences:
            p = fit.probability(sentence.score)
            update: dict[str, Any] = {"score": p, "hallucinated": p >= CALIBRATED_THRESHOLD}
            if p < CALIBRATED_THRESHOLD and sentence.error_spans:
                cleared |= {(s.start, s.end) for s in sentence.error_spans}
                update["error_spans"] = []
            sentences.append(sentence.model_copy(update=update))
        spans = [s for s in report.hallucinated_spans if (s.start, s.end) not in cleared]
        return report.model_copy(
            update={
                **updates,
                "sentences": sentences,
                "hallucinated_spans": spans,
                "score": probability,
                "threshold": CALIBRATED_THRESHOLD,
                "verdict": verdict_of(probability, CALIBRATED_THRESHOLD),
                "raw_score": report.score,
                "calibration": f"{self.source} ({shape}, {fit.method})",
            }
        )


def with_calibration(detector: Detector, calibration: str = "auto") -> Detector:
    """``detector`` wrapped as its ``calibration`` setting says (module docstring); ``none`` returns it as is.

    Raises:
        CalibrationError: a named calibrator file that is missing, malformed, or for another detector or model.
    """
    if calibration == "none":
        return detector
    fingerprint = detector_fingerprint(detector.name, detector.config())
    if calibration == "auto":
        path = shipped_calibrator(detector.name)
        if not path.exists():
            return detector
        calibrator = Calibrator.load(path)
        if calibrator.fingerprint != fingerprint or calibrator.detector != detector.name:
            note = (
                f"the shipped calibrator {path.name} was fitted for other settings or model weights; the score is raw "
                "(refit with `veracity calibrate`)"
            )
            return CalibratedDetector(detector, None, "none", note)
        return CalibratedDetector(detector, calibrator, f"shipped:{path.name}")
    source = None
    if calibration.startswith("shipped:"):
        name = calibration.removeprefix("shipped:")
        if not _SHIPPED_NAME.fullmatch(name) or ".." in name:
            raise CalibrationError(f"{calibration!r}: a shipped calibrator's name is letters, digits, '_', '.', '-'")
        path = shipped_calibrator(name)
        if not path.exists():
            raise CalibrationError(f"no shipped calibrator {calibration!r} (looked for {path})")
        source = f"shipped:{path.name}"
    else:
        path = Path(calibration).expanduser()
    calibrator = Calibrator.load(path)
    if calibrator.detector != detector.name:
        raise CalibrationError(f"calibrator file {path} is for detector {calibrator.detector!r}, not {detector.name!r}")
    if calibrator.fingerprint != fingerprint:
        raise CalibrationError(
            f"calibrator file {path} was fitted for other settings or model weights of {detector.name!r} "
            f"(fingerprint {calibrator.fingerprint}, this detector {fingerprint}); refit it with `veracity calibrate`"
        )
    return CalibratedDetector(detector, calibrator, source or str(path))
