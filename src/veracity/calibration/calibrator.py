"""Calibrated scores: a detector's raw score mapped to P(hallucinated), fitted on a dev split.

Two methods, both increasing (a calibrated score never reorders examples, so AUROC is unchanged):

- **Platt scaling** (Platt, 1999): P = σ(a·z + b) with z = logit(s), the raw score's log-odds, fitted by maximum
  likelihood on Platt's smoothed targets t₊ = (N₊ + 1)/(N₊ + 2) and t₋ = 1/(N₋ + 2), which keep a separable dev set
  from driving a to infinity. A fit whose slope a comes out negative (or zero) is refused
  (:class:`DecreasingFitError`): it would turn the ranking over.
- **Isotonic regression** (Zadrozny & Elkan, 2002): the non-decreasing step function that minimises squared error
  (pool-adjacent-violators, ``scipy.optimize.isotonic_regression``), read between its knots by linear interpolation
  and clipped at the ends. Better with thousands of dev examples; Platt is safer with few.

A :class:`Calibrator` holds one mapping per *input shape* (:func:`input_shape`), because one raw score means
different things on a one-line QA answer and on a summary: the detector's decision rule is the same, its error rate
is not. It is stored as a small JSON file with the detector's name and a fingerprint of the settings and model
weights it was fitted for, so a calibrator is never silently applied to another model version.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import read_versioned_json, write_json_atomic
from veracity.errors import CalibrationError
from veracity.models.catalog import resolve_model_path

__all__ = [
    "CALIBRATOR_FORMAT",
    "MODEL_SETTINGS",
    "RUNTIME_SETTINGS",
    "SHAPES",
    "CalibrationError",
    "Calibrator",
    "DecreasingFitError",
    "ShapeCalibration",
    "detector_fingerprint",
    "expected_calibration_error",
    "fit_isotonic",
    "fit_platt",
    "input_shape",
    "ranking_auroc",
    "settings_fingerprint",
    "shape_of_task",
    "weights_digest",
]

CALIBRATOR_FORMAT: Literal["veracity-calibrator/1"] = "veracity-calibrator/1"
SHAPES = ("qa", "dialogue", "summary")
"""Input shapes: a question and a short answer; a conversation and a reply; a text checked with no question."""

RUNTIME_SETTINGS = frozenset(
    {"batch_size", "num_threads", "device", "backend", "llm_timeout", "time_budget_s", "threshold", "calibration",
     "mark_words"}
)  # fmt: skip
"""Settings left out of the fingerprint: they change speed, the raw decision or the marked words, not the raw score
(``backend``: ONNX Runtime fp32 gives torch's scores to 1e-6; int8 is ``quantize``, which counts)."""

MODEL_SETTINGS = ("model", "nli_model", "relevance_model")
"""Settings that name a scoring model, whose weights the fingerprint digests."""

_TURN = re.compile(
    r"\[(human|user|assistant|system)\]\s*:|^\s*(human|user|assistant)\s*:", re.IGNORECASE | re.MULTILINE
)
_EPS = 1e-6


def input_shape(answer: str, question: str | None) -> str:
    """The input's shape, which picks the calibration (the rule is documented in docs/evaluation.md).

    No question: ``summary`` (a text checked against its sources). A question holding conversation turns
    (``[Human]:``, ``User:``, ``Assistant:`` ...): ``dialogue``. Any other question: ``qa``.
    """
    del answer  # the answer's length was weighed and left out: HaluEval's dialogue replies and QA answers overlap
    if not question or not question.strip():
        return "summary"
    return "dialogue" if _TURN.search(question) else "qa"


def shape_of_task(task: str | None) -> str | None:
    """The input shape of a dataset's task name (HaluEval's qa / dialogue / summarization), or None."""
    return {"qa": "qa", "dialogue": "dialogue", "summarization": "summary", "summary": "summary"}.get(task or "")


def _logit(scores: np.ndarray) -> np.ndarray:
    clipped = np.clip(scores, _EPS, 1.0 - _EPS)
    return np.asarray(np.log(clipped) - np.log1p(-clipped))


def fit_platt(scores: Sequence[float], labels: Sequence[int]) -> tuple[float, float]:
    """Platt scaling's (a, b): P(hallucinated | s) = σ(a·logit(s) + b), by maximum likelihood on smoothed targets.

    Raises:
        DecreasingFitError: a ≤ 0, a map that would turn the ranking over (the labels rank opposite to the scores).
        CalibrationError: fewer than two examples, or only one class.
    """
    x, y = _checked(scores, labels)
    positives = float(y.sum())
    negatives = float(len(y) - positives)
    target = np.where(y == 1, (positives + 1.0) / (positives + 2.0), 1.0 / (negatives + 2.0))
    z = _logit(x)

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        a, b = params
        t = a * z + b
        # -[t·log σ(t) + (1-t)·log(1-σ(t))] = log(1 + e^t) - target·t, written stably
        value = float(np.sum(np.logaddexp(0.0, t) - target * t))
        residual = 1.0 / (1.0 + np.exp(-t)) - target
        return value, np.array([float(residual @ z), float(residual.sum())])

    from scipy.optimize import minimize  # imported when fitting only: it costs 0.3 s of every start

    result = minimize(loss, np.array([1.0, 0.0]), jac=True, method="L-BFGS-B")
    a, b = (float(v) for v in result.x)
    if not (math.isfinite(a) and math.isfinite(b)):
        raise CalibrationError("Platt scaling did not converge to finite parameters")
    if a <= 0.0:
        raise DecreasingFitError("platt", ranking_auroc(x, y), len(y), slope=a)
    return a, b


def fit_isotonic(scores: Sequence[float], labels: Sequence[int]) -> tuple[list[float], list[float]]:
    """Knots (x, y) of the isotonic fit of labels on scores: y is non-decreasing in x, one knot per distinct score.

    Raises:
        DecreasingFitError: the non-decreasing fit is flat (one level), or a non-increasing one fits the labels
            better: the scores do not rank the labels, or rank them the wrong way round.
        CalibrationError: fewer than two examples, or only one class.
    """
    x, y = _checked(scores, labels)
    distinct, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    means = np.bincount(inverse, weights=y) / counts
    from scipy.optimize import isotonic_regression

    weights = counts.astype(float)
    fitted = isotonic_regression(means, weights=weights, increasing=True).x
    falling = isotonic_regression(means, weights=weights, increasing=False).x
    # Squared error of each fit (the part of it that depends on the fit: the spread within a score is common to both).
    rising_error, falling_error = float(weights @ (means - fitted) ** 2), float(weights @ (means - falling) ** 2)
    if falling_error < rising_error or np.ptp(fitted) == 0.0:
        raise DecreasingFitError("isotonic", ranking_auroc(x, y), len(y), flat=not falling_error < rising_error)
    # Keep only the knots where the step function changes (and the ends): the file stays small.
    keep = np.ones(len(distinct), dtype=bool)
    keep[1:-1] = (np.diff(fitted)[:-1] != 0) | (np.diff(fitted)[1:] != 0)
    return [float(v) for v in distinct[keep]], [float(v) for v in np.clip(fitted[keep], 0.0, 1.0)]


class DecreasingFitError(CalibrationError):
    """A fit that would not be increasing: the labels rank opposite to the scores (or the scores do not rank them).

    A calibrator must keep the detector's ranking; a decreasing map would turn it over (a raw score that says
    "hallucinated" would read as faithful). The message says what to check; :func:`veracity.calibration.fit_calibrator`
    adds the input shape and the runs.
    """

    def __init__(
        self, method: str, auroc: float, n: int, slope: float | None = None, flat: bool = False, where: str = ""
    ) -> None:
        self.method, self.auroc, self.n, self.slope, self.flat = method, auroc, n, slope, flat
        reading = f"AUROC {auroc:.2f} on {n} rows; 1.0: every hallucinated row above every faithful one, 0.5: chance"
        if flat:
            problem = (
                f"the scores do not rank the labels ({reading}): the increasing isotonic fit is flat, one P for every "
                "answer"
            )
        else:
            fit = f"a Platt fit would be decreasing (slope {slope:+.3f})" if slope is not None else (
                "a decreasing step function fits the labels better than an increasing one"
            )  # fmt: skip
            problem = (
                f"the labels rank opposite to the scores ({reading}): {fit}, which would turn the detector's ranking "
                "over (a high score, hallucinated, would read as faithful)"
            )
        super().__init__(
            (f"{where}: " if where else "")
            + f"{problem}. Nothing was fitted. Check that label 1 means hallucinated and 0 faithful (are the labels "
            "inverted?), and that the scores are this detector's, where a higher score means more likely "
            "hallucinated (not another detector's run, nor a faithfulness or support score); on a few dozen rows a "
            "weak detector can also rank this way by chance: label more"
        )


def ranking_auroc(scores: Sequence[float] | np.ndarray, labels: Sequence[int] | np.ndarray) -> float:
    """P(a hallucinated row outscores a faithful one), ties counting half (Mann–Whitney); 0.5 with one class."""
    from scipy.stats import rankdata

    x = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=float)
    positives = int((y == 1).sum())
    negatives = len(y) - positives
    if not positives or not negatives:
        return 0.5
    ranks = rankdata(x)
    return float((ranks[y == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives))


def _checked(scores: Sequence[float], labels: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    x = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise CalibrationError(f"scores and labels must be two lists of one length; got {x.shape} and {y.shape}")
    if len(x) < 2 or not np.isfinite(x).all():
        raise CalibrationError("calibration needs at least two examples with finite scores")
    if set(np.unique(y)) != {0.0, 1.0}:
        raise CalibrationError("calibration needs both faithful (0) and hallucinated (1) examples")
    return x, y


class ShapeCalibration(BaseModel):
    """One input shape's mapping from raw score to P(hallucinated)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    method: Literal["platt", "isotonic"]
    platt: tuple[float, float] | None = Field(None, description="(a, b) of σ(a·logit(s) + b).")
    knots_x: list[float] = Field(default_factory=list, description="Isotonic knots: raw scores, increasing.")
    knots_y: list[float] = Field(default_factory=list, description="Isotonic knots: P(hallucinated).")
    n: int = Field(ge=2, description="Dev examples it was fitted on.")
    hallucinated_share: float = Field(ge=0.0, le=1.0, description="Share of hallucinated dev examples.")
    fitted_on: str = Field(description="The dev run(s) it was fitted on.")

    def probability(self, score: float) -> float:
        """P(hallucinated) of a raw score, strictly inside (0, 1).

        Platt: σ(a·logit(s) + b). Isotonic: the fitted step function with its ties broken by the raw score
        (:meth:`ranking_knots`), so raw scores that still rank keep their order instead of tying on a step.
        """
        if not math.isfinite(score):
            raise CalibrationError(f"cannot calibrate a score of {score}")
        if self.method == "platt":
            if self.platt is None:
                raise CalibrationError("a Platt calibration without its parameters")
            a, b = self.platt
            t = a * float(_logit(np.array([score]))[0]) + b
            p = float(1.0 / (1.0 + math.exp(-t))) if t > -700 else 0.0
        else:
            xs, ys = self.ranking_knots
            p = float(np.interp(score, xs, ys))
        bound = 1.0 / (self.n + 2)
        return min(max(p, bound), 1.0 - bound)

    @functools.cached_property
    def ranking_knots(self) -> tuple[list[float], list[float]]:
        """The isotonic step function with its steps tilted: ties broken by the raw score, P kept.

        A step of the fit is a run of knots with one P, y, over raw scores [a, b] (the fit keeps each step's first and
        last raw score). Read as it is, every raw score in [a, b] ties at y. Here the step runs from y − h at a to
        y + h at b, where h is a quarter of the gap to the nearer neighbouring step (or to the bound below): still
        non-decreasing across steps, strictly increasing where the raw score is, and within h of the fitted P.
        Every P is held inside [1/(n+2), 1 − 1/(n+2)]: n dev examples cannot show a certainty closer to 0 or 1
        than that (Laplace's rule of succession), so no score reads as P = 0.00 or 1.00.
        """
        bound = 1.0 / (self.n + 2)
        steps: list[tuple[float, float, float]] = []  # (a, b, y)
        i = 0
        while i < len(self.knots_x):
            j = i
            while j + 1 < len(self.knots_x) and self.knots_y[j + 1] == self.knots_y[i]:
                j += 1
            steps.append((self.knots_x[i], self.knots_x[j], min(max(self.knots_y[i], bound), 1.0 - bound)))
            i = j + 1
        xs: list[float] = []
        ys: list[float] = []
        for k, (a, b, y) in enumerate(steps):
            below = y - steps[k - 1][2] if k > 0 else y - bound
            above = steps[k + 1][2] - y if k + 1 < len(steps) else 1.0 - bound - y
            h = 0.25 * min(below, above)
            if b > a and h > 0:
                xs += [a, b]
                ys += [y - h, y + h]
            else:
                xs.append(a)
                ys.append(y)
        return xs, ys

    @classmethod
    def fit(cls, scores: Sequence[float], labels: Sequence[int], method: str, fitted_on: str) -> ShapeCalibration:
        """Fit ``method`` (platt or isotonic) on dev scores and labels."""
        n = len(labels)
        share = float(np.mean(labels)) if n else 0.0
        if method == "platt":
            return cls(method="platt", platt=fit_platt(scores, labels), n=n, hallucinated_share=share,
                       fitted_on=fitted_on)  # fmt: skip
        if method == "isotonic":
            xs, ys = fit_isotonic(scores, labels)
            return cls(method="isotonic", knots_x=xs, knots_y=ys, n=n, hallucinated_share=share, fitted_on=fitted_on)
        raise CalibrationError(f"unknown calibration method {method!r}; choose platt or isotonic")


class Calibrator(BaseModel):
    """A detector's calibration: per input shape, and the fingerprint of what it was fitted for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["veracity-calibrator/1"] = CALIBRATOR_FORMAT
    detector: str
    fingerprint: str = Field(description="settings_fingerprint of the detector it was fitted for.")
    settings: dict[str, Any] = Field(description="The detector settings it was fitted for (for people to read).")
    shapes: dict[str, ShapeCalibration]
    dev_metrics: dict[str, dict[str, float]] = Field(
        default_factory=dict, description="Per shape, ECE before and after, on the dev split (in-sample)."
    )
    warnings: dict[str, str] = Field(
        default_factory=dict,
        description="Per shape, the refusal it was written over (`veracity calibrate --force`): what the map does on "
        "its dev rows. Empty: nothing was forced (a file written before this field has none).",
    )

    def shape(self, name: str) -> ShapeCalibration | None:
        """The calibration of input shape ``name``, if fitted."""
        return self.shapes.get(name)

    def save(self, path: Path) -> None:
        """Write as JSON (atomic: a temporary file, then a rename)."""
        write_json_atomic(path, self)

    @classmethod
    def load(cls, path: Path) -> Calibrator:
        """Read a calibrator file.

        Raises:
            CalibrationError: missing, not JSON, or not a calibrator of this format; the message names the file.
        """
        return read_versioned_json(path, cls, "calibrator file", CALIBRATOR_FORMAT, CalibrationError)


def weights_digest(path: Path) -> str | None:
    """A cheap digest of a model's weights: size, first and last MiB of each weights file; None if none found."""
    files = [path] if path.is_file() else sorted(
        p for p in path.glob("*") if p.suffix in (".safetensors", ".bin", ".gguf", ".onnx") and p.is_file()
    )  # fmt: skip
    if not files:
        return None
    digest = hashlib.sha256()
    for file in files:
        size = file.stat().st_size
        digest.update(f"{file.name}:{size}".encode())
        with file.open("rb") as handle:
            digest.update(handle.read(1 << 20))
            if size > 2 << 20:
                handle.seek(-(1 << 20), 2)
                digest.update(handle.read(1 << 20))
    return digest.hexdigest()[:16]


def settings_fingerprint(detector: str, settings: Mapping[str, Any], digests: Mapping[str, str | None]) -> str:
    """What a calibration is valid for: the detector, its score-relevant settings and its scoring models' weights.

    ``digests`` maps each model setting (:data:`MODEL_SETTINGS`) to :func:`weights_digest` of the model it names
    (None when the weights cannot be read locally; then the name alone counts).
    """
    kept = {k: v for k, v in sorted(settings.items()) if k not in RUNTIME_SETTINGS}
    payload = json.dumps({"detector": detector, "settings": kept, "weights": dict(sorted(digests.items()))},
                         sort_keys=True, default=str)  # fmt: skip
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


def _without_format(model: str) -> str:
    """The path or id of a ``FORMAT:PATH`` model setting (a published pair scorer's format named with it)."""
    from veracity.models.published.formats import FORMATS

    prefix, colon, rest = model.partition(":")
    return rest if colon and prefix in FORMATS else model


def detector_fingerprint(name: str, settings: dict[str, Any]) -> str:
    """:func:`settings_fingerprint` of a detector, digesting its scoring models."""
    digests: dict[str, str | None] = {}
    for key in MODEL_SETTINGS:
        value = settings.get(key)
        if isinstance(value, str) and value:
            try:
                digests[key] = weights_digest(resolve_model_path(_without_format(value)))
            except Exception:  # a model we cannot read locally counts by its name alone
                digests[key] = None
    return settings_fingerprint(name, settings, digests)


def expected_calibration_error(gold: Sequence[int], probabilities: Sequence[float], bins: int = 10) -> float:
    """ECE = Σ_b (|B_b| / n) · |mean(y in B_b) − mean(p in B_b)| over ``bins`` equal-width bins of [0, 1].

    Bin b holds p in [b/B, (b+1)/B); p = 1 goes to the last bin.
    """
    if len(gold) != len(probabilities):  # the message eval.metrics gives every metric (its check sits a layer up)
        raise ValueError(f"length mismatch: {len(gold)} gold values but {len(probabilities)} predictions")
    n = len(gold)
    if not n:
        return 0.0
    totals = [[0, 0.0, 0.0] for _ in range(bins)]  # count, Σy, Σp
    for y, p in zip(gold, probabilities, strict=True):
        b = min(int(p * bins), bins - 1)
        totals[b][0] += 1
        totals[b][1] += y
        totals[b][2] += p
    return sum(c / n * abs(sy / c - sp / c) for c, sy, sp in totals if c)
