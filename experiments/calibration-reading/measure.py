"""Issue 44 §6: the shipped isotonic maps read as steps (before) and with their ties broken (after), on dev runs.

For each run, each row's raw score is mapped by the calibration that produced its committed score (the shape whose
step reading gives exactly that score), then by the shipped reading (ShapeCalibration.probability: steps tilted by
the raw score, Laplace-bounded) and by the centred reading tried first; ECE, AUROC, ties and P = 0 / 1 are compared.
The rows are the committed predictions: nothing is re-run, so only the reading of the map differs.

    python experiments/calibration-reading/measure.py > experiments/calibration-reading/metrics.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from veracity._jsonl import read_rows
from veracity.calibration import Calibrator
from veracity.calibration.calibrator import ShapeCalibration, expected_calibration_error
from veracity.detectors.fused.model import FusedModel
from veracity.eval.metrics import binary_metrics

ROOT = Path(__file__).resolve().parents[2]
CALIBRATORS = ROOT / "src" / "veracity" / "detectors" / "calibrators"
RUNS = {  # dev runs with raw scores, and the calibrations their scores came from
    "ragtruth-dev_fused-v2": FusedModel.load(
        ROOT / "src/veracity/models/weights/veracity-fused-small/fused_model.json"
    ).shapes,
    "ragtruth-dev_span": Calibrator.load(CALIBRATORS / "span.json").shapes,
    "summedits-dev_verifier": Calibrator.load(CALIBRATORS / "verifier.json").shapes,
    "summedits-dev_litehall": Calibrator.load(CALIBRATORS / "litehall.json").shapes,
}


def steps(fit: ShapeCalibration, score: float) -> float:
    """The reading before: the stored knots interpolated as they are (flat on each step), clipped to [0, 1]."""
    if fit.method == "platt":
        return fit.probability(score)
    return float(np.clip(np.interp(score, fit.knots_x, fit.knots_y), 0.0, 1.0))


def centred(fit: ShapeCalibration, score: float) -> float:
    """The reading tried first and not shipped: linear between the middles of the steps, Laplace-bounded."""
    if fit.method == "platt":
        return fit.probability(score)
    xs, ys, i = [], [], 0
    while i < len(fit.knots_x):
        j = i
        while j + 1 < len(fit.knots_x) and fit.knots_y[j + 1] == fit.knots_y[i]:
            j += 1
        xs.append((fit.knots_x[i] + fit.knots_x[j]) / 2.0)
        ys.append(fit.knots_y[i])
        i = j + 1
    bound = 1.0 / (fit.n + 2)
    return min(max(float(np.interp(score, xs, ys)), bound), 1.0 - bound)


def measure(name: str, shapes: dict[str, ShapeCalibration]) -> dict[str, object]:
    rows = [r for r in read_rows(ROOT / "benchmarks" / "results" / name / "predictions.jsonl") if "raw_score" in r]
    gold, before, after, middles, unmatched = [], [], [], [], 0
    for row in rows:
        raw = float(row["raw_score"])
        fit = next((f for f in shapes.values() if abs(steps(f, raw) - float(row["score"])) < 1e-9), None)
        if fit is None:
            unmatched += 1  # a score the floors or the route changed after calibration: left out
            continue
        gold.append(int(row["label"]))
        before.append(steps(fit, raw))
        after.append(fit.probability(raw))
        middles.append(centred(fit, raw))

    def figures(probs: list[float]) -> dict[str, float]:
        metrics = binary_metrics(gold, [int(p >= 0.5) for p in probs], probs)
        return {
            "auroc": metrics["auroc"],
            "f1": metrics["f1"],
            "ece": expected_calibration_error(gold, probs),
            "distinct_values": len(set(probs)),
            "share_at_0_or_1": sum(p in (0.0, 1.0) for p in probs) / len(probs),
        }

    return {
        "n": len(gold),
        "left_out": unmatched,
        "before": figures(before),
        "after": figures(after),
        "centred_not_shipped": figures(middles),
    }


if __name__ == "__main__":
    json.dump({name: measure(name, shapes) for name, shapes in RUNS.items()}, sys.stdout, indent=2)
    sys.stdout.write("\n")
