"""``veracity calibrate``: fit a detector's calibrator from its ``veracity eval`` runs on dev splits.

Each run folder holds ``metrics.json`` (the detector and its settings) and ``predictions.jsonl`` (raw score, label
task and input shape per example). Rows are grouped by input shape: the shape of the dataset's task where it has
one (:func:`~veracity.calibration.shape_of_task`), else the shape the detector itself reads from the question, as at
detection time (:func:`~veracity.calibration.input_shape`: no question → summary, conversation turns → dialogue,
else qa); one mapping is fitted per shape. Every run must be of the same detector with the same score-relevant
settings: the calibrator records their fingerprint, and a detector with other settings or model weights will not use
it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from veracity._jsonl import has_rows_file, read_rows
from veracity.calibration.calibrator import (
    SHAPES,
    CalibrationError,
    Calibrator,
    ShapeCalibration,
    detector_fingerprint,
    expected_calibration_error,
    shape_of_task,
)

__all__ = ["MEASURED_ECE", "PLATT_BELOW", "TRUSTED_ROWS", "fit_calibrator", "small_fit_warnings"]

PLATT_BELOW = 200
"""``method="auto"``: Platt scaling for a shape with fewer dev examples than this, isotonic regression otherwise."""

TRUSTED_ROWS = 200
"""A shape fitted on fewer dev examples than this gets a warning (:func:`small_fit_warnings`). Measured
(experiments/calibration-size): from 200 rows on, a fit's expected ECE on new answers is within about 0.01 of a fit on
400 rows, and under 0.10 in 9 fits of 10; below it, the error grows fast (0.07 at 100 rows, 0.10 at 25)."""

MEASURED_ECE: dict[str, dict[int, tuple[float, float]]] = {
    "platt": {25: (0.104, 0.159), 50: (0.081, 0.137), 100: (0.066, 0.098), 200: (0.058, 0.084), 400: (0.054, 0.068)},
    "isotonic": {25: (0.108, 0.192), 50: (0.092, 0.135), 100: (0.076, 0.11), 200: (0.062, 0.095), 400: (0.058, 0.082)},
}
"""Per method and number of dev rows n: the ECE on held-out answers of a fit on n rows, (mean, 90th percentile).

The ``table`` of experiments/calibration-size/metrics.json: 20 random draws of n rows each from three ``ragtruth:dev``
runs (fused, span, novelty; 894 answers), each fit measured on 494 rows it did not see, averaged over the runs.
"""


def small_fit_warnings(calibrator: Calibrator) -> list[str]:
    """A warning per input shape fitted on fewer than :data:`TRUSTED_ROWS` rows, with the ECE to expect at its size.

    The figure is the measured one (:data:`MEASURED_ECE`) at the largest measured size not above the shape's rows; a
    shape under the smallest measured size expects more than the figure at that size.
    """
    warnings = []
    for shape, fit in sorted(calibrator.shapes.items()):
        if fit.n >= TRUSTED_ROWS:
            continue
        table = MEASURED_ECE[fit.method]
        measured = [size for size in table if size <= fit.n]
        size = max(measured) if measured else min(table)
        mean, p90 = table[size]
        at_trusted = table[TRUSTED_ROWS][0]
        expect = f"about {mean:.2f}" if measured else f"more than {mean:.2f} (measured at {size} rows)"
        warnings.append(
            f"calibrating {shape} on {fit.n} rows ({fit.method}): expect an ECE of {expect} on new answers, "
            f"{p90:.2f} or worse in 1 fit of 10, against {at_trusted:.2f} from {TRUSTED_ROWS} rows; fit on "
            f"{TRUSTED_ROWS} rows or more for a trustworthy P(hallucinated) (measured: experiments/calibration-size)"
        )
    return warnings


def _run(folder: Path) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    metrics_path, predictions_path = folder / "metrics.json", folder / "predictions.jsonl"
    try:
        metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CalibrationError(
            f"{metrics_path} is missing or not JSON ({exc}); is {folder} a `veracity eval` run?"
        ) from exc
    if not has_rows_file(predictions_path):
        raise CalibrationError(f"{predictions_path} does not exist")
    if str(metrics.get("split", "")) == "test":
        raise CalibrationError(f"{folder} is a run on a test split; calibrators are fitted on dev splits only")
    # A row not checked (no score; a run before schema 4 kept one for it) says nothing about the score's scale.
    rows = [
        r
        for r in read_rows(predictions_path)
        if "error" not in r and "score" in r and "label" in r and not r.get("not_checked")
    ]
    return str(metrics.get("detector")), dict(metrics.get("config") or {}), rows


def fit_calibrator(runs: Sequence[Path], method: str = "auto") -> Calibrator:
    """A calibrator for the detector of ``runs``, one fit per input shape found in their predictions.

    Raises:
        CalibrationError: no runs, runs of different detectors or settings, a test-split run, rows whose task has no
            known input shape, or a shape with a single class.
    """
    if not runs:
        raise CalibrationError("give at least one `veracity eval` run folder to fit on")
    if method not in ("auto", "platt", "isotonic"):
        raise CalibrationError(f"unknown calibration method {method!r}; choose auto, platt or isotonic")
    detector, settings, fingerprint = "", {}, ""
    by_shape: dict[str, tuple[list[float], list[int], list[str]]] = {}
    for folder in runs:
        name, config, rows = _run(folder)
        this = detector_fingerprint(name, config)
        if not fingerprint:
            detector, settings, fingerprint = name, config, this
        elif (name, this) != (detector, fingerprint):
            raise CalibrationError(f"{folder} is a run of {name!r} with other settings than {runs[0]}; fit them apart")
        for row in rows:
            shape = shape_of_task(row.get("task")) or row.get("shape")
            if shape not in SHAPES:
                raise CalibrationError(
                    f"{folder}: row {row.get('id')} has task {row.get('task')!r}, of no known shape, and no input "
                    "shape of its own (a run made before veracity recorded it: run `veracity eval` again into a new "
                    "folder)"
                )
            scores, labels, sources = by_shape.setdefault(shape, ([], [], []))
            scores.append(float(row["score"]))
            labels.append(int(row["label"]))
            if str(folder) not in sources:
                sources.append(str(folder))
    shapes: dict[str, ShapeCalibration] = {}
    dev_metrics: dict[str, dict[str, float]] = {}
    for shape, (scores, labels, sources) in sorted(by_shape.items()):
        chosen = method if method != "auto" else ("platt" if len(labels) < PLATT_BELOW else "isotonic")
        fit = ShapeCalibration.fit(scores, labels, chosen, fitted_on=", ".join(Path(s).name for s in sources))
        shapes[shape] = fit
        dev_metrics[shape] = {
            "ece_raw": expected_calibration_error(labels, scores),
            "ece_calibrated": expected_calibration_error(labels, [fit.probability(s) for s in scores]),
        }
    return Calibrator(detector=detector, fingerprint=fingerprint, settings=settings, shapes=shapes,
                      dev_metrics=dev_metrics)  # fmt: skip
