"""The fused model: a logistic regression over a few named signals, calibrated per input shape, stored as JSON.

P_raw = σ(b + Σ_i w_i · z_i), with z_i = (x_i − μ_i) / σ_i the standardised signal; w_i · z_i is signal i's
contribution to the log-odds, which the report lists so that a user sees why. P_raw is then mapped per input shape
(qa / dialogue / summary) by a :class:`~veracity.calibration.ShapeCalibration` fitted on out-of-fold
predictions of the training data. The file loads with ``json`` alone — no pickle — and carries a format version;
a file of another version is refused with its path in the message.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from veracity._jsonl import read_versioned_json, write_json_atomic
from veracity.calibration import ShapeCalibration
from veracity.errors import ModelNotAvailableError
from veracity.schema import Finding

__all__ = ["FUSED_FORMAT", "FusedModel", "FusedPrediction"]

FUSED_FORMAT: Literal["veracity-fused/1"] = "veracity-fused/1"


class FusedPrediction(BaseModel):
    """A prediction with its parts: the raw and calibrated probability and each signal's contribution."""

    model_config = ConfigDict(frozen=True)

    raw: float
    probability: float
    contributions: dict[str, float]
    calibration: str | None


class FusedModel(BaseModel):
    """Weights, standardisation, per-shape calibration, the decision threshold and a training record."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["veracity-fused/1"] = FUSED_FORMAT
    features: list[str]
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float
    shapes: dict[str, ShapeCalibration] = Field(default_factory=dict)
    threshold: float = Field(0.5, ge=0.0, le=1.0, description="On the calibrated probability.")
    span_model: str | None = Field(None, description="The span model whose signals it was fitted on.")
    conflict_floors: dict[str, float] = Field(
        default_factory=dict,
        description="Per checker (`prose`, `record`): the share of training answers with a contradicted finding that "
        "are hallucinated (Laplace-smoothed). An answer with such a finding gets at least this P(hallucinated).",
    )
    training: dict[str, Any] = Field(default_factory=dict, description="Data, commands and figures of the fit.")

    @model_validator(mode="after")
    def _check_lengths(self) -> FusedModel:
        n = len(self.features)
        if not (len(self.mean) == len(self.scale) == len(self.coef) == n):
            raise ValueError("features, mean, scale and coef must have the same length")
        if any(s <= 0 for s in self.scale):
            raise ValueError("every scale must be positive")
        return self

    def predict(self, signals: Mapping[str, float], shape: str) -> FusedPrediction:
        """The calibrated P(hallucinated) of one input; a missing or non-finite signal counts as its mean (z = 0)."""
        contributions = {}
        for name, mu, sigma, w in zip(self.features, self.mean, self.scale, self.coef, strict=True):
            value = signals.get(name)
            z = (float(value) - mu) / sigma if value is not None and math.isfinite(value) else 0.0
            contributions[name] = w * z
        t = self.intercept + sum(contributions.values())
        raw = 1.0 / (1.0 + math.exp(-t)) if t > -700 else 0.0
        calibration = self.shapes.get(shape)
        probability = calibration.probability(raw) if calibration is not None else raw
        return FusedPrediction(
            raw=raw,
            probability=probability,
            contributions=contributions,
            calibration=f"{shape} ({calibration.method})" if calibration is not None else None,
        )

    def floor(self, score: float, findings: Sequence[Finding]) -> tuple[float, list[str]]:
        """``score`` held at the conflict floor of each checker with a sure finding (contradicted, confidence ≥ 0.7).

        Returns the score and a note per floor applied, naming the words and the floor.
        """
        notes = []
        for checker, floor in self.conflict_floors.items():
            sure = [
                f
                for f in findings
                if f.relation == "contradicted"
                and f.confidence >= 0.7
                and (f.kind == "record") == (checker == "record")
            ]
            if sure and score < floor:
                notes.append(
                    f"a source contradicts {sure[0].span.text!r} ({sure[0].explanation}): P(hallucinated) raised to "
                    f"{floor:.2f}, the share of training answers with such a finding that were hallucinated"
                )
                score = floor
        return score, notes

    def save(self, path: Path) -> None:
        """Write as JSON (a temporary file, then a rename)."""
        write_json_atomic(path, self)

    @classmethod
    def load(cls, path: Path) -> FusedModel:
        """Read a fused-model file.

        Raises:
            ModelNotAvailableError: missing, not JSON, of another format version, or malformed; the message names
                the file.
        """
        hint = "; refit it with this veracity (veracity train fused)"
        return read_versioned_json(path, cls, "fused model file", FUSED_FORMAT, ModelNotAvailableError, hint)
