"""Detectors: compositions of stages that turn (answer, context, question) into a :class:`~veracity.Report`."""

from __future__ import annotations

from typing import Any

from veracity.detectors.base import Detector
from veracity.errors import ConfigError
from veracity.registry import DEFAULT_DETECTOR, resolve

__all__ = ["Detector", "load_detector"]


def load_detector(name: str = DEFAULT_DETECTOR, calibration: str = "auto", **settings: Any) -> Detector:
    """Build the detector registered as ``name`` with its default settings, overridden by ``settings``.

    Construction is cheap: models load on first use and are shared across detectors. ``calibration`` (``auto``,
    ``none`` or a calibrator file) decides whether its score becomes P(hallucinated)
    (:func:`~veracity.detectors.calibrated.with_calibration`).

    Raises:
        UnknownNameError: no detector has that name.
        ConfigError: a setting is unknown or has a bad value.
        CalibrationError: a calibrator file that is missing or fitted for another detector or model version.
    """
    from veracity.detectors.calibrated import with_calibration

    cls = resolve("detector", name)
    try:
        detector: Detector = cls.from_config(**settings)
    except ValueError as exc:  # pydantic.ValidationError is a ValueError
        raise ConfigError(f"invalid settings for detector {name!r}: {exc}") from exc
    return with_calibration(detector, str(calibration))
