"""The ``cascade`` detector: a cheap first stage decides where it is sure; only the rest go to a second stage.

The first stage (default: the ``verifier``, chunked) gives P(hallucinated) through its calibrator. Where P falls
outside the uncertainty band [low, high) (P < low: faithful; P ≥ high: hallucinated) its verdict stands. Inside the
band the answer goes to the second stage (``litehall``, ``sea``, the ``verifier`` with another model, the
``llm-judge`` through any ``LLM`` backend, ...), whose report is returned. A band can be set per input shape
(:func:`~veracity.calibration.input_shape`); it is fitted on dev with ``veracity eval cascade-curve``.

The report's ``decided_by`` is ``first`` or ``second``; its timings hold both stages' (``first:…``, ``second:…``).
A second stage that fails (an LLM server that is down, a model that cannot load) leaves the first stage's verdict,
and the report says so. A first stage without a calibrator bands its raw score, and the report says that too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from veracity.calibration import SHAPES, input_shape
from veracity.detectors.base import ConfiguredDetector, Detector, as_documents, empty_answer_report
from veracity.errors import VeracityError
from veracity.schema import Document, Report

__all__ = ["CascadeConfig", "CascadeDetector", "route"]


class CascadeConfig(BaseModel):
    """Settings of the ``cascade`` detector."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    first: str = Field("verifier", description="First-stage detector (cheap; calibrated).")
    first_settings: dict[str, Any] = Field(default_factory=dict, description="Its settings.")
    first_calibration: str = Field("auto", description="Its calibration: auto, none or a calibrator file.")
    second: str = Field("litehall", description="Second-stage detector, for answers inside the band.")
    second_settings: dict[str, Any] = Field(default_factory=dict, description="Its settings.")
    second_calibration: str = Field("auto", description="Its calibration: auto, none or a calibrator file.")
    band: tuple[float, float] = Field(
        (0.2, 0.8), description="[low, high): first-stage P(hallucinated) in it goes to the second stage."
    )
    bands: dict[str, tuple[float, float]] = Field(
        default_factory=dict, description="Per input shape (qa, dialogue, summary), overriding band."
    )

    @model_validator(mode="after")
    def _check_bands(self) -> Self:
        for shape, (low, high) in [("band", self.band), *self.bands.items()]:
            if shape != "band" and shape not in SHAPES:
                raise ValueError(f"bands: unknown input shape {shape!r}; shapes are {', '.join(SHAPES)}")
            if not 0.0 <= low <= high <= 1.0:
                raise ValueError(f"{shape}: a band needs 0 <= low <= high <= 1, got ({low}, {high})")
        return self


def route(probability: float, band: tuple[float, float]) -> str | None:
    """The first stage's verdict if ``probability`` is outside [low, high), else None (ask the second stage).

    An empty band (low == high) routes nothing: the first stage decides everything.
    """
    low, high = band
    if probability < low:
        return "faithful"
    if probability >= high:
        return "hallucinated"
    return None


class CascadeDetector(ConfiguredDetector[CascadeConfig]):
    """Two detectors; the second sees only what the first is unsure about."""

    name = "cascade"
    config_class = CascadeConfig

    def __init__(self, first: Detector, second: Detector, settings: CascadeConfig | None = None) -> None:
        self.first = first
        self.second = second
        self.settings = settings or CascadeConfig()

    @classmethod
    def from_config(cls, config: CascadeConfig | None = None, **overrides: Any) -> Self:
        """Build both stages (their models load on first use)."""
        from veracity.detectors import load_detector

        s = cls.settings_from(config, overrides)
        if s.first == "cascade" or s.second == "cascade":
            raise ValueError("a cascade's stages cannot be cascades")
        first = load_detector(s.first, calibration=s.first_calibration, **s.first_settings)
        second = load_detector(s.second, calibration=s.second_calibration, **s.second_settings)
        return cls(first, second, s)

    def config(self) -> dict[str, Any]:
        """The settings recorded in every report, with each stage's own."""
        stages = {"first_config": self.first.config(), "second_config": self.second.config()}
        return {**self.settings.model_dump(), **stages}

    def band_for(self, answer: str, question: str | None) -> tuple[str, tuple[float, float]]:
        """The input's shape and the band that applies to it."""
        shape = input_shape(answer, question)
        return shape, self.settings.bands.get(shape, self.settings.band)

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The first stage's report where it is sure, else the second stage's; ``decided_by`` says which."""
        documents = as_documents(context)
        if not answer.strip():
            return empty_answer_report(self, answer, question, 0.5, {})
        first = self.first.detect(answer, documents, question)
        if first.score is None:  # not checked by the first stage (its language): the second reads no more
            return self._as_cascade(first, "first", {f"first:{k}": v for k, v in first.timings_ms.items()}, first.notes)
        shape, band = self.band_for(answer, question)
        notes = list(first.notes)
        if first.calibration is None:
            notes.append(f"first stage {first.detector!r} is not calibrated: the band applies to its raw score")
        verdict = route(first.score, band)
        timings = {f"first:{k}": v for k, v in first.timings_ms.items()}
        if verdict is not None:
            note = f"first stage decided: P(hallucinated) {first.score:.3f} is outside the {shape} band {band}"
            return self._as_cascade(first, "first", timings, [*notes, note])
        try:
            second = self.second.detect(answer, documents, question)
        except VeracityError as exc:
            note = (
                f"second stage {self.second.name!r} failed ({str(exc)[:200]}); the first stage's verdict stands "
                f"although P(hallucinated) {first.score:.3f} is inside the {shape} band {band}"
            )
            return self._as_cascade(first, "first", timings, [*notes, note])
        timings.update({f"second:{k}": v for k, v in second.timings_ms.items()})
        note = f"second stage decided: first-stage P(hallucinated) {first.score:.3f} is inside the {shape} band {band}"
        models = {**{f"first:{k}": v for k, v in first.models.items()}, **second.models}
        return self._as_cascade(second, "second", timings, [*notes, note, *second.notes], models)

    def _as_cascade(
        self,
        report: Report,
        stage: str,
        timings: dict[str, float],
        notes: list[str],
        models: dict[str, str] | None = None,
    ) -> Report:
        update: dict[str, Any] = {
            "detector": self.name,
            "config": self.config(),
            "timings_ms": timings,
            "notes": notes,
            "details": report.details.model_copy(update={"decided_by": stage}),
        }
        if models is not None:
            update["models"] = models
        return report.model_copy(update=update)
