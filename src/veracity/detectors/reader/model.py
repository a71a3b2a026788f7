"""The reader's sentence model: a logistic regression whose weights carry the signs of the signals, in a JSON file.

P(sentence unsupported) = σ(a·z + b), z = w·x̃ + w₀, x̃ the standardised signals. Every weight of a signal that
counts against a sentence is ≥ 0, of one that counts for it ≤ 0 (:data:`~veracity.detectors.reader.signals.
DIRECTIONS`), so raising such a signal can only raise (or lower) P: the model cannot learn a wrong sign from a data
set where, say, long answers both carry more novel words and are more often faithful. The answer is as bad as its
worst sentence: P(answer) = max over sentences (appending a sentence can never lower it), and the same calibration
map (a > 0) turns each sentence's z and the answer's into probabilities, so the answer's P is its worst sentence's P.

Fitting (:func:`fit_sign_constrained`) minimises the weighted log-loss plus an L2 penalty with L-BFGS-B, the sign
constraints as bounds. The calibration map is fitted on out-of-fold answer-level maxima (Platt scaling).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from veracity.errors import ModelNotAvailableError

__all__ = ["FORMAT_VERSION", "ReaderModel", "SentenceReading", "fit_platt", "fit_sign_constrained"]

FORMAT_VERSION = 1


@dataclass(frozen=True)
class SentenceReading:
    """One sentence's model reading: its log-odds before calibration and each signal's term in it."""

    z: float
    contributions: dict[str, float]


@dataclass(frozen=True)
class ReaderModel:
    """A fitted reader model (see the module)."""

    features: tuple[str, ...]
    directions: tuple[int, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float
    calibration_a: float = 1.0
    calibration_b: float = 0.0
    threshold: float = 0.5
    tau: float = 0.0
    span_model: str | None = None
    verifier: str = "veracity-nli-small"
    metadata: dict[str, Any] = field(default_factory=dict)

    def read(self, values: Mapping[str, float]) -> SentenceReading:
        """The log-odds z of one sentence's signals (a signal not given counts as its training mean)."""
        terms = {}
        for name, mu, sd, w in zip(self.features, self.mean, self.scale, self.weights, strict=True):
            x = float(values.get(name, mu))
            terms[name] = w * (x - mu) / sd
        return SentenceReading(z=self.bias + sum(terms.values()), contributions=terms)

    def answer_z(self, zs: Sequence[float]) -> float:
        """The answer's log-odds from its units': their log-sum-exp at temperature τ, the largest when τ = 0.

        τ·log Σ exp(z_i / τ) is at least the largest z_i and rises with each, so appending a unit never lowers it; a
        unit far below the worst adds almost nothing (a faithful sentence appended leaves the verdict).
        """
        if not zs:
            raise ValueError("an answer has at least one unit")
        top = max(zs)
        if self.tau <= 0:
            return top
        return top + self.tau * math.log(sum(math.exp((z - top) / self.tau) for z in zs))

    def probability(self, z: float) -> float:
        """Calibrated P(unsupported) of a log-odds z (monotone increasing in z)."""
        t = self.calibration_a * z + self.calibration_b
        return 1.0 / (1.0 + math.exp(-t)) if t > -700 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The model as a JSON object."""
        return {
            "format_version": FORMAT_VERSION,
            "kind": "reader",
            "features": list(self.features),
            "directions": list(self.directions),
            "mean": list(self.mean),
            "scale": list(self.scale),
            "weights": list(self.weights),
            "bias": self.bias,
            "calibration": {"a": self.calibration_a, "b": self.calibration_b},
            "threshold": self.threshold,
            "tau": self.tau,
            "span_model": self.span_model,
            "verifier": self.verifier,
            "metadata": self.metadata,
        }

    def save(self, path: Path) -> None:
        """Write the model as JSON."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> ReaderModel:
        """Read a model file (JSON; nothing is executed).

        Raises:
            ModelNotAvailableError: unreadable, of another format version, or with weights of the wrong sign.
        """
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if raw.get("format_version") != FORMAT_VERSION or raw.get("kind") != "reader":
                raise ValueError(f"format {raw.get('kind')!r} v{raw.get('format_version')}, expected reader v1")
            model = cls(
                features=tuple(raw["features"]),
                directions=tuple(int(d) for d in raw["directions"]),
                mean=tuple(float(v) for v in raw["mean"]),
                scale=tuple(float(v) for v in raw["scale"]),
                weights=tuple(float(v) for v in raw["weights"]),
                bias=float(raw["bias"]),
                calibration_a=float(raw["calibration"]["a"]),
                calibration_b=float(raw["calibration"]["b"]),
                threshold=float(raw["threshold"]),
                tau=float(raw.get("tau", 0.0)),
                span_model=raw.get("span_model"),
                verifier=raw.get("verifier", "veracity-nli-small"),
                metadata=raw.get("metadata", {}),
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelNotAvailableError(f"cannot read reader model {path}: {exc}") from exc
        n = len(model.features)
        if not all(len(v) == n for v in (model.directions, model.mean, model.scale, model.weights)):
            raise ModelNotAvailableError(f"reader model {path}: its arrays differ in length")
        if any(d * w < 0 for d, w in zip(model.directions, model.weights, strict=True)) or model.calibration_a <= 0:
            raise ModelNotAvailableError(f"reader model {path}: a weight has the wrong sign")
        if any(s <= 0 for s in model.scale):
            raise ModelNotAvailableError(f"reader model {path}: a scale is not positive")
        return model


def fit_sign_constrained(
    x: NDArray[np.float64],
    y: NDArray[np.float64],
    weights: NDArray[np.float64],
    directions: Sequence[int],
    l2: float = 1e-3,
) -> tuple[NDArray[np.float64], float, NDArray[np.float64], NDArray[np.float64]]:
    """Weighted logistic regression with sign bounds: w_j ≥ 0 where directions[j] = +1, ≤ 0 where −1.

    Returns ``(w, w0, mean, scale)`` on standardised columns (scale 1 for a constant column).
    """
    from scipy.optimize import minimize

    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = (x - mean) / scale
    sw = weights / weights.sum()
    n_features = x.shape[1]

    def loss(theta: NDArray[np.float64]) -> tuple[float, NDArray[np.float64]]:
        w, b = theta[:-1], theta[-1]
        z = xs @ w + b
        # log(1 + e^z) - y z, stably
        ll = np.logaddexp(0.0, z) - y * z
        p = 1.0 / (1.0 + np.exp(-z))
        g = p - y
        value = float(sw @ ll) + l2 * float(w @ w)
        grad_w = xs.T @ (sw * g) + 2 * l2 * w
        return value, np.concatenate([grad_w, [float(sw @ g)]])

    bounds: list[tuple[float | None, float | None]] = [
        (0.0, None) if d > 0 else (None, 0.0) if d < 0 else (None, None) for d in directions
    ]
    bounds.append((None, None))
    result = minimize(loss, np.zeros(n_features + 1), jac=True, method="L-BFGS-B", bounds=bounds)
    theta = result.x
    return theta[:-1], float(theta[-1]), mean, scale


def fit_platt(z: NDArray[np.float64], y: NDArray[np.float64]) -> tuple[float, float]:
    """Platt scaling P = σ(a z + b) on answer-level log-odds, with a > 0 (a monotone map)."""
    from scipy.optimize import minimize

    def loss(theta: NDArray[np.float64]) -> tuple[float, NDArray[np.float64]]:
        t = theta[0] * z + theta[1]
        p = 1.0 / (1.0 + np.exp(-t))
        g = p - y
        return float(np.mean(np.logaddexp(0.0, t) - y * t)), np.array([float(np.mean(g * z)), float(np.mean(g))])

    result = minimize(loss, np.array([1.0, 0.0]), jac=True, method="L-BFGS-B", bounds=[(1e-3, None), (None, None)])
    return float(result.x[0]), float(result.x[1])
