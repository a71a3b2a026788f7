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

__all__ = [
    "FORMAT_VERSION",
    "ReaderModel",
    "SentenceReading",
    "feature_direction",
    "fit_platt",
    "fit_sign_constrained",
    "signal_value",
]

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
    single_a: float | None = None
    single_b: float | None = None
    floors: dict[str, float] = field(default_factory=dict)
    final_a: float = 1.0
    final_b: float = 0.0
    span_model: str | None = None
    aligner: str | None = None  # the aligner whose aligned_gap the model weighs (None: it weighs none)
    premise_about: bool = False  # the NLI premises were written after what their sentences are about
    verifier: str = "veracity-nli-small"
    top_k: int = 2  # source sentences each unit is read against alone (the NLI signals were fitted so)
    metadata: dict[str, Any] = field(default_factory=dict)

    def read(self, values: Mapping[str, float]) -> SentenceReading:
        """The log-odds z of one sentence's signals (a signal not given counts as its training mean)."""
        terms = {}
        for name, mu, sd, w in zip(self.features, self.mean, self.scale, self.weights, strict=True):
            x = signal_value(name, values, mu)
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

    def probability(self, z: float, single: bool = False) -> float:
        """Calibrated P(unsupported) of a log-odds z (monotone increasing in z).

        ``single``: z is a whole answer of one unit, read on the one-unit map where the model has one (an answer of
        one sentence has no other sentence to add to its worst one: the same z means more there than in a long
        answer, whose log-sum-exp the main map reads).
        """
        if single and self.single_a is not None and self.single_b is not None:
            t = self.single_a * z + self.single_b
        else:
            t = self.calibration_a * z + self.calibration_b
        return 1.0 / (1.0 + math.exp(-t)) if t > -700 else 0.0

    def answer_probability(self, zs: Sequence[float], floor: float = 0.0) -> float:
        """The answer's calibrated P from its units' log-odds, held at ``floor`` (:meth:`floor_of`).

        P = f + (1 − f)·P_model, so the order of the answers that share a floor is kept; the one-unit map reads an
        answer of one unit where the model has one.
        """
        p = self.probability(self.answer_z(zs), single=len(zs) == 1)
        return self.recalibrated(floor + (1.0 - floor) * p)

    def recalibrated(self, p: float) -> float:
        """The final map, fitted after the floors (Platt on the log-odds, a > 0; the identity when a = 1, b = 0).

        The floors raise P; this map keeps it calibrated, and keeps the order of answers.
        """
        if self.final_a == 1.0 and self.final_b == 0.0:
            return p
        p = min(max(p, 1e-9), 1 - 1e-9)
        t = self.final_a * math.log(p / (1 - p)) + self.final_b
        return 1.0 / (1.0 + math.exp(-t)) if t > -700 else 0.0

    def floor_of(self, values: Mapping[str, float]) -> float:
        """The largest floor of the evidence a unit has (0 when none).

        A name or value found nowhere in the sources holds P at the share of training answers with such evidence that
        were hallucinated (``floors``: ``SIGNAL`` for every input, ``SIGNAL@record`` / ``SIGNAL@prose`` for inputs
        with / without a structured record as context — an input's shape may choose its calibration).
        """
        shape = "record" if float(values.get("is_record", 0.0)) > 0.0 else "prose"
        return max(
            (
                f
                for key, f in self.floors.items()
                for name, _, where in [key.partition("@")]
                if where in ("", shape) and float(values.get(name, 0.0)) > 0.0
            ),
            default=0.0,
        )

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
            "calibration_one_unit": None if self.single_a is None else {"a": self.single_a, "b": self.single_b},
            "threshold": self.threshold,
            "tau": self.tau,
            "floors": self.floors,
            "final_calibration": {"a": self.final_a, "b": self.final_b},
            "span_model": self.span_model,
            "aligner": self.aligner,
            "premise_about": self.premise_about,
            "verifier": self.verifier,
            "top_k": self.top_k,
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
                floors={str(k): float(v) for k, v in (raw.get("floors") or {}).items()},
                final_a=float((raw.get("final_calibration") or {"a": 1.0})["a"]),
                final_b=float((raw.get("final_calibration") or {"b": 0.0})["b"]),
                single_a=None if not raw.get("calibration_one_unit") else float(raw["calibration_one_unit"]["a"]),
                single_b=None if not raw.get("calibration_one_unit") else float(raw["calibration_one_unit"]["b"]),
                span_model=raw.get("span_model"),
                aligner=raw.get("aligner"),
                premise_about=bool(raw.get("premise_about", False)),
                verifier=raw.get("verifier", "veracity-nli-small"),
                top_k=int(raw.get("top_k", 2)),
                metadata=raw.get("metadata", {}),
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ModelNotAvailableError(f"cannot read reader model {path}: {exc}") from exc
        n = len(model.features)
        if not all(len(v) == n for v in (model.directions, model.mean, model.scale, model.weights)):
            raise ModelNotAvailableError(f"reader model {path}: its arrays differ in length")
        if (
            any(d * w < 0 for d, w in zip(model.directions, model.weights, strict=True))
            or model.calibration_a <= 0
            or (model.single_a is not None and model.single_a <= 0)
            or any(not 0.0 <= f < 1.0 for f in model.floors.values())
            or model.final_a <= 0
        ):
            raise ModelNotAvailableError(f"reader model {path}: a weight has the wrong sign")
        if any(s <= 0 for s in model.scale):
            raise ModelNotAvailableError(f"reader model {path}: a scale is not positive")
        return model


def signal_value(name: str, values: Mapping[str, float], default: float) -> float:
    """A model feature's value: a signal, or a step ``SIGNAL>=T`` (1 when the signal is at least T, else 0).

    Steps let a monotone model weigh a signal by a monotone step function (each step's weight has the signal's sign)
    rather than a straight line. A signal not given counts as ``default`` (its training mean).
    """
    base, sep, cut = name.partition(">=")
    if not sep:
        return float(values.get(name, default))
    if base not in values:
        return default
    return float(float(values[base]) >= float(cut))


def feature_direction(name: str, directions: Mapping[str, int]) -> int:
    """The sign a feature's weight must have: its signal's (a step ``SIGNAL>=T`` has ``SIGNAL``'s)."""
    return directions[name.partition(">=")[0]]


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


def fit_multi_instance(
    x: NDArray[np.float64],
    y_unit: NDArray[np.float64],
    unit_weights: NDArray[np.float64],
    answer_of: NDArray[np.int64],
    y_answer: NDArray[np.float64],
    answer_weights: NDArray[np.float64],
    directions: Sequence[int],
    tau: float,
    unit_share: float = 0.5,
    l2: float = 1e-3,
) -> tuple[NDArray[np.float64], float, NDArray[np.float64], NDArray[np.float64]]:
    """Sign-bounded logistic weights fitted on units and on answers at once.

    The loss is ``unit_share`` × the units' weighted log-loss (each unit against its own label) plus the rest × the
    answers' (each answer's log-odds the log-sum-exp at temperature ``tau`` of its units' — what the detector
    reports — against the answer's label): the answer term teaches how several weak signs add up in one answer, the
    unit term keeps each unit's P about that unit. ``answer_of`` gives each row's answer index (rows grouped by
    answer, answers numbered from 0 in order). Returns ``(w, w0, mean, scale)`` on standardised columns.
    """
    from scipy.optimize import minimize

    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = (x - mean) / scale
    uw = unit_weights / unit_weights.sum()
    aw = answer_weights / answer_weights.sum()
    starts = np.flatnonzero(np.r_[True, answer_of[1:] != answer_of[:-1]])
    t = max(tau, 0.05)  # the max itself has no gradient to share: a small temperature stands in for it

    def loss(theta: NDArray[np.float64]) -> tuple[float, NDArray[np.float64]]:
        w, b = theta[:-1], theta[-1]
        z = xs @ w + b
        p = 1.0 / (1.0 + np.exp(-z))
        unit_value = float(uw @ (np.logaddexp(0.0, z) - y_unit * z))
        g_unit = uw * (p - y_unit)
        top = np.maximum.reduceat(z, starts)
        e = np.exp((z - top[answer_of]) / t)
        total = np.add.reduceat(e, starts)
        answer_z = top + t * np.log(total)
        q = 1.0 / (1.0 + np.exp(-answer_z))
        answer_value = float(aw @ (np.logaddexp(0.0, answer_z) - y_answer * answer_z))
        g_answer = (aw * (q - y_answer))[answer_of] * e / total[answer_of]
        g = unit_share * g_unit + (1 - unit_share) * g_answer
        value = unit_share * unit_value + (1 - unit_share) * answer_value + l2 * float(w @ w)
        return value, np.concatenate([xs.T @ g + 2 * l2 * w, [float(g.sum())]])

    bounds: list[tuple[float | None, float | None]] = [
        (0.0, None) if d > 0 else (None, 0.0) if d < 0 else (None, None) for d in directions
    ]
    bounds.append((None, None))
    result = minimize(loss, np.zeros(x.shape[1] + 1), jac=True, method="L-BFGS-B", bounds=bounds)
    theta = result.x
    return theta[:-1], float(theta[-1]), mean, scale
