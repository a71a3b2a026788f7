"""The cascade's accuracy-latency curve and its band, from two single-stage runs on the same examples.

Given the first stage's and the second stage's ``veracity eval`` predictions on one split, a band [low, high) sends
example i to the second stage iff low ≤ p_i < high, where p_i is the first stage's (calibrated) P(hallucinated).
The cascade then predicts the first stage's verdict outside the band and the second's inside, and costs
t_i = t¹_i + [routed_i]·t²_i: exactly what :class:`~veracity.detectors.cascade.CascadeDetector` does on each
example, so the curve is read off the two runs without running the cascade once per band.

:func:`cascade_curve` evaluates a grid of bands; :func:`pareto` keeps the ones no other band beats on both accuracy
and mean latency; :func:`choose_band` picks the cheapest band whose accuracy is within ``tolerance`` of a target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from veracity._jsonl import has_rows_file, read_rows
from veracity.calibration import Calibrator, shape_of_task
from veracity.errors import ConfigError
from veracity.eval.plots import save_figure

__all__ = ["BandPoint", "cascade_curve", "choose_band", "fit_cascade", "pareto", "plot_cascade"]


@dataclass(frozen=True)
class BandPoint:
    """One band's outcome on the examples."""

    low: float
    high: float
    accuracy: float
    mean_latency_ms: float
    routed: float  # share of examples sent to the second stage

    def as_dict(self) -> dict[str, float]:
        """Plain numbers for metrics.json."""
        return asdict(self)


def cascade_curve(
    labels: Sequence[int],
    first_probability: Sequence[float],
    first_latency_ms: Sequence[float],
    second_predicted: Sequence[int],
    second_latency_ms: Sequence[float],
    grid: Sequence[float] | None = None,
    first_threshold: float = 0.5,
) -> list[BandPoint]:
    """Accuracy and mean latency of the cascade for every band (low, high) with low ≤ high from ``grid``.

    The first stage's verdict is p ≥ ``first_threshold``; an empty band (low = high) is the first stage alone, and
    (0, 1 + ε) would be the second alone (the grid's (0, 1) routes all but p = 1).
    """
    y = np.asarray(labels, dtype=int)
    p = np.asarray(first_probability, dtype=float)
    t1 = np.asarray(first_latency_ms, dtype=float)
    second = np.asarray(second_predicted, dtype=int)
    t2 = np.asarray(second_latency_ms, dtype=float)
    if not (len(y) == len(p) == len(t1) == len(second) == len(t2)) or len(y) == 0:
        raise ValueError("labels, probabilities, predictions and latencies must be non-empty and of one length")
    first = (p >= first_threshold).astype(int)
    values = sorted(set(grid if grid is not None else np.round(np.linspace(0.0, 1.0, 21), 4).tolist()))
    curve = []
    for low, high in [(lo, hi) for lo in values for hi in values if lo <= hi]:
        routed = (p >= low) & (p < high)
        predicted = np.where(routed, second, first)
        curve.append(
            BandPoint(
                low=float(low),
                high=float(high),
                accuracy=float((predicted == y).mean()),
                mean_latency_ms=float((t1 + routed * t2).mean()),
                routed=float(routed.mean()),
            )
        )
    return curve


def pareto(curve: Sequence[BandPoint]) -> list[BandPoint]:
    """The bands no other band beats on both accuracy and mean latency, by increasing latency."""
    frontier: list[BandPoint] = []
    for point in sorted(curve, key=lambda q: (q.mean_latency_ms, -q.accuracy)):
        if not frontier or point.accuracy > frontier[-1].accuracy:
            frontier.append(point)
    return frontier


def choose_band(curve: Sequence[BandPoint], target_accuracy: float, tolerance: float = 0.005) -> BandPoint | None:
    """The cheapest band with accuracy ≥ ``target_accuracy − tolerance``; None if no band reaches it."""
    good = [q for q in curve if q.accuracy >= target_accuracy - tolerance]
    return min(good, key=lambda q: (q.mean_latency_ms, -q.accuracy)) if good else None


def _rows(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / "predictions.jsonl"
    if not has_rows_file(path):
        raise ConfigError(f"{path} does not exist; give `veracity eval` run folders")
    return {str(r["id"]): r for r in read_rows(path) if "error" not in r and "score" in r and "label" in r}


def fit_cascade(
    first_run: Path,
    second_run: Path,
    calibrator: Calibrator | None = None,
    target_accuracy: float | None = None,
    tolerance: float = 0.005,
) -> dict[str, Any]:
    """Per input shape: each stage alone, the Pareto frontier of bands, and the chosen band.

    The target is ``target_accuracy`` or, by default, the better stage's accuracy on that shape. The first stage's
    probability is its raw score mapped by ``calibrator`` (its runs must be raw: ``--set calibration=none``), or its
    score as recorded when no calibrator is given.

    Raises:
        ConfigError: a folder without predictions, or runs with no example in common.
    """
    first, second = _rows(first_run), _rows(second_run)
    common = [i for i in first if i in second]
    if not common:
        raise ConfigError(f"{first_run} and {second_run} have no example id in common")
    by_shape: dict[str, list[str]] = {}
    for i in common:
        by_shape.setdefault(shape_of_task(first[i].get("task")) or "other", []).append(i)
    result: dict[str, Any] = {"n": len(common), "shapes": {}}
    for shape, ids in sorted(by_shape.items()):
        fit = calibrator.shape(shape) if calibrator is not None else None
        scores = [float(first[i]["score"]) for i in ids]
        probability = [fit.probability(s) for s in scores] if fit is not None else scores
        threshold = 0.5 if fit is not None else float(first[ids[0]].get("threshold", 0.5))
        labels = [int(first[i]["label"]) for i in ids]
        t1 = [float(first[i].get("latency_ms", 0.0)) for i in ids]
        t2 = [float(second[i].get("latency_ms", 0.0)) for i in ids]
        second_predicted = [int(second[i]["predicted"]) for i in ids]
        curve = cascade_curve(labels, probability, t1, second_predicted, t2, first_threshold=threshold)
        first_alone = next(q for q in curve if q.low == q.high)  # an empty band routes nothing
        second_accuracy = float(np.mean([a == b for a, b in zip(second_predicted, labels, strict=True)]))
        target = target_accuracy if target_accuracy is not None else max(first_alone.accuracy, second_accuracy)
        chosen = choose_band(curve, target, tolerance)
        result["shapes"][shape] = {
            "n": len(ids),
            "calibrated": fit is not None,
            "first": {"accuracy": first_alone.accuracy, "mean_latency_ms": float(np.mean(t1))},
            "second": {"accuracy": second_accuracy, "mean_latency_ms": float(np.mean(t2))},
            "target_accuracy": target,
            "tolerance": tolerance,
            "chosen": chosen.as_dict() if chosen else None,
            "pareto": [q.as_dict() for q in pareto(curve)],
        }
    return result


def plot_cascade(result: dict[str, Any], out: Path) -> None:
    """Accuracy against mean latency per shape: the Pareto bands, each stage alone, the chosen band."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shapes = result["shapes"]
    figure, axes = plt.subplots(1, len(shapes), figsize=(4.5 * len(shapes), 3.6), squeeze=False)
    for axis, (shape, data) in zip(axes[0], shapes.items(), strict=True):
        frontier = data["pareto"]
        axis.plot([q["mean_latency_ms"] for q in frontier], [q["accuracy"] for q in frontier], "o-", label="bands")
        for stage, marker in (("first", "s"), ("second", "^")):
            axis.plot(data[stage]["mean_latency_ms"], data[stage]["accuracy"], marker, label=f"{stage} alone")
        if data["chosen"]:
            axis.plot(data["chosen"]["mean_latency_ms"], data["chosen"]["accuracy"], "r*", ms=12, label="chosen")
        axis.set_xscale("log")
        axis.set_title(f"{shape} (n={data['n']})")
        axis.set_xlabel("mean latency per example (ms)")
        axis.set_ylabel("accuracy")
        axis.legend(fontsize=7)
    figure.tight_layout()
    save_figure(figure, out, dpi=110)
    plt.close(figure)
