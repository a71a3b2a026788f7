"""Calibration: a detector's raw score mapped to P(hallucinated), fitted on dev runs — one package for all of it.

- :mod:`~veracity.calibration.calibrator`: the maps (Platt scaling, isotonic regression; increasing only, a fit that
  would turn the ranking over is a :class:`DecreasingFitError`), one per input shape, the
  :class:`Calibrator` file with the fingerprint of the settings and weights it was fitted for, and the expected
  calibration error that measures a fit;
- :mod:`~veracity.calibration.fit`: ``veracity calibrate`` — a calibrator from ``veracity eval`` runs on dev splits,
  the refusal of a fit that ranks at or below chance or flags nearly every row one way (:class:`UselessFitError`,
  written only when forced, with the reason in the file), and the warning for a shape fitted on too few rows (the
  expected error measured in experiments/calibration-size).

Applying one is a detector's business: :mod:`veracity.detectors.calibrated` wraps any detector with its calibrator,
and the calibrators shipped for the built-in detectors live beside it (``detectors/calibrators/NAME.json``).
"""

from veracity.calibration.calibrator import (
    CALIBRATOR_FORMAT,
    MODEL_SETTINGS,
    RUNTIME_SETTINGS,
    SHAPES,
    CalibrationError,
    Calibrator,
    DecreasingFitError,
    ShapeCalibration,
    detector_fingerprint,
    expected_calibration_error,
    fit_isotonic,
    fit_platt,
    input_shape,
    settings_fingerprint,
    shape_of_task,
    weights_digest,
)
from veracity.calibration.fit import (
    FLAG_SHARE_BOUNDS,
    FLAG_THRESHOLD,
    MEASURED_ECE,
    TRUSTED_ROWS,
    UselessFitError,
    fit_calibrator,
    fit_refusal,
    small_fit_warnings,
)

__all__ = [
    "CALIBRATOR_FORMAT",
    "FLAG_SHARE_BOUNDS",
    "FLAG_THRESHOLD",
    "MEASURED_ECE",
    "MODEL_SETTINGS",
    "RUNTIME_SETTINGS",
    "SHAPES",
    "TRUSTED_ROWS",
    "CalibrationError",
    "Calibrator",
    "DecreasingFitError",
    "ShapeCalibration",
    "UselessFitError",
    "detector_fingerprint",
    "expected_calibration_error",
    "fit_calibrator",
    "fit_isotonic",
    "fit_platt",
    "fit_refusal",
    "input_shape",
    "settings_fingerprint",
    "shape_of_task",
    "small_fit_warnings",
    "weights_digest",
]
