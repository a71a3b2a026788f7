"""``veracity calibrate``: fit a detector's calibrator from its ``veracity eval`` runs on dev splits.

Each run folder holds ``metrics.json`` (the detector and its settings) and ``predictions.jsonl`` (score, label, task
and input shape per example). Rows are grouped by input shape: the shape of the dataset's task where it has
one (:func:`~veracity.calibration.shape_of_task`), else the shape the detector itself reads from the question, as at
detection time (:func:`~veracity.calibration.input_shape`: no question → summary, conversation turns → dialogue,
else qa); one mapping is fitted per shape. Every run must be of the same detector with the same score-relevant
settings: the calibrator records their fingerprint, and a detector with other settings or model weights will not use
it.

Which score is fitted: the one a calibrator will map at detection time, the detector's own ``score``. A run whose
scores went through a calibrator already (its settings name a ``calibration`` other than ``none``) holds that
score in each row's ``raw_score``, and that is read; such a run without ``raw_score`` is refused. Every fit must
be increasing: one that would turn the ranking over (labels that rank opposite to the scores) is refused with what
to check (:class:`~veracity.calibration.DecreasingFitError`).

An increasing fit can still be useless, and is refused unless forced (:class:`UselessFitError`, issue 68): scores that
rank the labels at or below chance (AUROC ≤ 0.5) give a nearly flat map that decides by the class balance alone, and
a map that flags more than 90% (or fewer than 10%) of its rows as hallucinated, where the labels say otherwise, puts
one verdict on nearly every answer. "Flags" is the detector's decision on the calibrated P: hallucinated iff P ≥
:data:`FLAG_THRESHOLD`. With ``force`` the calibrator is written and carries each refusal in its ``warnings``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from veracity._jsonl import has_rows_file, read_rows
from veracity.calibration.calibrator import (
    SHAPES,
    CalibrationError,
    Calibrator,
    DecreasingFitError,
    ShapeCalibration,
    detector_fingerprint,
    expected_calibration_error,
    ranking_auroc,
    shape_of_task,
)

__all__ = [
    "FLAG_SHARE_BOUNDS",
    "FLAG_THRESHOLD",
    "MEASURED_ECE",
    "PLATT_BELOW",
    "TRUSTED_ROWS",
    "UselessFitError",
    "fit_calibrator",
    "fit_refusal",
    "small_fit_warnings",
]

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


FLAG_THRESHOLD = 0.5
"""Where a calibrated detector's verdict turns: hallucinated iff P(hallucinated) ≥ 0.5 (``verdict_of`` at
``veracity.detectors.calibrated.CALIBRATED_THRESHOLD``; a test holds the two equal). A row the map *flags* is one whose
calibrated P reaches it."""

FLAG_SHARE_BOUNDS = (0.1, 0.9)
"""A map that flags fewer than 10% or more than 90% of its rows is refused, unless the labels themselves are that
one-sided (under 10% or over 90% hallucinated): it would give nearly every answer one verdict."""


class UselessFitError(CalibrationError):
    """An increasing fit that would not tell answers apart: written only with ``force``, which keeps the reason.

    Either the scores rank the labels at or below chance (AUROC ≤ 0.5: Platt's slope can still come out positive, and
    the nearly flat map then decides by the class balance), or the map flags more than 90% or fewer than 10% of its
    rows where the labels are not that one-sided. ``reason`` is what the fit would do, for the calibrator's warnings.
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(
            f"{where}: the calibrator was not written: {reason}. Check that label 1 means hallucinated and 0 faithful "
            "and that the runs are this detector's, and label more rows (a weak detector on a few dozen rows ranks "
            "near chance); or write it anyway with --force (the file then carries this warning)"
        )


def _map_of(fit: ShapeCalibration) -> str:
    if fit.method == "platt" and fit.platt is not None:
        return f"the Platt map (slope {fit.platt[0]:.3f}, intercept {fit.platt[1]:.2f})"
    return f"the isotonic map ({len(fit.knots_x)} knots)"


def fit_refusal(fit: ShapeCalibration, scores: Sequence[float], labels: Sequence[int]) -> str | None:
    """Why a fit on these rows is not to be written (what it would do), or None when it may be.

    Refused: the scores rank the labels at or below chance (AUROC ≤ 0.5), or the map flags (P ≥
    :data:`FLAG_THRESHOLD`) more than 90% of the rows where at most 90% are labelled hallucinated, or fewer than 10%
    where at least 10% are.
    """
    n = len(labels)
    auroc = ranking_auroc(scores, labels)
    flagged = sum(fit.probability(s) >= FLAG_THRESHOLD for s in scores)
    hallucinated = sum(labels)
    low, high = FLAG_SHARE_BOUNDS
    flag_share, label_share = flagged / n, hallucinated / n
    problems = []
    if auroc <= 0.5:
        problems.append(f"the scores rank the labels at or below chance (AUROC {auroc:.2f} on {n} rows; 0.5: chance)")
    if flag_share > high and label_share <= high:
        problems.append(f"it would flag more than {high:.0%} of them")
    elif flag_share < low and label_share >= low:
        problems.append(f"it would flag fewer than {low:.0%} of them")
    if not problems:
        return None
    return (
        " and ".join(problems)
        + f": {_map_of(fit)} flags {flagged} of the {n} rows ({flag_share:.0%}) as hallucinated (P ≥ "
        f"{FLAG_THRESHOLD:g}), where {hallucinated} ({label_share:.0%}) are labelled hallucinated"
        + ("" if auroc <= 0.5 else f" (AUROC {auroc:.2f})")
    )


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


def _number(row: dict[str, Any], key: str, where: str) -> float:
    value = row[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise CalibrationError(f"{where}: row {row.get('id')} has {key} {value!r}, not a finite number")
    return float(value)


def _label(row: dict[str, Any], where: str) -> int:
    value = row["label"]
    if isinstance(value, int | float) and value in (0, 1):  # 0, 1, 0.0, 1.0, False, True
        return int(value)
    raise CalibrationError(
        f"{where}: row {row.get('id')} has label {value!r}; calibration needs 1 (hallucinated) or 0 (faithful)"
    )


def _run(folder: Path, log: Callable[[str], None]) -> tuple[str, dict[str, Any], list[tuple[float, int, Any]]]:
    """The run's detector, its settings, and (score, label, row) per scored row: the score a calibrator maps."""
    metrics_path, predictions_path = folder / "metrics.json", folder / "predictions.jsonl"
    try:
        metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CalibrationError(
            f"{metrics_path} is missing or not JSON ({exc}); is {folder} a `veracity eval` run?"
        ) from exc
    if not isinstance(metrics, dict):
        raise CalibrationError(f"{metrics_path} is not a `veracity eval` run's metrics (not a JSON object)")
    if not has_rows_file(predictions_path):
        raise CalibrationError(f"{predictions_path} does not exist")
    if str(metrics.get("split", "")) == "test":
        raise CalibrationError(f"{folder} is a run on a test split; calibrators are fitted on dev splits only")
    detector, config = str(metrics.get("detector")), metrics.get("config") or {}
    if not isinstance(config, dict):
        raise CalibrationError(f"{metrics_path}: its config is not a JSON object; is {folder} a `veracity eval` run?")
    # A row not checked (no score; a run before schema 4 kept one for it) says nothing about the score's scale.
    rows = [
        r
        for r in read_rows(predictions_path)
        if isinstance(r, dict) and "error" not in r and "score" in r and "label" in r and not r.get("not_checked")
    ]
    calibration = config.get("calibration")
    calibrated = isinstance(calibration, str) and calibration not in ("", "none")
    with_raw = sum("raw_score" in r for r in rows)
    if calibrated:
        # A calibrated detector's score is P(hallucinated) of its calibrator; the score a new calibrator maps (the
        # detector's own) is the row's raw_score. A row without one kept its score: the calibrator had no fit for it.
        if rows and not with_raw:
            raise CalibrationError(
                f"{folder} holds calibrated scores (its {detector} ran with calibration={calibration}) and no "
                "raw_score to fit on; run `veracity eval` again with `--set calibration=none` into a new folder"
            )
        kept = len(rows) - with_raw
        log(
            f"{folder}: its scores are calibrated ({calibration}); read the raw scores (raw_score) of {with_raw} "
            "rows, the scores a calibrator maps"
            + (
                f"; {kept} rows without raw_score were not calibrated (no fit for their shape): read score"
                if kept
                else ""
            )
        )
    else:
        if with_raw:
            log(
                f"{folder}: read score, the {detector} detector's own P(hallucinated), which a calibrator maps (its "
                "raw_score is the score before the detector's built-in calibration, which a calibrator never sees)"
            )
        else:
            log(f"{folder}: read score (raw: the run had no calibrator)")
    keys = ["raw_score" if calibrated and "raw_score" in r else "score" for r in rows]
    return (
        detector,
        config,
        [(_number(r, key, str(folder)), _label(r, str(folder)), r) for r, key in zip(rows, keys, strict=True)],
    )


def fit_calibrator(
    runs: Sequence[Path], method: str = "auto", log: Callable[[str], None] | None = None, force: bool = False
) -> Calibrator:
    """A calibrator for the detector of ``runs``, one increasing fit per input shape found in their predictions.

    ``log`` receives a line per run saying which score it read (``score`` or ``raw_score``) and why. ``force``: write
    a fit :func:`fit_refusal` refuses, with the reason in the calibrator's ``warnings`` (a decreasing fit is refused
    all the same: it would turn the ranking over).

    Raises:
        CalibrationError: no runs, runs of different detectors or settings, a test-split run, a calibrated run
            without raw scores, a row whose score or label cannot be read, rows whose task has no known input shape,
            or a shape with a single class.
        DecreasingFitError: a shape whose labels rank opposite to the scores (the fit would be decreasing, or flat);
            the message names the shape and the runs, and what to check.
        UselessFitError: without ``force``, a shape whose scores rank its labels at or below chance, or whose map
            flags more than 90% or fewer than 10% of its rows where the labels say otherwise; the message gives the
            AUROC and the share of rows the map would flag.
    """
    if not runs:
        raise CalibrationError("give at least one `veracity eval` run folder to fit on")
    if method not in ("auto", "platt", "isotonic"):
        raise CalibrationError(f"unknown calibration method {method!r}; choose auto, platt or isotonic")
    detector, settings, fingerprint = "", {}, ""
    by_shape: dict[str, tuple[list[float], list[int], list[str]]] = {}
    for folder in runs:
        name, config, rows = _run(folder, log or (lambda line: None))
        this = detector_fingerprint(name, config)
        if not fingerprint:
            detector, settings, fingerprint = name, config, this
        elif (name, this) != (detector, fingerprint):
            raise CalibrationError(f"{folder} is a run of {name!r} with other settings than {runs[0]}; fit them apart")
        for score, label, row in rows:
            shape = shape_of_task(row.get("task")) or row.get("shape")
            if shape not in SHAPES:
                raise CalibrationError(
                    f"{folder}: row {row.get('id')} has task {row.get('task')!r}, of no known shape, and no input "
                    "shape of its own (a run made before veracity recorded it: run `veracity eval` again into a new "
                    "folder)"
                )
            scores, labels, sources = by_shape.setdefault(shape, ([], [], []))
            scores.append(score)
            labels.append(label)
            if str(folder) not in sources:
                sources.append(str(folder))
    shapes: dict[str, ShapeCalibration] = {}
    dev_metrics: dict[str, dict[str, float]] = {}
    warnings: dict[str, str] = {}
    for shape, (scores, labels, sources) in sorted(by_shape.items()):
        chosen = method if method != "auto" else ("platt" if len(labels) < PLATT_BELOW else "isotonic")
        try:
            fit = ShapeCalibration.fit(scores, labels, chosen, fitted_on=", ".join(Path(s).name for s in sources))
        except DecreasingFitError as exc:
            where = f"{shape} rows of {', '.join(sources)}"
            raise DecreasingFitError(exc.method, exc.auroc, exc.n, exc.slope, exc.flat, where) from None
        except CalibrationError as exc:
            raise CalibrationError(f"{shape} rows of {', '.join(sources)}: {exc}") from None
        refusal = fit_refusal(fit, scores, labels)
        if refusal is not None:
            if not force:
                raise UselessFitError(f"{shape} rows of {', '.join(sources)}", refusal)
            warnings[shape] = f"written with --force over a refusal: {refusal}"
        shapes[shape] = fit
        dev_metrics[shape] = {
            "ece_raw": expected_calibration_error(labels, scores),
            "ece_calibrated": expected_calibration_error(labels, [fit.probability(s) for s in scores]),
        }
    return Calibrator(detector=detector, fingerprint=fingerprint, settings=settings, shapes=shapes,
                      dev_metrics=dev_metrics, warnings=warnings)  # fmt: skip
