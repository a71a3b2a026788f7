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

__all__ = ["PLATT_BELOW", "fit_calibrator"]

PLATT_BELOW = 200
"""``method="auto"``: Platt scaling for a shape with fewer dev examples than this, isotonic regression otherwise."""


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
    rows = [r for r in read_rows(predictions_path) if "error" not in r and "score" in r and "label" in r]
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
